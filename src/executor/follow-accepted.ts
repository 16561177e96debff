import { setTimeout as sleep } from 'node:timers/promises';
import { parseRetryAfter } from './retry.ts';
import { SendError, type UpstreamResponse } from './send.ts';
import type { ExecuteRequest } from './types.ts';
import type { UpstreamCall } from './upstream-call.ts';

/*
 * Asynchronous upstreams (RFC 9110 §15.3.3 `202 Accepted`, the polling pattern of Azure, Google
 * long-running operations, GitHub's and many export APIs): the answer names a status resource in
 * `Location` (or Azure's `Operation-Location`); it is polled with GET, with the tool's credentials,
 * waiting `Retry-After` (else the tool's interval) between polls, until it answers something other
 * than 202. A `303 See Other` names the result: fetched once. Polled URLs must be on the origin
 * the request went to: the credentials never follow an upstream elsewhere.
 */

export type Followed =
  | { response: UpstreamResponse; polls: number }
  | { error: SendError; polls: number }
  | { protocol: string; polls: number }
  | { cancelled: true; polls: number };

/** Bounds of one wait between polls: never busy, never longer than a minute. */
const MIN_WAIT_MS = 100;
const MAX_WAIT_MS = 60_000;
/** Redirects followed to a result (303) per call. */
const MAX_SEE_OTHER = 3;

function header(res: UpstreamResponse, name: string): string | undefined {
  const value = res.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The status URL an accepted answer names, resolved against the request's URL. */
export function statusUrlOf(res: UpstreamResponse, base: URL | string): URL | undefined {
  const raw = header(res, 'location') ?? header(res, 'operation-location') ?? header(res, 'content-location');
  if (!raw) return undefined;
  try {
    return new URL(raw, base);
  } catch {
    return undefined;
  }
}

/**
 * Polls until a final answer, the call's `maxWaitMs`, or its cancellation. `first` is the 202
 * (absent when resuming at `resumeAt`).
 */
export async function followAccepted(
  upstream: UpstreamCall,
  req: ExecuteRequest,
  first: UpstreamResponse | undefined,
  poll: { intervalMs: number; maxWaitMs: number },
): Promise<Followed> {
  const origin = upstream.request.url.origin;
  const deadline = Date.now() + poll.maxWaitMs;
  let polls = 0;
  let url: URL | undefined;
  if (first) url = statusUrlOf(first, upstream.request.url.href);
  else if (req.resumeAt) url = safeUrl(req.resumeAt);
  if (!url)
    return {
      protocol: 'The API accepted the request (202 Accepted) but named no Location to poll for its result.',
      polls,
    };
  let wait = first ? waitOf(first, poll.intervalMs) : 0;
  let seeOther = 0;
  let reported: string | undefined;
  for (;;) {
    if (url.origin !== origin)
      return {
        protocol: `The API asked to poll ${url.origin}, another origin than the request's (${origin}); Toolgate does not send the tool's credentials there.`,
        polls,
      };
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return { protocol: 'The API named a status URL that is not http(s).', polls };
    if (url.href !== reported) {
      reported = url.href;
      await req.onAccepted?.(url.href);
    }
    const left = deadline - Date.now();
    if (left <= 0)
      return {
        error: new SendError(
          'timeout',
          `The API had not finished after ${Math.round(poll.maxWaitMs / 1000)} s.`,
          true,
          false,
        ),
        polls,
      };
    if (wait > 0) {
      try {
        await sleep(Math.min(wait, left), undefined, req.cancel ? { signal: req.cancel.signal } : {});
      } catch {
        // Aborted: the call was cancelled while it waited.
      }
    }
    if (req.cancel?.cancelled) return { cancelled: true, polls };
    polls++;
    let res: UpstreamResponse;
    try {
      res = await upstream.poll(url);
    } catch (err) {
      if (err instanceof SendError) return { error: err, polls };
      throw err;
    }
    if (res.status === 202) {
      url = statusUrlOf(res, url) ?? url;
      wait = waitOf(res, poll.intervalMs);
      continue;
    }
    if (res.status === 303 && seeOther < MAX_SEE_OTHER) {
      const next = statusUrlOf(res, url);
      if (!next) return { response: res, polls };
      seeOther++;
      url = next;
      wait = 0;
      continue;
    }
    return { response: res, polls };
  }
}

function waitOf(res: UpstreamResponse, intervalMs: number): number {
  const asked = parseRetryAfter(header(res, 'retry-after'));
  return Math.min(MAX_WAIT_MS, Math.max(MIN_WAIT_MS, asked ?? intervalMs));
}

function safeUrl(text: string): URL | undefined {
  try {
    return new URL(text);
  } catch {
    return undefined;
  }
}
