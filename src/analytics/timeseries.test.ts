import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { PERCENTILE_ERROR_BOUND } from '../shared/latency-histogram.ts';
import { backfillHourlyRollup } from '../store/migrations.ts';

/*
 * The time series' p95 comes from the latency histogram of the hourly rollup (one query), not
 * from the call logs: on SQLite and PostgreSQL it stays within the stated bound of the exact
 * nearest-rank p95 of the stored rows, follows deletions, and migration 006's backfill rebuilds it.
 */
const DAYS = ['2024-05-01', '2024-05-02', '2024-05-03'];
const PER_DAY = 700;

function latency(i: number, day: number): number {
  const x = (i * 2_654_435_761 + day * 97) % 1_000;
  // Mostly 20–500 ms, a slow tail of 1–9 s on ~6 % of the calls (so p95 sits on the tail's edge).
  return x < 60 ? 1_000 + ((x * 131) % 8_000) : 20 + ((x * 7) % 480);
}

function exactP95(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.ceil(0.95 * sorted.length) - 1]!;
}

const pg = await createPgSchema();
const stores: Array<[string, () => string | undefined, string | false]> = [
  ['SQLite', () => undefined, false],
  ['PostgreSQL', () => ('url' in pg ? pg.url : undefined), 'skip' in pg ? pg.skip : false],
];

for (const [name, url, skip] of stores) {
  describe(`timeseries p95 from the hourly histogram (${name})`, { skip }, () => {
    let t: TestApp;
    const perDay: number[][] = DAYS.map(() => []);
    before(async () => {
      t = await buildTestApp({ databaseUrl: url() });
      await updateSettings(t.ctx, { timezone: 'UTC' });
      const entries = [];
      for (const [d, date] of DAYS.entries())
        for (let i = 0; i < PER_DAY; i++) {
          const ms = latency(i, d);
          perDay[d]!.push(ms);
          const second = Math.floor((i * 86_400) / PER_DAY);
          entries.push({
            created_at: new Date(Date.parse(`${date}T00:00:00Z`) + second * 1000).toISOString(),
            response_time_ms: ms,
            response_status: ms > 5_000 ? ('error' as const) : ('success' as const),
          });
        }
      await seedCalls(t.ctx, entries);
    });
    after(async () => {
      await t?.close();
      if (name === 'PostgreSQL' && 'drop' in pg) await pg.drop();
    });

    const series = async () =>
      (await t.api('GET', `/analytics/timeseries?from=${DAYS[0]}&to=${DAYS.at(-1)}`)).json() as Array<{
        calls: number;
        p95_ms: number | null;
      }>;

    test('p95 per day within the stated bound of the exact p95 of the rows', async () => {
      const points = await series();
      assert.equal(points.length, 3);
      for (const [d, point] of points.entries()) {
        assert.equal(point.calls, PER_DAY);
        const exact = exactP95(perDay[d]!);
        assert.ok(exact >= 20);
        assert.ok(
          Math.abs(point.p95_ms! - exact) <= exact * PERCENTILE_ERROR_BOUND,
          `day ${d}: ${point.p95_ms} vs exact ${exact}`,
        );
      }
    });

    test('the backfill of migration 006 rebuilds the same rollup from the stored rows', async () => {
      const beforeRebuild = await series();
      await t.ctx.store.db.deleteFrom('analytics_hourly').execute();
      assert.deepEqual(
        (await series()).map((p) => [p.calls, p.p95_ms]),
        [
          [0, null],
          [0, null],
          [0, null],
        ],
      );
      await backfillHourlyRollup(t.ctx.store.db);
      assert.deepEqual(await series(), beforeRebuild);
    });

    test('deleting call logs takes them out of the histogram', async () => {
      const res = await t.api('DELETE', '/analytics/calls/filter', { min_response_time_ms: 1_000 });
      const slow = perDay.flat().filter((ms) => ms >= 1_000).length;
      assert.deepEqual(res.json(), { deleted: slow });
      const points = await series();
      for (const [d, point] of points.entries()) {
        const kept = perDay[d]!.filter((ms) => ms < 1_000);
        assert.equal(point.calls, kept.length);
        const exact = exactP95(kept);
        assert.ok(point.p95_ms! < 1_000, `${point.p95_ms}`);
        assert.ok(
          Math.abs(point.p95_ms! - exact) <= exact * PERCENTILE_ERROR_BOUND,
          `day ${d}: ${point.p95_ms} vs exact ${exact}`,
        );
      }
    });
  });
}
