import assert from 'node:assert/strict';
import { Readable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { createMcpKit, type KitResponse, listenLocal, type McpKit } from '../../../test/mcp-kit.ts';

/** Headers that differ between two answers for reasons of the connection, not of the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(res: KitResponse, volatile: string[] = []) {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!CONNECTION_HEADERS.has(name) && !volatile.includes(name)) headers[name] = value;
  return { status: res.statusCode, headers, body: res.body };
}

describe('an MCP POST answers the same over a socket and through inject(): one door', () => {
  let sock: McpKit;
  let upstream: Awaited<ReturnType<typeof listenLocal>>;

  before(async () => {
    upstream = await listenLocal((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id: 7, path: req.url, tags: ['a', 'b'] }));
    });
    sock = await createMcpKit({ cors_origins: 'https://app.example' }, { bodyLimitBytes: 4096 });
    const tool = await sock.t.api('POST', `/servers/${sock.serverUuid}/tools`, {
      name: 'Get pet',
      slug: 'get-pet',
      endpoint_url: `${upstream.url}/pets/{{id}}`,
      http_method: 'GET',
      input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      parameter_mapping: { id: { target: 'path', key: 'id' } },
    });
    assert.equal(tool.statusCode, 201, tool.body);
  });
  after(async () => {
    await sock.close();
    upstream.server.close();
  });

  /** The same POST over a socket and through inject(). */
  async function both(body: unknown, headers: Record<string, string> = {}, url?: string) {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const all = { 'content-type': 'application/json', accept: 'application/json', ...headers };
    const origin = await sock.listen();
    const viaSocket = await request(`${origin}${url ?? sock.url}`, {
      method: 'POST',
      body: payload,
      headers: all,
    });
    const text = await viaSocket.body.text();
    const socket: KitResponse = {
      statusCode: viaSocket.statusCode,
      headers: viaSocket.headers,
      body: text,
      json: () => JSON.parse(text),
    };
    const route = await sock.t.app.inject({ method: 'POST', url: url ?? sock.url, payload, headers: all });
    return { socket, route };
  }

  test("the HTTP server is fastify's own, with its defaults", async () => {
    await sock.listen();
    const server = sock.t.app.server;
    // Fastify's defaults (keepAliveTimeout 72 s, no request or connection timeout), not Node's (5 s).
    assert.equal(server.keepAliveTimeout, 72_000);
    assert.equal(server.requestTimeout, 0);
    assert.equal(server.timeout, 0);
  });

  test('initialize, notifications, ping, tools/list and tools/call: same status, headers and body', async () => {
    const init = {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    };
    const first = await both(init);
    assert.equal(first.socket.statusCode, 200);
    assert.deepEqual(
      comparable(first.socket, ['mcp-session-id']),
      comparable(first.route, ['mcp-session-id']),
    );
    assert.equal(typeof first.socket.headers['mcp-session-id'], 'string');

    const sid = await sock.initialize();
    const session = { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' };
    for (const [body, status] of [
      [{ jsonrpc: '2.0', method: 'notifications/initialized' }, 202],
      [{ jsonrpc: '2.0', id: 2, method: 'ping' }, 200],
      [{ jsonrpc: '2.0', id: 3, method: 'tools/list' }, 200],
      [
        { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'get-pet', arguments: { id: 7 } } },
        200,
      ],
      [
        { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'get-pet', arguments: { id: 'x' } } },
        200,
      ],
      [{ jsonrpc: '2.0', id: 6, method: 'nope' }, 200],
    ] as const) {
      const { socket, route } = await both(body, session);
      assert.equal(socket.statusCode, status, socket.body);
      assert.deepEqual(comparable(socket), comparable(route), JSON.stringify(body));
    }
    const call = await both(
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get-pet', arguments: { id: 7 } } },
      session,
    );
    assert.equal(
      call.socket.json().result.content[0].text,
      '{\n  "id": 7,\n  "path": "/pets/7",\n  "tags": [\n    "a",\n    "b"\n  ]\n}',
    );
  });

  test('refusals: bad JSON, no session, unknown session or slug, Accept, batches, CORS', async () => {
    const sid = await sock.initialize();
    const cases: Array<[unknown, Record<string, string>, number, string?]> = [
      ['{"jsonrpc":', {}, 400],
      ['', {}, 400],
      ['   ', {}, 400],
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }, {}, 400],
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': 'nope' }, 404],
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }, { 'mcp-session-id': sid, accept: 'text/html' }, 406],
      [[{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'mcp-session-id': sid }, 400],
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-session-id': sid, 'mcp-protocol-version': '1999-01-01' },
        400,
      ],
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-session-id': sid, origin: 'https://evil.example' },
        403,
      ],
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { 'mcp-session-id': sid, origin: 'https://app.example' },
        200,
      ],
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }, {}, 404, '/mcp/no-such-server'],
      [{ jsonrpc: '2.0', id: 1, method: 'ping' }, {}, 404, '/mcp/nul%00slug'],
      ['{"a":'.repeat(200), {}, 400],
    ];
    for (const [body, headers, status, url] of cases) {
      const { socket, route } = await both(body, headers, url);
      assert.equal(socket.statusCode, status, `${JSON.stringify(body)}: ${socket.body}`);
      assert.deepEqual(comparable(socket), comparable(route), JSON.stringify(body));
    }
  });

  test('2026-07-28 requests (no session) too', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'lane-test', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    for (const [method, params, extra] of [
      ['server/discover', {}, {}],
      ['tools/call', { name: 'get-pet', arguments: { id: 3 } }, { 'mcp-name': 'get-pet' }],
    ] as const) {
      const { socket, route } = await both(
        { jsonrpc: '2.0', id: 'd', method, params: { _meta: meta, ...params } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...extra },
      );
      assert.equal(socket.statusCode, 200, socket.body);
      assert.deepEqual(comparable(socket), comparable(route));
    }
  });

  test('a body over the limit is 413 and the connection closes, declared or streamed', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5000) } });
    const { socket, route } = await both(big);
    assert.equal(socket.statusCode, 413);
    assert.equal(socket.headers.connection, 'close');
    assert.deepEqual(comparable(socket), comparable(route));
    assert.equal(socket.json().error.message, 'Request body is too large');

    // No Content-Length (chunked): counted as it arrives.
    const origin = await sock.listen();
    const res = await request(`${origin}${sock.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: Readable.from(
        (function* () {
          for (let i = 0; i < 10; i++) yield Buffer.from('x'.repeat(1000));
        })(),
      ),
    });
    assert.equal(res.statusCode, 413);
    assert.equal(res.headers.connection, 'close');
    assert.equal(((await res.body.json()) as { error: { code: number } }).error.code, -32600);
  });

  test('another Content-Type, a query string, an encoded or over-long slug', async () => {
    const sid = await sock.initialize();
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    for (const [headers, url, status] of [
      [{ 'content-type': 'text/plain' }, undefined, 415],
      [{ 'content-type': 'application/json; charset=latin1' }, undefined, 200],
      [{}, `${sock.url}?x=1`, 200],
      [{}, `/mcp/${encodeURIComponent(sock.slug)}%2D`, 404],
      [{}, `/mcp/${'a'.repeat(101)}`, 414],
    ] as const) {
      const { socket, route } = await both(ping, { 'mcp-session-id': sid, ...headers }, url);
      assert.equal(socket.statusCode, status, socket.body);
      assert.deepEqual(comparable(socket), comparable(route));
    }
  });
});
