import { createServer, type OutgoingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Selectable } from 'kysely';
import { Agent, request } from 'undici';
import type { McpSessionsTable } from '../src/store/schema.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

/** An answer as the tests read it (the shape of fastify's inject answers). */
export interface KitResponse {
  statusCode: number;
  headers: OutgoingHttpHeaders;
  body: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  json(): any;
}

/**
 * How the kit's POSTs reach the endpoint: over a real socket (the default, as clients do) or
 * through `inject()`, which skips the socket; both reach the same fastify route.
 */
export type KitVia = 'socket' | 'inject';

/** Test support for the MCP endpoint: an app, a server created through the API, JSON-RPC helpers. */
export interface McpKit {
  t: TestApp;
  slug: string;
  serverUuid: string;
  url: string;
  via: KitVia;
  post(body: unknown, headers?: Record<string, string>): Promise<KitResponse>;
  /** Initializes a session (and sends notifications/initialized); returns its id. */
  initialize(protocolVersion?: string): Promise<string>;
  rpc(
    sessionId: string,
    method: string,
    params?: unknown,
    headers?: Record<string, string>,
  ): Promise<KitResponse>;
  /** Makes the app listen on a free local port (for real HTTP clients); returns its base URL. */
  listen(): Promise<string>;
  /** The stored row of a session. */
  sessionRow(sessionId: string): Promise<Selectable<McpSessionsTable>>;
  close(): Promise<void>;
}

/** An HTTP server on a free local port (a fake upstream or issuer); close `server` when done. */
export async function listenLocal(handler: RequestListener): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A local upstream answering `{"ok":true}` to everything, counting the requests it gets. */
export async function listenCountingUpstream(): Promise<{
  server: Server;
  url: string;
  calls: () => number;
}> {
  let calls = 0;
  const local = await listenLocal((_req, res) => {
    calls++;
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"ok":true}');
  });
  return { ...local, calls: () => calls };
}

export const JSON_AND_SSE = 'application/json, text/event-stream';

export async function createMcpKit(
  server: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
  via: KitVia = 'socket',
): Promise<McpKit> {
  const t = await buildTestApp({ config });
  const created = await t.api('POST', '/servers', {
    name: 'Demo Server',
    rate_limit_per_min: 10_000,
    ...server,
  });
  if (created.statusCode !== 201) throw new Error(`server create failed: ${created.body}`);
  const { slug, uuid } = created.json() as { slug: string; uuid: string };
  const url = `/mcp/${slug}`;
  let nextId = 1;
  let origin: string | undefined;
  const agent = new Agent({ pipelining: 0 });
  const listen = async () => {
    if (!origin) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
    return origin;
  };
  const kit: McpKit = {
    t,
    slug,
    serverUuid: uuid,
    url,
    via,
    async post(body, headers = {}) {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      const all = { 'content-type': 'application/json', accept: 'application/json', ...headers };
      if (via === 'inject') return t.app.inject({ method: 'POST', url, payload, headers: all });
      const res = await request(`${await listen()}${url}`, {
        method: 'POST',
        body: payload,
        headers: all,
        dispatcher: agent,
      });
      const text = await res.body.text();
      return {
        statusCode: res.statusCode,
        headers: res.headers,
        body: text,
        json: () => JSON.parse(text),
      };
    },
    async initialize(protocolVersion = '2025-11-25') {
      const res = await kit.post({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion, capabilities: {}, clientInfo: { name: 'kit', version: '1.0' } },
      });
      const sid = res.headers['mcp-session-id'];
      if (res.statusCode !== 200 || typeof sid !== 'string')
        throw new Error(`initialize failed: ${res.body}`);
      await kit.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sid });
      return sid;
    },
    rpc(sessionId, method, params, headers = {}) {
      return kit.post(
        { jsonrpc: '2.0', id: nextId++, method, ...(params === undefined ? {} : { params }) },
        { 'mcp-session-id': sessionId, ...headers },
      );
    },
    listen,
    sessionRow(sessionId) {
      return t.ctx.store.db
        .selectFrom('mcp_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
    },
    async close() {
      await agent.close();
      await t.close();
    },
  };
  return kit;
}
