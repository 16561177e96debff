import { type Kysely, sql } from 'kysely';
import type { LogTotals } from './call-logs.repo.ts';
import { nowIso, toInt, toJson } from './rows.ts';
import type { Database } from './schema.ts';

type Db = Kysely<Database>;

/** Sums of the hourly aggregates whose hour key lies in [fromHour, beforeHour). */
export async function sumAggregates(db: Db, fromHour: string, beforeHour: string): Promise<LogTotals> {
  const row = await db
    .selectFrom('analytics_daily')
    .select((eb) => [
      eb.fn.sum('calls').as('calls'),
      eb.fn.sum('errors').as('errors'),
      eb.fn.sum('total_ms').as('total_ms'),
    ])
    .where('day', '>=', fromHour)
    .where('day', '<', beforeHour)
    .executeTakeFirst();
  return { calls: toInt(row?.calls), errors: toInt(row?.errors), totalMs: toInt(row?.total_ms) };
}

/** The hourly aggregates in [fromHour, beforeHour) summed per hour key, oldest first: one query for any range. */
export async function sumAggregatesByHour(
  db: Db,
  fromHour: string,
  beforeHour: string,
): Promise<Array<LogTotals & { hour: string }>> {
  const rows = await db
    .selectFrom('analytics_daily')
    .select((eb) => [
      'day',
      eb.fn.sum('calls').as('calls'),
      eb.fn.sum('errors').as('errors'),
      eb.fn.sum('total_ms').as('total_ms'),
    ])
    .where('day', '>=', fromHour)
    .where('day', '<', beforeHour)
    .groupBy('day')
    .orderBy('day')
    .execute();
  return rows.map((r) => ({
    hour: r.day,
    calls: toInt(r.calls),
    errors: toInt(r.errors),
    totalMs: toInt(r.total_ms),
  }));
}

/** Retention of aggregates: deletes the rows whose hour key sorts before `beforeHour`. */
export async function deleteAggregatesBefore(db: Db, beforeHour: string): Promise<number> {
  const result = await db.deleteFrom('analytics_daily').where('day', '<', beforeHour).executeTakeFirst();
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

/** Calls per `response_status` and per upstream `http_status` in [fromIso, beforeIso). */
export async function breakdownByStatus(
  db: Db,
  fromIso: string,
  beforeIso: string,
): Promise<Array<{ response_status: string; http_status: number | null; calls: number }>> {
  const rows = await db
    .selectFrom('call_logs')
    .select((eb) => ['response_status', 'http_status', eb.fn.countAll().as('calls')])
    .where('created_at', '>=', fromIso)
    .where('created_at', '<', beforeIso)
    .groupBy(['response_status', 'http_status'])
    .execute();
  return rows.map((r) => ({
    response_status: r.response_status,
    http_status: r.http_status === null ? null : toInt(r.http_status),
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
