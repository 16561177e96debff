import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import type { Selectable } from 'kysely';
import type { McpSessionsTable } from '../src/store/schema.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

/** Test support for the MCP endpoint: an app, a server created through the API, JSON-RPC helpers. */
export interface McpKit {
  t: TestApp;
  slug: string;
  serverUuid: string;
  url: string;
  post(body: unknown, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  /** Initializes a session (and sends notifications/initialized); returns its id. */
  initialize(protocolVersion?: string): Promise<string>;
  rpc(
    sessionId: string,
    method: string,
    params?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
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

export const JSON_AND_SSE = 'application/json, text/event-stream';

export async function createMcpKit(
  server: Record<string, unknown> = {},
  config: Record<string, unknown> = {},
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
  const kit: McpKit = {
    t,
    slug,
    serverUuid: uuid,
    url,
    post(body, headers = {}) {
      return t.app.inject({
        method: 'POST',
        url,
        payload: typeof body === 'string' ? body : JSON.stringify(body),
        headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      });
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
    async listen() {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    },
    sessionRow(sessionId) {
      return t.ctx.store.db
        .selectFrom('mcp_sessions')
        .selectAll()
        .where('id', '=', sessionId)
        .executeTakeFirstOrThrow();
    },
    close: () => t.close(),
  };
  return kit;
}
