import type { RateLimiter } from '../shared/rate-limiter.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ToolRecord } from '../store/tools.repo.ts';

export interface RateRefusal {
  scope: 'tool' | 'server';
  message: string;
  retryAfterMs: number;
}

/**
 * Applies the tool's and then the server's `rate_limit_per_min` (sliding one-minute windows
 * keyed by UUID, so every instance sharing the limiter counts together). A limit of 0 means
 * "unlimited": pausing a server or deactivating a tool is how calls are stopped, and a 0
 * that silently refused everything would look like an outage.
 */
export function checkRateLimits(
  limiter: RateLimiter,
  server: ServerRecord,
  tool: ToolRecord,
): RateRefusal | null | Promise<RateRefusal | null> {
  if (!(tool.rate_limit_per_min > 0) && !(server.rate_limit_per_min > 0)) return null;
  // A limiter that can answer at once (the in-memory one) spares the call two awaits.
  if (limiter.hitNow) return checkNow(limiter as Required<RateLimiter>, server, tool);
  return checkAsync(limiter, server, tool);
}

function checkNow(
  limiter: Required<RateLimiter>,
  server: ServerRecord,
  tool: ToolRecord,
): RateRefusal | null {
  if (tool.rate_limit_per_min > 0) {
    const d = limiter.hitNow(`tool:${tool.uuid}`, tool.rate_limit_per_min);
    if (!d.allowed) return refusal('tool', `tool ${tool.slug}`, tool.rate_limit_per_min, d.retryAfterMs);
  }
  if (server.rate_limit_per_min > 0) {
    const d = limiter.hitNow(`server:${server.uuid}`, server.rate_limit_per_min);
    if (!d.allowed)
      return refusal('server', `server ${server.slug}`, server.rate_limit_per_min, d.retryAfterMs);
  }
  return null;
}

async function checkAsync(
  limiter: RateLimiter,
  server: ServerRecord,
  tool: ToolRecord,
): Promise<RateRefusal | null> {
  if (tool.rate_limit_per_min > 0) {
    const d = await limiter.hit(`tool:${tool.uuid}`, tool.rate_limit_per_min);
    if (!d.allowed) return refusal('tool', `tool ${tool.slug}`, tool.rate_limit_per_min, d.retryAfterMs);
  }
  if (server.rate_limit_per_min > 0) {
    const d = await limiter.hit(`server:${server.uuid}`, server.rate_limit_per_min);
    if (!d.allowed)
      return refusal('server', `server ${server.slug}`, server.rate_limit_per_min, d.retryAfterMs);
  }
  return null;
}

function refusal(
  scope: RateRefusal['scope'],
  what: string,
  limit: number,
  retryAfterMs: number,
): RateRefusal {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return {
    scope,
    message: `Rate limit exceeded: ${what} allows ${limit} calls per minute; retry in ${seconds} s.`,
    retryAfterMs,
  };
}
