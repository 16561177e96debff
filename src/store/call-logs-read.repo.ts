import {
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { Dialect } from './db.ts';
import { BUCKET_COLUMNS, bucketCaseSql } from './migrations.ts';
import { toInt } from './rows.ts';
import type { CallLogsTable, Database } from './schema.ts';

/*
 * Reading the call logs: the list filters, pagination, the export's walk, sums, and deletion by
 * ids, by filter and by age. Rows are written by call-logs-write.repo.ts.
 */

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
  /** Calls of one signed-in person (users.uuid). */
  userUuid?: string;
  runId?: string;
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
    // Case-insensitive on both databases (SQLite's LIKE already is for ASCII). Six LIKEs scan
    // faster than one LIKE over the joined columns or instr(lower(...)).
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
  if (filter.userUuid) parts.push(eb('user_uuid', '=', filter.userUuid));
  if (filter.runId) parts.push(eb('run_id', '=', filter.runId));
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
