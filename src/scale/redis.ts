import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { type RateDecision, type RateLimiter, slidingWindowDecision } from '../shared/rate-limiter.ts';

/*
 * Scale-out over Redis: several stateless instances share rate-limit counters and
 * hear each other's gateway events. Everything else they share lives in the database.
 */

/**
 * A connection that fails fast while Redis is away (no offline queue, a short command timeout)
 * so callers fall back at once instead of queueing; ioredis keeps reconnecting in the background.
 */
export function connectRedis(url: string): Redis {
  // Loaded on first use: a single instance (no Redis) does not pay for the module at start-up.
  const { Redis: RedisClient } = createRequire(import.meta.url)('ioredis') as typeof import('ioredis');
  return new RedisClient(url, {
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    lazyConnect: false,
    // Back off up to 1 s between reconnects, forever: the instance serves meanwhile.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
  });
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

/** Sliding-window limiter whose counters every instance shares; keys live under `prefix`. */
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
 * The shared limiter while Redis answers; this instance's own limiter while it does not (each
 * instance then enforces the limit alone, so a deployment of N admits up to N × the limit).
 * `onFailure` hears every Redis error that caused a fallback.
 */
export function createFallbackRateLimiter(
  shared: RateLimiter,
  local: RateLimiter,
  isUp: () => boolean,
  onFailure: (err: unknown) => void,
): RateLimiter {
  return {
    async hit(key, limit, windowMs) {
      if (!isUp()) return local.hit(key, limit, windowMs);
      try {
        return await shared.hit(key, limit, windowMs);
      } catch (err) {
        onFailure(err);
        return local.hit(key, limit, windowMs);
      }
    },
  };
}
