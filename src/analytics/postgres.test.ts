import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';

/* The analytics queries once more on PostgreSQL: same answers as on SQLite. */
const PERSON = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const pg = await createPgSchema();

describe('analytics on PostgreSQL', { skip: 'skip' in pg ? pg.skip : false }, () => {
  let t: TestApp;
  let alpha: { id: number; uuid: string };
  before(async () => {
    if ('skip' in pg) return;
    t = await buildTestApp({ databaseUrl: pg.url });
    alpha = (await t.api('POST', '/servers', { name: 'Alpha' })).json();
    await updateSettings(t.ctx, { timezone: 'America/New_York' });
    await seedCalls(t.ctx, [
      { created_at: '2024-03-09T04:59:59.000Z', response_time_ms: 50, tool_name: 'list_pets' },
      {
        created_at: '2024-03-09T05:00:00.000Z',
        response_time_ms: 900,
        response_status: 'error',
        error_message: 'Upstream TIMEOUT',
        server_id: alpha.id,
        server_uuid: alpha.uuid,
        user_uuid: PERSON,
      },
      { created_at: '2024-03-10T04:59:59.999Z', response_time_ms: 120, method: 'prompts/get' },
      {
        created_at: '2024-03-11T03:59:59.000Z',
        response_time_ms: 500,
        client_name: 'cursor-vscode',
        user_uuid: PERSON,
      },
      { created_at: new Date(Date.now() - 100 * 86_400_000).toISOString(), response_time_ms: 7 },
    ]);
  });
  after(async () => {
    if ('skip' in pg) return;
    await t.close();
    await pg.drop();
  });

  test('overview, filters, time series and breakdowns', async () => {
    const overview = (await t.api('GET', '/analytics/overview?from=2024-03-09&to=2024-03-10')).json();
    assert.deepEqual(
      [overview.total_servers, overview.avg_response_ms, overview.success_rate],
      [1, 507, 66.67],
    );
    const list = await t.api('GET', `/analytics/calls?search=timeout&server_id=${alpha.uuid}&to=2024-03-09`);
    assert.equal(list.headers['x-svc-total'], '1');
    assert.equal(list.json()[0].response_time_ms, 900);
    assert.equal(list.json()[0].server_id, alpha.id);
    const prompts = await t.api('GET', '/analytics/calls?method_group=prompts&min_response_time_ms=100');
    assert.equal(prompts.json().length, 1);
    const series = (await t.api('GET', '/analytics/timeseries?from=2024-03-09&to=2024-03-10')).json();
    assert.deepEqual(series, [
      { date: '2024-03-09', calls: 2, errors: 1, avg_ms: 510, p95_ms: 900 },
      { date: '2024-03-10', calls: 1, errors: 0, avg_ms: 500, p95_ms: 500 },
    ]);
    const clients = (
      await t.api('GET', '/analytics/breakdown?by=client&from=2024-03-08&to=2024-03-10')
    ).json();
    assert.deepEqual(
      clients.map((c: { client: string; calls: number }) => [c.client, c.calls]),
      [
        ['other', 3],
        ['cursor', 1],
      ],
    );
    const people = (await t.api('GET', '/analytics/breakdown?by=user&from=2024-03-08&to=2024-03-10')).json();
    // The person's user is gone (never existed here): counted, with no e-mail or name.
    assert.deepEqual(people, [
      { user_uuid: PERSON, calls: 2, errors: 1, avg_response_ms: 700, email: null, display_name: null },
    ]);
    const theirs = await t.api('GET', `/analytics/calls?user_id=${PERSON}`);
    assert.equal(theirs.headers['x-svc-total'], '2');
    const csv = await t.api('GET', '/analytics/calls/export?status=error');
    assert.equal(csv.body.trim().split('\r\n').length, 2);
  });

  test('deletion and retention counts', async () => {
    const deleted = await t.api('DELETE', '/analytics/calls/filter', { status: 'error' });
    assert.deepEqual(deleted.json(), { deleted: 1 });
    const overview = (await t.api('GET', '/analytics/overview?from=2024-03-09&to=2024-03-10')).json();
    assert.deepEqual([overview.avg_response_ms, overview.success_rate], [310, 100]);
    const retention = await t.api('POST', '/admin/run-retention');
    assert.deepEqual(retention.json().deleted, {
      call_logs: 4,
      analytics_daily: 4,
      sessions: 0,
      audit_log: 0,
    });
  });
});
