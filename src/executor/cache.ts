import { createHash } from 'node:crypto';
import type { PreparedRequest } from './build-request.ts';
import type { UpstreamResponse } from './send.ts';

/**
 * Upstream answers kept for `cache_ttl` seconds. A Redis-backed cache (several instances) answers
 * with promises; the in-memory one answers at once, so a cache hit costs the call no await.
 */
export interface ResponseCache {
  get(key: string): UpstreamResponse | undefined | Promise<UpstreamResponse | undefined>;
  set(key: string, value: UpstreamResponse, ttlMs: number): undefined | Promise<void>;
}

/**
 * The cache key: the fully resolved request (method, URL, headers, body) before credentials are
 * added, plus the credential's identity hash, so one credential's answer never reaches a caller
 * using another, and a refreshed OAuth token does not empty the cache.
 */
export function responseCacheKey(req: PreparedRequest, credentialIdentity: string): string {
  const headers = Object.entries(req.headers).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256')
    .update(JSON.stringify([req.method, req.url.href, headers, req.body, credentialIdentity]))
    .digest('base64url');
}

interface Entry {
  value: UpstreamResponse;
  expiresAt: number;
  bytes: number;
}

/** In-memory LRU bounded by total bytes (bodies plus headers); expired entries are dropped on read. */
export function createMemoryResponseCache(maxBytes: number, now: () => number = Date.now): ResponseCache {
  const entries = new Map<string, Entry>();
  let total = 0;

  function remove(key: string): void {
    const e = entries.get(key);
    if (!e) return;
    total -= e.bytes;
    entries.delete(key);
  }

  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expiresAt <= now()) {
        remove(key);
        return undefined;
      }
      // Re-insert: Map order is the recency order.
      entries.delete(key);
      entries.set(key, e);
      return e.value;
    },
    set(key, value, ttlMs) {
      const bytes = value.body.length + JSON.stringify(value.headers).length + key.length + 64;
      if (ttlMs <= 0 || bytes > maxBytes) return undefined;
      remove(key);
      while (total + bytes > maxBytes && entries.size > 0) remove(entries.keys().next().value as string);
      entries.set(key, { value, expiresAt: now() + ttlMs, bytes });
      total += bytes;
      return undefined;
    },
  };
}
