import { pipeline } from 'node:stream/promises';
import type SQLite from 'better-sqlite3';
import type pg from 'pg';
import type * as PgCopyStreams from 'pg-copy-streams';
import { LATENCY_BUCKETS, type LatencyHistogram } from '../shared/latency-histogram.ts';
import { lazyModule } from '../shared/lazy-module.ts';
import { bindSqliteRow, type CallLogInsert, copyLine, WRITTEN_COLUMNS } from './call-log-columns.ts';
import type { Dialect, Store } from './db.ts';
import { BUCKET_COLUMNS } from './migrations.ts';
import { nowIso } from './rows.ts';

/*
 * Writing the call logs: one batch of rows and the hourly aggregates it adds, in one transaction.
 * SQLite through statements prepared once per database, PostgreSQL through COPY. The columns and
 * how each value is encoded come from call-log-columns.ts.
 */

const COLUMN_LIST = WRITTEN_COLUMNS.map((c) => c.name).join(', ');

/** One UTC hour of the whole site: counts and the latency histogram, summed by the writer. */
export interface HourRollup {
  hour: string;
  calls: number;
  errors: number;
  total_ms: number;
  histogram: LatencyHistogram;
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

/** One writer batch: the rows with their stamps, the aggregates they add, and the time of writing. */
interface Batch {
  rows: readonly CallLogInsert[];
  createdAt: readonly string[];
  aggregates: readonly HourAggregate[];
  rollups: readonly HourRollup[];
  now: string;
}

/**
 * Writes a batch of call-log rows (`createdAt[i]` stamps `rows[i]`) and adds the batch's hourly
 * aggregates (per tool, and the site-wide rollup with its latency histogram), in one transaction.
 */
export async function insertCallLogBatch(
  store: Store,
  rows: readonly CallLogInsert[],
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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/*
 * PostgreSQL: the rows go in with COPY (text format, see copy-text.ts), the aggregates as one JSON
 * parameter the server expands (json_populate_recordset), in one transaction. COPY costs the
 * server and this process about half what rows as one JSON parameter did.
 */

/** pg-copy-streams, loaded with the first PostgreSQL batch (the SQLite default never needs it). */
const loadPgCopyStreams = lazyModule<typeof PgCopyStreams>('pg-copy-streams');
const PG_COPY_ROWS = `copy call_logs (${COLUMN_LIST}) from stdin`;
const PG_UPSERT_DAILY =
  'insert into analytics_daily (day, server_id, tool_id, calls, errors, total_ms, updated_at) ' +
  'select day, server_id, tool_id, calls, errors, total_ms, $2 from json_populate_recordset(null::analytics_daily, $1::json) ' +
  'on conflict (day, server_id, tool_id) do update set calls = analytics_daily.calls + excluded.calls, ' +
  'errors = analytics_daily.errors + excluded.errors, total_ms = analytics_daily.total_ms + excluded.total_ms, ' +
  'updated_at = excluded.updated_at';

/** Rows turned into COPY text per event-loop turn (see copyLines): short turns keep p99 down. */
const PG_COPY_ROWS_PER_TURN = 50;

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
 * between (a whole batch in one go holds waiting requests for milliseconds).
 */
async function* copyLines(rows: Batch['rows'], createdAt: readonly string[]): AsyncGenerator<string> {
  for (let start = 0; start < rows.length; start += PG_COPY_ROWS_PER_TURN) {
    if (start > 0) await nextTurn();
    const end = Math.min(rows.length, start + PG_COPY_ROWS_PER_TURN);
    let text = '';
    for (let r = start; r < end; r++) text += copyLine(rows[r]!, createdAt[r]!);
    yield text;
  }
}

/*
 * SQLite: a batch through prepared statements kept per database, SQLITE_ROWS_PER_STATEMENT rows
 * per run inside one transaction, yielding to the event loop every SQLITE_ROWS_PER_TURN rows.
 * kysely's SQLite driver prepares every query afresh, and preparing a multi-row INSERT of the
 * whole batch each time cost more than running it; these are prepared once. The caller holds
 * kysely's only connection, so no other statement joins the open transaction while it yields.
 */

/**
 * Rows written per event-loop turn: a batch is one transaction (its commit costs as much as a few
 * hundred rows), but requests waiting behind a whole batch of INSERTs would wait ~10 ms. One
 * statement a turn keeps p99 and CPU per call lowest (bench/gateway-ab.ts). A multiple of
 * SQLITE_ROWS_PER_STATEMENT.
 */
const SQLITE_ROWS_PER_TURN = 25;

/**
 * Rows per INSERT statement (the last few of a batch go one by one): a many-row statement opens
 * each index's cursor once and appends, where a one-row statement seeks every index from its root.
 */
const SQLITE_ROWS_PER_STATEMENT = 25;

/**
 * SQLite's INSERT of `n` rows. `or fail`, not the default `abort`: a many-row statement that may
 * abort halfway needs a statement journal (a temporary file per batch) to undo its own rows. A
 * refused row fails the statement and insertBatchSqlite rolls the whole batch back, so nothing of
 * it lands either way.
 */
const sqliteInsertRows = (n: number) =>
  `insert or fail into call_logs (${COLUMN_LIST}) values ` +
  Array.from({ length: n }, () => `(${WRITTEN_COLUMNS.map(() => '?').join(', ')})`).join(', ');

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

const sqliteStatements = new WeakMap<SQLite.Database, SqliteBatchStatements>();

function prepareSqliteBatch(sqlite: SQLite.Database): SqliteBatchStatements {
  let s = sqliteStatements.get(sqlite);
  if (s) return s;
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
  return s;
}

async function insertBatchSqlite(
  sqlite: SQLite.Database,
  { rows, createdAt, aggregates, rollups, now }: Batch,
): Promise<void> {
  const statements = prepareSqliteBatch(sqlite);
  const width = WRITTEN_COLUMNS.length;
  statements.begin.run();
  try {
    // One array bound per statement.
    const many: unknown[] = new Array(width * SQLITE_ROWS_PER_STATEMENT);
    const one: unknown[] = new Array(width);
    let r = 0;
    while (r < rows.length) {
      if (r > 0 && r % SQLITE_ROWS_PER_TURN === 0) await nextTurn();
      if (rows.length - r >= SQLITE_ROWS_PER_STATEMENT) {
        for (let i = 0; i < SQLITE_ROWS_PER_STATEMENT; i++, r++)
          bindSqliteRow(rows[r]!, createdAt[r]!, many, i * width);
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
