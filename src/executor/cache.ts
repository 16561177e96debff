import { createHash } from 'node:crypto';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { PreparedRequest } from './build-request.ts';
import type { UpstreamResponse } from './send.ts';

/** Upstream answers kept for `cache_ttl` seconds; async so a Redis-backed cache can take its place. */
export interface ResponseCache {
  get(key: string): UpstreamResponse | undefined;
  set(key: string, value: UpstreamResponse, ttlMs: number): void;
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
  const entries = new BoundedCache<Entry>({
    order: 'lru',
    // Entries are bounded by their bytes; the count bound only has to stay out of the way.
    maxEntries: Number.MAX_SAFE_INTEGER,
    maxBytes,
    sizeOf: (e) => e.bytes,
  });
  return {
    get(key) {
      const e = entries.get(key);
      if (!e) return undefined;
      if (e.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return e.value;
    },
    set(key, value, ttlMs) {
      if (ttlMs <= 0) return;
      const bytes = value.body.length + JSON.stringify(value.headers).length + key.length + 64;
      entries.set(key, { value, expiresAt: now() + ttlMs, bytes });
    },
  };
}
