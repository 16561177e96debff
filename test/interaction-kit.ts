// biome-ignore-all lint/suspicious/noExplicitAny: JSON-RPC answers are read loosely in the tests
import assert from 'node:assert/strict';
import { createMcpKit, JSON_AND_SSE, listenLocal, type McpKit } from './mcp-kit.ts';

/** Test support for multi-round calls: an app with tools that ask, an upstream that records calls. */

export const V = '2026-07-28';
export const ALL_CAPS = { elicitation: {}, sampling: {}, roots: {} };
export const meta = (capabilities: Record<string, unknown> = ALL_CAPS) => ({
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': capabilities,
});

export interface Seen {
  method: string;
  url: string;
  body: string;
}

export interface InteractionKit {
  k: McpKit;
  /** Requests the upstream received, in order. */
  seen: Seen[];
  upstreamUrl: string;
  /** A 2026-07-28 tools/call with the headers a conforming client sends. */
  call(
    name: string,
    extra?: Record<string, unknown>,
    capabilities?: Record<string, unknown>,
  ): Promise<{ result?: Record<string, any>; error?: { code: number; message: string; data?: any } }>;
  close(): Promise<void>;
}

export async function startInteractionKit(): Promise<InteractionKit> {
  const seen: Seen[] = [];
  const upstream = await listenLocal((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', body });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(req.url?.startsWith('/long') ? 'x'.repeat(5000) : `done ${req.method} ${req.url} ${body}`);
    });
  });
  const k = await createMcpKit();
  const addTool = async (body: Record<string, unknown>) => {
    const r = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, body);
    assert.equal(r.statusCode, 201, r.body);
  };
  await addTool({
    name: 'Delete item',
    slug: 'delete_item',
    endpoint_url: `${upstream.url}/items/{id}`,
    http_method: 'DELETE',
    input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    parameter_mapping: { id: { target: 'path', key: 'id' } },
  });
  await addTool({
    name: 'Approve',
    slug: 'approve',
    endpoint_url: `${upstream.url}/approve`,
    http_method: 'POST',
    input_schema: {
      type: 'object',
      properties: { order: { type: 'string' }, code: { type: 'string', description: 'Approval code' } },
      required: ['order', 'code'],
    },
    interaction: {
      inputs: [
        { key: 'approval', kind: 'user', message: 'Approval code for {{order}}?', arguments: ['code'] },
      ],
    },
  });
  await addTool({
    name: 'Approve and confirm',
    slug: 'approve_confirmed',
    endpoint_url: `${upstream.url}/approve`,
    http_method: 'POST',
    input_schema: { type: 'object', properties: { code: { type: 'string' } }, required: ['code'] },
    interaction: {
      confirm: 'always',
      inputs: [{ key: 'approval', kind: 'user', message: 'Approval code?', arguments: ['code'] }],
    },
  });
  await addTool({
    name: 'Create ticket',
    slug: 'create_ticket',
    endpoint_url: `${upstream.url}/tickets`,
    http_method: 'POST',
    input_schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'] },
    interaction: { ask_missing: true },
  });
  await addTool({
    name: 'Long report',
    slug: 'long_report',
    endpoint_url: `${upstream.url}/long`,
    http_method: 'GET',
    interaction: { summary: { instruction: 'Summarise in one line.', over_bytes: 1000, max_tokens: 80 } },
  });
  return {
    k,
    seen,
    upstreamUrl: upstream.url,
    call: (name, extra = {}, capabilities = ALL_CAPS) =>
      k
        .post(
          {
            jsonrpc: '2.0',
            id: 1,
            method: 'tools/call',
            params: { name, arguments: {}, ...extra, _meta: meta(capabilities) },
          },
          { accept: JSON_AND_SSE, 'mcp-protocol-version': V, 'mcp-method': 'tools/call', 'mcp-name': name },
        )
        .then((r) => r.json()),
    async close() {
      await k.close();
      upstream.server.close();
    },
  };
}
