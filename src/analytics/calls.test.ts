import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';

/*
 * Rows at fixed instants around New York day boundaries (EST → EDT on 2024-03-10):
 *   r1 2024-03-08 23:59:59 NY   r2 2024-03-09 00:00:00 NY   r3 2024-03-09 23:59:59.999 NY
 *   r4 2024-03-10 00:00:00 NY   r5 2024-03-10 23:59:59 NY   r6 2024-03-11 00:00:00 NY
 */
const ROWS = [
  {
    key: 'r1',
    at: '2024-03-09T04:59:59.000Z',
    status: 'success',
    ms: 50,
    method: 'tools/call',
    tool: 'list_pets',
  },
  {
    key: 'r2',
    at: '2024-03-09T05:00:00.000Z',
    status: 'error',
    ms: 900,
    method: 'tools/call',
    tool: 'get_pet',
  },
  {
    key: 'r3',
    at: '2024-03-10T04:59:59.999Z',
    status: 'success',
    ms: 120,
    method: 'prompts/get',
    tool: 'greet',
  },
  {
    key: 'r4',
    at: '2024-03-10T05:00:00.000Z',
    status: 'error',
    ms: 30,
    method: 'resources/read',
    tool: 'doc',
  },
  {
    key: 'r5',
    at: '2024-03-11T03:59:59.000Z',
    status: 'success',
    ms: 500,
    method: 'tools/call',
    tool: 'list_pets',
  },
  {
    key: 'r6',
    at: '2024-03-11T04:00:00.000Z',
    status: 'error',
    ms: 1500,
    method: 'tools/call',
    tool: 'get_pet',
  },
] as const;

describe('call logs: list, filters, export and deletion', () => {
  let t: TestApp;
  let alpha: { id: number; uuid: string };
  let beta: { id: number; uuid: string };
  const idOf = new Map<string, number>();

  before(async () => {
    t = await buildTestApp();
    alpha = (await t.api('POST', '/servers', { name: 'Alpha' })).json();
    beta = (await t.api('POST', '/servers', { name: 'Beta' })).json();
    await updateSettings(t.ctx, { timezone: 'America/New_York' });
  });
  after(() => t.close());

  beforeEach(async () => {
    await t.ctx.store.db.deleteFrom('call_logs').execute();
    await t.ctx.store.db.deleteFrom('analytics_daily').execute();
    await t.ctx.store.db.deleteFrom('analytics_hourly').execute();
    await seedCalls(
      t.ctx,
      ROWS.map((r, i) => ({
        created_at: r.at,
        server_id: i % 2 === 0 ? alpha.id : beta.id,
        server_uuid: i % 2 === 0 ? alpha.uuid : beta.uuid,
        server_name: i % 2 === 0 ? 'Alpha' : 'Beta',
        tool_name: r.tool,
        method: r.method,
        response_status: r.status,
        response_time_ms: r.ms,
        client_ip: `10.0.0.${i + 1}`,
        client_name: i === 0 ? 'claude-ai' : null,
        error_message: r.status === 'error' ? `Upstream said TIMEOUT for ${r.key}` : null,
        request_args: JSON.stringify({ n: i }),
      })),
    );
    const rows = await t.ctx.store.db.selectFrom('call_logs').select(['id', 'created_at']).execute();
    for (const r of rows) idOf.set(ROWS.find((x) => x.at === r.created_at)!.key, Number(r.id));
  });

  const keys = async (query: string) => {
    const res = await t.api('GET', `/analytics/calls${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return (res.json() as Array<{ id: number }>).map((r) => [...idOf].find(([, id]) => id === r.id)![0]);
  };

  test('lists the call-log record newest first with pagination headers', async () => {
    const res = await t.api('GET', '/analytics/calls?per_page=4');
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['x-svc-total'], '6');
    assert.equal(res.headers['x-svc-totalpages'], '2');
    const [first] = res.json();
    assert.deepEqual(Object.keys(first).sort(), [
      'args_tokens',
      'client',
      'client_ip',
      'client_name',
      'client_type',
      'created_at',
      'error_message',
      'http_status',
      'id',
      'method',
      'oauth_client_id',
      'policy_ids',
      'request_args',
      'response_data',
      'response_status',
      'response_time_ms',
      'result_tokens',
      'run_id',
      'server_id',
      'server_name',
      'server_uuid',
      'session_id',
      'tool_id',
      'tool_name',
      'user_uuid',
    ]);
    assert.equal(first.created_at, ROWS[5].at);
    assert.equal(first.server_id, beta.id);
    assert.equal(first.server_uuid, beta.uuid);
    assert.deepEqual(first.request_args, { n: 5 });
    assert.deepEqual(await keys('?per_page=4&page=2'), ['r2', 'r1']);
    assert.deepEqual(await keys('?orderby=response_time_ms&order=asc'), ['r4', 'r1', 'r3', 'r5', 'r2', 'r6']);
    assert.deepEqual(await keys('?orderby=created_at&order=asc&per_page=2'), ['r1', 'r2']);
  });

  test('each filter alone', async () => {
    assert.deepEqual(await keys('?from=2024-03-09&to=2024-03-10'), ['r5', 'r4', 'r3', 'r2']);
    assert.deepEqual(await keys('?from=2024-03-10'), ['r6', 'r5', 'r4']);
    assert.deepEqual(await keys('?to=2024-03-09'), ['r3', 'r2', 'r1']);
    assert.deepEqual(await keys('?status=error'), ['r6', 'r4', 'r2']);
    assert.deepEqual(await keys(`?server_id=${alpha.uuid}`), ['r5', 'r3', 'r1']);
    assert.deepEqual(await keys('?method_group=prompts'), ['r3']);
    assert.deepEqual(await keys('?method_group=resources'), ['r4']);
    assert.deepEqual(await keys('?method_group=tools'), ['r6', 'r5', 'r2', 'r1']);
    assert.deepEqual(await keys('?min_response_time_ms=500'), ['r6', 'r5', 'r2']);
    assert.deepEqual(await keys('?search=timeout%20FOR%20r4'), ['r4']);
    assert.deepEqual(await keys('?search=10.0.0.3'), ['r3']);
    assert.deepEqual(await keys('?search=beta'), ['r6', 'r4', 'r2']);
    assert.deepEqual(await keys('?search=get_'), ['r6', 'r2']);
    assert.deepEqual(await keys('?search=100%25'), []);
    // A server_id that resolves to no server is ignored.
    assert.deepEqual(await keys('?server_id=00000000-0000-4000-8000-000000000000'), [
      'r6',
      'r5',
      'r4',
      'r3',
      'r2',
      'r1',
    ]);
  });

  test('filters combined', async () => {
    assert.deepEqual(await keys(`?from=2024-03-09&to=2024-03-10&status=error&server_id=${beta.uuid}`), [
      'r4',
      'r2',
    ]);
    assert.deepEqual(await keys('?method_group=tools&min_response_time_ms=500&to=2024-03-10'), ['r5', 'r2']);
    assert.deepEqual(await keys('?search=list_pets&from=2024-03-09'), ['r5']);
  });

  test('rejects malformed filters and order with 400 naming each', async () => {
    const res = await t.api(
      'GET',
      '/analytics/calls?status=ok&method_group=all&min_response_time_ms=-1&from=2024-13-01&orderby=name&order=up&per_page=abc',
    );
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'rest_invalid_param');
    assert.ok(res.json().data.params.per_page);
    const filters = await t.api(
      'GET',
      '/analytics/calls?status=ok&method_group=all&min_response_time_ms=-1&from=2024-13-01',
    );
    assert.deepEqual(Object.keys(filters.json().data.params).sort(), [
      'from',
      'method_group',
      'min_response_time_ms',
      'status',
    ]);
    const order = await t.api('GET', '/analytics/calls?orderby=name&order=up');
    assert.deepEqual(Object.keys(order.json().data.params).sort(), ['order', 'orderby']);
  });

  test('exports the filtered rows as escaped CSV and as JSON', async () => {
    await seedCalls(t.ctx, [
      {
        created_at: '2024-03-12T12:00:00.000Z',
        server_name: 'Quote "Q", Inc',
        tool_name: '=HYPERLINK("x")',
        response_status: 'error',
        error_message: 'line one\nline two',
      },
    ]);
    const res = await t.api('GET', '/analytics/calls/export?format=csv&status=error&from=2024-03-12');
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(String(res.headers['content-disposition']), /attachment; filename="toolgate-calls-.*\.csv"/);
    const lines = res.body.split('\r\n');
    assert.equal(
      lines[0],
      'id,created_at,server_id,server_uuid,server_name,tool_id,tool_name,method,client_type,client_name,client,client_ip,session_id,user_uuid,oauth_client_id,response_status,http_status,response_time_ms,error_message,request_args,response_data',
    );
    assert.match(
      res.body,
      /,"Quote ""Q"", Inc",1,"'=HYPERLINK\(""x""\)",tools\/call,mcp,,other,127\.0\.0\.1,,,,error,200,10,"line one\nline two",\{\},\r\n$/,
    );
    assert.equal(res.body.split('\r\n').filter(Boolean).length, 2);

    const json = await t.api('GET', '/analytics/calls/export?format=json&status=error');
    assert.equal(json.statusCode, 200);
    const records = JSON.parse(json.body);
    assert.equal(records.length, 4);
    assert.equal(records[0].error_message, 'line one\nline two');
    assert.equal((await t.api('GET', '/analytics/calls/export?format=xml')).statusCode, 400);
  });

  test('DELETE /analytics/calls drops non-integers, ignores unknown ids and counts what it deleted', async () => {
    const res = await t.api('DELETE', '/analytics/calls', {
      ids: [idOf.get('r1'), 'abc', 1.5, null, String(idOf.get('r2')), 99_999_999],
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { deleted: 2 });
    assert.deepEqual(await keys(''), ['r6', 'r5', 'r4', 'r3']);
    for (const body of [{ ids: ['x', 2.5] }, { ids: [] }, {}, { ids: 'all' }]) {
      const bad = await t.api('DELETE', '/analytics/calls', body);
      assert.equal(bad.statusCode, 400, JSON.stringify(body));
      assert.equal(bad.json().code, 'rest_invalid_param');
    }
  });

  test('DELETE /analytics/calls/filter takes filters from the query or a JSON body', async () => {
    const byQuery = await t.api(
      'DELETE',
      `/analytics/calls/filter?status=error&server_id=${beta.uuid}&to=2024-03-10`,
    );
    assert.deepEqual(byQuery.json(), { deleted: 2 });
    const byBody = await t.api('DELETE', '/analytics/calls/filter', { from: '2024-03-10', to: '2024-03-10' });
    assert.deepEqual(byBody.json(), { deleted: 1 });
    const none = await t.api('DELETE', '/analytics/calls/filter', {
      method_group: 'prompts',
      status: 'error',
    });
    assert.deepEqual(none.json(), { deleted: 0 });
    assert.deepEqual(await keys(''), ['r6', 'r3', 'r1']);
  });

  test('delete-by-filter without a real filter is 400 (an unknown server_id is not one)', async () => {
    for (const body of [
      undefined,
      {},
      { server_id: '00000000-0000-4000-8000-000000000000' },
      { search: '  ', unknown: 'x' },
    ]) {
      const res = await t.api('DELETE', '/analytics/calls/filter', body);
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().code, 'rest_invalid_param');
    }
    const badValue = await t.api('DELETE', '/analytics/calls/filter?status=maybe');
    assert.equal(badValue.statusCode, 400);
    assert.ok(badValue.json().data.params.status);
    assert.equal((await keys('')).length, 6);
  });

  test('deleted rows leave the statistics too', async () => {
    await updateSettings(t.ctx, { timezone: 'UTC' });
    const before = (await t.api('GET', '/analytics/overview?from=2024-03-08&to=2024-03-12')).json();
    assert.deepEqual([before.avg_response_ms, before.success_rate], [517, 50]);
    await t.api('DELETE', '/analytics/calls/filter', { status: 'error' });
    const after = (await t.api('GET', '/analytics/overview?from=2024-03-08&to=2024-03-12')).json();
    assert.deepEqual([after.avg_response_ms, after.success_rate], [223, 100]);
    await updateSettings(t.ctx, { timezone: 'America/New_York' });
  });

  test('reading needs svc_view_analytics; deleting needs manage_options', async () => {
    const analyst = await t.keyFor('analyst');
    const settings = await t.keyFor('settings');
    const editor = await t.keyFor('editor');
    assert.equal((await t.api('GET', '/analytics/calls', undefined, analyst)).statusCode, 200);
    assert.equal((await t.api('GET', '/analytics/calls/export', undefined, analyst)).statusCode, 200);
    for (const key of [analyst, settings, editor]) {
      const byIds = await t.api('DELETE', '/analytics/calls', { ids: [idOf.get('r1')] }, key);
      assert.equal(byIds.statusCode, 403);
      assert.equal(byIds.json().code, 'rest_forbidden');
      const byFilter = await t.api('DELETE', '/analytics/calls/filter', { status: 'error' }, key);
      assert.equal(byFilter.statusCode, 403);
      assert.equal(byFilter.json().code, 'rest_forbidden');
    }
    assert.equal((await t.api('GET', '/analytics/calls', undefined, null)).statusCode, 401);
    assert.equal((await keys('')).length, 6);
  });

  test('time series and breakdowns per local day', async () => {
    const series = await t.api('GET', '/analytics/timeseries?from=2024-03-08&to=2024-03-11');
    assert.equal(series.statusCode, 200, series.body);
    assert.deepEqual(series.json(), [
      { date: '2024-03-08', calls: 1, errors: 0, avg_ms: 50, p95_ms: 50 },
      { date: '2024-03-09', calls: 2, errors: 1, avg_ms: 510, p95_ms: 900 },
      { date: '2024-03-10', calls: 2, errors: 1, avg_ms: 265, p95_ms: 500 },
      { date: '2024-03-11', calls: 1, errors: 1, avg_ms: 1500, p95_ms: 1500 },
    ]);
    const byTool = (await t.api('GET', '/analytics/breakdown?by=tool&from=2024-03-08&to=2024-03-11')).json();
    assert.deepEqual(byTool[0], {
      server_uuid: beta.uuid,
      server_name: 'Beta',
      tool_name: 'get_pet',
      calls: 2,
      errors: 2,
      avg_ms: 1200,
    });
    const byStatus = (
      await t.api('GET', '/analytics/breakdown?by=status&from=2024-03-08&to=2024-03-11')
    ).json();
    assert.deepEqual(
      byStatus.map((s: { status: string; calls: number }) => [s.status, s.calls]),
      [
        ['error', 3],
        ['success', 3],
      ],
    );
    const byClient = (
      await t.api('GET', '/analytics/breakdown?by=client&from=2024-03-08&to=2024-03-11')
    ).json();
    assert.deepEqual(
      byClient.map((c: { client: string; calls: number }) => [c.client, c.calls]),
      [
        ['other', 5],
        ['claude', 1],
      ],
    );
    assert.equal((await t.api('GET', '/analytics/breakdown?by=planet')).statusCode, 400);
    assert.equal((await t.api('GET', '/analytics/timeseries?days=0')).statusCode, 400);
  });
});
