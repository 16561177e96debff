import type SQLite from 'better-sqlite3';
import { type Kysely, sql } from 'kysely';
import { addHistogram, emptyHistogram, type LatencyHistogram } from '../shared/latency-histogram.ts';
import type { LogTotals } from './call-logs-read.repo.ts';
import type { Store } from './db.ts';
import { BUCKET_COLUMNS, bucketCaseSql } from './migrations.ts';
import { nowIso, toInt, toJson } from './rows.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Calls, errors, summed latency and the latency histogram of a span of time. */
export interface RangeSummary extends LogTotals {
  histogram: LatencyHistogram;
}

const histogramSums = BUCKET_COLUMNS.map((c) => `sum(${c}) as ${c}`).join(', ');

function toSummary(row: Record<string, unknown> | undefined): RangeSummary {
  const histogram = emptyHistogram();
  if (row) {
    for (let i = 0; i < BUCKET_COLUMNS.length; i++) histogram.counts[i] = toInt(row[BUCKET_COLUMNS[i]!]);
    histogram.minMs = row.min_ms === null || row.min_ms === undefined ? null : toInt(row.min_ms);
    histogram.maxMs = row.max_ms === null || row.max_ms === undefined ? null : toInt(row.max_ms);
  }
  return { calls: toInt(row?.calls), errors: toInt(row?.errors), totalMs: toInt(row?.total_ms), histogram };
}

/** The site-wide hourly rollup summed over the hour keys in [fromHour, beforeHour): one row, one query. */
export async function sumAggregates(db: Db, fromHour: string, beforeHour: string): Promise<RangeSummary> {
  const { rows } = await sql<Record<string, unknown>>`
    select sum(calls) as calls, sum(errors) as errors, sum(total_ms) as total_ms,
      min(min_ms) as min_ms, max(max_ms) as max_ms, ${sql.raw(histogramSums)}
    from analytics_hourly where hour >= ${fromHour} and hour < ${beforeHour}`.execute(db);
  return toSummary(rows[0]);
}

/**
 * The rollup summed per span of hour keys (`[from, before)` each, e.g. the local days of a time
 * series): ONE grouped query whatever the number of spans, the spans joined in as a list (a year
 * is 366 spans over 8,760 rollup rows). The spans are materialized in order so SQLite groups as it
 * scans instead of sorting 70 columns per hour (measured: 27 → 20 ms a year). Answers in the order
 * of `spans`.
 *
 * On SQLite the spans arrive as one JSON parameter of a statement prepared once per database:
 * kysely's driver prepares every query afresh, and preparing the text with a VALUES tuple per day
 * took ~8 ms of a year's ~50 (analytics bench, CPU profile). PostgreSQL prepares server-side and
 * keeps the VALUES list.
 */
export async function sumAggregatesBySpan(
  store: Store,
  spans: ReadonlyArray<{ from: string; before: string }>,
): Promise<RangeSummary[]> {
  if (spans.length === 0) return [];
  const rows = store.sqlite
    ? await sumSpansSqlite(store, store.sqlite, spans)
    : await sumSpansSql(store.db, spans);
  const byStart = new Map(rows.map((r) => [String(r.span_from), r]));
  return spans.map((s) => toSummary(byStart.get(s.from)));
}

const SPAN_SUMS = `select spans.span_from as span_from, sum(calls) as calls, sum(errors) as errors,
      sum(total_ms) as total_ms, min(min_ms) as min_ms, max(max_ms) as max_ms, ${histogramSums}
    from spans join analytics_hourly on hour >= spans.span_from and hour < spans.span_before
    group by spans.span_from`;

async function sumSpansSql(
  db: Db,
  spans: ReadonlyArray<{ from: string; before: string }>,
): Promise<Array<Record<string, unknown>>> {
  const values = sql.join(spans.map((s) => sql`(${s.from}, ${s.before})`));
  const { rows } = await sql<Record<string, unknown>>`
    with given (span_from, span_before) as (values ${values}),
      spans as materialized (select span_from, span_before from given order by span_from)
    ${sql.raw(SPAN_SUMS)}`.execute(db);
  return rows;
}

const spanStatements = new WeakMap<SQLite.Database, SQLite.Statement>();

function sumSpansSqlite(
  store: Store,
  sqlite: SQLite.Database,
  spans: ReadonlyArray<{ from: string; before: string }>,
): Promise<Array<Record<string, unknown>>> {
  let statement = spanStatements.get(sqlite);
  if (!statement) {
    statement = sqlite.prepare(`with spans as materialized (
        select value ->> 0 as span_from, value ->> 1 as span_before from json_each(?) order by 1)
      ${SPAN_SUMS}`);
    spanStatements.set(sqlite, statement);
  }
  const kept = statement;
  const json = JSON.stringify(spans.map((s) => [s.from, s.before]));
  // Holding kysely's only connection, so the read never lands inside another caller's open transaction.
  return store.db.connection().execute(async () => kept.all(json) as Array<Record<string, unknown>>);
}

/** The same summary computed from the call logs created in [fromIso, beforeIso) (partial hours). */
export async function summarizeCallLogs(db: Db, fromIso: string, beforeIso: string): Promise<RangeSummary> {
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => [
      sql.raw<number>(bucketCaseSql()).as('bucket'),
      eb.fn.countAll().as('calls'),
      eb.fn.sum(sql`case when response_status = 'success' then 0 else 1 end`).as('errors'),
      eb.fn.sum('response_time_ms').as('total_ms'),
      eb.fn.min('response_time_ms').as('min_ms'),
      eb.fn.max('response_time_ms').as('max_ms'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .groupBy(sql.raw(bucketCaseSql()))
    .execute();
  const out: RangeSummary = { calls: 0, errors: 0, totalMs: 0, histogram: emptyHistogram() };
  for (const r of rows) {
    out.calls += toInt(r.calls);
    out.errors += toInt(r.errors);
    out.totalMs += toInt(r.total_ms);
    out.histogram.counts[toInt(r.bucket)] = toInt(r.calls);
    addHistogram(out.histogram, { counts: [], minMs: toInt(r.min_ms), maxMs: toInt(r.max_ms) });
  }
  return out;
}

/**
 * Retention of aggregates: deletes the per-tool rows and the rollup rows whose hour key sorts
 * before `beforeHour`; returns the per-tool rows deleted (the spec's `analytics_daily` count).
 */
export async function deleteAggregatesBefore(db: Db, beforeHour: string): Promise<number> {
  const result = await db.deleteFrom('analytics_daily').where('day', '<', beforeHour).executeTakeFirst();
  await db.deleteFrom('analytics_hourly').where('hour', '<', beforeHour).execute();
  return toInt(result.numDeletedRows);
}

/** Removes MCP session rows that ended, or were last seen before the instant. */
export async function deleteStaleSessions(db: Db, seenBeforeIso: string): Promise<number> {
  const result = await db
    .deleteFrom('mcp_sessions')
    .where((eb) => eb.or([eb('ended_at', 'is not', null), eb('last_seen_at', '<', seenBeforeIso)]))
    .executeTakeFirst();
  return toInt(result.numDeletedRows);
}

export interface EntityCounts {
  total_servers: number;
  active_servers: number;
  total_tools: number;
  active_tools: number;
}

export async function countEntities(db: Db): Promise<EntityCounts> {
  const active = sql<number>`sum(case when status = 'active' then 1 else 0 end)`;
  const [servers, tools] = await Promise.all([
    db
      .selectFrom('servers')
      .select((eb) => [eb.fn.countAll().as('total'), active.as('active')])
      .executeTakeFirst(),
    db
      .selectFrom('tools')
      .select((eb) => [eb.fn.countAll().as('total'), active.as('active')])
      .executeTakeFirst(),
  ]);
  return {
    total_servers: toInt(servers?.total),
    active_servers: toInt(servers?.active),
    total_tools: toInt(tools?.total),
    active_tools: toInt(tools?.active),
  };
}

export interface ToolBreakdownRow {
  server_uuid: string | null;
  server_name: string;
  tool_name: string;
  calls: number;
  errors: number;
  avg_ms: number;
}

const errorCase = sql`case when response_status = 'success' then 0 else 1 end`;

/** Calls per (server, tool) in [fromIso, beforeIso), busiest first. */
export async function breakdownByTool(
  db: Db,
  fromIso: string,
  beforeIso: string,
  limit: number,
): Promise<ToolBreakdownRow[]> {
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => [
      'server_uuid',
      'server_name',
      'tool_name',
      eb.fn.countAll().as('calls'),
      eb.fn.sum(errorCase).as('errors'),
      eb.fn.avg('response_time_ms').as('avg_ms'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .groupBy(['server_uuid', 'server_name', 'tool_name'])
    .orderBy('calls', 'desc')
    .orderBy('tool_name', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    server_uuid: r.server_uuid,
    server_name: r.server_name,
    tool_name: r.tool_name,
    calls: toInt(r.calls),
    errors: toInt(r.errors),
    avg_ms: Math.round(Number(r.avg_ms ?? 0)),
  }));
}

/**
 * Calls per `response_status` and per upstream `http_status` in [fromIso, beforeIso), with the
 * errors refused for their arguments (`argument_error`) apart from the other ones without a status.
 */
export async function breakdownByStatus(
  db: Db,
  fromIso: string,
  beforeIso: string,
  argumentErrorPrefixes: readonly string[] = [],
): Promise<
  Array<{ response_status: string; http_status: number | null; argument_error: boolean; calls: number }>
> {
  // Errors with no upstream status whose message starts with one of the prefixes: refused before
  // any request was sent (compared with substr, so no LIKE wildcard in a prefix can match more).
  const argumentError =
    argumentErrorPrefixes.length === 0
      ? sql<number>`0`
      : sql<number>`case when http_status is null and response_status = 'error' and (${sql.join(
          argumentErrorPrefixes.map((p) => sql`substr(error_message, 1, ${p.length}) = ${p}`),
          sql` or `,
        )}) then 1 else 0 end`;
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => [
      'response_status',
      'http_status',
      argumentError.as('argument_error'),
      eb.fn.countAll().as('calls'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    // By the output name: PostgreSQL would not see the same expression with new parameters.
    .groupBy(['response_status', 'http_status', sql`argument_error`])
    .execute();
  return rows.map((r) => ({
    response_status: r.response_status,
    http_status: r.http_status === null ? null : toInt(r.http_status),
    argument_error: toInt(r.argument_error) === 1,
    calls: toInt(r.calls),
  }));
}

/** Calls per recorded client name and client type in [fromIso, beforeIso). */
export async function breakdownByClientName(
  db: Db,
  fromIso: string,
  beforeIso: string,
): Promise<Array<{ client_name: string | null; client_type: string; calls: number; errors: number }>> {
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => [
      'client_name',
      'client_type',
      eb.fn.countAll().as('calls'),
      eb.fn.sum(errorCase).as('errors'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .groupBy(['client_name', 'client_type'])
    .execute();
  return rows.map((r) => ({
    client_name: r.client_name,
    client_type: r.client_type,
    calls: toInt(r.calls),
    errors: toInt(r.errors),
  }));
}

/** Calls of signed-in people in the range, per person (calls without one are left out), busiest first. */
export async function breakdownByUser(
  db: Db,
  fromIso: string,
  beforeIso: string,
  limit: number,
): Promise<Array<{ user_uuid: string; calls: number; errors: number; avg_response_ms: number }>> {
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => [
      'user_uuid',
      eb.fn.countAll().as('calls'),
      eb.fn.sum(errorCase).as('errors'),
      eb.fn.avg('response_time_ms').as('avg_ms'),
    ])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .where('user_uuid', 'is not', null)
    .groupBy('user_uuid')
    .orderBy('calls', 'desc')
    .orderBy('user_uuid')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    user_uuid: r.user_uuid as string,
    calls: toInt(r.calls),
    errors: toInt(r.errors),
    avg_response_ms: Math.round(Number(r.avg_ms ?? 0)),
  }));
}

export interface ServerCallTally {
  calls: number;
  errors: number;
  /** The newest error message of the span, or null without errors. */
  latest_error: string | null;
}

/** MCP clients' calls (Test actions left out) and errors per server since `sinceIso`; servers without calls are absent. */
export async function tallyRecentMcpCalls(db: Db, sinceIso: string): Promise<Map<number, ServerCallTally>> {
  const recent = db
    .selectFrom('call_logs')
    .where('created_at', '>=', sinceIso)
    .where('client_type', '=', 'mcp')
    .where('server_id', 'is not', null);
  const [counts, latest] = await Promise.all([
    recent
      .select((eb) => ['server_id', eb.fn.countAll().as('calls'), eb.fn.sum(errorCase).as('errors')])
      .groupBy('server_id')
      .execute(),
    db
      .selectFrom('call_logs')
      .select(['server_id', 'error_message'])
      .where(
        'id',
        'in',
        recent
          .where('response_status', '=', 'error')
          .select((eb) => eb.fn.max('id').as('id'))
          .groupBy('server_id'),
      )
      .execute(),
  ]);
  const tally = new Map<number, ServerCallTally>();
  for (const r of counts)
    tally.set(toInt(r.server_id), { calls: toInt(r.calls), errors: toInt(r.errors), latest_error: null });
  for (const r of latest) {
    const entry = tally.get(toInt(r.server_id));
    if (entry) entry.latest_error = r.error_message;
  }
  return tally;
}

/**
 * Moves a named option from `expected` (undefined = absent) to `next` only if nobody changed it
 * meanwhile; true when this caller won. Lets several instances share one schedule (the daily
 * retention, the hourly alert) without running it twice.
 */
export async function claimOption(
  db: Db,
  name: string,
  expected: unknown | undefined,
  next: unknown,
): Promise<boolean> {
  const now = nowIso();
  if (expected === undefined) {
    const result = await db
      .insertInto('options')
      .values({ name, value: toJson(next), updated_at: now })
      .onConflict((oc) => oc.column('name').doNothing())
      .executeTakeFirst();
    return toInt(result.numInsertedOrUpdatedRows) === 1;
  }
  const result = await db
    .updateTable('options')
    .set({ value: toJson(next), updated_at: now })
    .where('name', '=', name)
    .where('value', '=', toJson(expected))
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) === 1;
}
