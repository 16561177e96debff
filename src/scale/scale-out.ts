import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createLocalEventBus, type EventBus } from '../events.ts';
import { createLogger } from '../shared/logger.ts';
import { createMemoryRateLimiter, type RateLimiter } from '../shared/rate-limiter.ts';
import type { Store } from '../store/db.ts';
import { ensureOption } from '../store/options.repo.ts';
import { connectRedis, createFallbackRateLimiter, createRedisRateLimiter } from './redis.ts';
import { createRedisEventBus } from './redis-bus.ts';
import { createUuidCodec } from './wire.ts';

export interface ScaleOut {
  events: EventBus;
  limiter: RateLimiter;
  /** `up`/`down` with REDIS_URL; undefined on a single instance. */
  redisState?: () => 'up' | 'down';
  close(): Promise<void>;
}

/**
 * The namespace of this deployment's Redis channels and keys: `TOOLGATE_REDIS_PREFIX`, or
 * `toolgate:` + a UUID stored once in the database, so every instance of one deployment (one
 * database) agrees on it and two deployments sharing a Redis server never meet.
 */
export async function redisNamespace(config: Config, store: Store): Promise<string> {
  if (config.redisPrefix) return config.redisPrefix;
  return `toolgate:${await ensureOption(store.db, 'deployment_id', randomUUID())}`;
}

/** Events and rate limits: in process alone, or shared through Redis with a per-instance fallback. */
export async function createScaleOut(
  config: Config,
  store: Store,
  log: Pick<Logger, 'warn' | 'info'> = createLogger(config, { component: 'scale-out' }),
): Promise<ScaleOut> {
  const local = createMemoryRateLimiter();
  if (!config.redisUrl) {
    const events = createLocalEventBus();
    return { events, limiter: local, close: () => events.close() };
  }
  const prefix = await redisNamespace(config, store);
  const redis = connectRedis(config.redisUrl);
  redis.on('error', () => undefined); // reported through the bus's state changes below
  const events = createRedisEventBus(config.redisUrl, `${prefix}:events`, createUuidCodec(store));
  const isUp = () => redis.status === 'ready' && events.isUp();
  // One line per outage and one per recovery, whichever connection notices first.
  let wasUp = false;
  let everUp = false;
  let closing = false;
  const report = (err?: unknown) => {
    const up = isUp();
    if (up === wasUp || closing) return;
    wasUp = up;
    if (!up)
      log.warn(
        { err: err instanceof Error ? err.message : undefined },
        'Redis unreachable: rate limits are enforced per instance and events from other instances are paused until it returns',
      );
    else if (everUp) log.info('Redis reachable again: shared rate limits and events resumed');
    everUp ||= up;
  };
  events.onStateChange((_state, err) => report(err));
  redis.on('ready', () => report());
  redis.on('close', () => report());
  const limiter = createFallbackRateLimiter(
    createRedisRateLimiter(redis, `${prefix}:rl`),
    local,
    isUp,
    (err) => log.warn({ err: (err as Error).message }, 'Redis rate-limit check failed: counted per instance'),
  );
  return {
    events,
    limiter,
    // Before the first connection (start-up) nothing is down yet.
    redisState: () => (isUp() ? 'up' : 'down'),
    async close() {
      closing = true;
      await events.close();
      await redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      );
    },
  };
}
