import type { FastifyRequest } from 'fastify';
import { UNKNOWN_TOOL } from '../analytics/metrics.ts';
import type { AppContext } from '../context.ts';
import { BoundedCache } from '../shared/bounded-cache.ts';
import type { Caller } from '../shared/caller.ts';
import { serverLimitKey } from '../shared/limit-keys.ts';
import type { RateDecision } from '../shared/rate-limiter.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { viewTools } from '../tools/mcp-view.ts';
import { HttpRejection, SERVER_ERROR } from './errors.ts';
import { recordCache } from './record-cache.ts';

/*
 * What stands before any JSON-RPC handling: the server's state, Origin/Host checks (the MCP
 * transport's DNS-rebinding defence), CORS and the per-client rate limit.
 */

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** Headers a browser client may send and read. */
const EXPOSED_HEADERS = 'Mcp-Session-Id, Mcp-Protocol-Version, WWW-Authenticate, Retry-After';
const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';

/** `draft` and unknown servers are invisible: 404 like a missing slug. */
export function requireVisible(server: ServerRecord | undefined, slug: string): ServerRecord {
  if (!server || server.status === 'draft')
    throw new HttpRejection(404, SERVER_ERROR, `Unknown MCP server: ${slug.slice(0, 100)}`);
  return server;
}

/** A `paused` server answers 503 with a JSON-RPC error. */
export function requireActive(server: ServerRecord): void {
  if (server.status !== 'active')
    throw new HttpRejection(503, SERVER_ERROR, `MCP server "${server.name}" is paused`, {
      'retry-after': '60',
    });
}

function allowedOrigins(server: ServerRecord): string[] {
  return (server.cors_origins ?? '')
    .split(',')
    .map((o) => normaliseOrigin(o.trim()))
    .filter((o) => o !== '');
}

function normaliseOrigin(origin: string): string {
  if (origin === '*' || origin === '') return origin;
  try {
    return new URL(origin).origin.toLowerCase();
  } catch {
    return origin.toLowerCase().replace(/\/+$/, '');
  }
}

function hostnameOf(host: string | undefined): string {
  if (!host) return '';
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  return h.split(':')[0] ?? '';
}

function hostAllowed(ctx: AppContext, hostHeader: string | undefined): boolean {
  const name = hostnameOf(hostHeader);
  if (LOCAL_HOSTS.has(name)) return true;
  try {
    return name === new URL(ctx.config.publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
}

/**
 * Browsers send `Origin`; a request that carries one must come from an allowed origin. With no
 * list (`*`) any origin may call, but only through this gateway's own host name: a foreign
 * page that re-pointed a DNS name at the gateway sends its own `Host`, and gets 403.
 * Requests without `Origin` (native clients) are not browser requests and pass.
 */
export function checkOrigin(ctx: AppContext, server: ServerRecord, request: FastifyRequest): void {
  const origin = request.headers.origin;
  if (origin === undefined) return;
  const list = allowedOrigins(server);
  if (list.length === 0 || list.includes('*')) {
    if (!hostAllowed(ctx, request.headers.host))
      throw new HttpRejection(403, SERVER_ERROR, 'Forbidden: invalid Host header for a browser request');
    return;
  }
  if (!list.includes(normaliseOrigin(origin)))
    throw new HttpRejection(403, SERVER_ERROR, 'Forbidden: Origin not allowed');
}

/** CORS response headers for an allowed request (set on every answer, errors included). */
export function corsHeaders(
  server: ServerRecord | undefined,
  request: FastifyRequest,
): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined) return {};
  const list = server ? allowedOrigins(server) : [];
  const any = list.length === 0 || list.includes('*');
  if (!any && !list.includes(normaliseOrigin(origin))) return {};
  return {
    'access-control-allow-origin': any ? '*' : origin,
    'access-control-expose-headers': EXPOSED_HEADERS,
    ...(any ? {} : { vary: 'Origin' }),
  };
}

/** Headers of a successful preflight answer. */
export function preflightHeaders(request: FastifyRequest): Record<string, string> {
  const asked = request.headers['access-control-request-headers'];
  return {
    'access-control-allow-methods': ALLOWED_METHODS,
    'access-control-allow-headers':
      typeof asked === 'string' && asked !== ''
        ? asked
        : 'Content-Type, Accept, Authorization, Mcp-Session-Id, Mcp-Protocol-Version, Last-Event-ID',
    'access-control-max-age': '86400',
  };
}

/**
 * The server's `rate_limit_per_min`, per client (`subject`: limitSubject), counting every JSON-RPC
 * request, the handshake (`initialize`, `server/discover`) and `ping` included: no request is
 * free of the budget, authenticated or not. A batch counts as its requests. Notifications,
 * responses, stream GETs and DELETE never reach it. A POST whose requests go over the limit gets
 * 429 with Retry-After; 0 or less means no limit. The one server-limit path for MCP (tools have
 * their own limit in the executor, executor/rate-limit.ts).
 */
export function enforceServerRateLimit(
  ctx: AppContext,
  server: ServerRecord,
  subject: string,
  requests: Array<{ method: string; params?: unknown }>,
): Promise<void> | undefined {
  const limit = server.rate_limit_per_min;
  if (!(limit > 0) || requests.length === 0) return undefined;
  const key = serverLimitKey(server, subject);
  // The memory limiter answers at once; a shared (Redis) one takes the requests async.
  if (!ctx.limiter.hitNow) return limitRemotely(ctx, server, key, requests);
  for (let i = 0; i < requests.length; i++) {
    const { method, params } = requests[i]!;
    refuseWhenLimited(ctx, server, method, params, ctx.limiter.hitNow(key, limit));
  }
  return undefined;
}

async function limitRemotely(
  ctx: AppContext,
  server: ServerRecord,
  key: string,
  requests: Array<{ method: string; params?: unknown }>,
): Promise<void> {
  for (const { method, params } of requests)
    refuseWhenLimited(ctx, server, method, params, await ctx.limiter.hit(key, server.rate_limit_per_min));
}

/** 429 with Retry-After (and the rejection counted) when the decision refuses the request. */
function refuseWhenLimited(
  ctx: AppContext,
  server: ServerRecord,
  method: string,
  params: unknown,
  decision: RateDecision,
): void {
  if (decision.allowed) return;
  ctx.metrics?.recordRateLimitRejection(
    { server: server.name, tool: method === 'tools/call' ? servedToolName(ctx, server, params) : '' },
    'server',
  );
  const seconds = Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
  throw new HttpRejection(
    429,
    SERVER_ERROR,
    `Rate limit exceeded: ${server.rate_limit_per_min} requests per minute`,
    {
      'retry-after': String(seconds),
    },
  );
}

/**
 * The metric label of a refused tools/call: the name of the server's tool it calls (as the
 * executor's labels name it), or `unknown` — never the client's string, which would make a label
 * value (and a series) of whatever a client sends. Other methods name no tool: ''.
 */
function servedToolName(ctx: AppContext, server: ServerRecord, params: unknown): string {
  const name = (params as { name?: unknown } | undefined)?.name;
  const active = typeof name === 'string' ? recordCache(ctx).activeTools(server.id) : undefined;
  if (!active || active instanceof Promise) return UNKNOWN_TOOL;
  return viewTools(server, active).find(name as string)?.name ?? UNKNOWN_TOOL;
}

/**
 * Whom the server's rate limit counts: the signed-in person when the call carries one (one
 * budget wherever they connect from, and people behind one address do not share it), else the
 * client's address.
 */
export function limitSubject(clientIp: string, caller: Caller | null): string {
  return caller ? `user:${caller.userUuid}` : clientIp;
}

/** Failed inbound authentications a client may make per server and minute before it gets 429. */
export const AUTH_FAILURES_PER_MIN = 30;
/** Until when each server-and-client key is refused, per context (the brake's own memory). */
const blockedClients = new WeakMap<AppContext, BoundedCache<number>>();

/**
 * Runs the inbound-auth check with a brake on guessing: failed attempts (401) count per server and
 * client; past AUTH_FAILURES_PER_MIN the client gets 429 without its credential being checked at
 * all until the window lets it try again (so a right guess is not told apart from a wrong one).
 * Successful requests never count here: the server limit above counts work, not authentication.
 */
export async function limitAuthFailures<T>(
  ctx: AppContext,
  server: ServerRecord,
  clientIp: string,
  authenticate: () => Promise<T>,
): Promise<T> {
  if (server.auth_type === 'none') return authenticate();
  const key = `mcp-auth-fail:${server.uuid}:${clientIp}`;
  let blocked = blockedClients.get(ctx);
  if (!blocked) {
    blocked = new BoundedCache({ maxEntries: 10_000 });
    blockedClients.set(ctx, blocked);
  }
  const until = blocked.get(key);
  if (until !== undefined && until > Date.now()) throw tooManyFailures(until - Date.now());
  try {
    return await authenticate();
  } catch (err) {
    if (err instanceof HttpRejection && err.status === 401) {
      const decision = await ctx.limiter.hit(key, AUTH_FAILURES_PER_MIN);
      if (!decision.allowed) {
        blocked.set(key, Date.now() + decision.retryAfterMs);
        throw tooManyFailures(decision.retryAfterMs);
      }
    }
    throw err;
  }
}

function tooManyFailures(retryAfterMs: number): HttpRejection {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new HttpRejection(429, SERVER_ERROR, 'Too many failed authentication attempts', {
    'retry-after': String(seconds),
  });
}
