import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { callEntry } from '../../test/analytics-kit.ts';
import { type OpenedStore, openPgStore, openSqliteStore } from '../../test/store-kit.ts';
import { CALL_LOG_COLUMNS, type CallLogInsert, copyLine, WRITTEN_COLUMNS } from './call-log-columns.ts';
import { insertCallLogBatch } from './call-logs-write.repo.ts';
import type { Store } from './db.ts';

/*
 * The declaration against the migrated tables of both databases, and the two writers derived from
 * it against each other.
 */

interface TableColumn {
  name: string;
  kind: 'integer' | 'text';
  nullable: boolean;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** The stored columns as the declaration has them: integers (and the id) or text, NULL or not. */
function declaredTable(): TableColumn[] {
  return CALL_LOG_COLUMNS.filter((c) => c.stored)
    .map((c): TableColumn => {
      const kind = c.write === 'integer' || c.write === 'none' ? 'integer' : 'text';
      return { name: c.name, kind, nullable: c.nullable };
    })
    .sort(byName);
}

const kindOf = (type: string): TableColumn['kind'] => (/int/i.test(type) ? 'integer' : 'text');

async function sqliteTable(store: Store): Promise<TableColumn[]> {
  const { rows } = await sql<{
    name: string;
    type: string;
    notnull: number;
    pk: number;
  }>`select name, type, "notnull", pk from pragma_table_info('call_logs')`.execute(store.db);
  return rows
    .map((r) => ({ name: r.name, kind: kindOf(r.type), nullable: r.notnull === 0 && r.pk === 0 }))
    .sort(byName);
}

async function pgTable(store: Store): Promise<TableColumn[]> {
  const { rows } = await sql<{ name: string; type: string; nullable: string }>`
    select column_name as name, data_type as type, is_nullable as nullable from information_schema.columns
    where table_schema = current_schema() and table_name = 'call_logs'`.execute(store.db);
  return rows
    .map((r) => ({ name: r.name, kind: kindOf(r.type), nullable: r.nullable === 'YES' }))
    .sort(byName);
}

/** Entries whose text holds what COPY's text format gives a meaning to, and nulls where allowed. */
const AWKWARD = [
  'tab\there',
  'line\nbreak',
  'carriage\r\nreturn',
  'back\\slash \\N \\. \\t',
  '\\N',
  '\\.',
  '',
  'ünïcødé 漢字 🙂',
  '\t\n\\\r',
  'nul\u0000inside',
];

function awkwardEntries(): CallLogInsert[] {
  const entries: CallLogInsert[] = AWKWARD.map((text, i) => ({
    server_id: i,
    server_uuid: text,
    server_name: text,
    tool_id: 2_147_483_000 + i,
    tool_name: `awkward-${i} ${text}`,
    method: text,
    client_type: text,
    client_name: text,
    client_ip: text,
    session_id: text,
    user_uuid: text,
    oauth_client_id: text,
    policy_ids: text,
    run_id: text,
    request_args: `{"q":${JSON.stringify(text)}}`,
    response_status: text,
    http_status: 200 + i,
    response_time_ms: i,
    error_message: text,
    response_data: text,
    args_tokens: 0,
    result_tokens: 9_007_199 + i,
  }));
  // Every nullable column null, and the token counts absent (the writers take them as null).
  entries.push(
    callEntry({
      created_at: '',
      tool_name: 'awkward-nulls',
      server_id: null,
      server_uuid: null,
      tool_id: null,
      client_name: null,
      client_ip: null,
      session_id: null,
      request_args: null,
      http_status: null,
      error_message: null,
      response_data: null,
    }),
  );
  return entries;
}

/** The stored awkward rows without their ids, integers as numbers (PostgreSQL's bigint comes as text). */
async function readAwkward(store: Store): Promise<Record<string, unknown>[]> {
  const rows = await store.db
    .selectFrom('call_logs')
    .selectAll()
    .where('tool_name', 'like', 'awkward-%')
    .orderBy('id')
    .execute();
  const integers = new Set(WRITTEN_COLUMNS.filter((c) => c.write === 'integer').map((c) => c.name));
  return rows.map(({ id: _id, ...row }) =>
    Object.fromEntries(
      Object.entries(row).map(([k, v]) => [k, integers.has(k as never) && v !== null ? Number(v) : v]),
    ),
  );
}

describe('the call-log columns', () => {
  let sqlite: OpenedStore;
  let pg: OpenedStore;
  before(async () => {
    sqlite = await openSqliteStore('call-log-columns');
    pg = await openPgStore();
  });
  after(async () => {
    for (const opened of [sqlite, pg])
      if ('store' in opened) {
        await opened.store.close();
        await opened.cleanup();
      }
  });

  test('the declaration lists every column of the migrated SQLite table, with its type and NULL', async () => {
    if (!('store' in sqlite)) throw new Error('SQLite always opens');
    assert.deepEqual(await sqliteTable(sqlite.store), declaredTable());
  });

  test('the declaration lists every column of the migrated PostgreSQL table, with its type and NULL', async (t) => {
    if (!('store' in pg)) return t.skip(pg.skip);
    assert.deepEqual(await pgTable(pg.store), declaredTable());
  });

  test('a row written by the SQLite batch and by the PostgreSQL COPY reads back identically', async (t) => {
    if (!('store' in sqlite)) throw new Error('SQLite always opens');
    if (!('store' in pg)) return t.skip(pg.skip);
    const entries = awkwardEntries();
    const stamps = entries.map((_, i) => `2026-11-24T16:00:00.${String(i).padStart(3, '0')}Z`);
    await insertCallLogBatch(sqlite.store, entries, stamps, [], []);
    await insertCallLogBatch(pg.store, entries, stamps, [], []);

    const fromSqlite = await readAwkward(sqlite.store);
    assert.deepEqual(await readAwkward(pg.store), fromSqlite);
    const expected = entries.map((e, i) =>
      Object.fromEntries(
        [...WRITTEN_COLUMNS].sort(byName).map((c) => {
          if (c.write === 'stamp') return [c.name, stamps[i]];
          const value = (e as Record<string, unknown>)[c.name] ?? null;
          return [c.name, typeof value === 'string' ? value.replaceAll('\u0000', '') : value];
        }),
      ),
    );
    assert.deepEqual(
      fromSqlite.map((row) => Object.fromEntries(Object.entries(row).sort(([a], [b]) => a.localeCompare(b)))),
      expected,
    );
  });

  test('a COPY line escapes each field and keeps the written columns in order', () => {
    const entry = callEntry({
      created_at: '',
      server_id: null,
      tool_name: 'a\tb',
      response_data: 'x\\y\nz',
      error_message: null,
    });
    const fields = copyLine(entry, '2026-11-24T16:00:00.000Z').slice(0, -1).split('\t');
    assert.equal(fields.length, WRITTEN_COLUMNS.length);
    const at = (name: string) => fields[WRITTEN_COLUMNS.findIndex((c) => c.name === name)];
    assert.equal(at('server_id'), '\\N');
    assert.equal(at('tool_name'), 'a\\tb');
    assert.equal(at('response_data'), 'x\\\\y\\nz');
    assert.equal(at('error_message'), '\\N');
    assert.equal(at('created_at'), '2026-11-24T16:00:00.000Z');
  });
});
