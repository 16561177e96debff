import type { AppContext } from '../context.ts';
import type { ProtocolVersion } from '../mcp/protocol.ts';
import { sendOutbound } from '../shared/egress-client.ts';
import { tallyRecentMcpCalls } from '../store/analytics.repo.ts';
import { readOption, writeOption } from '../store/options.repo.ts';
import { listServers } from '../store/servers.repo.ts';
import {
  type CheckStatus,
  judgeRecentCalls,
  RECENT_WINDOW_MINUTES,
  type RecentCalls,
  worseStatus,
} from './recent-calls.ts';

/** Option holding the latest diagnostic report. */
const HEALTH_CHECK_OPTION = 'health_check_latest';
/** Typed against the revisions src/mcp serves, so it cannot drift out of them. */
const PROTOCOL_VERSION: ProtocolVersion = '2025-06-18';
const CONCURRENCY = 16;
/**
 * The probe reaches this gateway's own endpoints at the operator's base URL (often loopback), not
 * an address a user supplied: the egress client is told so, whatever the upstream setting. The
 * whole check is bounded by its own timeout (the signal).
 */
const SELF = { allowPrivate: true, timeoutMs: 60_000, maxBytes: 10 * 1024 * 1024 } as const;

export interface ServerCheck {
  server_uuid: string;
  slug: string;
  endpoint_url: string;
  /** `fail` when the endpoint fails the probe or most recent calls fail; `warn` when some do (recent-calls.ts). */
  status: CheckStatus;
  http_status: number | null;
  latency_ms: number;
  tool_count: number | null;
  error: string | null;
  /** Set when the endpoint answered but asked for client credentials this check cannot present. */
  note?: string;
  recent_calls: RecentCalls;
  /** Why recent calls make the status `warn` or `fail`. */
  warning?: string;
}

export interface HealthCheckReport {
  checked_at: string | null;
  results: ServerCheck[];
}

export interface HealthCheckOptions {
  /** Base URL the endpoints are reached at; default `ctx.selfUrl` then `config.publicUrl`. */
  baseUrl?: string;
  timeoutMs?: number;
}

class CheckFailure extends Error {
  constructor(
    message: string,
    readonly httpStatus: number | null = null,
  ) {
    super(message);
  }
}

/** Reads a JSON-RPC response from a JSON body or from the SSE event that carries it. */
function readRpc(contentType: string, text: string, id: number): Record<string, unknown> {
  const candidates: string[] = [];
  if (contentType.includes('text/event-stream')) {
    for (const event of text.split(/\r?\n\r?\n/)) {
      const data = event
        .split(/\r?\n/)
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trimStart())
        .join('\n');
      if (data) candidates.push(data);
    }
  } else candidates.push(text);
  for (const c of candidates) {
    try {
      const msg = JSON.parse(c) as Record<string, unknown>;
      if (msg && msg.id === id) return msg;
    } catch {
      /* not JSON: keep looking */
    }
  }
  throw new CheckFailure('no JSON-RPC response in the answer');
}

/** initialize → notifications/initialized → tools/list (all pages) → DELETE, as an MCP client would. */
async function probe(
  url: string,
  version: string,
  signal: AbortSignal,
): Promise<{ status: number; tools: number }> {
  let sessionId: string | undefined;
  let lastStatus = 0;
  const post = async (body: Record<string, unknown>) => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'user-agent': `toolgate-health-check/${version}`,
    };
    if (sessionId) {
      headers['mcp-session-id'] = sessionId;
      headers['mcp-protocol-version'] = PROTOCOL_VERSION;
    }
    const res = await sendOutbound(url, {
      ...SELF,
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal,
    });
    lastStatus = res.status;
    const text = res.body.toString('utf8');
    if (res.status >= 400)
      throw new CheckFailure(`${String(body.method)} answered HTTP ${res.status}`, res.status);
    const sid = res.headers['mcp-session-id'];
    if (typeof sid === 'string' && sid) sessionId = sid;
    if (body.id === undefined) return undefined;
    const msg = readRpc(String(res.headers['content-type'] ?? ''), text, body.id as number);
    if (msg.error) {
      const e = msg.error as { code?: number; message?: string };
      throw new CheckFailure(
        `${String(body.method)} failed: ${e.message ?? 'error'} (${e.code ?? '?'})`,
        res.status,
      );
    }
    return msg.result as Record<string, unknown>;
  };
  try {
    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: PROTOCOL_VERSION,
        capabilities: {},
        clientInfo: { name: 'toolgate-health-check', version },
      },
    });
    if (!init || typeof init.protocolVersion !== 'string')
      throw new CheckFailure('initialize returned no protocolVersion', lastStatus);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized', params: {} });
    let tools = 0;
    let cursor: string | undefined;
    for (let page = 0, id = 2; page < 50; page++, id++) {
      const result = await post({
        jsonrpc: '2.0',
        id,
        method: 'tools/list',
        params: cursor ? { cursor } : {},
      });
      if (!result || !Array.isArray(result.tools))
        throw new CheckFailure('tools/list returned no tools array', lastStatus);
      tools += result.tools.length;
      cursor = typeof result.nextCursor === 'string' && result.nextCursor ? result.nextCursor : undefined;
      if (!cursor) break;
    }
    return { status: lastStatus, tools };
  } finally {
    if (sessionId) {
      // End the session so health checks leave no rows behind; failure here is not the server's.
      await sendOutbound(url, {
        ...SELF,
        method: 'DELETE',
        headers: { 'mcp-session-id': sessionId },
        signal,
      }).catch(() => undefined);
    }
  }
}

async function checkServer(
  server: { uuid: string; slug: string; auth_type: string },
  baseUrl: string,
  version: string,
  timeoutMs: number,
): Promise<Omit<ServerCheck, 'recent_calls'>> {
  const endpoint_url = `${baseUrl}/mcp/${server.slug}`;
  const started = performance.now();
  const base = { server_uuid: server.uuid, slug: server.slug, endpoint_url };
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const { status, tools } = await probe(endpoint_url, version, signal);
    const latency_ms = Math.round(performance.now() - started);
    return { ...base, status: 'ok', http_status: status, latency_ms, tool_count: tools, error: null };
  } catch (err) {
    const latency_ms = Math.round(performance.now() - started);
    const httpStatus = err instanceof CheckFailure ? err.httpStatus : null;
    if (httpStatus === 401 && server.auth_type !== 'none') {
      // The endpoint is up and enforcing its inbound auth, whose secrets are stored only as hashes.
      return {
        ...base,
        status: 'ok',
        http_status: 401,
        latency_ms,
        tool_count: null,
        error: null,
        note: `endpoint requires ${server.auth_type} authentication; tools/list not checked`,
      };
    }
    const message = signal.aborted
      ? `timed out after ${timeoutMs} ms`
      : err instanceof CheckFailure
        ? err.message
        : `request failed: ${(err as Error).message}`;
    return { ...base, status: 'fail', http_status: httpStatus, latency_ms, tool_count: null, error: message };
  }
}

/**
 * The in-depth diagnostic: a real MCP handshake and tools/list against every active
 * server's own endpoint, in parallel (bounded), each under its own timeout, weighed with the
 * server's recent MCP calls (recent-calls.ts). The report is stored as the latest result and
 * returned.
 */
export async function runHealthCheck(
  ctx: AppContext,
  opts: HealthCheckOptions = {},
): Promise<HealthCheckReport> {
  const baseUrl = (opts.baseUrl ?? ctx.selfUrl ?? ctx.config.publicUrl).replace(/\/+$/, '');
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const { rows } = await listServers(ctx.store.db, { status: 'active' }, { limit: 10_000, offset: 0 });
  const since = new Date(Date.now() - RECENT_WINDOW_MINUTES * 60_000).toISOString();
  const tallies = await tallyRecentMcpCalls(ctx.store.db, since);
  const results: ServerCheck[] = new Array(rows.length);
  let next = 0;
  const worker = async () => {
    while (next < rows.length) {
      const i = next++;
      const probed = await checkServer(rows[i]!, baseUrl, ctx.version, timeoutMs);
      const { recent_calls, status, warning } = judgeRecentCalls(tallies.get(rows[i]!.id));
      results[i] = {
        ...probed,
        status: worseStatus(probed.status, status),
        recent_calls,
        ...(warning ? { warning } : {}),
      };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, rows.length) }, worker));
  const report = { checked_at: new Date().toISOString(), results };
  await writeOption(ctx.store.db, HEALTH_CHECK_OPTION, report);
  return report;
}

/** The latest stored report (background or on demand); empty before the first check. */
export async function readLatestHealthCheck(ctx: AppContext): Promise<HealthCheckReport> {
  return (
    (await readOption<HealthCheckReport>(ctx.store.db, HEALTH_CHECK_OPTION)) ?? {
      checked_at: null,
      results: [],
    }
  );
}
