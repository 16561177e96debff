import assert from 'node:assert/strict';
import { after, before, describe, type TestContext, test } from 'node:test';
import { seedCalls } from '../../test/analytics-kit.ts';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { hashAuditFields } from '../audit/audit-chain.ts';
import { updateSettings } from '../settings/settings.service.ts';
import { appendAuditRow } from '../store/audit.repo.ts';
import { readOption } from '../store/options.repo.ts';
import { claimJob, runDueJobs, startScheduler } from './scheduler.ts';

const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('retention', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { sessionTtlMinutes: 60 } });
  });
  after(() => t.close());

  async function seed() {
    await t.ctx.store.db.deleteFrom('call_logs').execute();
    await t.ctx.store.db.deleteFrom('analytics_daily').execute();
    await t.ctx.store.db.deleteFrom('analytics_hourly').execute();
    await t.ctx.store.db.deleteFrom('mcp_sessions').execute();
    // Tool ids differ so every row lands in its own aggregate row.
    await seedCalls(t.ctx, [
      { created_at: ago(100 * DAY), tool_id: 1 },
      { created_at: ago(95 * DAY), tool_id: 2 },
      { created_at: ago(31 * DAY), tool_id: 3 },
      { created_at: ago(29 * DAY), tool_id: 4 },
      { created_at: ago(60_000), tool_id: 5 },
    ]);
    const session = (id: string, lastSeen: string, ended: string | null) => ({
      id,
      server_id: 1,
      protocol_version: '2025-06-18',
      client_name: null,
      client_version: null,
      client_capabilities: null,
      log_level: 'info',
      subscriptions: '[]',
      created_at: ago(3 * 3_600_000),
      last_seen_at: lastSeen,
      ended_at: ended,
    });
    await t.ctx.store.db
      .insertInto('mcp_sessions')
      .values([
        session('ended', ago(60_000), ago(60_000)),
        session('idle', ago(61 * 60_000), null),
        session('live', ago(5 * 60_000), null),
      ])
      .execute();
  }

  test('POST /admin/run-retention deletes by the thresholds and reports exact counts', async () => {
    await seed();
    const res = await t.api('POST', '/admin/run-retention');
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), {
      deleted: { call_logs: 3, analytics_daily: 2, sessions: 2, audit_log: 0 },
      thresholds: { log_retention_days: 30, analytics_retention_days: 90, audit_retention_days: 365 },
    });
    const left = await t.ctx.store.db.selectFrom('call_logs').select('tool_id').orderBy('tool_id').execute();
    assert.deepEqual(
      left.map((r) => r.tool_id),
      [4, 5],
    );
    const sessions = await t.ctx.store.db.selectFrom('mcp_sessions').select('id').execute();
    assert.deepEqual(
      sessions.map((s) => s.id),
      ['live'],
    );
    // Aggregates outlive their call logs: the 31-day-old call still counts in the statistics.
    const aggregates = await t.ctx.store.db
      .selectFrom('analytics_daily')
      .select('tool_id')
      .orderBy('tool_id')
      .execute();
    assert.deepEqual(
      aggregates.map((r) => Number(r.tool_id)),
      [3, 4, 5],
    );
    const again = await t.api('POST', '/admin/run-retention');
    assert.deepEqual(again.json().deleted, { call_logs: 0, analytics_daily: 0, sessions: 0, audit_log: 0 });
  });

  test('follows changed retention settings', async () => {
    await seed();
    await updateSettings(t.ctx, { log_retention_days: 7, analytics_retention_days: 30 });
    const res = await t.api('POST', '/admin/run-retention');
    assert.deepEqual(res.json(), {
      deleted: { call_logs: 4, analytics_daily: 3, sessions: 2, audit_log: 0 },
      thresholds: { log_retention_days: 7, analytics_retention_days: 30, audit_retention_days: 365 },
    });
    await updateSettings(t.ctx, { log_retention_days: 30, analytics_retention_days: 90 });
  });

  test('only manage_options may run it: settings, editor and analyst keys get 403', async () => {
    for (const role of ['settings', 'editor', 'analyst']) {
      const res = await t.api('POST', '/admin/run-retention', undefined, await t.keyFor(role));
      assert.equal(res.statusCode, 403, role);
      assert.equal(res.json().code, 'rest_forbidden');
    }
    assert.equal((await t.api('POST', '/admin/run-retention', undefined, null)).statusCode, 401);
  });

  test('the daily job runs once a day across instances', async () => {
    await seed();
    await updateSettings(t.ctx, { enable_health_checks: false });
    const now = Date.now();
    assert.deepEqual(await runDueJobs(t.ctx, now), ['retention']);
    assert.equal(
      await t.ctx.store.db
        .selectFrom('call_logs')
        .select('id')
        .execute()
        .then((r) => r.length),
      2,
    );
    assert.deepEqual(await runDueJobs(t.ctx, now + 3_600_000), []);
    assert.equal(await claimJob(t.ctx, 'retention', DAY, now + 23 * 3_600_000), false);
    assert.equal(await claimJob(t.ctx, 'retention', DAY, now + DAY), true);
    assert.equal(await claimJob(t.ctx, 'retention', DAY, now + DAY), false);
  });

  test('the scheduler starts only when enabled and stops through onClose', async () => {
    const hooks = t.ctx.onClose.length;
    startScheduler(t.ctx, 20);
    assert.equal(t.ctx.onClose.length, hooks, 'schedulerEnabled is false in tests');

    const on = await buildTestApp({ config: { schedulerEnabled: true } });
    try {
      const before = on.ctx.onClose.length;
      startScheduler(on.ctx, 20);
      assert.equal(on.ctx.onClose.length, before + 1);
      // Wait (without asserting on time) for the first tick to have run the daily retention.
      while (!(await readOption<string>(on.ctx.store.db, 'job_last_run:retention')))
        await new Promise((resolve) => setTimeout(resolve, 20));
    } finally {
      await on.close();
    }
  });
});

for (const dialect of ['SQLite', 'PostgreSQL'] as const)
  describe(`audit retention (${dialect})`, () => {
    let t: TestApp;
    let schema: PgSchema | undefined;
    before(async () => {
      if (dialect === 'SQLite') t = await buildTestApp();
      else {
        schema = await createPgSchema();
        if (!('skip' in schema)) t = await buildTestApp({ databaseUrl: schema.url });
      }
    });
    after(async () => {
      if (schema && 'skip' in schema) return;
      await t.close();
      if (schema) await schema.drop();
    });
    /** True (and the test marked skipped) when PostgreSQL is not there. */
    function skipped(c: TestContext): boolean {
      if (!schema || !('skip' in schema)) return false;
      c.skip(schema.skip);
      return true;
    }

    /** Appends a correctly chained row recorded at `at` (recordAudit stamps the time itself). */
    async function appendAt(at: string, target: string) {
      await appendAuditRow(t.ctx.store, (prev_hash) => {
        const fields = {
          at,
          prev_hash,
          actor_kind: 'system',
          actor_id: null,
          actor_name: 'system',
          action: 'user.updated',
          target_kind: 'user',
          target_id: target,
          server_uuid: null,
          tool: null,
          arguments: null,
          decision: null,
          policy_ids: null,
          detail: null,
        };
        return { fields, hash: hashAuditFields(fields) };
      });
    }

    const targets = async () =>
      (
        await t.ctx.store.db.selectFrom('audit_log').select(['target_id', 'action']).orderBy('id').execute()
      ).map((r) => r.target_id ?? r.action);

    test('deletes audit rows older than audit_retention_days; the rest still verifies from the anchor', async (c) => {
      if (skipped(c)) return;
      await appendAt(ago(400 * DAY), 'a');
      await appendAt(ago(366 * DAY), 'b');
      await appendAt(ago(364 * DAY), 'c');
      await appendAt(ago(60_000), 'd');
      const res = await t.api('POST', '/admin/run-retention');
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().deleted.audit_log, 2);
      assert.equal(res.json().thresholds.audit_retention_days, 365);
      // The deletion is itself recorded, at the end of the chain.
      assert.deepEqual(await targets(), ['c', 'd', 'audit.pruned']);
      const [pruned] = (await t.api('GET', '/audit?action=audit.pruned')).json();
      assert.equal(pruned.actor_kind, 'system');
      assert.equal(pruned.detail.deleted, 2);
      assert.equal(pruned.detail.days, 365);
      assert.deepEqual((await t.api('GET', '/audit/verify')).json(), { ok: true, rows: 3 });
      const again = await t.api('POST', '/admin/run-retention');
      assert.equal(again.json().deleted.audit_log, 0);
      assert.deepEqual(await targets(), ['c', 'd', 'audit.pruned']);
    });

    test('a shorter period deletes more and the chain still verifies; 0 keeps every row', async (c) => {
      if (skipped(c)) return;
      await updateSettings(t.ctx, { audit_retention_days: 0 });
      const before = await targets();
      const kept = await t.api('POST', '/admin/run-retention');
      assert.equal(kept.json().deleted.audit_log, 0);
      assert.equal(kept.json().thresholds.audit_retention_days, 0);
      assert.deepEqual(await targets(), before);
      await updateSettings(t.ctx, { audit_retention_days: 30 });
      const res = await t.api('POST', '/admin/run-retention');
      assert.equal(res.json().deleted.audit_log, 1);
      assert.deepEqual(await targets(), ['d', 'audit.pruned', 'audit.pruned']);
      assert.deepEqual((await t.api('GET', '/audit/verify')).json(), { ok: true, rows: 3 });
      await updateSettings(t.ctx, { audit_retention_days: 365 });
    });
  });
