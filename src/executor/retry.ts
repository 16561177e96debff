import { setTimeout as sleep } from 'node:timers/promises';
import type { SendError, UpstreamResponse } from './send.ts';

export type Backoff = 'none' | 'fixed' | 'linear' | 'exponential';

/** Answers worth another try: too many requests, bad gateway, unavailable, gateway timeout. */
const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Methods that may be repeated once the upstream has received them (RFC 9110 §9.2.2). */
const IDEMPOTENT_METHODS = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export interface RetryPolicy {
  retries: number;
  backoff: Backoff;
  method: string;
  baseMs: number;
  maxDelayMs: number;
  /** A Retry-After beyond this ends the retries: the answer in hand is returned. */
  maxRetryAfterMs: number;
  random?: () => number;
  signal?: AbortSignal;
  /** Waits between attempts (tests pass a recorder). */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
}

/**
 * Delay before retry number `n` (1-based): none 0; fixed base; linear base·n; exponential
 * base·2^(n-1); capped, then "equal jitter" (half fixed, half random) so clients that failed
 * together do not retry together.
 */
export function backoffDelay(
  n: number,
  backoff: Backoff,
  baseMs: number,
  maxDelayMs: number,
  random = Math.random,
): number {
  if (backoff === 'none') return 0;
  const raw = backoff === 'fixed' ? baseMs : backoff === 'linear' ? baseMs * n : baseMs * 2 ** (n - 1);
  const capped = Math.min(raw, maxDelayMs);
  return Math.round(capped / 2 + random() * (capped / 2));
}

/** `Retry-After` as milliseconds from now: delta-seconds or an HTTP date; undefined if absent/bad. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return sleep(ms, undefined, signal ? { signal } : {});
}

export type Attempt = { response: UpstreamResponse } | { error: SendError };

/**
 * Runs `attempt` until it gives a final answer: a response that is not retryable, a transport
 * error that is not, or the retry budget is spent. Requests the upstream may have received are
 * repeated only for idempotent methods; ones that never left (connection refused) always may be.
 */
export async function runWithRetries(
  attempt: (n: number) => Promise<Attempt>,
  policy: RetryPolicy,
): Promise<{ last: Attempt; attempts: number }> {
  const idempotent = IDEMPOTENT_METHODS.has(policy.method);
  let attempts = 0;
  for (;;) {
    attempts++;
    const last = await attempt(attempts);
    const retryNumber = attempts;
    if (retryNumber > policy.retries || policy.signal?.aborted) return { last, attempts };
    let delay: number;
    if ('error' in last) {
      if (!last.error.retriable || (last.error.sent && !idempotent)) return { last, attempts };
      delay = backoffDelay(retryNumber, policy.backoff, policy.baseMs, policy.maxDelayMs, policy.random);
    } else {
      if (!RETRY_STATUSES.has(last.response.status) || !idempotent) return { last, attempts };
      const after = parseRetryAfter(last.response.headers['retry-after']);
      if (after !== undefined && after > policy.maxRetryAfterMs) return { last, attempts };
      delay =
        after ?? backoffDelay(retryNumber, policy.backoff, policy.baseMs, policy.maxDelayMs, policy.random);
    }
    try {
      if (delay > 0) await (policy.wait ?? wait)(delay, policy.signal);
    } catch {
      return { last, attempts };
    }
  }
}
