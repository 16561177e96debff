import type { Kysely, Selectable, Updateable } from 'kysely';
import { toInt } from './rows.ts';
import type { Database, TasksTable } from './schema.ts';

/*
 * Tasks of the MCP Tasks extension (migration 017). Every change is a conditional update, so two
 * instances never both move one task: a lease is taken only when free or lapsed, a terminal task
 * never changes again.
 */

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled';
/** Where the work stands: asking the client, waiting for an approver, to be sent, sent, polling, finished. */
export type TaskPhase = 'asking' | 'approval' | 'ready' | 'calling' | 'polling' | 'done';

export type TaskRow = Omit<Selectable<TasksTable>, 'id' | 'server_id' | 'tool_id' | 'status' | 'phase'> & {
  id: number;
  server_id: number;
  tool_id: number | null;
  status: TaskStatus;
  phase: TaskPhase;
  ttl_ms: number;
  poll_interval_ms: number;
  cancel_requested: number;
};

export type NewTask = Omit<Selectable<TasksTable>, 'id'>;
export type TaskChange = Updateable<TasksTable>;

/** Phases an instance works on (the others wait for the client or a person). */
export const WORKING_PHASES: readonly TaskPhase[] = ['ready', 'calling', 'polling', 'approval'];
const TERMINAL: readonly TaskStatus[] = ['completed', 'failed', 'cancelled'];

function fromRow(row: Selectable<TasksTable>): TaskRow {
  return {
    ...row,
    id: toInt(row.id),
    server_id: toInt(row.server_id),
    tool_id: row.tool_id === null ? null : toInt(row.tool_id),
    status: row.status as TaskStatus,
    phase: row.phase as TaskPhase,
    ttl_ms: toInt(row.ttl_ms),
    poll_interval_ms: toInt(row.poll_interval_ms),
    cancel_requested: toInt(row.cancel_requested),
  };
}

export async function insertTask(db: Kysely<Database>, task: NewTask): Promise<TaskRow> {
  const row = await db.insertInto('tasks').values(task).returningAll().executeTakeFirstOrThrow();
  return fromRow(row);
}

export async function findTask(db: Kysely<Database>, taskId: string): Promise<TaskRow | undefined> {
  const row = await db.selectFrom('tasks').selectAll().where('task_id', '=', taskId).executeTakeFirst();
  return row ? fromRow(row) : undefined;
}

/**
 * Changes a task that is not finished; `when` narrows it further (the phase it must be in, the
 * lease it must hold). False when the task moved on meanwhile.
 */
export async function changeTask(
  db: Kysely<Database>,
  taskId: string,
  change: TaskChange,
  when: { phase?: TaskPhase; leaseOwner?: string } = {},
): Promise<boolean> {
  let q = db
    .updateTable('tasks')
    .set(change)
    .where('task_id', '=', taskId)
    .where('status', 'not in', [...TERMINAL]);
  if (when.phase) q = q.where('phase', '=', when.phase);
  if (when.leaseOwner) q = q.where('lease_owner', '=', when.leaseOwner);
  const result = await q.executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

/** Takes (or renews) the lease of a task that has work to do; false when another instance holds it. */
export async function claimTask(
  db: Kysely<Database>,
  taskId: string,
  owner: string,
  now: string,
  until: string,
): Promise<boolean> {
  const result = await db
    .updateTable('tasks')
    .set({ lease_owner: owner, lease_until: until })
    .where('task_id', '=', taskId)
    .where('phase', 'in', [...WORKING_PHASES])
    .where((eb) =>
      eb.or([eb('lease_owner', 'is', null), eb('lease_owner', '=', owner), eb('lease_until', '<', now)]),
    )
    .executeTakeFirst();
  return toInt(result.numUpdatedRows) > 0;
}

/** Tasks with work to do and no live lease (their instance stopped, or nobody started them). */
export async function listUnclaimed(db: Kysely<Database>, now: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('tasks')
    .select('task_id')
    .where('phase', 'in', [...WORKING_PHASES])
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.task_id);
}

/** Deletes tasks past their time to live; returns how many. */
export async function deleteExpiredTasks(db: Kysely<Database>, now: string): Promise<number> {
  const result = await db.deleteFrom('tasks').where('expires_at', '<', now).executeTakeFirst();
  return toInt(result.numDeletedRows);
}

/** Unfinished tasks of one owner (null: the server's shared identity) on a server. */
export async function countOpenTasks(
  db: Kysely<Database>,
  serverId: number,
  owner: string | null,
): Promise<number> {
  let q = db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('server_id', '=', serverId)
    .where('phase', '!=', 'done');
  q = owner === null ? q.where('owner', 'is', null) : q.where('owner', '=', owner);
  const row = await q.executeTakeFirstOrThrow();
  return toInt(row.n);
}
