import type { Dispatcher } from 'undici';
import type { Cancellation } from '../shared/cancellation.ts';
import { Deadlines, Waiting } from '../shared/deadlines.ts';
import { checkLiteralHost, EGRESS_DENIED } from '../shared/egress.ts';
import { createEgressAgent } from '../shared/egress-client.ts';
import type { PreparedRequest } from './build-request.ts';
import { headerName } from './header-names.ts';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /**
   * Set when the body was larger than the read limit: `body` is its first `limit` bytes and
   * the rest was never read (the connection is dropped). `total` is the declared size, if any.
   */
  truncated?: { limit: number; total?: number };
}

/**
 * A transport failure. `sent` is false only when the request certainly never reached the
 * upstream (connection refused, DNS failure, egress denied), which makes any method safe to
 * retry; `retriable` is false when trying again cannot help.
 */
export class SendError extends Error {
  constructor(
    readonly reason: 'timeout' | 'network',
    message: string,
    readonly sent: boolean,
    readonly retriable = true,
  ) {
    super(message);
  }
}

export interface Sender {
  send(req: PreparedRequest, timeoutMs: number, cancel?: Cancellation): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One egress agent (src/shared/egress-client.ts: the address policy, keep-alive pools per origin)
 * for every upstream call of an executor.
 * `timeoutMs` bounds the whole exchange: connect, response headers and the full body.
 * Redirects are not followed: a 3xx is returned as the answer, so credentials never travel to
 * a host the tool does not name.
 *
 * Calls go through `agent.dispatch` with a small handler that collects the body, rather than
 * `agent.request`: that skips undici's per-call AsyncResource, body stream, async iterator and
 * AbortController, which together cost more CPU than the rest of the exchange.
 */
export function createSender(opts: {
  allowPrivate: boolean;
  maxResponseBytes: number;
  connectionsPerOrigin: number;
}): Sender {
  const agent = createEgressAgent({
    allowPrivate: opts.allowPrivate,
    connectionsPerOrigin: opts.connectionsPerOrigin,
    // Each request waits for its own answer: pipelining would put a slow call in front of others.
    pipelining: 1,
  });

  // Every exchange's timeout, on one shared timer (shared/deadlines.ts).
  const deadlines = new Deadlines();

  function send(req: PreparedRequest, timeoutMs: number, cancel?: Cancellation): Promise<UpstreamResponse> {
    if (!opts.allowPrivate) {
      const refusal = checkLiteralHost(req.url.hostname);
      if (refusal) return Promise.reject(new SendError('network', refusal.message, false, false));
    }
    return new Promise<UpstreamResponse>((resolve, reject) => {
      const exchange = new Exchange(resolve, reject, opts.maxResponseBytes, timeoutMs, cancel, deadlines);
      if (exchange.settled) return;
      agent.dispatch(
        {
          origin: req.url.origin,
          path: req.url.path,
          method: req.method as Dispatcher.HttpMethod,
          headers: req.headers,
          body: req.body,
          // The exchange's own timer bounds the whole exchange; undici's per-phase timers would
          // only duplicate it, and each request's cleared "fast timer" waited up to a second for
          // undici's sweep, long enough to be promoted into the old generation.
          headersTimeout: 0,
          bodyTimeout: 0,
        },
        exchange,
      );
    });
  }

  return {
    send,
    close: () => {
      deadlines.close();
      return agent.close();
    },
  };
}

type Abort = (reason?: Error) => void;

const NO_HEADERS: Record<string, string> = Object.freeze({});

/**
 * One upstream exchange as an undici dispatch handler: it collects the body up to the size cap
 * and settles once, on the answer, an error, its timeout or the caller's cancellation.
 * Methods, not closures: the hot path allocates one object per call.
 */
class Exchange extends Waiting implements Dispatcher.DispatchHandler {
  settled = false;
  private abortRequest: Abort | null = null;
  private pendingAbort: Error | null = null;
  private status = 0;
  // Replaced by the answer's own in onHeaders; never written to.
  private headers: Record<string, string> = NO_HEADERS;
  private chunks: Buffer[] = [];
  private size = 0;
  private declared: number | undefined;
  private removeCancel: (() => void) | null = null;

  constructor(
    private readonly resolve: (res: UpstreamResponse) => void,
    private readonly reject: (err: SendError) => void,
    private readonly max: number,
    readonly timeoutMs: number,
    cancel: Cancellation | undefined,
    private readonly deadlines: Deadlines,
  ) {
    super();
    // The exchange waits on the sender's shared deadlines: no timer or closure per call.
    deadlines.add(this, timeoutMs);
    if (cancel) {
      const remove = cancel.onCancel(() =>
        this.stop(new SendError('network', 'the call was cancelled', true, false)),
      );
      if (!this.settled) this.removeCancel = remove;
    }
  }

  /** The tool's timeout passed (the sender's deadlines call it). */
  expire(): void {
    this.stop(timeoutError(this.timeoutMs));
  }

  /** Ends the exchange from our side (timeout, cancellation, oversize body). */
  stop(err: SendError): void {
    if (this.settled) return;
    this.fail(err);
    if (this.abortRequest) this.abortRequest(err);
    else this.pendingAbort = err;
  }

  private fail(err: SendError): void {
    this.finish();
    this.reject(err);
  }

  private finish(): void {
    this.settled = true;
    this.deadlines.remove(this);
    if (this.removeCancel) {
      this.removeCancel();
      this.removeCancel = null;
    }
    // Emptied in place (a single chunk is the body itself; more were copied by concat).
    this.chunks.length = 0;
  }

  onConnect(abort: Abort): void {
    if (this.pendingAbort) abort(this.pendingAbort);
    else this.abortRequest = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[]): boolean {
    if (this.settled) return false;
    // 1xx (e.g. 103 Early Hints) precede the real answer.
    if (statusCode < 200) return true;
    this.status = statusCode;
    this.headers = flattenRawHeaders(rawHeaders);
    const declared = Number(this.headers['content-length']);
    if (this.headers['content-length'] !== undefined && Number.isFinite(declared)) this.declared = declared;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.settled) return false;
    if (this.size + chunk.length > this.max) {
      // Over the read limit: keep the start, answer with it, and drop the rest unread.
      const room = this.max - this.size;
      if (room > 0) this.chunks.push(chunk.subarray(0, room));
      this.size += Math.max(0, room);
      const body = Buffer.concat(this.chunks, this.size);
      const truncated = { limit: this.max, ...(this.declared !== undefined ? { total: this.declared } : {}) };
      this.finish();
      this.resolve({ status: this.status, headers: this.headers, body, truncated });
      this.abortRequest?.(tooLarge(this.max));
      return false;
    }
    this.size += chunk.length;
    this.chunks.push(chunk);
    return true;
  }

  onComplete(): void {
    if (this.settled) return;
    const body = this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.size);
    this.finish();
    this.resolve({ status: this.status, headers: this.headers, body });
  }

  onError(err: Error): void {
    if (this.settled) return;
    this.fail(toSendError(err, this.timeoutMs));
  }
}

function timeoutError(timeoutMs: number): SendError {
  return new SendError('timeout', `upstream did not answer within ${seconds(timeoutMs)} s`, true);
}

function seconds(ms: number): number {
  return Math.round(ms / 100) / 10;
}

function tooLarge(max: number): SendError {
  return new SendError('network', `upstream response body exceeds the ${max}-byte limit`, true, false);
}

/** undici's raw `[name, value, …]` as lower-case names; repeated headers joined with ", ". */
function flattenRawHeaders(raw: Buffer[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < raw.length; i += 2) {
    const name = headerName(raw[i]!);
    const value = raw[i + 1]!.toString('latin1');
    const prior = Object.hasOwn(out, name) ? out[name] : undefined;
    if (name === '__proto__')
      Object.defineProperty(out, name, { value, enumerable: true, configurable: true, writable: true });
    else out[name] = prior === undefined ? value : `${prior}, ${value}`;
  }
  return out;
}

function toSendError(err: unknown, timeoutMs: number): SendError {
  if (err instanceof SendError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e?.code ?? e?.cause?.code ?? '';
  if (code === EGRESS_DENIED) return new SendError('network', e.message, false, false);
  if (code === 'UND_ERR_CONNECT_TIMEOUT')
    return new SendError('timeout', 'connecting to the upstream timed out', false);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return timeoutError(timeoutMs);
  const detail = e?.message ?? String(err);
  return new SendError(
    'network',
    `upstream connection failed${code ? ` (${code})` : ''}: ${detail}`,
    !NOT_SENT.has(code),
  );
}
