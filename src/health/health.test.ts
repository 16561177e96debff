import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('GET /health', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const health = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${t.base}/health`, headers });

  test('is public and reports every field and check, never cached', async () => {
    const res = await health();
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), [
      'checked_at',
      'checks',
      'db_version',
      'status',
      'uptime_seconds',
      'version',
    ]);
    assert.equal(body.version, t.ctx.version);
    assert.equal(body.db_version, t.ctx.store.dbVersion);
    assert.match(body.db_version, /^\d{3}$/);
    assert.ok(Number.isInteger(body.uptime_seconds) && body.uptime_seconds >= 0);
    assert.ok(Math.abs(Date.parse(body.checked_at) - Date.now()) < 60_000);
    assert.match(body.checked_at, /Z$/);
    assert.deepEqual(Object.keys(body.checks).sort(), [
      'active_servers',
      'db',
      'license',
      'open_servers',
      'rest',
      'secrets',
      'sodium',
    ]);
    assert.deepEqual(body.checks.secrets, { status: 'ok', key_id: t.ctx.secrets.keyId });
    assert.deepEqual(body.checks.open_servers, { status: 'ok', slugs: [] });
    assert.equal(body.checks.db.status, 'ok');
    assert.ok(Number.isInteger(body.checks.db.latency_ms));
    assert.deepEqual(body.checks.sodium, { status: 'ok' });
    assert.deepEqual(body.checks.rest, { status: 'ok' });
    assert.deepEqual(body.checks.license, { status: 'ok', tier: 'community' });
    assert.ok(!res.body.includes(t.adminKey));
  });

  test('is degraded (200) with no active server and ok (200) once one is active', async () => {
    const none = await health();
    assert.equal(none.statusCode, 200);
    assert.equal(none.json().status, 'degraded');
    assert.equal(none.json().checks.active_servers.status, 'warn');
    assert.equal(none.json().checks.active_servers.count, 0);
    await t.api('POST', '/servers', { name: 'Paused', status: 'paused' });
    assert.equal((await health()).json().status, 'degraded');
    await t.api('POST', '/servers', { name: 'Live' });
    const one = await health();
    assert.equal(one.statusCode, 200);
    assert.equal(one.json().status, 'ok');
    assert.deepEqual(one.json().checks.active_servers, { status: 'ok', count: 1 });
  });

  test('keeps uptime from the first activation across restarts of the process', async () => {
    const stored = new Date(Date.now() - 3_600_000).toISOString();
    await t.ctx.store.db
      .updateTable('options')
      .set({ value: JSON.stringify(stored) })
      .where('name', '=', 'activated_at')
      .execute();
    const uptime = (await health()).json().uptime_seconds;
    assert.ok(uptime >= 3600 && uptime < 3700, String(uptime));
  });
});

describe('GET /health when the database is down', () => {
  test('answers 503 with the full body and status fail', async () => {
    const t = await buildTestApp();
    try {
      await t.ctx.store.db.destroy();
      const res = await t.app.inject({ method: 'GET', url: `${t.base}/health` });
      assert.equal(res.statusCode, 503);
      assert.equal(res.headers['cache-control'], 'no-store');
      const body = res.json();
      assert.equal(body.status, 'fail');
      assert.equal(body.checks.db.status, 'fail');
      assert.equal(body.checks.rest.status, 'ok');
      assert.equal(typeof body.version, 'string');
      assert.equal(typeof body.uptime_seconds, 'number');
    } finally {
      await t.close().catch(() => undefined);
    }
  });
});

describe('GET /health rate limit behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { trustProxy: 'true' } });
  });
  after(() => t.close());

  const health = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `${t.base}/health`, headers, remoteAddress: '10.0.0.9' });

  /** Sends 60 allowed requests with these headers, then checks the 61st is refused. */
  async function exhaust(headers: Record<string, string>): Promise<void> {
    for (let i = 1; i <= 60; i++) assert.equal((await health(headers)).statusCode, 200, `request ${i}`);
    const refused = await health(headers);
    assert.equal(refused.statusCode, 429);
    const body = refused.json();
    assert.equal(body.error, 'rate_limited');
    assert.equal(body.code, 'rate_limited');
    assert.equal(body.data.status, 429);
    assert.equal(body.data.retry_after_seconds, Number(refused.headers['retry-after']));
    assert.equal(refused.headers['cache-control'], 'no-store');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
  }

  test('allows 60 a minute per client IP, resolved CF-Connecting-IP > X-Forwarded-For > X-Real-IP > socket', async () => {
    // CF-Connecting-IP wins over the others: exhausting it leaves 2.2.2.2 and 3.3.3.3 untouched.
    await exhaust({ 'cf-connecting-ip': '1.1.1.1', 'x-forwarded-for': '2.2.2.2', 'x-real-ip': '3.3.3.3' });
    // X-Forwarded-For (its first address) wins over X-Real-IP.
    await exhaust({ 'x-forwarded-for': '2.2.2.2, 7.7.7.7', 'x-real-ip': '3.3.3.3' });
    assert.equal((await health({ 'x-forwarded-for': '7.7.7.7' })).statusCode, 200);
    // X-Real-IP wins over the socket address.
    await exhaust({ 'x-real-ip': '3.3.3.3' });
    // Finally the socket address, a bucket of its own.
    await exhaust({});
    assert.equal((await health({ 'x-real-ip': '4.4.4.4' })).statusCode, 200);
  });
});

describe('GET /health rate limit with TRUST_PROXY off (the default): the spec order still holds', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const health = (headers: Record<string, string>, remoteAddress = '10.0.0.7') =>
    t.app.inject({ method: 'GET', url: `${t.base}/health`, remoteAddress, headers });

  test('two callers behind one connection address with different X-Forwarded-For have separate budgets', async () => {
    for (let i = 1; i <= 60; i++)
      assert.equal((await health({ 'x-forwarded-for': '198.51.100.1' })).statusCode, 200, `request ${i}`);
    assert.equal((await health({ 'x-forwarded-for': '198.51.100.1' })).statusCode, 429);
    assert.equal((await health({ 'x-forwarded-for': '198.51.100.2, 10.0.0.7' })).statusCode, 200);
    assert.equal(
      (await health({ 'cf-connecting-ip': '198.51.100.1' })).statusCode,
      429,
      'same client by CF header',
    );
    assert.equal((await health({})).statusCode, 200, 'the connection address has a budget of its own');
  });

  test('a header that is not an address falls through to the next source, then the connection', async () => {
    const junk = {
      'cf-connecting-ip': 'x'.repeat(4000),
      'x-forwarded-for': 'unknown, 1.2.3.4',
      'x-real-ip': '999.1.1.1',
    };
    for (let i = 1; i <= 60; i++)
      assert.equal((await health(junk, '10.0.0.8')).statusCode, 200, `request ${i}`);
    assert.equal((await health(junk, '10.0.0.8')).statusCode, 429);
    assert.equal((await health({}, '10.0.0.8')).statusCode, 429, 'the junk counted against the connection');
    assert.equal((await health({ 'x-real-ip': '192.0.2.5' }, '10.0.0.8')).statusCode, 200);
  });
});
