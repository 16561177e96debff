import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { callEntry } from '../../test/analytics-kit.ts';
import { type OpenedStore, openPgStore, openSqliteStore } from '../../test/store-kit.ts';
import { emptyHistogram, recordLatency } from '../shared/latency-histogram.ts';
import { insertCallLogBatch } from './call-logs-write.repo.ts';
import type { Store } from './db.ts';

/* The batch writer's SQL on both stores: every column as given, NUL removed, aggregates added up. */

type Opened = OpenedStore;

/** The tool names of the stored call logs and the calls of the per-tool aggregates, as stored. */
async function assertLanded(store: Store, toolNames: string[], aggregateCalls: number[]): Promise<void> {
  const names = await store.db.selectFrom('call_logs').select('tool_name').execute();
  assert.deepEqual(
    names.map((r) => r.tool_name),
    toolNames,
  );
  const agg = await store.db.selectFrom('analytics_daily').select('calls').execute();
  assert.deepEqual(
    agg.map((a) => Number(a.calls)),
    aggregateCalls,
  );
}

function batchContract(label: string, open: () => Promise<Opened>): void {
  describe(`call-log batches on ${label}`, () => {
    let opened: Opened;
    let store: Store;
    before(async () => {
      opened = await open();
      if ('store' in opened) store = opened.store;
    });
    after(async () => {
      if ('store' in opened) {
        await store.close();
        await opened.cleanup();
      }
    });

    test('writes each row whole, strips U+0000 and sums aggregates across batches', async (t) => {
      if ('skip' in opened) return t.skip(opened.skip);
      const rows = [
        callEntry({
          created_at: 'ignored: the stamp wins',
          server_uuid: 'b2f1',
          client_name: 'cur\u0000sor',
          request_args: '{"q":"a\\u0000b"}',
          response_data: 'x\u0000y "quoted" \\ back',
          http_status: null,
          args_tokens: 7,
          result_tokens: 9_007_199,
        }),
        callEntry({
          created_at: '',
          response_status: 'error',
          error_message: 'HTTP 502',
          response_time_ms: 300,
        }),
      ];
      const stamps = ['2026-11-24T10:00:00.000Z', '2026-11-24T10:00:00.001Z'];
      const hour = { hour: '2026-11-24T10', calls: 2, errors: 1, total_ms: 310, histogram: emptyHistogram() };
      recordLatency(hour.histogram, 10);
      recordLatency(hour.histogram, 300);
      const daily = [{ day: '2026-11-24T10', server_id: 1, tool_id: 1, calls: 2, errors: 1, total_ms: 310 }];
      await insertCallLogBatch(store, rows, stamps, daily, [hour]);
      await insertCallLogBatch(
        store,
        [rows[1]!],
        [stamps[1]!],
        [{ ...daily[0]!, calls: 1, total_ms: 300 }],
        [],
      );

      const stored = await store.db.selectFrom('call_logs').selectAll().orderBy('id').execute();
      assert.equal(stored.length, 3);
      const first = stored[0]!;
      assert.equal(first.created_at, stamps[0]);
      assert.equal(first.server_uuid, 'b2f1');
      assert.equal(first.client_name, 'cursor');
      assert.equal(first.request_args, '{"q":"a\\u0000b"}');
      assert.equal(first.response_data, 'xy "quoted" \\ back');
      assert.equal(first.http_status, null);
      assert.equal(Number(first.args_tokens), 7);
      assert.equal(Number(first.result_tokens), 9_007_199);
      assert.equal(first.error_message, null);
      assert.deepEqual(
        stored.slice(1).map((r) => [r.created_at, r.response_status, r.error_message, r.response_time_ms]),
        [
          [stamps[1], 'error', 'HTTP 502', 300],
          [stamps[1], 'error', 'HTTP 502', 300],
        ],
      );
      const agg = await store.db.selectFrom('analytics_daily').selectAll().execute();
      assert.deepEqual(
        agg.map((a) => [a.day, Number(a.calls), Number(a.errors), Number(a.total_ms)]),
        [['2026-11-24T10', 3, 2, 610]],
      );
      const rollup = await store.db
        .selectFrom('analytics_hourly')
        .select(['calls', 'min_ms', 'max_ms'])
        .execute();
      assert.deepEqual(
        rollup.map((r) => [Number(r.calls), Number(r.min_ms), Number(r.max_ms)]),
        [[2, 10, 300]],
      );
    });

    test('every column of an entry lands in its own column, in a many-row statement and alone', async (t) => {
      if ('skip' in opened) return t.skip(opened.skip);
      // 30 entries: on SQLite the first 25 go in one INSERT, the last 5 one by one.
      const entries = Array.from({ length: 30 }, (_, i) => ({
        server_id: 101 + i,
        server_uuid: `col-uuid-${i}`,
        server_name: `col-server-${i}`,
        tool_id: 1_000 + i,
        tool_name: `col-tool-${String(i).padStart(2, '0')}`,
        method: `col-method-${i}`,
        client_type: `col-type-${i}`,
        client_name: `col-client-${i}`,
        client_ip: `col-ip-${i}`,
        session_id: `col-session-${i}`,
        user_uuid: `col-user-${i}`,
        oauth_client_id: `col-oauth-client-${i}`,
        policy_ids: `["col-policy-${i}"]`,
        run_id: `col-run-${i}`,
        request_args: `{"col":${i}}`,
        response_status: `col-status-${i}`,
        http_status: 200 + i,
        response_time_ms: 300 + i,
        error_message: `col-error-${i}`,
        response_data: `col-data-${i}`,
        args_tokens: 400 + i,
        result_tokens: 500 + i,
      }));
      const stamps = entries.map((_, i) => `2026-11-24T12:00:${String(i).padStart(2, '0')}.000Z`);
      await insertCallLogBatch(store, entries, stamps, [], []);
      const stored = await store.db
        .selectFrom('call_logs')
        .selectAll()
        .where('tool_name', 'like', 'col-tool-%')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        stored.map(({ id: _id, ...columns }) =>
          Object.fromEntries(
            Object.entries(columns).map(([k, v]) => [k, typeof v === 'string' ? v : Number(v)]),
          ),
        ),
        entries.map((e, i) => ({ ...e, created_at: stamps[i] })),
      );
    });

    test('text with tabs, line breaks, backslashes and escape look-alikes lands as given', async (t) => {
      if ('skip' in opened) return t.skip(opened.skip);
      // What COPY's text format gives a meaning to (PostgreSQL), and what only looks like it.
      const tricky = [
        'tab\there',
        'line\nbreak',
        'carriage\r\nreturn',
        'back\\slash \\N \\. \\t',
        '\\N',
        '\\.',
        '',
        'ünïcødé 漢字 🙂',
        '{"q":"a\\tb","n":"x\\ny"}',
        '\t\n\\\r',
      ];
      const rows = tricky.map((text, i) =>
        callEntry({
          created_at: '',
          tool_name: `tricky-${i}`,
          response_data: text,
          error_message: text,
          client_name: null,
        }),
      );
      const stamps = rows.map((_, i) => `2026-11-24T13:00:00.${String(i).padStart(3, '0')}Z`);
      await insertCallLogBatch(store, rows, stamps, [], []);
      const stored = await store.db
        .selectFrom('call_logs')
        .select(['response_data', 'error_message', 'client_name'])
        .where('tool_name', 'like', 'tricky-%')
        .orderBy('id')
        .execute();
      assert.deepEqual(
        stored.map((r) => r.response_data),
        tricky,
      );
      assert.deepEqual(
        stored.map((r) => r.error_message),
        tricky,
      );
      assert.deepEqual(
        stored.map((r) => r.client_name),
        tricky.map(() => null),
      );
    });

    test('a batch larger than one turn of rows keeps every row, in order', async (t) => {
      if ('skip' in opened) return t.skip(opened.skip);
      const n = 1_234;
      const rows = Array.from({ length: n }, (_, i) =>
        callEntry({
          created_at: '',
          tool_name: `turns-${i}`,
          response_data: i === 1_000 ? 'late\u0000nul' : `r${i}`,
        }),
      );
      const stamps = rows.map((_, i) => `2026-11-24T11:00:${String(i % 60).padStart(2, '0')}.000Z`);
      await insertCallLogBatch(store, rows, stamps, [], []);
      const stored = await store.db
        .selectFrom('call_logs')
        .select(['tool_name', 'response_data', 'created_at'])
        .where('tool_name', 'like', 'turns-%')
        .orderBy('id')
        .execute();
      assert.equal(stored.length, n);
      assert.deepEqual(
        stored.map((r) => [r.tool_name, r.response_data, r.created_at]),
        rows.map((r, i) => [r.tool_name, i === 1_000 ? 'latenul' : r.response_data, stamps[i]]),
      );
    });
  });
}

batchContract('SQLite', () => openSqliteStore('batches'));

batchContract('PostgreSQL', openPgStore);

describe('call-log batches on PostgreSQL only', () => {
  test('a lone UTF-16 surrogate (a client can name itself one) lands as U+FFFD, not as a lost batch', async (t) => {
    const opened = await openPgStore();
    if ('skip' in opened) return t.skip(opened.skip);
    const { store } = opened;
    try {
      // JSON.parse('"\\ud800"') gives such a string; the rows as JSON made PostgreSQL refuse the batch.
      const rows = [
        callEntry({
          created_at: '',
          tool_name: 'surrogate',
          client_name: 'bot\ud800',
          response_data: 'a\udc00b 😀',
        }),
        callEntry({ created_at: '', tool_name: 'surrogate', client_name: 'plain' }),
      ];
      await insertCallLogBatch(store, rows, ['2026-11-24T15:00:00.000Z', '2026-11-24T15:00:00.001Z'], [], []);
      const stored = await store.db
        .selectFrom('call_logs')
        .select(['client_name', 'response_data'])
        .where('tool_name', '=', 'surrogate')
        .orderBy('id')
        .execute();
      assert.deepEqual(stored[0], { client_name: 'bot\ufffd', response_data: 'a\ufffdb 😀' });
      assert.equal(stored[1]!.client_name, 'plain');
    } finally {
      await store.close();
      await opened.cleanup();
    }
  });

  test('nothing of the failed batch lands, and the next batch is written', async (t) => {
    const opened = await openPgStore();
    if ('skip' in opened) return t.skip(opened.skip);
    const { store } = opened;
    try {
      const good = callEntry({ created_at: '', tool_name: 'after-failure' });
      // An integer column given a fraction: the server refuses the COPY halfway through the batch.
      const bad = [
        callEntry({ created_at: '', tool_name: 'doomed' }),
        callEntry({ created_at: '', tool_name: 'doomed', http_status: 200.5 }),
      ];
      const hour = [{ day: '2026-11-24T14', server_id: 1, tool_id: 1, calls: 2, errors: 0, total_ms: 20 }];
      await assert.rejects(
        insertCallLogBatch(store, bad, ['2026-11-24T14:00:00.000Z', '2026-11-24T14:00:00.001Z'], hour, []),
        /integer/,
      );
      for (let i = 0; i < 12; i++)
        await insertCallLogBatch(store, [good], ['2026-11-24T14:00:01.000Z'], hour, []);
      await assertLanded(
        store,
        Array.from({ length: 12 }, () => 'after-failure'),
        [24],
      );
    } finally {
      await store.close();
      await opened.cleanup();
    }
  });
});

describe('call-log batches on SQLite only', () => {
  test('a row refused inside a many-row INSERT: nothing of the batch lands, the next one does', async () => {
    // The INSERT is `or fail` (no statement journal, see call-logs-write.repo.ts): the rows before the
    // refused one stay in the transaction until the batch's rollback, which must drop them.
    const opened = await openSqliteStore('refused-row');
    if (!('store' in opened)) throw new Error('SQLite always opens');
    const { store } = opened;
    try {
      const rows = Array.from({ length: 30 }, (_, i) =>
        callEntry({ created_at: '', tool_name: i === 20 ? (null as unknown as string) : `doomed-${i}` }),
      );
      const stamps = rows.map((_, i) => `2026-11-24T14:00:00.${String(i).padStart(3, '0')}Z`);
      const hour = [{ day: '2026-11-24T14', server_id: 1, tool_id: 1, calls: 30, errors: 0, total_ms: 300 }];
      await assert.rejects(insertCallLogBatch(store, rows, stamps, hour, []), /NOT NULL/);
      await assertLanded(store, [], []);

      const good = callEntry({ created_at: '', tool_name: 'after-failure' });
      await insertCallLogBatch(store, [good], ['2026-11-24T14:00:01.000Z'], [{ ...hour[0]!, calls: 1 }], []);
      await assertLanded(store, ['after-failure'], [1]);
    } finally {
      await store.close();
      await opened.cleanup();
    }
  });
});
