import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { addDays, startOfLocalDay } from './time-zone.ts';

/** The local calendar date of an instant, computed with Intl directly (independent of the code under test). */
function intlDate(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(ms));
}

/** An instant at local wall-clock time `hh:mm:ss` on the local day `date` of New York. */
function ny(date: string, seconds: number): string {
  return new Date(startOfLocalDay(date, 'America/New_York') + seconds * 1000).toISOString();
}

describe('GET /analytics/overview', () => {
  let t: TestApp;
  const zone = 'America/New_York';
  const today = intlDate(Date.now(), zone);
  const seeds = [
    { at: ny(today, 30 * 60), ms: 100, status: 'success' },
    { at: ny(today, 12 * 3600), ms: 300, status: 'error' },
    { at: ny(today, 23 * 3600 + 30 * 60), ms: 200, status: 'success' },
    { at: ny(addDays(today, -1), 86_399), ms: 50, status: 'success' },
    { at: ny(addDays(today, -1), 0), ms: 150, status: 'error' },
    { at: ny(addDays(today, -2), 12 * 3600), ms: 400, status: 'success' },
    { at: ny(addDays(today, -10), 8 * 3600), ms: 1000, status: 'success' },
    { at: ny(addDays(today, -40), 8 * 3600), ms: 10, status: 'error' },
  ];

  before(async () => {
    t = await buildTestApp();
    const a = (await t.api('POST', '/servers', { name: 'Alpha' })).json();
    await t.api('POST', '/servers', { name: 'Beta', status: 'paused' });
    await t.api('POST', '/servers', { name: 'Gamma', status: 'draft' });
    for (const [i, status] of ['active', 'active', 'draft'].entries()) {
      const res = await t.api('POST', `/servers/${a.uuid}/tools`, {
        name: `Tool ${i}`,
        endpoint_url: 'http://127.0.0.1:9/x',
        status,
      });
      assert.equal(res.statusCode, 201, res.body);
    }
    await updateSettings(t.ctx, { timezone: zone });
    await seedCalls(
      t.ctx,
      seeds.map((s) => ({
        created_at: s.at,
        response_time_ms: s.ms,
        response_status: s.status,
        server_id: a.id,
        server_uuid: a.uuid,
      })),
    );
  });
  after(() => t.close());

  const overview = async (query = '') => {
    const res = await t.api('GET', `/analytics/overview${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  };

  test('default range is today in the site time zone, with exact figures', async () => {
    assert.deepEqual(await overview(), {
      total_servers: 3,
      active_servers: 1,
      total_tools: 3,
      active_tools: 2,
      calls_today: 3,
      calls_yesterday: 2,
      avg_response_ms: 200,
      success_rate: 66.67,
      tokens_served: 0,
    });
  });

  test('days=7, 30 and 90 widen avg_response_ms and success_rate only', async () => {
    const week = await overview('?days=7');
    assert.deepEqual(
      [week.calls_today, week.calls_yesterday, week.avg_response_ms, week.success_rate],
      [3, 2, 200, 66.67],
    );
    const month = await overview('?days=30');
    assert.deepEqual([month.avg_response_ms, month.success_rate], [314, 71.43]);
    const quarter = await overview('?days=90');
    assert.deepEqual([quarter.avg_response_ms, quarter.success_rate], [276, 62.5]);
    assert.equal(Number.isInteger(quarter.avg_response_ms), true);
  });

  test('from/to override days and are inclusive local days', async () => {
    const y = addDays(today, -1);
    const res = await overview(`?from=${y}&to=${y}&days=90`);
    assert.deepEqual([res.avg_response_ms, res.success_rate], [100, 50]);
    const two = await overview(`?from=${addDays(today, -2)}&to=${y}`);
    assert.deepEqual([two.avg_response_ms, two.success_rate], [200, 66.67]);
    const fromOnly = await overview(`?from=${addDays(today, -10)}`);
    assert.deepEqual([fromOnly.avg_response_ms, fromOnly.success_rate], [314, 71.43]);
  });

  test('an empty range gives avg_response_ms 0 and success_rate 0', async () => {
    const res = await overview('?from=2001-01-01&to=2001-01-31');
    assert.deepEqual([res.avg_response_ms, res.success_rate], [0, 0]);
  });

  test('rejects unsupported days and malformed dates with 400 rest_invalid_param naming them', async () => {
    for (const [query, param] of [
      ['?days=5', 'days'],
      ['?days=abc', 'days'],
      ['?days=-7', 'days'],
      ['?from=2024-02-30', 'from'],
      ['?to=03/01/2024', 'to'],
      ['?from=2024-03-02&to=2024-03-01', 'from'],
    ] as const) {
      const res = await t.api('GET', `/analytics/overview${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(res.json().data.params[param], `${query} names ${param}`);
    }
  });

  test('calls_today/calls_yesterday follow the site time zone, including half-hour zones', async () => {
    for (const tz of ['UTC', 'Asia/Kolkata', 'Pacific/Auckland', 'America/New_York']) {
      await updateSettings(t.ctx, { timezone: tz });
      const localToday = intlDate(Date.now(), tz);
      const expectToday = seeds.filter((s) => intlDate(Date.parse(s.at), tz) === localToday).length;
      const expectYesterday = seeds.filter(
        (s) => intlDate(Date.parse(s.at), tz) === addDays(localToday, -1),
      ).length;
      const res = await overview();
      assert.equal(res.calls_today, expectToday, `${tz} today`);
      assert.equal(res.calls_yesterday, expectYesterday, `${tz} yesterday`);
    }
  });

  test('needs svc_view_analytics: analysts read it, a missing key is 401', async () => {
    const analyst = await t.keyFor('analyst');
    assert.equal((await t.api('GET', '/analytics/overview', undefined, analyst)).statusCode, 200);
    assert.equal((await t.api('GET', '/analytics/overview', undefined, null)).statusCode, 401);
  });
});
