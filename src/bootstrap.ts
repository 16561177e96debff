import { createCallLogWriter } from './analytics/call-log-writer.ts';
import { countCallLogs, createMetrics } from './analytics/metrics.ts';
import { createSecretBox, loadSecretKey } from './auth/secret-box.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { createLocalEventBus } from './events.ts';
import { createExecutor } from './executor/executor.ts';
import { connectRedis, createRedisEventBus, createRedisRateLimiter } from './scale/redis.ts';
import { createMemoryRateLimiter } from './shared/rate-limiter.ts';
import { openStore } from './store/db.ts';
import { PRODUCT_VERSION } from './version.ts';

/** Assembles the context: store (migrated), secret box, call-log writer, events, limiter. */
export async function createContext(config: Config): Promise<AppContext> {
  const store = await openStore(config.databaseUrl);
  const secrets = createSecretBox(loadSecretKey(config.secretKey, config.dataDir));
  // With REDIS_URL, rate-limit counters and events are shared by every instance.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const base: Omit<AppContext, 'executor'> = {
    config,
    store,
    secrets,
    callLogs: createCallLogWriter(store),
    events: config.redisUrl ? createRedisEventBus(config.redisUrl) : createLocalEventBus(),
    limiter: redis ? createRedisRateLimiter(redis) : createMemoryRateLimiter(),
    startedAt: Date.now(),
    version: PRODUCT_VERSION,
    onClose: [],
  };
  // The executor reads the context's fields at call time, so later swaps (metrics) reach it.
  const ctx: AppContext = Object.assign(base, { executor: createExecutor(base) });
  ctx.onClose.push(() => ctx.executor.close());
  if (redis)
    ctx.onClose.unshift(() =>
      redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      ),
    );
  if (config.metricsEnabled) {
    ctx.metrics = createMetrics();
    ctx.callLogs = countCallLogs(ctx.callLogs, ctx.metrics);
  }
  return ctx;
}

/** Flushes queued writes and closes everything the context opened, newest first. */
export async function closeContext(ctx: AppContext): Promise<void> {
  for (const close of [...ctx.onClose].reverse()) await close();
  await ctx.callLogs.close();
  await ctx.events.close();
  await ctx.store.close();
}
