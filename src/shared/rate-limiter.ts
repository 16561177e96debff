import { BoundedCache } from './bounded-cache.ts';

/**
 * Sliding-window rate limiting (the weighted two-window counter used by Cloudflare and most
 * Redis limiters): memory per key is two integers whatever the limit, and the estimate never
 * lets more than `limit` through in any window that starts at a window boundary.
 * The interface is async so a Redis-backed limiter can take this one's place on scale-out.
 */
export interface RateDecision {
  allowed: boolean;
  remaining: number;
  /** When refused: milliseconds until a request would be allowed again. */
  retryAfterMs: number;
}

export interface RateLimiter {
  hit(key: string, limit: number, windowMs?: number): Promise<RateDecision>;
  /** The same decision without a promise, for limiters that hold their counters in memory. */
  hitNow?(key: string, limit: number, windowMs?: number): RateDecision;
}

interface Counter {
  windowStart: number;
  current: number;
  previous: number;
}

/**
 * The weighted two-window decision for one more request at time `t`, given the counts of the
 * previous and the current window before it. Shared by the memory and the Redis limiter.
 */
export function slidingWindowDecision(
  limit: number,
  previous: number,
  current: number,
  t: number,
  windowMs: number,
): RateDecision {
  const elapsed = t % windowMs;
  const estimate = previous * (1 - elapsed / windowMs) + current;
  if (limit <= 0 || estimate + 1 > limit) {
    // Time until the weighted previous window has decayed enough for one more request.
    const needed =
      previous > 0 ? Math.max(0, ((estimate + 1 - limit) / previous) * windowMs) : windowMs - elapsed;
    return {
      allowed: false,
      remaining: 0,
      retryAfterMs: Math.ceil(Math.min(needed, 2 * windowMs - elapsed)),
    };
  }
  return { allowed: true, remaining: Math.max(0, Math.floor(limit - estimate - 1)), retryAfterMs: 0 };
}

export function createMemoryRateLimiter(now: () => number = Date.now, maxKeys = 100_000): RateLimiter {
  const counters = new BoundedCache<Counter>({ maxEntries: maxKeys });
  function hitNow(key: string, limit: number, windowMs = 60_000): RateDecision {
    const t = now();
    const windowStart = t - (t % windowMs);
    let c = counters.get(key);
    if (!c) {
      c = { windowStart, current: 0, previous: 0 };
      counters.set(key, c);
    } else if (c.windowStart !== windowStart) {
      c.previous = windowStart - c.windowStart === windowMs ? c.current : 0;
      c.current = 0;
      c.windowStart = windowStart;
    }
    const d = slidingWindowDecision(limit, c.previous, c.current, t, windowMs);
    if (d.allowed) c.current += 1;
    return d;
  }
  return {
    hit: async (key, limit, windowMs) => hitNow(key, limit, windowMs),
    hitNow,
  };
}
