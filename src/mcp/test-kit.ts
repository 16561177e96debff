import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

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
  close(): Promise<void>;
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
    close: () => t.close(),
  };
  return kit;
}
