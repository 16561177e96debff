import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';
import { BoundedCache } from './bounded-cache.ts';

/*
 * The one answer to "who is the client" (rate limits, analytics, logs), honouring TRUST_PROXY the
 * way fastify's `trustProxy` and Express's `trust proxy` do (proxy-addr underneath):
 *   - off (default): the TCP peer; forwarding headers are ignored, so no client can pick its own
 *     address and step around a per-client limit;
 *   - a hop count `n`: the n nearest addresses (the peer, then X-Forwarded-For from the right) are
 *     proxies;
 *   - a list of addresses / CIDRs / `loopback`, `linklocal`, `uniquelocal`: those are proxies.
 * When the peer is a trusted proxy, the spec's header order applies: CF-Connecting-IP, then the
 * X-Forwarded-For chain walked from the right until an untrusted hop, then X-Real-IP.
 */

/** Decides whether `address`, `hop` steps away from this process, is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

const TRUST_NONE: TrustProxy = () => false;

/**
 * Reads TRUST_PROXY: empty, `false`, `off` or `0` = trust nothing; `true` = every hop (only behind
 * a proxy that strips client-sent headers); a positive integer = that many hops; otherwise a
 * comma-separated list for proxy-addr. Throws on a malformed address.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === 'false' || text === 'off' || text === '0') return TRUST_NONE;
  if (text === 'true') return () => true;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return proxyaddr.compile(list);
}

function firstHeader(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  const text = (Array.isArray(v) ? v[0] : v)?.trim();
  return text ? text : undefined;
}

/** TRUST_PROXY comes from config (one value a process); the bound only stops growth. */
const compiled = new BoundedCache<TrustProxy>({ maxEntries: 16 });

/** The parsed TRUST_PROXY value (parsed once per distinct value). */
function trustProxyOf(value: string): TrustProxy {
  let trust = compiled.get(value);
  if (!trust) {
    trust = parseTrustProxy(value);
    compiled.set(value, trust);
  }
  return trust;
}

/**
 * The client address of a request (the raw Node request: fastify's `request.raw`) under the
 * TRUST_PROXY setting (`ctx.config.trustProxy`).
 */
export function clientIp(req: IncomingMessage, trustProxy: string): string {
  const trust = trustProxyOf(trustProxy);
  const peer = req.socket?.remoteAddress ?? 'unknown';
  if (trust === TRUST_NONE || !trust(peer, 0)) return peer;
  const cf = firstHeader(req, 'cf-connecting-ip');
  if (cf) return cf;
  if (firstHeader(req, 'x-forwarded-for')) return proxyaddr(req, trust);
  return firstHeader(req, 'x-real-ip') ?? peer;
}

/** A header's address when it is one (IPv4 or IPv6, surrounding spaces and IPv6 brackets dropped). */
function addressIn(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const bare = text.trim().replace(/^\[(.*)\]$/, '$1');
  return isIP(bare) ? bare.toLowerCase() : undefined;
}

/**
 * The client address the spec's Limits table names for `GET /health`'s limit, whatever
 * TRUST_PROXY says: the first present of CF-Connecting-IP, X-Forwarded-For (its first address),
 * X-Real-IP, then the connection. A value that is not an IP address counts as absent, so a
 * malformed or oversized header falls through to the next source and never becomes a limiter key.
 */
export function healthClientIp(req: IncomingMessage): string {
  return (
    addressIn(firstHeader(req, 'cf-connecting-ip')) ??
    addressIn(firstHeader(req, 'x-forwarded-for')?.split(',')[0]) ??
    addressIn(firstHeader(req, 'x-real-ip')) ??
    req.socket?.remoteAddress ??
    'unknown'
  );
}
