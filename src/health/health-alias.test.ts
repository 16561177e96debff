import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('GET /health at the site root', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('answers what {api_base}/health answers, with Cache-Control no-store, without a key', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/health' });
    const api = await t.app.inject({ method: 'GET', url: `${t.base}/health` });
    assert.equal(root.statusCode, 200);
    assert.equal(root.headers['cache-control'], 'no-store');
    const { checked_at: _a, uptime_seconds: _u, checks: rootChecks, ...rootRest } = root.json();
    const { checked_at: _b, uptime_seconds: _v, checks: apiChecks, ...apiRest } = api.json();
    assert.deepEqual(rootRest, apiRest);
    assert.deepEqual(Object.keys(rootChecks).sort(), Object.keys(apiChecks).sort());
    assert.equal(rootRest.version, t.ctx.version);
  });

  test('shares one rate-limit window with {api_base}/health: the 61st request of a minute gets 429 on either path', async () => {
    const remoteAddress = '192.0.2.61';
    for (let i = 0; i < 60; i++) {
      const url = i % 2 === 0 ? '/health' : `${t.base}/health`;
      const res = await t.app.inject({ method: 'GET', url, remoteAddress });
      assert.equal(res.statusCode, 200, `request ${i + 1}`);
    }
    for (const url of ['/health', `${t.base}/health`]) {
      const refused = await t.app.inject({ method: 'GET', url, remoteAddress });
      assert.equal(refused.statusCode, 429, url);
      assert.equal(refused.json().error, 'rate_limited');
      assert.equal(refused.headers['cache-control'], 'no-store');
      assert.ok(Number(refused.headers['retry-after']) >= 1);
    }
  });

  test('stays out of the API reference, which keeps the spec path once', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: `${t.base}/openapi.json` })).json();
    const healthPaths = Object.keys(doc.paths).filter((p) => p.endsWith('/health'));
    assert.deepEqual(healthPaths, ['/health']);
    assert.ok(doc.paths['/health'].get, 'the spec path is documented');
    assert.equal(doc.servers[0].url, t.base);
  });
});
