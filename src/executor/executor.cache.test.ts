import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { call, makeServer, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import { createMemoryResponseCache } from './cache.ts';
import type { Executor } from './types.ts';

describe('executor: response cache', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let hits = 0;
  useExecutorHarness({}, (h) => {
    ({ t, up, ex } = h);
  });
  beforeEach(() => {
    hits = 0;
    up.handle((req, res) => {
      hits++;
      res.writeHead(req.url?.startsWith('/missing') ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ n: hits, auth: req.headers.authorization ?? null }));
    });
  });

  const schema = { type: 'object', properties: { q: { type: 'string' } } };

  test('answers a repeated GET from the cache for cache_ttl seconds', async () => {
    const server = await makeServer(t);
    const tool = makeTool({ endpoint_url: `${up.origin}/c1`, cache_ttl: 60, input_schema: schema });
    const first = await ex.execute(call(server, tool, { q: 'a' }));
    const second = await ex.execute(call(server, tool, { q: 'a' }));
    const other = await ex.execute(call(server, tool, { q: 'b' }));
    assert.equal(up.received.length, 2);
    assert.equal(first.cached, false);
    assert.equal(second.cached, true);
    assert.equal(second.attempts, 0);
    assert.deepEqual(second.result, first.result);
    assert.equal(second.response?.body, first.response?.body);
    assert.equal(second.outbound?.url, `${up.origin}/c1?q=a`);
    assert.equal(other.cached, false);
  });

  test("never hands one credential's answer to another", async () => {
    const alice = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'alice' }),
      auth_credentials_origins: [up.origin],
      test_auth_credentials: JSON.stringify({ token: 'alice-test' }),
      test_auth_credentials_origins: [up.origin],
    });
    const bob = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'bob' }),
      auth_credentials_origins: [up.origin],
    });
    const tool = makeTool({ endpoint_url: `${up.origin}/c2`, cache_ttl: 60 });
    const a = await ex.execute(call(alice, tool));
    const b = await ex.execute(call(bob, tool));
    const aTest = await ex.execute(call(alice, tool, {}, { useTestCredentials: true }));
    const aAgain = await ex.execute(call(alice, tool));
    assert.deepEqual(
      [a, b, aTest].map((o) => JSON.parse(o.response!.body).auth),
      ['Bearer alice', 'Bearer bob', 'Bearer alice-test'],
    );
    assert.equal(aAgain.cached, true);
    assert.equal(JSON.parse(aAgain.response!.body).auth, 'Bearer alice');
    assert.equal(up.received.length, 3);
  });

  test('does not cache non-GET methods, error answers or tools with cache_ttl 0', async () => {
    const server = await makeServer(t);
    const post = makeTool({ endpoint_url: `${up.origin}/c3`, http_method: 'POST', cache_ttl: 60 });
    await ex.execute(call(server, post));
    await ex.execute(call(server, post));
    const missing = makeTool({ endpoint_url: `${up.origin}/missing`, cache_ttl: 60 });
    await ex.execute(call(server, missing));
    const again = await ex.execute(call(server, missing));
    const uncached = makeTool({ endpoint_url: `${up.origin}/c4`, cache_ttl: 0 });
    await ex.execute(call(server, uncached));
    await ex.execute(call(server, uncached));
    assert.equal(up.received.length, 6);
    assert.equal(again.cached, false);
  });

  test('the memory cache expires entries and evicts the least recently used past its byte cap', async () => {
    let now = 1_000;
    const cache = createMemoryResponseCache(1_000, () => now);
    const entry = (size: number) => ({ status: 200, headers: {}, body: Buffer.alloc(size) });
    cache.set('a', entry(300), 10_000);
    cache.set('b', entry(300), 10_000);
    assert.ok(cache.get('a'));
    cache.set('c', entry(300), 10_000);
    assert.ok(cache.get('a'), 'recently read: kept');
    assert.equal(cache.get('b'), undefined, 'least recently used: evicted');
    assert.ok(cache.get('c'));
    cache.set('huge', entry(5_000), 10_000);
    assert.equal(cache.get('huge'), undefined, 'larger than the whole cache: not stored');
    now += 10_001;
    assert.equal(cache.get('a'), undefined, 'expired');
  });
});
