import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';
import { runDueJobs } from '../analytics/scheduler.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { runHealthCheck } from './health-check.ts';

describe('health-check diagnostic against the real MCP endpoint', () => {
  let t: TestApp;
  let alpha: { uuid: string };
  let locked: { uuid: string };

  before(async () => {
    t = await buildTestApp();
    alpha = (await t.api('POST', '/servers', { name: 'Alpha' })).json();
    locked = (
      await t.api('POST', '/servers', {
        name: 'Locked',
        auth_type: 'bearer',
        auth_config: { token: 'in-secret-0123456789' },
      })
    ).json();
    await t.api('POST', '/servers', { name: 'Sleepy', status: 'paused' });
    for (const [name, status] of [
      ['One', 'active'],
      ['Two', 'active'],
      ['Three', 'draft'],
    ]) {
      const res = await t.api('POST', `/servers/${alpha.uuid}/tools`, {
        name,
        endpoint_url: 'http://127.0.0.1:9/x',
        status,
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    // The endpoint is reached over real HTTP: listen on a free port and point self-checks at it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    t.ctx.selfUrl = address;
  });
  after(() => t.close());

  test('POST /settings/health-check runs initialize + tools/list on every active server', async () => {
    const res = await t.api('POST', '/settings/health-check');
    assert.equal(res.statusCode, 200, res.body);
    const report = res.json();
    assert.match(report.checked_at, /^\d{4}-\d{2}-\d{2}T.*Z$/);
    assert.equal(report.results.length, 2, 'the paused server is not checked');
    const [a, l] = report.results;
    assert.equal(a.server_uuid, alpha.uuid);
    assert.equal(a.slug, 'alpha');
    assert.equal(a.endpoint_url, `${t.ctx.selfUrl}/mcp/alpha`);
    assert.equal(a.status, 'ok', a.error);
    assert.equal(a.http_status, 200);
    assert.equal(a.tool_count, 2);
    assert.equal(a.error, null);
    assert.equal(typeof a.latency_ms, 'number');
    assert.equal(l.server_uuid, locked.uuid);
    assert.equal(l.status, 'ok');
    assert.equal(l.http_status, 401);
    assert.equal(l.tool_count, null);
    assert.match(l.note, /requires bearer authentication/);
    assert.ok(!res.body.includes('in-secret-0123456789'));
    // The check ends the sessions it opened.
    const open = await t.ctx.store.db
      .selectFrom('mcp_sessions')
      .select('id')
      .where('ended_at', 'is', null)
      .execute();
    assert.equal(open.length, 0);

    const latest = await t.api('GET', '/settings/health-check');
    assert.deepEqual(latest.json(), report);
  });

  test('probes its own loopback endpoint through the egress client even when upstream private addresses are denied', async () => {
    const config = t.ctx.config;
    t.ctx.config = { ...config, upstreamAllowPrivate: false };
    try {
      const report = await runHealthCheck(t.ctx);
      assert.equal(report.results[0]?.status, 'ok', report.results[0]?.error ?? '');
      assert.equal(report.results[0]?.tool_count, 2);
    } finally {
      t.ctx.config = config;
    }
  });

  test('needs svc_manage_settings: settings keys may run it, analysts and editors may not', async () => {
    assert.equal(
      (await t.api('POST', '/settings/health-check', undefined, await t.keyFor('settings'))).statusCode,
      200,
    );
    for (const role of ['analyst', 'editor']) {
      const res = await t.api('POST', '/settings/health-check', undefined, await t.keyFor(role));
      assert.equal(res.statusCode, 403, role);
      assert.equal(res.json().code, 'rest_forbidden');
    }
  });

  test('background checks run every health_check_interval minutes when enabled', async () => {
    await t.ctx.store.db.deleteFrom('options').where('name', '=', 'health_check_latest').execute();
    await updateSettings(t.ctx, { enable_health_checks: false, health_check_interval: 15 });
    const now = Date.now();
    assert.ok(!(await runDueJobs(t.ctx, now)).includes('health_check'));
    assert.equal((await t.api('GET', '/settings/health-check')).json().checked_at, null);
    await updateSettings(t.ctx, { enable_health_checks: true });
    assert.ok((await runDueJobs(t.ctx, now)).includes('health_check'));
    assert.equal((await t.api('GET', '/settings/health-check')).json().results[0].tool_count, 2);
    assert.ok(!(await runDueJobs(t.ctx, now + 14 * 60_000)).includes('health_check'));
    assert.ok((await runDueJobs(t.ctx, now + 15 * 60_000)).includes('health_check'));
  });
});

describe('health-check failures', () => {
  let t: TestApp;
  let hanging: Server;
  let hangingUrl: string;

  before(async () => {
    t = await buildTestApp();
    await t.api('POST', '/servers', { name: 'Alpha' });
    // An endpoint that accepts the connection and never answers.
    hanging = createServer(() => undefined);
    await new Promise<void>((resolve) => hanging.listen(0, '127.0.0.1', () => resolve()));
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
  });
  after(async () => {
    hanging.closeAllConnections();
    await new Promise((resolve) => hanging.close(resolve));
    await t.close();
  });

  test('a silent endpoint fails with a timeout, a refused one with the network error', async () => {
    const slow = await runHealthCheck(t.ctx, { baseUrl: hangingUrl, timeoutMs: 300 });
    assert.equal(slow.results[0]!.status, 'fail');
    assert.equal(slow.results[0]!.error, 'timed out after 300 ms');
    assert.equal(slow.results[0]!.tool_count, null);

    const refused = await runHealthCheck(t.ctx, { baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 });
    assert.equal(refused.results[0]!.status, 'fail');
    assert.match(refused.results[0]!.error!, /^request failed: /);
  });

  test('a non-MCP answer fails with its HTTP status', async () => {
    // The app itself without the MCP prefix answers 404 for /mcp-less paths.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const res = await runHealthCheck(t.ctx, { baseUrl: `${address}/nothing-here` });
    assert.equal(res.results[0]!.status, 'fail');
    assert.equal(res.results[0]!.http_status, 404);
    assert.match(res.results[0]!.error!, /initialize answered HTTP 404/);
  });
});

describe('health-check weighs in the recent MCP calls', () => {
  let k: McpKit;
  let quiet: { id: number; uuid: string };

  before(async () => {
    k = await createMcpKit({ name: 'Refused' });
    const tool = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'nothing_listens',
      endpoint_url: 'http://127.0.0.1:9/x',
      status: 'active',
    });
    assert.equal(tool.statusCode, 201, tool.body);
    quiet = (await k.t.api('POST', '/servers', { name: 'Quiet' })).json();
    k.t.ctx.selfUrl = await k.listen();
  });
  after(() => k.close());

  test('a server whose endpoint answers but whose every recent tool call failed is fail, with the reason; one without calls stays ok', async () => {
    const sid = await k.initialize();
    for (let i = 0; i < 5; i++) {
      const res = await k.rpc(sid, 'tools/call', { name: 'nothing_listens', arguments: {} });
      assert.equal(res.json().result.isError, true);
    }
    // Older than the hour, and Test actions: not counted.
    await seedCalls(k.t.ctx, [
      {
        created_at: new Date(Date.now() - 2 * 3_600_000).toISOString(),
        server_id: quiet.id,
        response_status: 'error',
        error_message: 'old',
      },
      {
        created_at: new Date().toISOString(),
        server_id: quiet.id,
        client_type: 'admin_test',
        response_status: 'error',
        error_message: 'test credentials',
      },
    ]);
    await k.t.ctx.callLogs.flush();

    const res = await k.t.api('POST', '/settings/health-check');
    assert.equal(res.statusCode, 200, res.body);
    const [refused, still] = res.json().results;
    assert.equal(refused.slug, 'refused');
    assert.equal(refused.http_status, 200, 'the handshake itself worked');
    assert.equal(refused.tool_count, 1);
    assert.equal(refused.status, 'fail');
    assert.deepEqual(
      { ...refused.recent_calls, latest_error: typeof refused.recent_calls.latest_error },
      { window_minutes: 60, calls: 5, errors: 5, error_rate: 1, latest_error: 'string' },
    );
    assert.match(refused.warning, /^5 of 5 MCP calls in the last 60 minutes failed \(latest: .+\)$/);
    assert.equal(still.slug, 'quiet');
    assert.equal(still.status, 'ok');
    assert.equal(still.warning, undefined);
    assert.deepEqual(still.recent_calls, {
      window_minutes: 60,
      calls: 0,
      errors: 0,
      latest_error: null,
      error_rate: null,
    });
  });
});
