import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { callEntry, seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { bucketOf, PERCENTILE_ERROR_BOUND } from '../shared/latency-histogram.ts';
import { openDatabase } from '../store/db.ts';
import { backfillHourlyRollup, bucketColumn, createMigrator, migrateToLatest } from '../store/migrations.ts';

/*
 * The time series' p95 comes from the latency histogram of the hourly rollup (one query), not
 * from the call logs: on SQLite and PostgreSQL it stays within the stated bound of the exact
 * nearest-rank p95 of the stored rows, follows deletions, and migration 007's backfill rebuilds it.
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
const upgradePg = await createPgSchema();
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
      if (name === 'PostgreSQL' && 'drop' in upgradePg) await upgradePg.drop();
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

    test('the backfill of migration 007 rebuilds the same rollup from the stored rows', async () => {
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

    test('a half-hour zone: edge half-hours from the call logs, same bound', async () => {
      await updateSettings(t.ctx, { timezone: 'Asia/Kolkata' });
      try {
        const points = (await t.api('GET', '/analytics/timeseries?from=2024-05-01&to=2024-05-03')).json();
        const all = DAYS.flatMap((date, d) =>
          perDay[d]!.map((ms, i) => ({
            at: Date.parse(`${date}T00:00:00Z`) + Math.floor((i * 86_400) / PER_DAY) * 1000,
            ms,
          })),
        );
        for (const [d, date] of ['2024-05-01', '2024-05-02', '2024-05-03'].entries()) {
          const start = Date.parse(`${date}T00:00:00+05:30`);
          const values = all.filter((c) => c.at >= start && c.at < start + 86_400_000).map((c) => c.ms);
          assert.equal(points[d].calls, values.length, date);
          const exact = exactP95(values);
          assert.ok(
            Math.abs(points[d].p95_ms - exact) <= exact * PERCENTILE_ERROR_BOUND,
            `${date}: ${points[d].p95_ms} vs exact ${exact}`,
          );
        }
      } finally {
        await updateSettings(t.ctx, { timezone: 'UTC' });
      }
    });

    test('migration 007 on a database at 006: histograms from the logs kept, counts from the aggregates', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'toolgate-007-'));
      const target =
        name === 'SQLite' ? `sqlite:${join(dir, 'old.db')}` : 'url' in upgradePg ? upgradePg.url : '';
      const { db, dialect } = openDatabase(target);
      try {
        const schema =
          dialect === 'postgres'
            ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s
            : undefined;
        const migrated = await createMigrator(db, dialect, schema).migrateTo('006_tool_max_output_tokens');
        assert.equal(migrated.error, undefined);
        // Two hours with logs (5 and 120 ms; 40 ms), one whose logs retention already removed.
        for (const [at, ms] of [
          ['2024-06-01T10:05:00.000Z', 5],
          ['2024-06-01T10:50:00.000Z', 120],
          ['2024-06-01T11:10:00.000Z', 40],
        ] as const) {
          // The row as a database at 006 holds it: without the columns later migrations add.
          const {
            created_at: _unused,
            user_uuid: _user,
            oauth_client_id: _client,
            policy_ids: _policies,
            run_id: _run,
            ...row
          } = callEntry({ created_at: at, response_time_ms: ms });
          await db
            .insertInto('call_logs')
            .values({ ...row, created_at: at })
            .execute();
        }
        const now = new Date().toISOString();
        for (const [day, calls, total] of [
          ['2024-06-01T10', 2, 125],
          ['2024-06-01T11', 1, 40],
          ['2024-05-01T08', 3, 900],
        ] as const)
          await db
            .insertInto('analytics_daily')
            .values({ day, server_id: 1, tool_id: 1, calls, errors: 0, total_ms: total, updated_at: now })
            .execute();
        // Migration 007 and any later one.
        assert.ok(Number(await migrateToLatest(db, dialect)) >= 7);
        const rows = await db.selectFrom('analytics_hourly').selectAll().orderBy('hour').execute();
        const summary = rows.map((r) => {
          const buckets: Record<string, number> = {};
          for (const [k, v] of Object.entries(r))
            if (/^b\d\d$/.test(k) && Number(v) > 0) buckets[k] = Number(v);
          return [
            r.hour,
            Number(r.calls),
            Number(r.total_ms),
            r.min_ms === null ? null : Number(r.min_ms),
            buckets,
          ];
        });
        assert.deepEqual(summary, [
          ['2024-05-01T08', 3, 900, null, {}],
          ['2024-06-01T10', 2, 125, 5, { [bucketColumn(bucketOf(5))]: 1, [bucketColumn(bucketOf(120))]: 1 }],
          ['2024-06-01T11', 1, 40, 40, { [bucketColumn(bucketOf(40))]: 1 }],
        ]);
      } finally {
        await db.destroy();
        rmSync(dir, { recursive: true, force: true });
      }
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
