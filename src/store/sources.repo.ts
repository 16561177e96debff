import type { Selectable } from 'kysely';
import { nowIso, parseJson, toInt, toJson } from './rows.ts';
import type { SourceOperationsTable, SourcePlansTable, SourcesTable } from './schema.ts';
import type { Db } from './server-items.ts';

/*
 * Tracked import sources (migration 018): the source row, its operations (key, tool, merge base)
 * and the plans its re-reads produced. The sources domain (src/sources/) is the only caller.
 */

export type SourceKind = 'openapi' | 'postman' | 'manifest';

export type SourceRecord = Omit<
  Selectable<SourcesTable>,
  'id' | 'server_id' | 'kind' | 'origin' | 'schedule_minutes' | 'version'
> & {
  id: number;
  server_id: number;
  kind: SourceKind;
  origin: 'url' | 'text';
  schedule_minutes: number | null;
  version: number;
};
export type NewSource = Omit<SourceRecord, 'id'>;

export interface SourceOperationRecord {
  id: number;
  source_id: number;
  tool_id: number | null;
  op_key: string;
  operation_id: string | null;
  method: string;
  path: string;
  /** The synced fields as last applied; null when excluded. */
  base: Record<string, unknown> | null;
  excluded: boolean;
  removed_at: string | null;
  created_at: string;
  updated_at: string;
}
export type NewSourceOperation = Omit<
  SourceOperationRecord,
  'id' | 'source_id' | 'created_at' | 'updated_at'
>;

export type SourcePlanStatus = 'open' | 'applied' | 'superseded';

export interface SourcePlanRecord {
  id: number;
  uuid: string;
  source_id: number;
  source_version: number;
  status: SourcePlanStatus;
  trigger: 'manual' | 'scheduled';
  plan: Record<string, unknown>;
  document: string | null;
  content_hash: string;
  etag: string | null;
  last_modified: string | null;
  created_at: string;
  applied_at: string | null;
  applied_by: string | null;
}
export type NewSourcePlan = Omit<SourcePlanRecord, 'id' | 'applied_at' | 'applied_by'>;

function sourceFromRow(row: Selectable<SourcesTable>): SourceRecord {
  return {
    ...row,
    id: toInt(row.id),
    server_id: toInt(row.server_id),
    kind: row.kind as SourceKind,
    origin: row.origin as SourceRecord['origin'],
    schedule_minutes: row.schedule_minutes === null ? null : toInt(row.schedule_minutes),
    version: toInt(row.version),
  };
}

function operationFromRow(row: Selectable<SourceOperationsTable>): SourceOperationRecord {
  return {
    ...row,
    id: toInt(row.id),
    source_id: toInt(row.source_id),
    tool_id: row.tool_id === null ? null : toInt(row.tool_id),
    base: parseJson<Record<string, unknown> | null>(row.base, null),
    excluded: toInt(row.excluded) === 1,
  };
}

function planFromRow(row: Selectable<SourcePlansTable>): SourcePlanRecord {
  return {
    ...row,
    id: toInt(row.id),
    source_id: toInt(row.source_id),
    source_version: toInt(row.source_version),
    status: row.status as SourcePlanStatus,
    trigger: row.trigger as SourcePlanRecord['trigger'],
    plan: parseJson<Record<string, unknown>>(row.plan, {}),
  };
}

type OperationColumns = Omit<
  Selectable<SourceOperationsTable>,
  'id' | 'source_id' | 'created_at' | 'updated_at'
>;

function operationRow(op: Partial<NewSourceOperation>): Partial<OperationColumns> {
  const { base, excluded, ...rest } = op;
  const row: Partial<OperationColumns> = { ...rest };
  if (base !== undefined) row.base = base === null ? null : toJson(base);
  if (excluded !== undefined) row.excluded = excluded ? 1 : 0;
  return row;
}

/** Inserts a source and its operations (call inside the import's transaction). */
export async function insertSource(
  db: Db,
  source: NewSource,
  operations: NewSourceOperation[],
): Promise<SourceRecord> {
  const row = await db.insertInto('sources').values(source).returningAll().executeTakeFirstOrThrow();
  const created = sourceFromRow(row);
  for (const op of operations) await insertSourceOperation(db, created.id, op);
  return created;
}

/** The server's sources, oldest first, without their stored documents. */
export async function listSources(db: Db, serverId: number): Promise<SourceRecord[]> {
  const rows = await db
    .selectFrom('sources')
    .selectAll()
    .where('server_id', '=', serverId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...sourceFromRow(r), document: null }));
}

/** Every source with a schedule (the scheduler's pass), without stored documents. */
export async function listScheduledSources(db: Db): Promise<SourceRecord[]> {
  const rows = await db
    .selectFrom('sources')
    .selectAll()
    .where('schedule_minutes', 'is not', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ ...sourceFromRow(r), document: null }));
}

/** A source of the server by UUID, with its stored document. */
export async function findSource(db: Db, serverId: number, uuid: string): Promise<SourceRecord | undefined> {
  const row = await db
    .selectFrom('sources')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('uuid', '=', uuid.toLowerCase())
    .executeTakeFirst();
  return row ? sourceFromRow(row) : undefined;
}

export async function updateSource(db: Db, id: number, patch: Partial<NewSource>): Promise<void> {
  await db
    .updateTable('sources')
    .set({ ...patch, updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

/**
 * Moves the source from `version` to `version + 1` with `patch`; false when another apply moved
 * it first (the caller's plan is stale).
 */
export async function advanceSource(
  db: Db,
  id: number,
  version: number,
  patch: Partial<NewSource>,
): Promise<boolean> {
  const result = await db
    .updateTable('sources')
    .set({ ...patch, version: version + 1, updated_at: nowIso() })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) === 1;
}

export async function deleteSource(db: Db, id: number): Promise<void> {
  await db.deleteFrom('sources').where('id', '=', id).execute();
}

/** The source's operations in key order. */
export async function listSourceOperations(db: Db, sourceId: number): Promise<SourceOperationRecord[]> {
  const rows = await db
    .selectFrom('source_operations')
    .selectAll()
    .where('source_id', '=', sourceId)
    .orderBy('id')
    .execute();
  return rows.map(operationFromRow);
}

/** Per source of the server: how many tools it tracks, excluded operations and flagged removals. */
export async function countSourceOperations(
  db: Db,
  serverId: number,
): Promise<Map<number, { tools: number; excluded: number; removed: number }>> {
  const rows = await db
    .selectFrom('source_operations')
    .innerJoin('sources', 'sources.id', 'source_operations.source_id')
    .select([
      'source_operations.source_id as source_id',
      'source_operations.tool_id as tool_id',
      'source_operations.excluded as excluded',
      'source_operations.removed_at as removed_at',
    ])
    .where('sources.server_id', '=', serverId)
    .execute();
  const out = new Map<number, { tools: number; excluded: number; removed: number }>();
  for (const r of rows) {
    const id = toInt(r.source_id);
    const counts = out.get(id) ?? { tools: 0, excluded: 0, removed: 0 };
    if (r.tool_id !== null) counts.tools++;
    if (r.tool_id === null || toInt(r.excluded) === 1) counts.excluded++;
    if (r.removed_at !== null) counts.removed++;
    out.set(id, counts);
  }
  return out;
}

export async function insertSourceOperation(db: Db, sourceId: number, op: NewSourceOperation): Promise<void> {
  const now = nowIso();
  await db
    .insertInto('source_operations')
    .values({
      ...(operationRow(op) as OperationColumns),
      source_id: sourceId,
      created_at: now,
      updated_at: now,
    })
    .execute();
}

export async function updateSourceOperation(
  db: Db,
  id: number,
  patch: Partial<NewSourceOperation>,
): Promise<void> {
  await db
    .updateTable('source_operations')
    .set({ ...operationRow(patch), updated_at: nowIso() })
    .where('id', '=', id)
    .execute();
}

export async function deleteSourceOperation(db: Db, id: number): Promise<void> {
  await db.deleteFrom('source_operations').where('id', '=', id).execute();
}

export async function insertSourcePlan(db: Db, plan: NewSourcePlan): Promise<SourcePlanRecord> {
  const row = await db
    .insertInto('source_plans')
    .values({ ...plan, plan: toJson(plan.plan) })
    .returningAll()
    .executeTakeFirstOrThrow();
  return planFromRow(row);
}

/** A plan of the source by UUID. */
export async function findSourcePlan(
  db: Db,
  sourceId: number,
  uuid: string,
): Promise<SourcePlanRecord | undefined> {
  const row = await db
    .selectFrom('source_plans')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('uuid', '=', uuid.toLowerCase())
    .executeTakeFirst();
  return row ? planFromRow(row) : undefined;
}

/** The source's newest open plan, if any. */
export async function findOpenSourcePlan(db: Db, sourceId: number): Promise<SourcePlanRecord | undefined> {
  const row = await db
    .selectFrom('source_plans')
    .selectAll()
    .where('source_id', '=', sourceId)
    .where('status', '=', 'open')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? planFromRow(row) : undefined;
}

/** Marks the source's open plans superseded (a newer plan replaces them). */
export async function supersedeSourcePlans(db: Db, sourceId: number): Promise<void> {
  await db
    .updateTable('source_plans')
    .set({ status: 'superseded' })
    .where('source_id', '=', sourceId)
    .where('status', '=', 'open')
    .execute();
}

/** Marks an open plan applied; false when it is no longer open (applied or superseded meanwhile). */
export async function markSourcePlanApplied(db: Db, id: number, by: string): Promise<boolean> {
  const result = await db
    .updateTable('source_plans')
    .set({ status: 'applied', applied_at: nowIso(), applied_by: by })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) === 1;
}

/** Keeps the source's newest `keep` plans and deletes the older ones. */
export async function pruneSourcePlans(db: Db, sourceId: number, keep: number): Promise<void> {
  const rows = await db
    .selectFrom('source_plans')
    .select('id')
    .where('source_id', '=', sourceId)
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute();
  if (rows.length === 0) return;
  await db
    .deleteFrom('source_plans')
    .where(
      'id',
      'in',
      rows.map((r) => toInt(r.id)),
    )
    .execute();
}
