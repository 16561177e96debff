import type { Kysely, Selectable } from 'kysely';
import { toInt } from './rows.ts';
import type { ApprovalsTable, Database } from './schema.ts';

/** A call waiting for (or decided by) an approver, as stored. */
export type ApprovalStatus = 'pending' | 'approved' | 'denied' | 'expired';

export type ApprovalRow = Omit<Selectable<ApprovalsTable>, 'id' | 'server_id' | 'tool_id' | 'status'> & {
  id: number;
  server_id: number;
  tool_id: number;
  status: ApprovalStatus;
};

/** A row with the names the answers show (server, tool, caller, group, decider). */
export type ApprovalListRow = ApprovalRow & {
  server_uuid: string;
  server_slug: string;
  server_name: string;
  tool_slug: string;
  tool_name: string;
  group_name: string | null;
  caller_email: string | null;
  caller_name: string | null;
  decider_email: string | null;
};

export type NewApproval = Omit<
  Selectable<ApprovalsTable>,
  'id' | 'status' | 'decided_at' | 'decided_by' | 'decided_by_name' | 'note' | 'used_at'
>;

function fromRow<T extends Selectable<ApprovalsTable>>(row: T): T & ApprovalRow {
  return {
    ...row,
    id: toInt(row.id),
    server_id: toInt(row.server_id),
    tool_id: toInt(row.tool_id),
    status: row.status as ApprovalStatus,
  };
}

export async function insertApproval(db: Kysely<Database>, approval: NewApproval): Promise<ApprovalRow> {
  const row = await db
    .insertInto('approvals')
    .values({ ...approval, status: 'pending' })
    .returningAll()
    .executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function findApproval(db: Kysely<Database>, uuid: string): Promise<ApprovalRow | undefined> {
  const row = await db.selectFrom('approvals').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** The newest approval of the same call (server, tool, principal, arguments) not used yet. */
export async function findOpenApproval(
  db: Kysely<Database>,
  serverId: number,
  callHash: string,
): Promise<ApprovalRow | undefined> {
  const row = await db
    .selectFrom('approvals')
    .selectAll()
    .where('server_id', '=', serverId)
    .where('call_hash', '=', callHash)
    .where('used_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Pending approvals a principal has on a server (a bound on what one caller can queue). */
export async function countPending(
  db: Kysely<Database>,
  serverId: number,
  principal: string,
): Promise<number> {
  const row = await db
    .selectFrom('approvals')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('server_id', '=', serverId)
    .where('principal', '=', principal)
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return toInt(row.n);
}

/**
 * Moves a pending approval to its decision; false when it was no longer pending (decided
 * elsewhere first, or expired): exactly one decision wins.
 */
export async function decideApproval(
  db: Kysely<Database>,
  uuid: string,
  decision: {
    status: Exclude<ApprovalStatus, 'pending'>;
    decided_at: string;
    decided_by: string | null;
    decided_by_name: string | null;
    note: string | null;
  },
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set(decision)
    .where('uuid', '=', uuid)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

/**
 * Closes a decided approval for the attempt that answers it (an approved call runs once, a denial
 * is told once); false when another attempt closed it first.
 */
export async function closeApproval(
  db: Kysely<Database>,
  uuid: string,
  status: ApprovalStatus,
  at: string,
): Promise<boolean> {
  const result = await db
    .updateTable('approvals')
    .set({ used_at: at })
    .where('uuid', '=', uuid)
    .where('status', '=', status)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

/** Pending approvals past their time (the caller then gets a refusal; each is expired once). */
export async function listOverdue(db: Kysely<Database>, now: string, limit: number): Promise<ApprovalRow[]> {
  const rows = await db
    .selectFrom('approvals')
    .selectAll()
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now)
    .limit(limit)
    .execute();
  return rows.map(fromRow);
}

const LIST_NAMES = [
  's.uuid as server_uuid',
  's.slug as server_slug',
  's.name as server_name',
  't.slug as tool_slug',
  't.name as tool_name',
  'g.name as group_name',
  'u.email as caller_email',
  'u.display_name as caller_name',
  'd.email as decider_email',
] as const;

/** Approvals with their server, tool, group, caller and decider. */
function joined(db: Kysely<Database>) {
  return db
    .selectFrom('approvals as a')
    .innerJoin('servers as s', 's.id', 'a.server_id')
    .innerJoin('tools as t', 't.id', 'a.tool_id')
    .leftJoin('user_groups as g', 'g.uuid', 'a.group_uuid')
    .leftJoin('users as u', 'u.uuid', 'a.user_uuid')
    .leftJoin('users as d', 'd.uuid', 'a.decided_by');
}

export interface ApprovalQuery {
  status: ApprovalStatus | 'all';
  /** Only these (null: every approval, for administrators). */
  visibleTo: { userUuid: string; groupUuids: string[] } | null;
  serverId?: number;
  limit: number;
  offset: number;
}

export async function listApprovals(
  db: Kysely<Database>,
  q: ApprovalQuery,
): Promise<{ rows: ApprovalListRow[]; total: number }> {
  let base = joined(db);
  if (q.status !== 'all') base = base.where('a.status', '=', q.status);
  if (q.serverId !== undefined) base = base.where('a.server_id', '=', q.serverId);
  const visible = q.visibleTo;
  if (visible)
    base = base.where((eb) =>
      eb.or([
        eb('a.user_uuid', '=', visible.userUuid),
        ...(visible.groupUuids.length > 0 ? [eb('a.group_uuid', 'in', visible.groupUuids)] : []),
      ]),
    );
  const [rows, count] = await Promise.all([
    base.selectAll('a').select(LIST_NAMES).orderBy('a.id', 'desc').limit(q.limit).offset(q.offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => fromRow(r)), total: toInt(count.n) };
}

/** One approval with its names (for the answer after a decision). */
export async function findApprovalListRow(
  db: Kysely<Database>,
  uuid: string,
): Promise<ApprovalListRow | undefined> {
  const row = await joined(db)
    .selectAll('a')
    .select(LIST_NAMES)
    .where('a.uuid', '=', uuid)
    .executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/** Decided approvals older than the cutoff are deleted by retention (the audit trail keeps the story). */
export async function deleteDecidedBefore(db: Kysely<Database>, cutoff: string): Promise<number> {
  const result = await db
    .deleteFrom('approvals')
    .where('status', '!=', 'pending')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return toInt(result.numDeletedRows);
}
