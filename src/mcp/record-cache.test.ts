import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildTestApp } from '../../test/helpers.ts';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';
import { createRecordCache, recordCache, SESSION_RECHECK_MS } from './record-cache.ts';
import { createSession } from './sessions.ts';

/* Each test warms the cache with a request first, then changes the record through the API. */
describe('MCP record cache: changes are seen by the next request', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit();
  });
  after(() => k.close());

  test("PATCHing a server's auth_type refuses the next request", async () => {
    const sid = await k.initialize();
    assert.equal((await k.rpc(sid, 'ping')).statusCode, 200);
    const patched = await k.t.api('PATCH', `/servers/${k.serverUuid}`, {
      auth_type: 'bearer',
      auth_config: { token: 'now-required-0123456' },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const refused = await k.rpc(sid, 'ping');
    assert.equal(refused.statusCode, 401);
    const allowed = await k.rpc(sid, 'ping', undefined, { authorization: 'Bearer now-required-0123456' });
    assert.equal(allowed.statusCode, 200);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { auth_type: 'none' });
    assert.equal((await k.rpc(sid, 'ping')).statusCode, 200);
  });

  test('a renamed slug is served at once and the old one is 404', async () => {
    const other = await createMcpKit();
    try {
      assert.equal((await other.post({ jsonrpc: '2.0', id: 1, method: 'ping' })).statusCode, 400);
      const res = await other.t.api('PATCH', `/servers/${other.serverUuid}`, { slug: 'renamed-slug' });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal((await other.post({ jsonrpc: '2.0', id: 2, method: 'ping' })).statusCode, 404);
    } finally {
      await other.close();
    }
  });

  test('deactivating a tool makes the next tools/call -32602 and drops it from tools/list', async () => {
    const created = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Soon Gone',
      slug: 'soon-gone',
      endpoint_url: 'http://127.0.0.1:9/x',
      http_method: 'GET',
    });
    assert.equal(created.statusCode, 201, created.body);
    const sid = await k.initialize();
    const listed = await k.rpc(sid, 'tools/list');
    assert.deepEqual(
      listed.json().result.tools.map((t: { name: string }) => t.name),
      ['soon-gone'],
    );
    const before = await k.rpc(sid, 'tools/call', { name: 'soon-gone', arguments: {} });
    assert.equal(before.json().error, undefined);
    const patched = await k.t.api('PATCH', `/servers/${k.serverUuid}/tools/${created.json().uuid}`, {
      status: 'inactive',
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const after = await k.rpc(sid, 'tools/call', { name: 'soon-gone', arguments: {} });
    assert.equal(after.json().error.code, -32602);
    assert.deepEqual((await k.rpc(sid, 'tools/list')).json().result.tools, []);
  });

  test('a DELETEd session is 404 at once here, and on a second instance within SESSION_RECHECK_MS', async () => {
    const second = await buildTestApp({ databaseUrl: k.t.ctx.config.databaseUrl });
    try {
      const sid = await k.initialize();
      const pingSecond = () =>
        second.app.inject({
          method: 'POST',
          url: k.url,
          headers: { 'content-type': 'application/json', accept: 'application/json', 'mcp-session-id': sid },
          payload: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }),
        });
      assert.equal((await pingSecond()).statusCode, 200);
      assert.equal((await k.rpc(sid, 'ping')).statusCode, 200);
      const deleted = await k.t.app.inject({
        method: 'DELETE',
        url: k.url,
        headers: { 'mcp-session-id': sid },
      });
      assert.equal(deleted.statusCode, 200);
      assert.equal((await k.rpc(sid, 'ping')).statusCode, 404);
      // The second instance has its own in-process event bus here (no Redis): the recheck bound applies.
      await sleep(SESSION_RECHECK_MS + 50);
      assert.equal((await pingSecond()).statusCode, 404);
    } finally {
      await second.close();
    }
  });
});

describe('MCP record cache across instances without an event bus', () => {
  test('a tool created through another instance a moment ago is callable at once (the store decides a miss)', async () => {
    const a = await createMcpKit();
    const dbFile = join(a.t.ctx.config.dataDir, 'toolgate.db');
    const b = await buildTestApp({ databaseUrl: `sqlite:${dbFile}` });
    try {
      const sid = await a.initialize();
      const warm = await a.rpc(sid, 'tools/list');
      assert.deepEqual(warm.json().result.tools, []); // A now caches "no active tools"
      const created = await b.api('POST', `/servers/${a.serverUuid}/tools`, {
        name: 'Made elsewhere',
        slug: 'made-elsewhere',
        endpoint_url: 'http://127.0.0.1:9/x',
        http_method: 'GET',
      });
      assert.equal(created.statusCode, 201, created.body);
      const called = await a.rpc(sid, 'tools/call', { name: 'made-elsewhere', arguments: {} });
      const body = called.json();
      assert.equal(body.error, undefined, called.body);
      assert.equal(body.result.isError, true, 'the call ran (nothing listens on port 9)');
      const unknown = await a.rpc(sid, 'tools/call', { name: 'never-made', arguments: {} });
      assert.equal(unknown.json().error.code, -32602);
    } finally {
      await b.close();
      await a.close();
    }
  });
});

describe('MCP record cache: the session cache is bounded by count and bytes, and swept by age', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit();
  });
  after(() => k.close());

  const newSessions = async (count: number, capabilities: Record<string, unknown> = {}) => {
    const server = (await recordCache(k.t.ctx).server(k.slug))!;
    const ids: string[] = [];
    for (let i = 0; i < count; i++)
      ids.push((await createSession(k.t.ctx, server, { protocolVersion: '2025-11-25', capabilities })).id);
    return ids;
  };

  test('past its count, the sessions read from the store longest ago are dropped first', async () => {
    const cache = createRecordCache(k.t.ctx, { maxSessions: 3, maxBytes: 1024 * 1024 });
    const ids = await newSessions(5);
    for (const id of ids) await cache.session(id);
    assert.equal(cache.sessionUse().count, 3);
    // The last three are held: a hit is not a promise, a miss is.
    assert.equal(cache.session(ids[4]!) instanceof Promise, false);
    assert.equal(cache.session(ids[2]!) instanceof Promise, false);
    assert.equal(cache.session(ids[1]!) instanceof Promise, true);
  });

  test('past its bytes, likewise; a session larger than the whole budget is never held', async () => {
    const bulky = { experimental: { pad: 'x'.repeat(4000) } };
    const cache = createRecordCache(k.t.ctx, { maxSessions: 100, maxBytes: 10_000 });
    const ids = await newSessions(4, bulky);
    for (const id of ids) await cache.session(id);
    const use = cache.sessionUse();
    assert.equal(use.count, 2);
    assert.ok(use.bytes > 8000 && use.bytes <= 10_000, `${use.bytes} bytes`);
    const tiny = createRecordCache(k.t.ctx, { maxSessions: 100, maxBytes: 1000 });
    await tiny.session(ids[0]!);
    assert.deepEqual(tiny.sessionUse(), { count: 0, bytes: 0 });
  });

  test('entries past the recheck interval are swept at the next store read, not only when full', async () => {
    const cache = createRecordCache(k.t.ctx);
    const [first, second, third] = await newSessions(3);
    await cache.session(first!);
    await cache.session(second!);
    assert.equal(cache.sessionUse().count, 2);
    await sleep(SESSION_RECHECK_MS + 50);
    await cache.session(third!);
    assert.equal(cache.sessionUse().count, 1);
  });
});
