import { pipeline } from 'node:stream/promises';
import type SQLite from 'better-sqlite3';
import {
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type pg from 'pg';
import type * as PgCopyStreams from 'pg-copy-streams';
import { LATENCY_BUCKETS, type LatencyHistogram } from '../shared/latency-histogram.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import { copyField } from './copy-text.ts';
import type { Dialect, Store } from './db.ts';
import { BUCKET_COLUMNS, bucketCaseSql } from './migrations.ts';
import { nowIso, toInt, withoutNul } from './rows.ts';
import type { CallLogsTable, Database } from './schema.ts';

type Db = Kysely<Database>;
type Eb = ExpressionBuilder<Database, 'call_logs'>;
export type CallLogRow = Selectable<CallLogsTable>;

/** A resolved call-log filter: every field already validated; instants are ISO UTC strings. */
export interface CallLogFilter {
  search?: string;
  serverUuid?: string;
  status?: 'success' | 'error';
  /** Inclusive lower bound on created_at. */
  createdFrom?: string;
  /** Exclusive upper bound on created_at. */
  createdBefore?: string;
  /** `tools/`, `prompts/` or `resources/`. */
  methodPrefix?: string;
  minResponseMs?: number;
}

export interface CallLogOrder {
  orderby: 'created_at' | 'response_time_ms';
  order: 'asc' | 'desc';
}

const SEARCH_COLUMNS = [
  'server_name',
  'tool_name',
  'method',
  'client_type',
  'client_ip',
  'error_message',
] as const;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The filter as one WHERE expression, shared by list, count, export and delete. */
function matchFilter(eb: Eb, filter: CallLogFilter, dialect: Dialect) {
  const parts = [];
  if (filter.search) {
    // Case-insensitive on both databases (SQLite's LIKE already is for ASCII). Measured: six
    // LIKEs beat one LIKE over the joined columns and instr(lower(...)) on a full scan.
    const op = sql.raw(dialect === 'postgres' ? 'ilike' : 'like');
    const pattern = `%${escapeLike(filter.search)}%`;
    parts.push(
      eb.or(
        SEARCH_COLUMNS.map((c) => sql<SqlBool>`${sql.ref(`call_logs.${c}`)} ${op} ${pattern} escape '\\'`),
      ),
    );
  }
  if (filter.serverUuid) parts.push(eb('server_uuid', '=', filter.serverUuid));
  if (filter.status) parts.push(eb('response_status', '=', filter.status));
  if (filter.createdFrom) parts.push(eb('created_at', '>=', filter.createdFrom));
  if (filter.createdBefore) parts.push(eb('created_at', '<', filter.createdBefore));
  if (filter.methodPrefix) parts.push(eb('method', 'like', `${escapeLike(filter.methodPrefix)}%`));
  if (filter.minResponseMs !== undefined) parts.push(eb('response_time_ms', '>=', filter.minResponseMs));
  return eb.and(parts);
}

export async function countCallLogs(db: Db, dialect: Dialect, filter: CallLogFilter): Promise<number> {
  const row = await db
    .selectFrom('call_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .where((eb) => matchFilter(eb, filter, dialect))
    .executeTakeFirst();
  return toInt(row?.n);
}

/** One page of call logs and the total matching the filter. */
export async function listCallLogs(
  db: Db,
  dialect: Dialect,
  filter: CallLogFilter,
  order: CallLogOrder,
  page: { limit: number; offset: number },
): Promise<{ rows: CallLogRow[]; total: number }> {
  const rows = await db
    .selectFrom('call_logs')
    .selectAll()
    .where((eb) => matchFilter(eb, filter, dialect))
    .orderBy(order.orderby, order.order)
    .orderBy('id', order.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  // A full first page needs no count: it is the whole result.
  const total =
    page.offset === 0 && rows.length < page.limit ? rows.length : await countCallLogs(db, dialect, filter);
  return { rows, total };
}

/**
 * Walks the matching rows newest first in keyset-paginated batches, so an export of a million
 * rows neither holds the connection nor the whole result in memory.
 */
export async function* iterateCallLogs(
  db: Db,
  dialect: Dialect,
  filter: CallLogFilter,
  batchSize = 1000,
): AsyncGenerator<CallLogRow> {
  let beforeId: number | undefined;
  for (;;) {
    let query = db
      .selectFrom('call_logs')
      .selectAll()
      .where((eb) => matchFilter(eb, filter, dialect));
    if (beforeId !== undefined) query = query.where('id', '<', beforeId);
    const rows = await query.orderBy('id', 'desc').limit(batchSize).execute();
    for (const row of rows) yield row;
    if (rows.length < batchSize) return;
    beforeId = toInt(rows.at(-1)!.id);
  }
}

/** Subtracts the rows about to be deleted from the hourly aggregates, in the same transaction. */
async function unaggregate(trx: Transaction<Database>, where: (eb: Eb) => ReturnType<Eb['and']>) {
  const groups = await trx
    .selectFrom('call_logs')
    .select((eb) => [
      sql<string>`substr(created_at, 1, 13)`.as('hour'),
      eb.fn.coalesce('server_id', sql.lit(0)).as('sid'),
      eb.fn.coalesce('tool_id', sql.lit(0)).as('tid'),
      eb.fn.countAll().as('calls'),
      eb.fn.sum(sql`case when response_status = 'success' then 0 else 1 end`).as('errors'),
      eb.fn.sum('response_time_ms').as('total_ms'),
    ])
    .where(where)
    .groupBy([sql`substr(created_at, 1, 13)`, 'server_id', 'tool_id'])
    .execute();
  for (const g of groups) {
    await trx
      .updateTable('analytics_daily')
      .set((eb) => ({
        calls: eb('calls', '-', toInt(g.calls)),
        errors: eb('errors', '-', toInt(g.errors)),
        total_ms: eb('total_ms', '-', toInt(g.total_ms)),
      }))
      .where('day', '=', g.hour)
      .where('server_id', '=', toInt(g.sid))
      .where('tool_id', '=', toInt(g.tid))
      .execute();
  }
  if (groups.length > 0) await trx.deleteFrom('analytics_daily').where('calls', '<=', 0).execute();
  await unrollHours(trx, where);
}

/** The same for the site-wide hourly rollup and its latency histogram (min and max stay as bounds). */
async function unrollHours(trx: Transaction<Database>, where: (eb: Eb) => ReturnType<Eb['and']>) {
  const groups = await trx
    .selectFrom('call_logs')
    .select((eb) => [
      sql<string>`substr(created_at, 1, 13)`.as('hour'),
      sql.raw<number>(bucketCaseSql()).as('bucket'),
      eb.fn.countAll().as('calls'),
      eb.fn.sum(sql`case when response_status = 'success' then 0 else 1 end`).as('errors'),
      eb.fn.sum('response_time_ms').as('total_ms'),
    ])
    .where(where)
    .groupBy([sql`substr(created_at, 1, 13)`, sql.raw(bucketCaseSql())])
    .execute();
  const hours = new Map<
    string,
    { calls: number; errors: number; totalMs: number; buckets: Map<number, number> }
  >();
  for (const g of groups) {
    let h = hours.get(g.hour);
    if (!h) {
      h = { calls: 0, errors: 0, totalMs: 0, buckets: new Map() };
      hours.set(g.hour, h);
    }
    h.calls += toInt(g.calls);
    h.errors += toInt(g.errors);
    h.totalMs += toInt(g.total_ms);
    h.buckets.set(toInt(g.bucket), toInt(g.calls));
  }
  for (const [hour, h] of hours) {
    // A bucket never goes below 0: hours rebuilt without their logs (migration 007) hold none.
    const sets = [...h.buckets].map(([b, n]) => {
      const col = sql.ref(BUCKET_COLUMNS[b]!);
      return sql`${col} = case when ${col} > ${n} then ${col} - ${n} else 0 end`;
    });
    await sql`update analytics_hourly set calls = calls - ${h.calls}, errors = errors - ${h.errors},
      total_ms = total_ms - ${h.totalMs}, ${sql.join(sets)} where hour = ${hour}`.execute(trx);
  }
  if (hours.size > 0) await trx.deleteFrom('analytics_hourly').where('calls', '<=', 0).execute();
}

async function deleteWhere(db: Db, where: (eb: Eb) => ReturnType<Eb['and']>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await unaggregate(trx, where);
    const result = await trx.deleteFrom('call_logs').where(where).executeTakeFirst();
    return toInt(result.numDeletedRows);
  });
}

/**
 * Deletes rows by id; unknown ids are ignored. The statistics follow the deletion (the rows
 * leave the hourly aggregates too), unlike retention, which keeps aggregates longer than logs.
 */
export async function deleteCallLogsByIds(db: Db, ids: number[]): Promise<number> {
  let deleted = 0;
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    deleted += await deleteWhere(db, (eb) => eb.and([eb('id', 'in', chunk)]));
  }
  return deleted;
}

export async function deleteCallLogsByFilter(
  db: Db,
  dialect: Dialect,
  filter: CallLogFilter,
): Promise<number> {
  return deleteWhere(db, (eb) => matchFilter(eb, filter, dialect));
}

/** Retention: deletes rows created before the instant, in chunks so writers are never blocked long. */
export async function deleteCallLogsBefore(db: Db, beforeIso: string, chunk = 5000): Promise<number> {
  let deleted = 0;
  for (;;) {
    const result = await db
      .deleteFrom('call_logs')
      .where('id', 'in', (qb) =>
        qb.selectFrom('call_logs').select('id').where('created_at', '<', beforeIso).limit(chunk),
      )
      .executeTakeFirst();
    const n = toInt(result.numDeletedRows);
    deleted += n;
    if (n < chunk) return deleted;
  }
}

export interface LogTotals {
  calls: number;
  errors: number;
  totalMs: number;
}

/** Calls, errors and summed latency of the rows created in [fromIso, beforeIso). */
export async function sumCallLogs(db: Db, fromIso: string, beforeIso: string): Promise<LogTotals> {
  const row = await db
    .selectFrom('call_logs')
    .select((eb) => [
      eb.fn.countAll().as('calls'),
      eb.fn.sum(sql`case when response_status = 'success' then 0 else 1 end`).as('errors'),
      eb.fn.sum('response_time_ms').as('total_ms'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .executeTakeFirst();
  return { calls: toInt(row?.calls), errors: toInt(row?.errors), totalMs: toInt(row?.total_ms) };
}

/** Columns of one call-log row, in the order the multi-row INSERT lists them. */
const COLUMNS = [
  'server_id',
  'server_uuid',
  'server_name',
  'tool_id',
  'tool_name',
  'method',
  'client_type',
  'client_name',
  'client_ip',
  'session_id',
  'request_args',
  'response_status',
  'http_status',
  'response_time_ms',
  'error_message',
  'response_data',
  'args_tokens',
  'result_tokens',
  'created_at',
] as const satisfies ReadonlyArray<keyof CallLogsTable>;

/** One UTC hour of the whole site: counts and the latency histogram, summed by the writer. */
export interface HourRollup {
  hour: string;
  calls: number;
  errors: number;
  total_ms: number;
  histogram: LatencyHistogram;
}

const ROLLUP_COLUMNS = [
  'hour',
  'calls',
  'errors',
  'total_ms',
  'min_ms',
  'max_ms',
  'updated_at',
  ...BUCKET_COLUMNS,
];
const rollupSql = new Map<Dialect, string>();

/** The rollup upsert: every column added to the hour's row (min and max kept), built once per dialect. */
function rollupStatement(dialect: Dialect): string {
  let text = rollupSql.get(dialect);
  if (text) return text;
  const marks = ROLLUP_COLUMNS.map((_, i) => (dialect === 'postgres' ? `$${i + 1}` : '?'));
  const t = 'analytics_hourly';
  const least =
    dialect === 'postgres'
      ? `least(${t}.min_ms, excluded.min_ms)`
      : `coalesce(min(${t}.min_ms, excluded.min_ms), excluded.min_ms, ${t}.min_ms)`;
  const greatest =
    dialect === 'postgres'
      ? `greatest(${t}.max_ms, excluded.max_ms)`
      : `coalesce(max(${t}.max_ms, excluded.max_ms), excluded.max_ms, ${t}.max_ms)`;
  const sums = ['calls', 'errors', 'total_ms', ...BUCKET_COLUMNS].map(
    (c) => `${c} = ${t}.${c} + excluded.${c}`,
  );
  text =
    `insert into ${t} (${ROLLUP_COLUMNS.join(', ')}) values (${marks.join(', ')}) on conflict (hour) do update set ` +
    `${sums.join(', ')}, min_ms = ${least}, max_ms = ${greatest}, updated_at = excluded.updated_at`;
  rollupSql.set(dialect, text);
  return text;
}

function rollupParams(r: HourRollup, now: string): unknown[] {
  const params: unknown[] = [
    r.hour,
    r.calls,
    r.errors,
    r.total_ms,
    r.histogram.minMs,
    r.histogram.maxMs,
    now,
  ];
  for (let i = 0; i < LATENCY_BUCKETS; i++) params.push(r.histogram.counts[i] ?? 0);
  return params;
}

/** One hour × server × tool of call counts, summed by the writer before it reaches the store. */
export interface HourAggregate {
  day: string;
  server_id: number;
  tool_id: number;
  calls: number;
  errors: number;
  total_ms: number;
}

/**
 * SQLite's INSERT of `n` rows (prepared once per database: insertBatchSqlite). `or fail`, not the
 * default `abort`: a many-row statement that may abort halfway needs a statement journal to undo
 * its own rows, and SQLite kept one in a temporary file for every batch (strace: an open and
 * unlink in /var/tmp per batch and 498 of 750 pwrite64 calls). A refused row fails the statement
 * and insertBatchSqlite rolls the whole batch back, so nothing of it lands either way; callgrind
 * (bench/gateway-instructions.ts): 0.985x and 0.991x main-thread instructions a call.
 */
const sqliteInsertRows = (n: number) =>
  `insert or fail into call_logs (${COLUMNS.join(', ')}) values ` +
  Array.from({ length: n }, () => `(${COLUMNS.map(() => '?').join(', ')})`).join(', ');

/**
 * Writes a batch of call-log rows (`createdAt[i]` stamps `rows[i]`) and adds the batch's hourly
 * aggregates (per tool, and the site-wide rollup with its latency histogram), in one transaction.
 */
export async function insertCallLogBatch(
  store: Store,
  rows: ReadonlyArray<
    Omit<CallLogsTable, 'id' | 'created_at' | 'args_tokens' | 'result_tokens'> &
      Partial<Pick<CallLogsTable, 'args_tokens' | 'result_tokens'>>
  >,
  createdAt: readonly string[],
  aggregates: readonly HourAggregate[],
  rollups: readonly HourRollup[] = [],
): Promise<void> {
  const now = nowIso();
  if (store.sqlite) {
    const sqlite = store.sqlite;
    // Holding kysely's connection: no kysely transaction is open while this one runs.
    await store.db
      .connection()
      .execute(() => insertBatchSqlite(sqlite, { rows, createdAt, aggregates, rollups, now }));
    return;
  }
  if (!store.pg) throw new Error('A PostgreSQL store has no pool.');
  await insertBatchPostgres(store.pg, { rows, createdAt, aggregates, rollups, now });
}

/*
 * PostgreSQL: the rows go in with COPY (text format, see copy-text.ts), the aggregates as one JSON
 * parameter the server expands (json_populate_recordset), in one transaction. COPY costs the
 * server and this process about half what rows as one JSON parameter did.
 */
/** pg-copy-streams, loaded with the first PostgreSQL batch (the SQLite default never needs it). */
const loadPgCopyStreams = lazyModule<typeof PgCopyStreams>('pg-copy-streams');
const PG_COPY_ROWS = `copy call_logs (${COLUMNS.join(', ')}) from stdin`;
const PG_UPSERT_DAILY =
  'insert into analytics_daily (day, server_id, tool_id, calls, errors, total_ms, updated_at) ' +
  'select day, server_id, tool_id, calls, errors, total_ms, $2 from json_populate_recordset(null::analytics_daily, $1::json) ' +
  'on conflict (day, server_id, tool_id) do update set calls = analytics_daily.calls + excluded.calls, ' +
  'errors = analytics_daily.errors + excluded.errors, total_ms = analytics_daily.total_ms + excluded.total_ms, ' +
  'updated_at = excluded.updated_at';

/** One writer batch: the rows with their stamps, the aggregates they add, and the time of writing. */
interface Batch {
  rows: Parameters<typeof insertCallLogBatch>[1];
  createdAt: readonly string[];
  aggregates: readonly HourAggregate[];
  rollups: readonly HourRollup[];
  now: string;
}

async function insertBatchPostgres(pool: pg.Pool, batch: Batch): Promise<void> {
  const client = await pool.connect();
  let failed = false;
  try {
    await client.query('begin');
    await pipeline(
      copyLines(batch.rows, batch.createdAt),
      client.query(loadPgCopyStreams().from(PG_COPY_ROWS)),
    );
    if (batch.aggregates.length > 0)
      await client.query(PG_UPSERT_DAILY, [JSON.stringify(batch.aggregates), batch.now]);
    for (const r of batch.rollups)
      await client.query(rollupStatement('postgres'), rollupParams(r, batch.now));
    await client.query('commit');
  } catch (err) {
    failed = true;
    throw err;
  } finally {
    // A failed batch's connection is closed, not reused: an aborted COPY or transaction leaves
    // it in a state no later query should inherit (closing ends the transaction: nothing lands).
    client.release(failed);
  }
}

/**
 * The rows as COPY text lines, PG_COPY_ROWS_PER_TURN rows per chunk with a turn of the event loop
 * between (2,000 rows in one go held requests for several milliseconds). Named reads, in COLUMNS
 * order, as for SQLite (bindSqliteRow); a test writes every column and reads it back.
 */
async function* copyLines(rows: Batch['rows'], createdAt: readonly string[]): AsyncGenerator<string> {
  for (let start = 0; start < rows.length; start += PG_COPY_ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    const end = Math.min(rows.length, start + PG_COPY_ROWS_PER_TURN);
    let text = '';
    for (let r = start; r < end; r++) {
      const row = rows[r]!;
      text +=
        `${copyField(row.server_id)}\t${copyField(row.server_uuid)}\t${copyField(row.server_name)}\t` +
        `${copyField(row.tool_id)}\t${copyField(row.tool_name)}\t${copyField(row.method)}\t` +
        `${copyField(row.client_type)}\t${copyField(row.client_name)}\t${copyField(row.client_ip)}\t` +
        `${copyField(row.session_id)}\t${copyField(row.request_args)}\t${copyField(row.response_status)}\t` +
        `${copyField(row.http_status)}\t${copyField(row.response_time_ms)}\t${copyField(row.error_message)}\t` +
        `${copyField(row.response_data)}\t${copyField(row.args_tokens)}\t${copyField(row.result_tokens)}\t` +
        `${copyField(createdAt[r])}\n`;
    }
    yield text;
  }
}

/** Rows turned into COPY text per event-loop turn (see copyLines): short turns keep p99 down. */
const PG_COPY_ROWS_PER_TURN = 50;

interface SqliteBatchStatements {
  begin: SQLite.Statement;
  commit: SQLite.Statement;
  rollback: SQLite.Statement;
  row: SQLite.Statement;
  /** SQLITE_ROWS_PER_STATEMENT rows. */
  rows: SQLite.Statement;
  daily: SQLite.Statement;
  rollup: SQLite.Statement;
}

/**
 * Rows written per event-loop turn: a batch is one transaction (its commit costs as much as a few
 * hundred rows), but requests waiting behind 2,000 INSERTs would wait ~10 ms. One statement a
 * turn keeps p99 and CPU per call lower than 100 rows a turn (bench/gateway-ab.ts). A multiple of
 * SQLITE_ROWS_PER_STATEMENT.
 */
const SQLITE_ROWS_PER_TURN = 25;

/**
 * Rows per INSERT statement (the last few of a batch go one by one). A statement opens its
 * cursors once: every row after the first finds each index's cursor already on the page it
 * appends to, where a one-row statement seeks every index from its root: ~25 % fewer instructions
 * a row (callgrind), and no gain past 16 rows.
 */
const SQLITE_ROWS_PER_STATEMENT = 25;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

const sqliteStatements = new WeakMap<SQLite.Database, SqliteBatchStatements>();

/**
 * The INSERT's parameters of one entry, in COLUMNS order, then its stamp (created_at is the last
 * column). Named reads rather than `row[column]` in a loop: a read whose key changes on every turn
 * goes through V8's megamorphic lookup, ~0.4 µs a row. A test writes every column and reads it back.
 */
function bindSqliteRow(row: Batch['rows'][number], stamp: string, p: unknown[], at: number): void {
  p[at] = row.server_id ?? null;
  p[at + 1] = withoutNul(row.server_uuid ?? null);
  p[at + 2] = withoutNul(row.server_name);
  p[at + 3] = row.tool_id ?? null;
  p[at + 4] = withoutNul(row.tool_name);
  p[at + 5] = withoutNul(row.method);
  p[at + 6] = withoutNul(row.client_type);
  p[at + 7] = withoutNul(row.client_name ?? null);
  p[at + 8] = withoutNul(row.client_ip ?? null);
  p[at + 9] = withoutNul(row.session_id ?? null);
  p[at + 10] = withoutNul(row.request_args ?? null);
  p[at + 11] = withoutNul(row.response_status);
  p[at + 12] = row.http_status ?? null;
  p[at + 13] = row.response_time_ms;
  p[at + 14] = withoutNul(row.error_message ?? null);
  p[at + 15] = withoutNul(row.response_data ?? null);
  p[at + 16] = row.args_tokens ?? null;
  p[at + 17] = row.result_tokens ?? null;
  p[at + 18] = stamp;
}

/**
 * A batch on SQLite through prepared statements kept per database: SQLITE_ROWS_PER_STATEMENT rows
 * per run inside one transaction, yielding to the event loop every SQLITE_ROWS_PER_TURN rows.
 * kysely's SQLite driver prepares every query afresh, and preparing a multi-row INSERT of the
 * whole batch (up to 512 rows × 21 columns) each time cost more than running it; these are
 * prepared once. The caller holds kysely's only connection, so no other statement joins the open
 * transaction while it yields.
 */
async function insertBatchSqlite(
  sqlite: SQLite.Database,
  { rows, createdAt, aggregates, rollups, now }: Batch,
): Promise<void> {
  let s = sqliteStatements.get(sqlite);
  if (!s) {
    s = {
      begin: sqlite.prepare('begin'),
      commit: sqlite.prepare('commit'),
      rollback: sqlite.prepare('rollback'),
      row: sqlite.prepare(sqliteInsertRows(1)),
      rows: sqlite.prepare(sqliteInsertRows(SQLITE_ROWS_PER_STATEMENT)),
      daily: sqlite.prepare(
        'insert into analytics_daily (day, server_id, tool_id, calls, errors, total_ms, updated_at) values (?, ?, ?, ?, ?, ?, ?) ' +
          'on conflict (day, server_id, tool_id) do update set calls = analytics_daily.calls + excluded.calls, ' +
          'errors = analytics_daily.errors + excluded.errors, total_ms = analytics_daily.total_ms + excluded.total_ms, updated_at = excluded.updated_at',
      ),
      rollup: sqlite.prepare(rollupStatement('sqlite')),
    };
    sqliteStatements.set(sqlite, s);
  }
  const statements = s;
  statements.begin.run();
  try {
    // One array bound per statement.
    const many: unknown[] = new Array(COLUMNS.length * SQLITE_ROWS_PER_STATEMENT);
    const one: unknown[] = new Array(COLUMNS.length);
    let r = 0;
    while (r < rows.length) {
      if (r > 0 && r % SQLITE_ROWS_PER_TURN === 0) await nextTurn();
      if (rows.length - r >= SQLITE_ROWS_PER_STATEMENT) {
        for (let i = 0; i < SQLITE_ROWS_PER_STATEMENT; i++, r++)
          bindSqliteRow(rows[r]!, createdAt[r]!, many, i * COLUMNS.length);
        statements.rows.run(many);
      } else {
        bindSqliteRow(rows[r]!, createdAt[r]!, one, 0);
        statements.row.run(one);
        r++;
      }
    }
    for (const a of aggregates)
      statements.daily.run(a.day, a.server_id, a.tool_id, a.calls, a.errors, a.total_ms, now);
    for (const r of rollups) statements.rollup.run(rollupParams(r, now));
    statements.commit.run();
  } catch (err) {
    if (sqlite.inTransaction) statements.rollback.run();
    throw err;
  }
}
