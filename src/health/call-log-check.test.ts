import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { sql } from 'kysely';
import { pino } from 'pino';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { createCallLogWriter, logWriteFailures } from '../analytics/call-log-writer.ts';
import { buildCallLogEntry } from '../shared/call-log-entry.ts';

let t: TestApp;
before(async () => {
  t = await buildTestApp();
  const created = await t.api('POST', '/servers', { name: 'Logged' });
  assert.equal(created.statusCode, 201, created.body);
});
after(() => t.close());

function entry(i: number) {
  return buildCallLogEntry(
    {
      server: { id: 1, uuid: 'u', name: 'Logged' },
      toolId: null,
      target: `t${i}`,
      method: 'tools/call',
      clientType: 'mcp',
      clientName: null,
      clientIp: null,
      sessionId: null,
    },
    { i },
    { ok: true, error: null, httpStatus: 200, durationMs: 1, responseData: null },
  );
}

const breakTable = () => sql`ALTER TABLE call_logs RENAME TO call_logs_away`.execute(t.ctx.store.db);
const mendTable = () => sql`ALTER TABLE call_logs_away RENAME TO call_logs`.execute(t.ctx.store.db);

test('failed batches are logged through pino with their row count and turn /health degraded until a batch is written', async () => {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
  const writer = createCallLogWriter(t.ctx.store, { intervalMs: 60_000, onError: logWriteFailures(log) });
  const original = t.ctx.callLogs;
  t.ctx.callLogs = writer;
  try {
    const healthy = await t.api('GET', '/health');
    assert.equal(healthy.json().status, 'ok', healthy.body);
    assert.equal(healthy.json().checks.call_logs, undefined);

    await breakTable();
    for (let i = 0; i < 3; i++) writer.write(entry(i));
    await writer.flush();
    writer.write(entry(3));
    await writer.flush();
    const logged = lines.map((l) => JSON.parse(l));
    assert.deepEqual(
      logged.map((l) => [l.level, l.rows, l.msg]),
      [
        [50, 3, 'call-log batch write failed: 3 rows lost'],
        [50, 1, 'call-log batch write failed: 1 rows lost'],
      ],
    );
    assert.match(logged[0].err.message, /call_logs/);
    const degraded = await t.api('GET', '/health');
    assert.equal(degraded.statusCode, 200);
    assert.equal(degraded.json().status, 'degraded');
    assert.equal(degraded.json().checks.call_logs.status, 'warn');
    assert.equal(degraded.json().checks.call_logs.lost_rows, 4);
    assert.match(degraded.json().checks.call_logs.since, /^\d{4}-\d{2}-\d{2}T/);

    await mendTable();
    writer.write(entry(4));
    await writer.flush();
    const recovered = await t.api('GET', '/health');
    assert.equal(recovered.json().status, 'ok', recovered.body);
    assert.equal(recovered.json().checks.call_logs, undefined);
  } finally {
    t.ctx.callLogs = original;
    await writer.close();
  }
});
