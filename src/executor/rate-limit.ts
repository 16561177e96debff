import { toolLimitKey } from '../shared/limit-keys.ts';
import type { RateLimiter } from '../shared/rate-limiter.ts';
import type { ToolRecord } from '../store/tools.repo.ts';

export interface RateRefusal {
  scope: 'tool';
  message: string;
  retryAfterMs: number;
}

/**
 * Applies the tool's `rate_limit_per_min` (a sliding one-minute window keyed by the tool's UUID,
 * so every instance sharing the limiter counts together, whoever calls). The server's limit is
 * not here: it counts each client's JSON-RPC work requests at the MCP endpoint
 * (mcp/gatekeeping.ts), once per request whatever the method. A limit of 0 means "unlimited":
 * pausing a server or deactivating a tool is how calls are stopped, and a 0 that silently
 * refused everything would look like an outage. `person` (a user UUID) counts the limit per
 * signed-in person instead (the server setting `tool_limit_scope: "user"`).
 */
export function checkRateLimits(
  limiter: RateLimiter,
  tool: ToolRecord,
  person?: string,
): RateRefusal | null | Promise<RateRefusal | null> {
  const limit = tool.rate_limit_per_min;
  if (!(limit > 0)) return null;
  const key = person === undefined ? toolLimitKey(tool) : `${toolLimitKey(tool)}:user:${person}`;
  // The in-memory limiter answers at once: the call makes no await for it.
  if (limiter.hitNow) return refusal(tool, limiter.hitNow(key, limit));
  return limiter.hit(key, limit).then((d) => refusal(tool, d));
}

function refusal(tool: ToolRecord, d: { allowed: boolean; retryAfterMs: number }): RateRefusal | null {
  if (d.allowed) return null;
  const seconds = Math.max(1, Math.ceil(d.retryAfterMs / 1000));
  return {
    scope: 'tool',
    message: `Rate limit exceeded: tool ${tool.slug} allows ${tool.rate_limit_per_min} calls per minute; retry in ${seconds} s.`,
    retryAfterMs: d.retryAfterMs,
  };
}
