import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { EventBus, GatewayEvent } from '../events.ts';
import { type RateDecision, type RateLimiter, slidingWindowDecision } from '../shared/rate-limiter.ts';

/*
 * Scale-out over Redis (DESIGN §1): several stateless instances share rate-limit counters and
 * hear each other's gateway events. Everything else they share lives in the database.
 */

export function connectRedis(url: string): Redis {
  return new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true, lazyConnect: false });
}

// The same weighted two-window counter as the memory limiter, done atomically in Redis.
const SLIDING_WINDOW = `
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
local prev = tonumber(redis.call('GET', KEYS[2]) or '0')
local limit = tonumber(ARGV[1])
local weight = tonumber(ARGV[2])
local estimate = prev * weight + cur
if limit <= 0 or estimate + 1 > limit then return {0, cur, prev} end
cur = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, cur, prev}
`;

/** Sliding-window limiter whose counters every instance shares. */
export function createRedisRateLimiter(
  redis: Redis,
  prefix = 'toolgate:rl',
  now: () => number = Date.now,
): RateLimiter {
  return {
    async hit(key, limit, windowMs = 60_000): Promise<RateDecision> {
      const t = now();
      const windowStart = t - (t % windowMs);
      const [allowed, cur, prev] = (await redis.eval(
        SLIDING_WINDOW,
        2,
        `${prefix}:${key}:${windowStart}`,
        `${prefix}:${key}:${windowStart - windowMs}`,
        String(limit),
        String(1 - (t - windowStart) / windowMs),
        String(windowMs * 2),
      )) as [number, number, number];
      // The script decided atomically on the counts it read (`cur` is after its INCR when it
      // allowed); the same arithmetic over those counts gives the decision's other fields.
      return slidingWindowDecision(limit, prev, allowed === 1 ? cur - 1 : cur, t, windowMs);
    },
  };
}

/**
 * Events reach this instance's subscribers at once and every other instance through Redis
 * pub/sub; an instance ignores its own messages coming back.
 */
export function createRedisEventBus(url: string, channel = 'toolgate:events'): EventBus {
  const instance = randomUUID();
  const pub = connectRedis(url);
  const sub = connectRedis(url);
  const handlers = new Set<(event: GatewayEvent) => void>();
  const deliver = (event: GatewayEvent) => {
    for (const handler of handlers) handler(event);
  };
  void sub.subscribe(channel);
  sub.on('message', (_channel: string, message: string) => {
    try {
      const { from, event } = JSON.parse(message) as { from: string; event: GatewayEvent };
      if (from !== instance) deliver(event);
    } catch {
      // A foreign or damaged message on the channel is ignored.
    }
  });
  return {
    publish(event) {
      deliver(event);
      void pub.publish(channel, JSON.stringify({ from: instance, event })).catch(() => undefined);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      sub.disconnect();
      pub.disconnect();
    },
  };
}
