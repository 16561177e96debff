import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMcpKit, type McpKit } from '../../../test/mcp-kit.ts';
import { forgetCachedRecords } from '../record-cache.ts';

describe('MCP transport: lifecycle and sessions', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit({}, { sessionTtlMinutes: 5 });
  });
  after(() => k.close());

  test('initialize answers the spec fields and issues a visible-ASCII session id', async () => {
    const res = await k.post({
      jsonrpc: '2.0',
      id: 'init-1',
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'application/json; charset=utf-8');
    const sid = String(res.headers['mcp-session-id']);
    assert.match(sid, /^[\x21-\x7e]{32,}$/);
    assert.deepEqual(res.json(), {
      jsonrpc: '2.0',
      id: 'init-1',
      result: {
        protocolVersion: '2025-06-18',
        capabilities: {
          tools: { listChanged: true },
          prompts: { listChanged: true },
          resources: { subscribe: true, listChanged: true },
          logging: {},
          completions: {},
        },
        serverInfo: { name: 'Demo Server', version: k.t.ctx.version },
      },
    });
  });

  test('negotiates: supported versions are echoed, others get the newest', async () => {
    for (const [asked, answered] of [
      ['2025-11-25', '2025-11-25'],
      ['2025-03-26', '2025-03-26'],
      ['2024-11-05', '2024-11-05'],
      ['2026-07-28', '2025-11-25'],
      ['1999-01-01', '2025-11-25'],
    ]) {
      const res = await k.post({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: asked },
      });
      assert.equal(res.json().result.protocolVersion, answered, asked);
    }
  });

  test('initialize without protocolVersion is -32602', async () => {
    const res = await k.post({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} });
    assert.equal(res.json().error.code, -32602);
  });

  test('notifications/initialized is 202 without a body', async () => {
    const sid = await k.initialize();
    const res = await k.post(
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { 'mcp-session-id': sid },
    );
    assert.equal(res.statusCode, 202);
    assert.equal(res.body, '');
  });

  test('ping answers {}', async () => {
    const sid = await k.initialize();
    const res = await k.rpc(sid, 'ping');
    assert.deepEqual(res.json().result, {});
  });

  test('a request without a session is 400, an unknown session 404', async () => {
    const missing = await k.post({ jsonrpc: '2.0', id: 1, method: 'tools/list' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().error.code, -32000);
    const unknown = await k.rpc('no-such-session', 'tools/list');
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.code, -32001);
  });

  test('a server/discover without _meta is a malformed 2026-07-28 request: 400 -32602 with its id', async () => {
    const res = await k.post(
      { jsonrpc: '2.0', id: 1, method: 'server/discover', params: {} },
      { 'mcp-protocol-version': '2026-07-28' },
    );
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().jsonrpc, '2.0');
    assert.equal(res.json().id, 1);
    assert.equal(res.json().error.code, -32602);
    const bare = await k.post({ jsonrpc: '2.0', id: 1, method: 'server/discover' });
    assert.equal(bare.statusCode, 400);
  });

  test('MCP-Protocol-Version: unsupported is 400, missing is assumed 2025-03-26', async () => {
    const sid = await k.initialize('2025-06-18');
    const bad = await k.rpc(sid, 'ping', undefined, { 'mcp-protocol-version': '2019-01-01' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.json().error.message, /Unsupported protocol version/);
    const ok = await k.rpc(sid, 'ping', undefined, { 'mcp-protocol-version': '2025-06-18' });
    assert.equal(ok.statusCode, 200);
    const none = await k.rpc(sid, 'ping');
    assert.equal(none.statusCode, 200);
  });

  test('DELETE ends the session; later requests get 404', async () => {
    const sid = await k.initialize();
    const del = await k.t.app.inject({ method: 'DELETE', url: k.url, headers: { 'mcp-session-id': sid } });
    assert.equal(del.statusCode, 200);
    const after = await k.rpc(sid, 'ping');
    assert.equal(after.statusCode, 404);
    const again = await k.t.app.inject({ method: 'DELETE', url: k.url, headers: { 'mcp-session-id': sid } });
    assert.equal(again.statusCode, 404);
    const row = await k.sessionRow(sid);
    assert.ok(row.ended_at);
  });

  test('an idle session expires after sessionTtlMinutes', async () => {
    const sid = await k.initialize();
    const old = new Date(Date.now() - 6 * 60_000).toISOString();
    await k.t.ctx.store.db
      .updateTable('mcp_sessions')
      .set({ last_seen_at: old })
      .where('id', '=', sid)
      .execute();
    forgetCachedRecords(k.t.ctx); // the write above bypassed the events that keep the cache current
    const res = await k.rpc(sid, 'ping');
    assert.equal(res.statusCode, 404);
  });

  test('a session of one server is unknown on another', async () => {
    const sid = await k.initialize();
    const other = await k.t.api('POST', '/servers', { name: 'Other' });
    const res = await k.t.app.inject({
      method: 'POST',
      url: `/mcp/${other.json().slug}`,
      headers: { 'content-type': 'application/json', 'mcp-session-id': sid },
      payload: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    assert.equal(res.statusCode, 404);
  });

  test('sessions live in the store: a second app over the same database continues them', async () => {
    const sid = await k.initialize();
    const { buildApp } = await import('../../app.ts');
    const second = await buildApp(k.t.ctx);
    try {
      const res = await second.inject({
        method: 'POST',
        url: k.url,
        headers: { 'content-type': 'application/json', 'mcp-session-id': sid },
        payload: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }),
      });
      assert.deepEqual(res.json(), { jsonrpc: '2.0', id: 7, result: {} });
    } finally {
      await second.close();
    }
  });
});

describe('MCP transport: server states and gatekeeping', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit();
  });
  after(() => k.close());

  test('an unknown slug is 404 with a JSON-RPC body', async () => {
    const res = await k.t.app.inject({
      method: 'POST',
      url: '/mcp/nope',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error.code, -32000);
  });

  test('a paused server is 503 -32000, a draft one 404', async () => {
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { status: 'paused' });
    const paused = await k.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    });
    assert.equal(paused.statusCode, 503);
    assert.equal(paused.json().error.code, -32000);
    assert.match(paused.json().error.message, /paused/);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { status: 'draft' });
    const draft = await k.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25' },
    });
    assert.equal(draft.statusCode, 404);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { status: 'active' });
  });

  test('CORS: empty cors_origins allows any origin on this host, with a preflight', async () => {
    const pre = await k.t.app.inject({
      method: 'OPTIONS',
      url: k.url,
      headers: {
        origin: 'https://app.example',
        host: 'localhost:8080',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type, mcp-session-id',
      },
    });
    assert.equal(pre.statusCode, 204);
    assert.equal(pre.headers['access-control-allow-origin'], '*');
    assert.match(String(pre.headers['access-control-allow-methods']), /POST/);
    assert.equal(pre.headers['access-control-allow-headers'], 'content-type, mcp-session-id');
    const res = await k.post(
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } },
      { origin: 'https://app.example', host: 'localhost:8080' },
    );
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['access-control-allow-origin'], '*');
    assert.match(String(res.headers['access-control-expose-headers']), /Mcp-Session-Id/);
  });

  test('CORS: a refusal after the gate carries the CORS headers too, beside its own', async () => {
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    const browser = { origin: 'https://app.example', host: 'localhost:8080' };
    const unknown = await k.post(list, { ...browser, 'mcp-session-id': 'no-such-session' });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error.message, 'Session not found');
    assert.equal(unknown.headers['access-control-allow-origin'], '*');
    assert.match(String(unknown.headers['access-control-expose-headers']), /Mcp-Session-Id/);
    const missing = await k.post(list, browser);
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.headers['access-control-allow-origin'], '*');
    // Refused before the server is known: nothing to take CORS headers from.
    const nowhere = await k.t.app.inject({
      method: 'POST',
      url: '/mcp/no-such-server',
      headers: {
        ...browser,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      payload: JSON.stringify(list),
    });
    assert.equal(nowhere.statusCode, 404);
    assert.equal(nowhere.headers['access-control-allow-origin'], undefined);
  });

  test('DNS rebinding: a foreign Host with a foreign Origin is 403; the public host is accepted', async () => {
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } };
    const evil = await k.post(init, { host: 'evil.example.com', origin: 'http://evil.example.com' });
    assert.equal(evil.statusCode, 403);
    assert.equal(evil.json().error.code, -32000);
    const pub = await k.post(init, { host: 'gateway.test', origin: 'http://gateway.test' });
    assert.equal(pub.statusCode, 200);
    const native = await k.post(init, { host: 'internal-name' });
    assert.equal(native.statusCode, 200);
  });

  test('a listed cors_origins allows only those origins (403 otherwise, preflight too)', async () => {
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, {
      cors_origins: 'https://a.example, https://b.example',
    });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } };
    const ok = await k.post(init, { origin: 'https://b.example' });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.headers['access-control-allow-origin'], 'https://b.example');
    assert.equal(ok.headers.vary, 'Origin');
    const bad = await k.post(init, { origin: 'https://c.example' });
    assert.equal(bad.statusCode, 403);
    const pre = await k.t.app.inject({
      method: 'OPTIONS',
      url: k.url,
      headers: { origin: 'https://c.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(pre.statusCode, 403);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { cors_origins: '' });
  });

  test('the server rate limit counts every request per client, initialize and ping included; notifications are free; 429 with Retry-After', async () => {
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { rate_limit_per_min: 4 });
    const from = (remoteAddress: string, headers: Record<string, string> = {}) => ({
      post: (body: unknown, sid?: string) =>
        k.t.app.inject({
          method: 'POST',
          url: k.url,
          remoteAddress,
          payload: JSON.stringify(body),
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(sid ? { 'mcp-session-id': sid } : {}),
            ...headers,
          },
        }),
    });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } };
    const a = from('192.0.2.1');
    // initialize (1), notifications (free), ping (2), tools/list (3, 4), then anything is 429.
    const first = await a.post(init);
    assert.equal(first.statusCode, 200);
    const sid = String(first.headers['mcp-session-id']);
    for (let i = 0; i < 3; i++)
      assert.equal(
        (await a.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sid)).statusCode,
        202,
      );
    assert.equal((await a.post({ jsonrpc: '2.0', id: 2, method: 'ping' }, sid)).statusCode, 200);
    const list = { jsonrpc: '2.0', id: 3, method: 'tools/list' };
    for (let i = 0; i < 2; i++) assert.equal((await a.post(list, sid)).statusCode, 200, `request ${i + 3}`);
    const countSessions = async () =>
      (await k.t.ctx.store.db.selectFrom('mcp_sessions').select('id').execute()).length;
    const sessionsBefore = await countSessions();
    for (const body of [list, { jsonrpc: '2.0', id: 4, method: 'ping' }, init]) {
      const limited = await a.post(body, body === init ? undefined : sid);
      assert.equal(limited.statusCode, 429, JSON.stringify(body));
      assert.ok(Number(limited.headers['retry-after']) >= 1);
      assert.equal(limited.json().error.code, -32000);
    }
    // The refused initialize created no session; notifications still pass (a cancellation must
    // reach the gateway).
    assert.equal(await countSessions(), sessionsBefore);
    assert.equal(
      (await a.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, sid)).statusCode,
      202,
    );
    // Another client (connection address) has its own count.
    const b = from('192.0.2.2');
    const other = String((await b.post(init)).headers['mcp-session-id']);
    assert.equal((await b.post(list, other)).statusCode, 200);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { rate_limit_per_min: 10_000 });
  });

  test('with TRUST_PROXY off, a client varying X-Forwarded-For (or CF-Connecting-IP, X-Real-IP) stays in its limit', async () => {
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { rate_limit_per_min: 2 });
    const post = (body: unknown, n: number, sid?: string) =>
      k.t.app.inject({
        method: 'POST',
        url: k.url,
        remoteAddress: '192.0.2.50',
        payload: JSON.stringify(body),
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-forwarded-for': `203.0.113.${n}`,
          'cf-connecting-ip': `198.51.100.${n}`,
          'x-real-ip': `192.0.2.${100 + n}`,
          ...(sid ? { 'mcp-session-id': sid } : {}),
        },
      });
    const init = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } };
    const sid = String((await post(init, 0)).headers['mcp-session-id']);
    const statuses = [];
    for (let n = 1; n <= 5; n++)
      statuses.push((await post({ jsonrpc: '2.0', id: n, method: 'tools/list' }, n, sid)).statusCode);
    // initialize took the first of the two.
    assert.deepEqual(statuses, [200, 429, 429, 429, 429]);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { rate_limit_per_min: 10_000 });
  });

  test('PUT, PATCH and HEAD are 405 and the well-known document is 404 for a non-oauth server', async () => {
    for (const method of ['PUT', 'PATCH', 'HEAD'] as const) {
      const res = await k.t.app.inject({ method, url: k.url });
      assert.equal(res.statusCode, 405, method);
    }
    const doc = await k.t.app.inject({
      method: 'GET',
      url: `/.well-known/oauth-protected-resource/mcp/${k.slug}`,
    });
    assert.equal(doc.statusCode, 404);
  });
});
