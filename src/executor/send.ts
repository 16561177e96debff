import { Agent, type Dispatcher } from 'undici';
import type { PreparedRequest } from './build-request.ts';
import { checkLiteralHost, createEgressLookup, EGRESS_DENIED } from './egress.ts';

export interface UpstreamResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
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
  send(req: PreparedRequest, timeoutMs: number, signal?: AbortSignal): Promise<UpstreamResponse>;
  close(): Promise<void>;
}

const NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * One undici Agent (keep-alive pools per origin) for every upstream call of an executor.
 * `timeoutMs` bounds the whole exchange: connect, response headers and the full body.
 * Redirects are not followed: a 3xx is returned as the answer, so credentials never travel to
 * a host the tool does not name.
 */
export function createSender(opts: {
  allowPrivate: boolean;
  maxResponseBytes: number;
  connectionsPerOrigin: number;
}): Sender {
  const agent = new Agent({
    connections: opts.connectionsPerOrigin,
    keepAliveTimeout: 30_000,
    connect: opts.allowPrivate ? {} : { lookup: createEgressLookup() },
  });

  async function send(req: PreparedRequest, timeoutMs: number, signal?: AbortSignal) {
    if (!opts.allowPrivate) {
      const refusal = checkLiteralHost(req.url.hostname);
      if (refusal) throw new SendError('network', refusal.message, false, false);
    }
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new Error('timeout'));
    }, timeoutMs);
    const onAbort = () => controller.abort(new Error('cancelled'));
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) onAbort();
    let response: Dispatcher.ResponseData | undefined;
    try {
      response = await agent.request({
        origin: req.url.origin,
        path: `${req.url.pathname}${req.url.search}`,
        method: req.method as Dispatcher.HttpMethod,
        headers: req.headers,
        body: req.body,
        signal: controller.signal,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const body = await readCapped(response, opts.maxResponseBytes);
      return { status: response.statusCode, headers: flattenHeaders(response.headers), body };
    } catch (err) {
      response?.body.destroy();
      throw toSendError(err, { timedOut, timeoutMs, cancelled: signal?.aborted === true });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return { send, close: () => agent.close() };
}

async function readCapped(response: Dispatcher.ResponseData, max: number): Promise<Buffer> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > max) throw tooLarge(max);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of response.body) {
    size += (chunk as Buffer).length;
    if (size > max) throw tooLarge(max);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, size);
}

function tooLarge(max: number): SendError {
  return new SendError('network', `upstream response body exceeds the ${max}-byte limit`, true, false);
}

function flattenHeaders(headers: Dispatcher.ResponseData['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return out;
}

function toSendError(
  err: unknown,
  state: { timedOut: boolean; timeoutMs: number; cancelled: boolean },
): SendError {
  if (err instanceof SendError) return err;
  const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
  const code = e?.code ?? e?.cause?.code ?? '';
  const seconds = Math.round(state.timeoutMs / 100) / 10;
  if (state.timedOut) return new SendError('timeout', `upstream did not answer within ${seconds} s`, true);
  if (state.cancelled) return new SendError('network', 'the call was cancelled', true, false);
  if (code === EGRESS_DENIED) return new SendError('network', e.message, false, false);
  if (code === 'UND_ERR_CONNECT_TIMEOUT')
    return new SendError('timeout', 'connecting to the upstream timed out', false);
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return new SendError('timeout', `upstream did not answer within ${seconds} s`, true);
  const detail = e?.message ?? String(err);
  return new SendError(
    'network',
    `upstream connection failed${code ? ` (${code})` : ''}: ${detail}`,
    !NOT_SENT.has(code),
  );
}
