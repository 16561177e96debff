import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { request } from 'undici';
import { createMcpKit, type KitResponse, listenLocal, type McpKit } from '../../test/mcp-kit.ts';
import { serializeRequest } from '../http/log-serializers.ts';
import { createPostLane } from './post-lane.ts';

/** Headers that differ between two answers for reasons of the connection, not of the answer. */
const CONNECTION_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding']);

function comparable(res: KitResponse, volatile: string[] = []) {
  const headers: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(res.headers))
    if (!CONNECTION_HEADERS.has(name) && !volatile.includes(name)) headers[name] = value;
  return { status: res.statusCode, headers, body: res.body };
}

describe('the MCP POST lane (ahead of fastify) answers as the fastify route does', () => {
  let sock: McpKit;
  let upstream: Awaited<ReturnType<typeof listenLocal>>;
  let taken = 0;

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
    // Counts what the lane takes (the server reads the array on every request).
    const lanes = sock.t.app.frontDoor.lanes;
    assert.equal(lanes.length, 1);
    const take = lanes[0]!;
    lanes[0] = (req, res) => {
      const took = take(req, res);
      if (took) taken++;
      return took;
    };
  });
  after(async () => {
    await sock.close();
    upstream.server.close();
  });

  /** The same POST through the lane (a socket) and through fastify's route (inject). */
  async function both(body: unknown, headers: Record<string, string> = {}, url?: string) {
    const payload = typeof body === 'string' ? body : JSON.stringify(body);
    const all = { 'content-type': 'application/json', accept: 'application/json', ...headers };
    const before = taken;
    const origin = await sock.listen();
    const viaSocket = await request(`${origin}${url ?? sock.url}`, {
      method: 'POST',
      body: payload,
      headers: all,
    });
    const text = await viaSocket.body.text();
    const lane: KitResponse = {
      statusCode: viaSocket.statusCode,
      headers: viaSocket.headers,
      body: text,
      json: () => JSON.parse(text),
    };
    const route = await sock.t.app.inject({ method: 'POST', url: url ?? sock.url, payload, headers: all });
    return { lane, route, tookLane: taken > before };
  }

  test('the server under the lane is set up as fastify sets up its own', async () => {
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
    assert.equal(first.tookLane, true);
    assert.equal(first.lane.statusCode, 200);
    assert.deepEqual(comparable(first.lane, ['mcp-session-id']), comparable(first.route, ['mcp-session-id']));
    assert.equal(typeof first.lane.headers['mcp-session-id'], 'string');

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
      const { lane, route, tookLane } = await both(body, session);
      assert.equal(tookLane, true);
      assert.equal(lane.statusCode, status, lane.body);
      assert.deepEqual(comparable(lane), comparable(route), JSON.stringify(body));
    }
    const call = await both(
      { jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'get-pet', arguments: { id: 7 } } },
      session,
    );
    assert.equal(
      call.lane.json().result.content[0].text,
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
      ['{"a":'.repeat(200), {}, 400],
    ];
    for (const [body, headers, status, url] of cases) {
      const { lane, route, tookLane } = await both(body, headers, url);
      assert.equal(tookLane, true);
      assert.equal(lane.statusCode, status, `${JSON.stringify(body)}: ${lane.body}`);
      assert.deepEqual(comparable(lane), comparable(route), JSON.stringify(body));
    }
  });

  test('2026-07-28 requests (no session) go through the lane too', async () => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'lane-test', version: '1' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    for (const [method, params, extra] of [
      ['server/discover', {}, {}],
      ['tools/call', { name: 'get-pet', arguments: { id: 3 } }, { 'mcp-name': 'get-pet' }],
    ] as const) {
      const { lane, route, tookLane } = await both(
        { jsonrpc: '2.0', id: 'd', method, params: { _meta: meta, ...params } },
        { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method, ...extra },
      );
      assert.equal(tookLane, true);
      assert.equal(lane.statusCode, 200, lane.body);
      assert.deepEqual(comparable(lane), comparable(route));
    }
  });

  test('a body over the limit is 413 and the connection closes, declared or streamed', async () => {
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(5000) } });
    const { lane, route, tookLane } = await both(big);
    assert.equal(tookLane, true);
    assert.equal(lane.statusCode, 413);
    assert.equal(lane.headers.connection, 'close');
    assert.deepEqual(comparable(lane), comparable(route));
    assert.equal(lane.json().error.message, 'Request body is too large');

    // No Content-Length (chunked): counted as it arrives.
    const before = taken;
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
    assert.equal(taken, before + 1);
    assert.equal(res.statusCode, 413);
    assert.equal(res.headers.connection, 'close');
    assert.equal(((await res.body.json()) as { error: { code: number } }).error.code, -32600);
  });

  test('what is not the plain form is left to fastify, which answers it', async () => {
    const sid = await sock.initialize();
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    for (const [headers, url, status] of [
      [{ 'content-type': 'text/plain' }, undefined, 415],
      [{ 'content-type': 'application/json; charset=latin1' }, undefined, 200],
      [{}, `${sock.url}?x=1`, 200],
      [{}, `/mcp/${encodeURIComponent(sock.slug)}%2D`, 404],
      [{}, `/mcp/${'a'.repeat(101)}`, 414],
    ] as const) {
      const { lane, route, tookLane } = await both(ping, { 'mcp-session-id': sid, ...headers }, url);
      assert.equal(tookLane, false, `${url} ${JSON.stringify(headers)}`);
      assert.equal(lane.statusCode, status, lane.body);
      assert.deepEqual(comparable(lane), comparable(route));
    }
  });
});

describe('the POST lane on its own', () => {
  /** A lane behind a plain server, its log lines kept. */
  async function laneServer(handle: Parameters<typeof createPostLane>[0]['handle']) {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)));
        done();
      },
    });
    const log = pino({ level: 'info', serializers: { req: serializeRequest as never } }, sink);
    const lane = createPostLane({
      handle,
      fail: (_request, reply, error) => {
        reply.code((error as { status?: number }).status ?? 500).send({ failed: String(error.message) });
      },
      log: log as unknown as FastifyBaseLogger,
      bodyLimit: 1024,
    });
    const server = createServer((req, res) => {
      if (!lane.take(req, res)) {
        res.writeHead(599);
        res.end();
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return { lane, lines, url, close: () => server.close() };
  }

  test("writes no request line of its own: request lines are the front door's, at debug", async () => {
    const s = await laneServer((request, reply) => {
      reply
        .code(201)
        .type('application/json; charset=utf-8')
        .send(`{"got":${JSON.stringify(request.body)}}`);
    });
    try {
      const res = await request(`${s.url}/mcp/demo`, {
        method: 'POST',
        body: '{"a":1}',
        headers: { 'content-type': 'application/json', authorization: 'Bearer secret-token' },
      });
      assert.equal(res.statusCode, 201);
      assert.deepEqual(await res.body.json(), { got: '{"a":1}' });
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(s.lines, []);
    } finally {
      s.close();
    }
  });

  test('a handler that throws or rejects reaches the error handler; close() leaves every request to fastify', async () => {
    let mode: 'throw' | 'reject' = 'throw';
    const s = await laneServer(() => {
      if (mode === 'throw') throw Object.assign(new Error('thrown'), { status: 418 });
      return Promise.reject(Object.assign(new Error('rejected'), { status: 409 }));
    });
    try {
      const post = () =>
        request(`${s.url}/mcp/demo`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json' },
        });
      const thrown = await post();
      assert.equal(thrown.statusCode, 418);
      assert.deepEqual(await thrown.body.json(), { failed: 'thrown' });
      mode = 'reject';
      const rejected = await post();
      assert.equal(rejected.statusCode, 409);
      assert.deepEqual(await rejected.body.json(), { failed: 'rejected' });
      s.lane.close();
      const closed = await post();
      assert.equal(closed.statusCode, 599);
      await closed.body.dump();
    } finally {
      s.close();
    }
  });
});
