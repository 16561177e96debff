import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { type CallLogEntry, createCallLogWriter } from './call-log-writer.ts';

function entry(i: number, extra: Partial<CallLogEntry> = {}): CallLogEntry {
  return {
    server_id: null,
    server_uuid: null,
    server_name: 'Writer',
    tool_id: null,
    tool_name: `tool-${i % 3}`,
    method: 'tools/call',
    client_type: 'mcp',
    user_uuid: null,
    oauth_client_id: null,
    policy_ids: null,
    run_id: null,
    client_name: null,
    client_ip: '127.0.0.1',
    session_id: null,
    request_args: JSON.stringify({ i }),
    response_status: i % 10 === 0 ? 'error' : 'success',
    http_status: 200,
    response_time_ms: 5,
    error_message: i % 10 === 0 ? 'boom' : null,
    response_data: null,
    ...extra,
  };
}

describe('call-log writer', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('writes every row in multi-row batches and sums the hourly aggregates', async () => {
    const db = t.ctx.store.db;
    const writer = createCallLogWriter(t.ctx.store, { intervalMs: 60_000, maxBatch: 700 });
    for (let i = 0; i < 1_234; i++) writer.write(entry(i));
    writer.write(entry(5_001, { created_at: '2024-01-02T03:04:05.000Z', tool_name: 'dated' }));
    await writer.close();

    const rows = await db.selectFrom('call_logs').selectAll().where('server_name', '=', 'Writer').execute();
    assert.equal(rows.length, 1_235);
    const args = rows.map((r) => JSON.parse(r.request_args ?? '{}').i as number).sort((a, b) => a - b);
    assert.deepEqual(args.slice(0, 3), [0, 1, 2]);
    assert.equal(args.at(-2), 1_233);
    const dated = rows.find((r) => r.tool_name === 'dated')!;
    assert.equal(dated.created_at, '2024-01-02T03:04:05.000Z');
    assert.equal(dated.client_ip, '127.0.0.1');
    assert.equal(rows.filter((r) => r.error_message === 'boom').length, 124);

    const aggregates = await db
      .selectFrom('analytics_daily')
      .selectAll()
      .where('server_id', '=', 0)
      .where('tool_id', '=', 0)
      .execute();
    const old = aggregates.find((a) => a.day === '2024-01-02T03')!;
    assert.deepEqual([old.calls, old.errors, old.total_ms], [1, 0, 5]);
    const recent = aggregates.filter((a) => a.day !== '2024-01-02T03');
    assert.equal(
      recent.reduce((n, a) => n + a.calls, 0),
      1_234,
    );
    assert.equal(
      recent.reduce((n, a) => n + a.errors, 0),
      124,
    );
  });

  test('rows queued while a batch is written wait for the next tick, unless a full batch waits', async () => {
    const count = async () =>
      Number(
        (
          await t.ctx.store.db
            .selectFrom('call_logs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('server_name', '=', 'Ticks')
            .executeTakeFirstOrThrow()
        ).n,
      );
    const writer = createCallLogWriter(t.ctx.store, { intervalMs: 60_000, maxBatch: 250 });
    const row = (i: number) => entry(i, { server_name: 'Ticks' });
    // A full queue starts a batch; SQLite yields to the event loop every 100 rows of it, and 30
    // rows arrive then.
    for (let i = 0; i < 250; i++) writer.write(row(i));
    setImmediate(() => {
      for (let i = 250; i < 280; i++) writer.write(row(i));
    });
    while ((await count()) < 250) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(await count(), 250);
    // 500 more: two full batches go at once, the 30 with them (they came first)...
    for (let i = 280; i < 780; i++) writer.write(row(i));
    while ((await count()) < 750) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 50));
    // ...and the last 30 wait for the tick (or a flush).
    assert.equal(await count(), 750);
    await writer.close();
    assert.equal(await count(), 780);
  });

  test('drops writes after close', async () => {
    const writer = createCallLogWriter(t.ctx.store, { intervalMs: 60_000 });
    await writer.close();
    writer.write(entry(1, { tool_name: 'late' }));
    await writer.flush();
    const late = await t.ctx.store.db
      .selectFrom('call_logs')
      .selectAll()
      .where('tool_name', '=', 'late')
      .execute();
    assert.equal(late.length, 0);
  });
});

describe('call-log writer stamps', () => {
  let app: TestApp;
  before(async () => {
    app = await buildTestApp();
  });
  after(() => app.close());

  test('stamps each row with the ISO time it was queued, across milliseconds and seconds', async () => {
    const db = app.ctx.store.db;
    const writer = createCallLogWriter(app.ctx.store, { intervalMs: 60_000, maxBatch: 10_000 });
    const start = Date.now();
    let i = 0;
    // Long enough to cross at least one second boundary, so both cached parts change.
    while (Date.now() - start < 1_100) {
      writer.write(entry(i++, { server_name: 'Stamps' }));
      if (i % 4 === 0) await sleep(1);
    }
    const end = Date.now();
    await writer.close();

    const rows = await db
      .selectFrom('call_logs')
      .select('created_at')
      .where('server_name', '=', 'Stamps')
      .execute();
    assert.equal(rows.length, i);
    const stamps = rows.map((r) => r.created_at);
    for (const stamp of stamps) {
      const ms = Date.parse(stamp);
      assert.equal(stamp, new Date(ms).toISOString());
      assert.ok(ms >= start && ms <= end, stamp);
    }
    assert.ok(new Set(stamps.map((s) => s.slice(0, 19))).size >= 2, 'crossed a second');
    assert.ok(new Set(stamps).size > 100, 'many milliseconds');
  });
});
