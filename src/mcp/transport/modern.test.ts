import assert from 'node:assert/strict';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildTestApp } from '../../../test/helpers.ts';
import { redisReachable, TEST_REDIS_URL } from '../../../test/kit/redis.ts';
import { createMcpKit, JSON_AND_SSE, listenLocal, type McpKit } from '../../../test/mcp-kit.ts';

const V = '2026-07-28';
const META = {
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientInfo': { name: 'modern-test', version: '1.0.0' },
  'io.modelcontextprotocol/clientCapabilities': {},
};

/** A 2026-07-28 request with the headers a conforming client sends (overridable). */
function modern(
  k: McpKit,
  method: string,
  params: Record<string, unknown> = {},
  headers: Record<string, string> = {},
  id: number | string = 7,
) {
  const name = params.name ?? params.uri;
  return k.post(
    { jsonrpc: '2.0', id, method, params: { _meta: META, ...params } },
    {
      accept: JSON_AND_SSE,
      'mcp-protocol-version': V,
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...headers,
    },
  );
}

// Probed before any test runs, so a busy event loop cannot make the probe time out.
const REDIS_URL = TEST_REDIS_URL;
const redis = await redisReachable();
if (!redis && process.env.CI === 'true')
  throw new Error(`Redis must be reachable at ${REDIS_URL} under CI=true`);

describe('MCP 2026-07-28 beside the 2025 revisions', () => {
  let k: McpKit;
  const seen: IncomingHttpHeaders[] = [];
  let upstream: Awaited<ReturnType<typeof listenLocal>>;

  before(async () => {
    upstream = await listenLocal((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('pong');
    });
    k = await createMcpKit();
    const add = (slug: string, sort_order: number) =>
      k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
        name: `Tool ${slug}`,
        slug,
        endpoint_url: `${upstream.url}/${slug}`,
        http_method: 'GET',
        sort_order,
      });
    await add('zeta', 0);
    await add('alpha', 1);
    await add('mid', 1);
  });
  after(async () => {
    await k.close();
    upstream.server.close();
  });

  test('era detection: initialize opens a 2025 session; a request whose _meta names 2026-07-28 is answered without one', async () => {
    const init = await k.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'old', version: '1' } },
    });
    assert.equal(init.statusCode, 200);
    assert.equal(typeof init.headers['mcp-session-id'], 'string');
    assert.equal(init.json().result.protocolVersion, '2025-11-25');

    const res = await modern(k, 'tools/list');
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers['mcp-session-id'], undefined);
    assert.equal(res.json().id, 7);
    assert.equal(res.json().result.resultType, 'complete');
  });

  test('a 2025 request without a session still gets the 2025 answer (400 -32000), not a 2026 one', async () => {
    const res = await k.post(
      { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      { 'mcp-protocol-version': '2025-11-25', accept: JSON_AND_SSE },
    );
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, -32000);
  });

  test('server/discover lists every served version, the capabilities, serverInfo in _meta and caching hints', async () => {
    const res = await modern(k, 'server/discover');
    assert.equal(res.statusCode, 200);
    const r = res.json().result;
    assert.deepEqual(r.supportedVersions, [
      '2026-07-28',
      '2025-11-25',
      '2025-06-18',
      '2025-03-26',
      '2024-11-05',
    ]);
    assert.deepEqual(r.capabilities.tools, { listChanged: true });
    assert.equal(r._meta['io.modelcontextprotocol/serverInfo'].name, 'Demo Server');
    assert.equal(r.resultType, 'complete');
    assert.equal(r.ttlMs, 300_000);
    assert.equal(r.cacheScope, 'public');
  });

  test('tools/list is in a deterministic order (sort order, then name) and carries ttlMs/cacheScope', async () => {
    const a = (await modern(k, 'tools/list')).json().result;
    const b = (await modern(k, 'tools/list')).json().result;
    assert.deepEqual(
      a.tools.map((t: { name: string }) => t.name),
      ['zeta', 'alpha', 'mid'],
    );
    assert.deepEqual(a, b);
    assert.equal(a.ttlMs, 300_000);
    assert.equal(a.cacheScope, 'public');
  });

  test('_meta missing, or without protocolVersion or clientCapabilities: 400 -32602 carrying the request id', async () => {
    const bare = await k.post(
      { jsonrpc: '2.0', id: 101, method: 'server/discover', params: {} },
      { 'mcp-protocol-version': V, 'mcp-method': 'server/discover' },
    );
    assert.equal(bare.statusCode, 400);
    assert.deepEqual([bare.json().id, bare.json().error.code], [101, -32602]);
    for (const drop of [
      'io.modelcontextprotocol/protocolVersion',
      'io.modelcontextprotocol/clientCapabilities',
    ]) {
      const meta: Record<string, unknown> = { ...META };
      delete meta[drop];
      const res = await k.post(
        { jsonrpc: '2.0', id: 102, method: 'server/discover', params: { _meta: meta } },
        { 'mcp-protocol-version': V, 'mcp-method': 'server/discover' },
      );
      assert.equal(res.statusCode, 400, drop);
      assert.deepEqual([res.json().id, res.json().error.code], [102, -32602]);
    }
  });

  test('an unsupported version is 400 -32022 listing the supported versions and echoing the requested one', async () => {
    const res = await k.post(
      {
        jsonrpc: '2.0',
        id: 301,
        method: 'server/discover',
        params: { _meta: { ...META, 'io.modelcontextprotocol/protocolVersion': 'v999.0.0' } },
      },
      { 'mcp-protocol-version': 'v999.0.0', 'mcp-method': 'server/discover' },
    );
    assert.equal(res.statusCode, 400);
    const { id, error } = res.json();
    assert.equal(id, 301);
    assert.equal(error.code, -32022);
    assert.equal(error.data.requested, 'v999.0.0');
    assert.ok(error.data.supported.includes('2026-07-28'));
  });

  test('header checks: version, method and name must match the body (-32020, HTTP 400); base64 names are decoded', async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['version differs', { 'mcp-protocol-version': '2025-11-25' }],
      ['method differs', { 'mcp-method': 'tools/list' }],
      ['name differs', { 'mcp-name': 'alpha' }],
      ['name is bad base64', { 'mcp-name': '=?base64?***?=' }],
      ['base64 of another name', { 'mcp-name': `=?base64?${Buffer.from('alpha').toString('base64')}?=` }],
    ];
    for (const [label, headers] of cases) {
      const res = await modern(k, 'tools/call', { name: 'zeta', arguments: {} }, headers);
      assert.equal(res.statusCode, 400, label);
      assert.equal(res.json().error.code, -32020, label);
      assert.equal(res.json().id, 7, label);
    }
    const missing = await k.post(
      { jsonrpc: '2.0', id: 8, method: 'tools/call', params: { _meta: META, name: 'zeta' } },
      { 'mcp-protocol-version': V, 'mcp-method': 'tools/call' },
    );
    assert.equal(missing.json().error.code, -32020);
    const encoded = await modern(
      k,
      'tools/call',
      { name: 'zeta', arguments: {} },
      {
        'mcp-name': `=?base64?${Buffer.from('zeta').toString('base64')}?=`,
      },
    );
    assert.equal(encoded.statusCode, 200, encoded.body);
    assert.equal(encoded.json().result.content[0].text, 'pong');
    assert.equal(encoded.json().result.resultType, 'complete');
  });

  test('x-mcp-header parameters: Mcp-Param-* must be present and match (base64 decoded, integers numerically), else -32020', async () => {
    const created = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Regional',
      slug: 'regional',
      endpoint_url: `${upstream.url}/regional`,
      http_method: 'GET',
      input_schema: {
        type: 'object',
        properties: {
          region: { type: 'string', 'x-mcp-header': 'Region' },
          count: { type: 'integer', 'x-mcp-header': 'Count' },
        },
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const args = { region: 'Zürich', count: 42 };
    const b64 = `=?base64?${Buffer.from('Zürich').toString('base64')}?=`;
    const ok = await modern(
      k,
      'tools/call',
      { name: 'regional', arguments: args },
      {
        'mcp-param-region': b64,
        'mcp-param-count': '42.0',
      },
    );
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().result.isError, false);
    const cases: Array<[string, Record<string, string>]> = [
      ['missing', { 'mcp-param-count': '42' }],
      ['different', { 'mcp-param-region': 'Bern', 'mcp-param-count': '42' }],
      ['bad base64', { 'mcp-param-region': '=?base64?%%%?=', 'mcp-param-count': '42' }],
      ['other number', { 'mcp-param-region': b64, 'mcp-param-count': '41' }],
    ];
    for (const [label, headers] of cases) {
      const res = await modern(k, 'tools/call', { name: 'regional', arguments: args }, headers);
      assert.equal(res.statusCode, 400, label);
      assert.equal(res.json().error.code, -32020, label);
    }
    const absent = await modern(k, 'tools/call', { name: 'regional', arguments: {} });
    assert.equal(absent.statusCode, 200, 'no value, no header expected');
  });

  test('removed methods and unknown ones are 404 -32601 in the 2026 era', async () => {
    for (const method of [
      'initialize',
      'ping',
      'logging/setLevel',
      'resources/subscribe',
      'resources/unsubscribe',
      'no/such',
    ]) {
      const res = await modern(k, method, {}, {}, 500);
      assert.equal(res.statusCode, 404, method);
      assert.deepEqual([res.json().id, res.json().error.code], [500, -32601], method);
    }
  });

  test('an unknown resource is -32602 with the uri in 2026, -32002 in 2025', async () => {
    const uri = 'test://nowhere';
    const res = await modern(k, 'resources/read', { uri });
    assert.deepEqual(res.json().error, { code: -32602, message: 'Resource not found', data: { uri } });
    const sid = await k.initialize();
    const old = await k.rpc(sid, 'resources/read', { uri });
    assert.equal(old.json().error.code, -32002);
  });

  test('traceparent and tracestate in _meta reach the upstream request; a malformed traceparent does not', async () => {
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    seen.length = 0;
    await modern(k, 'tools/call', {
      name: 'alpha',
      _meta: { ...META, traceparent, tracestate: 'vendor=1' },
    });
    assert.equal(seen[0]?.traceparent, traceparent);
    assert.equal(seen[0]?.tracestate, 'vendor=1');
    seen.length = 0;
    await modern(k, 'tools/call', { name: 'alpha', _meta: { ...META, traceparent: 'bogus\r\nx: y' } });
    assert.equal(seen[0]?.traceparent, undefined);
  });

  test('log lines only for requests that set _meta logLevel (SSE answer), none otherwise', async () => {
    const quiet = await modern(k, 'tools/call', { name: 'alpha' });
    assert.equal(quiet.headers['content-type'], 'application/json; charset=utf-8');
    const loud = await modern(k, 'tools/call', {
      name: 'alpha',
      _meta: { ...META, 'io.modelcontextprotocol/logLevel': 'info' },
    });
    assert.equal(loud.headers['content-type'], 'text/event-stream');
    const frames = loud.body
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)));
    assert.ok(frames.some((f) => f.method === 'notifications/message'));
    assert.equal(frames.at(-1).id, 7);
    assert.equal(frames.at(-1).result.content[0].text, 'pong');
  });

  test('a bearer-protected server marks its cacheable answers private', async () => {
    const res = await k.t.api('POST', '/servers', {
      name: 'Private',
      auth_type: 'bearer',
      auth_config: { token: 'secret-token-123456' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const slug = res.json().slug as string;
    const r = await k.t.app.inject({
      method: 'POST',
      url: `/mcp/${slug}`,
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: META } }),
      headers: {
        'content-type': 'application/json',
        accept: JSON_AND_SSE,
        authorization: 'Bearer secret-token-123456',
        'mcp-protocol-version': V,
        'mcp-method': 'tools/list',
      },
    });
    assert.equal(r.json().result.cacheScope, 'private', r.body);
  });
});

interface Frame {
  method?: string;
  params: { _meta: Record<string, unknown>; notifications?: unknown };
}

describe('subscriptions/listen across instances', {
  skip: redis ? false : `Redis not reachable at ${REDIS_URL}`,
}, () => {
  test('a tool added through the management API of another instance reaches an open listen stream', async () => {
    const a = await buildTestApp({ config: { redisUrl: REDIS_URL } });
    const dbFile = join(a.ctx.config.dataDir, 'toolgate.db');
    const b = await buildTestApp({ databaseUrl: `sqlite:${dbFile}`, config: { redisUrl: REDIS_URL } });
    try {
      const created = await a.api('POST', '/servers', { name: 'Shared', rate_limit_per_min: 1000 });
      const { slug, uuid } = created.json() as { slug: string; uuid: string };
      await a.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (a.app.server.address() as { port: number }).port;
      const controller = new AbortController();
      const res = await fetch(`http://127.0.0.1:${port}/mcp/${slug}`, {
        method: 'POST',
        signal: controller.signal,
        headers: {
          'content-type': 'application/json',
          accept: JSON_AND_SSE,
          'mcp-protocol-version': V,
          'mcp-method': 'subscriptions/listen',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'listen-1',
          method: 'subscriptions/listen',
          params: { _meta: META, notifications: { toolsListChanged: true, promptsListChanged: true } },
        }),
      });
      assert.equal(res.headers.get('content-type'), 'text/event-stream');
      const reader = res.body!.getReader();
      const frames: Frame[] = [];
      let buffer = '';
      const next = async () => {
        while (true) {
          const line = buffer.split('\n').find((l) => l.startsWith('data: '));
          if (line) {
            buffer = buffer.slice(buffer.indexOf(line) + line.length + 1);
            return JSON.parse(line.slice(6)) as Frame;
          }
          const { value, done } = await reader.read();
          if (done) throw new Error('stream ended');
          buffer += Buffer.from(value).toString('utf8');
        }
      };
      frames.push(await next());
      assert.equal(frames[0]!.method, 'notifications/subscriptions/acknowledged');
      assert.equal(frames[0]!.params._meta['io.modelcontextprotocol/subscriptionId'], 'listen-1');
      assert.deepEqual(frames[0]!.params.notifications, { toolsListChanged: true, promptsListChanged: true });

      const added = await b.api('POST', `/servers/${uuid}/tools`, {
        name: 'Late tool',
        endpoint_url: 'http://127.0.0.1:9/x',
        http_method: 'GET',
      });
      assert.equal(added.statusCode, 201, added.body);
      const change = await next();
      assert.equal(change.method, 'notifications/tools/list_changed');
      assert.equal(change.params._meta['io.modelcontextprotocol/subscriptionId'], 'listen-1');
      controller.abort();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
