import { Agent, type Dispatcher, request } from 'undici';
import { checkLiteralHost, createEgressLookup, EGRESS_DENIED } from './egress.ts';

/*
 * The one HTTP client every outbound request goes through: tool calls (the executor dispatches
 * on an agent from `createEgressAgent`), URL resources, import-by-URL, OAuth metadata and JWKS,
 * and the health check's self-probe. It applies the address policy of egress.ts (private,
 * loopback, link-local and metadata addresses refused unless the caller's setting allows them —
 * checked in the socket's own DNS lookup, so every redirect hop and every rebinding is covered)
 * and one set of limits: a timeout over the whole exchange, a body size cap, and redirects only
 * when the caller asks for them.
 */

/** Default bound of a whole exchange (connect, headers, body). */
export const OUTBOUND_TIMEOUT_MS = 10_000;
/** Default cap of a response body. */
export const MAX_OUTBOUND_BYTES = 10 * 1024 * 1024;

export type EgressFailure = 'invalid_url' | 'denied' | 'timeout' | 'too_large' | 'network' | 'redirects';

/** An outbound request that produced no answer; `reason` says why, `message` is safe to show. */
export class EgressError extends Error {
  constructor(
    readonly reason: EgressFailure,
    message: string,
    readonly host = '',
    /** For `too_large`: the size seen (declared, or read so far) when the cap was passed. */
    readonly bytes = 0,
  ) {
    super(message);
  }
}

/** An undici Agent whose connections obey the address policy (keep-alive pools per origin). */
export function createEgressAgent(opts: {
  allowPrivate: boolean;
  connectionsPerOrigin?: number;
  pipelining?: number;
}): Agent {
  return new Agent({
    ...(opts.connectionsPerOrigin !== undefined ? { connections: opts.connectionsPerOrigin } : {}),
    ...(opts.pipelining !== undefined ? { pipelining: opts.pipelining } : {}),
    keepAliveTimeout: 30_000,
    connect: opts.allowPrivate ? {} : { lookup: createEgressLookup() },
  });
}

// One shared agent per policy for the occasional requests (resources, imports, OAuth, health).
const shared = new Map<boolean, Agent>();
function sharedAgent(allowPrivate: boolean): Agent {
  let agent = shared.get(allowPrivate);
  if (!agent) {
    agent = createEgressAgent({ allowPrivate });
    shared.set(allowPrivate, agent);
  }
  return agent;
}

export interface OutboundRequest {
  /** The caller's private-address setting (`TOOLGATE_UPSTREAM_ALLOW_PRIVATE`, `…_IMPORT_…`). */
  allowPrivate: boolean;
  method?: Dispatcher.HttpMethod;
  headers?: Record<string, string>;
  body?: string;
  timeoutMs?: number;
  maxBytes?: number;
  /** Redirects followed (each hop under the same policy); 0 returns the 3xx itself. */
  maxRedirects?: number;
  signal?: AbortSignal;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** The URL that answered (after redirects). */
  url: URL;
}

/** The refusal for a URL the policy forbids before any socket is opened, or null. */
function refuseUrl(url: URL, allowPrivate: boolean): EgressError | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return new EgressError('invalid_url', `only http and https URLs can be fetched (got ${url.protocol})`);
  if (!allowPrivate && checkLiteralHost(url.hostname)) return denied(url.hostname);
  return null;
}

function denied(hostname: string): EgressError {
  const host = hostname.replace(/^\[|\]$/g, '');
  return new EgressError(
    'denied',
    `${host} is a loopback, private, link-local or metadata address, which this request may not reach`,
    host,
  );
}

/**
 * Sends one request through the egress policy and reads the whole answer (any status) up to the
 * size cap. Throws EgressError when there is no answer.
 */
export async function sendOutbound(target: string | URL, opts: OutboundRequest): Promise<OutboundResponse> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new EgressError('invalid_url', `"${String(target)}" is not a valid URL`);
  }
  const timeoutMs = opts.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const maxBytes = opts.maxBytes ?? MAX_OUTBOUND_BYTES;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  const dispatcher = sharedAgent(opts.allowPrivate);
  try {
    for (let hop = 0; ; hop++) {
      const refusal = refuseUrl(url, opts.allowPrivate);
      if (refusal) throw refusal;
      const res = await request(url, {
        method: opts.method ?? 'GET',
        dispatcher,
        signal,
        headers: opts.headers,
        body: opts.body,
        headersTimeout: timeoutMs,
        bodyTimeout: timeoutMs,
      });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && location && (opts.maxRedirects ?? 0) > 0) {
        await res.body.dump();
        if (hop >= (opts.maxRedirects ?? 0))
          throw new EgressError('redirects', `more than ${opts.maxRedirects} redirects`);
        url = new URL(String(location), url);
        continue;
      }
      return {
        status: res.statusCode,
        headers: res.headers,
        body: await readCapped(res.body, res.headers, maxBytes),
        url,
      };
    }
  } catch (err) {
    if (err instanceof EgressError) throw err;
    const e = err as NodeJS.ErrnoException & { cause?: NodeJS.ErrnoException };
    if (e.code === EGRESS_DENIED || e.cause?.code === EGRESS_DENIED) throw denied(url.hostname);
    if (timeout.aborted) throw new EgressError('timeout', `no answer within ${timeoutMs / 1000} s`);
    if (opts.signal?.aborted) throw new EgressError('network', 'the request was cancelled');
    throw new EgressError('network', e.message || String(err));
  }
}

async function readCapped(
  body: Dispatcher.ResponseData['body'],
  headers: Record<string, string | string[] | undefined>,
  maxBytes: number,
): Promise<Buffer> {
  const tooLarge = (bytes: number) =>
    new EgressError('too_large', `the response is larger than ${maxBytes} bytes`, '', bytes);
  const declared = Number(headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    body.destroy();
    throw tooLarge(declared);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) {
      body.destroy();
      throw tooLarge(size);
    }
    chunks.push(chunk as Buffer);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
}
