import { randomBytes } from 'node:crypto';
import type { AppContext } from '../context.ts';
import type { Caller } from '../shared/caller.ts';
import { nowIso } from '../store/rows.ts';
import { findServer, type ServerRecord } from '../store/servers.repo.ts';
import {
  changeTask,
  claimTask,
  countOpenTasks,
  deleteExpiredTasks,
  findTask,
  insertTask,
  listUnclaimed,
  type TaskChange,
  type TaskPhase,
  type TaskRow,
  type TaskStatus,
} from '../store/tasks.repo.ts';
import { findTool, type ToolRecord } from '../store/tools.repo.ts';

/*
 * Tasks as the store keeps them (src/tasks/README.md): what a tool call of a task needs to run on
 * any instance is sealed with the instance key (arguments and answers may be personal), bound to
 * the task's id so one task's sealed fields cannot be moved to another.
 */

export type { TaskPhase, TaskRow, TaskStatus };

/** The call a task runs, as sealed in `request_sealed`. */
export interface TaskRequest {
  arguments: Record<string, unknown>;
  caller: Caller | null;
  clientIp: string;
  clientName: string | null;
  protocolVersion: string;
  capabilities: Record<string, unknown>;
  /** Policies that permitted the call (its call-log row names them). */
  policyIds: string[];
  /** MRTR state of a question asked inside the task (the interaction engine's). */
  requestState?: string;
  /** Input keys of the current round: the wire key → the engine's key. */
  keys?: Record<string, string>;
  /** Rounds of questions asked so far (wire keys are unique over the task's life). */
  rounds?: number;
  /** An approval the task waits for (phase `approval`), and its approver group's name. */
  approvalId?: string;
  approvalGroup?: string;
}

export interface NewTaskInput {
  serverId: number;
  toolId: number;
  toolSlug: string;
  owner: string | null;
  request: TaskRequest;
  phase: TaskPhase;
  status: TaskStatus;
  statusMessage: string | null;
  inputRequests?: Record<string, unknown> | null;
  ttlMs: number;
  pollIntervalMs: number;
}

const aad = (taskId: string, field: string) => `task:${taskId}:${field}`;

/** An unguessable task id (SEP-2663: task ids may act as bearer handles): 144 random bits. */
function newTaskId(): string {
  return randomBytes(18).toString('base64url');
}

/** Unfinished tasks one caller may have on a server: each holds a poller somewhere. */
export const MAX_OPEN_TASKS = 100;

/** True when the caller may start another task on the server (fewer than MAX_OPEN_TASKS unfinished). */
export async function mayOpenTask(ctx: AppContext, serverId: number, owner: string | null): Promise<boolean> {
  return (await countOpenTasks(ctx.store.db, serverId, owner)) < MAX_OPEN_TASKS;
}

/** Creates the task; it is in the store (any instance can read it) when this resolves. */
export async function createTask(ctx: AppContext, input: NewTaskInput): Promise<TaskRow> {
  const taskId = newTaskId();
  const now = new Date();
  return insertTask(ctx.store.db, {
    task_id: taskId,
    server_id: input.serverId,
    tool_id: input.toolId,
    tool_slug: input.toolSlug,
    owner: input.owner,
    status: input.status,
    status_message: input.statusMessage,
    phase: input.phase,
    request_sealed: ctx.secrets.seal(JSON.stringify(input.request), aad(taskId, 'request')),
    input_requests: input.inputRequests ? JSON.stringify(input.inputRequests) : null,
    input_responses_sealed: null,
    poll_url: null,
    result_sealed: null,
    error: null,
    cancel_requested: 0,
    ttl_ms: input.ttlMs,
    poll_interval_ms: input.pollIntervalMs,
    lease_owner: null,
    lease_until: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
    expires_at: new Date(now.getTime() + input.ttlMs).toISOString(),
  });
}

export function findTaskRow(ctx: AppContext, taskId: string): Promise<TaskRow | undefined> {
  return findTask(ctx.store.db, taskId);
}

export function openRequest(ctx: AppContext, task: TaskRow): TaskRequest | null {
  const text = ctx.secrets.open(task.request_sealed, aad(task.task_id, 'request'));
  return text === null ? null : (JSON.parse(text) as TaskRequest);
}

export function sealRequest(ctx: AppContext, taskId: string, request: TaskRequest): string {
  return ctx.secrets.seal(JSON.stringify(request), aad(taskId, 'request'));
}

export function openResult(ctx: AppContext, task: TaskRow): Record<string, unknown> | null {
  if (!task.result_sealed) return null;
  const text = ctx.secrets.open(task.result_sealed, aad(task.task_id, 'result'));
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>);
}

export function openResponses(ctx: AppContext, task: TaskRow): Record<string, unknown> {
  if (!task.input_responses_sealed) return {};
  const text = ctx.secrets.open(task.input_responses_sealed, aad(task.task_id, 'responses'));
  return text === null ? {} : (JSON.parse(text) as Record<string, unknown>);
}

export function sealResponses(ctx: AppContext, taskId: string, responses: Record<string, unknown>): string {
  return ctx.secrets.seal(JSON.stringify(responses), aad(taskId, 'responses'));
}

/** A change of a task that is not finished (false when it moved on meanwhile); stamps updated_at. */
export function updateTask(
  ctx: AppContext,
  taskId: string,
  change: TaskChange,
  when?: { phase?: TaskPhase; leaseOwner?: string },
): Promise<boolean> {
  return changeTask(ctx.store.db, taskId, { ...change, updated_at: nowIso() }, when);
}

/** Finishes a task: completed with its result, failed with a JSON-RPC error, or cancelled. */
export function finishTask(
  ctx: AppContext,
  taskId: string,
  end:
    | { status: 'completed'; result: Record<string, unknown>; message?: string }
    | { status: 'failed'; error: { code: number; message: string; data?: unknown } }
    | { status: 'cancelled'; message?: string },
  when?: { leaseOwner?: string },
): Promise<boolean> {
  const change: TaskChange = {
    status: end.status,
    phase: 'done',
    input_requests: null,
    lease_owner: null,
    lease_until: null,
  };
  if (end.status === 'completed') {
    change.result_sealed = ctx.secrets.seal(JSON.stringify(end.result), aad(taskId, 'result'));
    change.status_message = end.message ?? null;
  } else if (end.status === 'failed') {
    change.error = JSON.stringify(end.error);
    change.status_message = end.error.message;
  } else change.status_message = end.message ?? 'Cancelled.';
  return updateTask(ctx, taskId, change, when);
}

export function leaseTask(ctx: AppContext, taskId: string, owner: string, leaseMs: number): Promise<boolean> {
  const now = Date.now();
  return claimTask(
    ctx.store.db,
    taskId,
    owner,
    new Date(now).toISOString(),
    new Date(now + leaseMs).toISOString(),
  );
}

export function listTasksToResume(ctx: AppContext, limit: number): Promise<string[]> {
  return listUnclaimed(ctx.store.db, nowIso(), limit);
}

export function deleteExpired(ctx: AppContext): Promise<number> {
  return deleteExpiredTasks(ctx.store.db, nowIso());
}

/** The server and tool a task calls, as they are now; undefined when either is gone. */
export async function loadTaskTargets(
  ctx: AppContext,
  task: TaskRow,
): Promise<{ server: ServerRecord; tool: ToolRecord } | undefined> {
  if (task.tool_id === null) return undefined;
  const server = await findServer(ctx.store.db, task.server_id);
  const tool = server ? await findTool(ctx.store.db, server.id, String(task.tool_id)) : undefined;
  return server && tool ? { server, tool } : undefined;
}

/** Of `taskIds`, those of this server and owner that are not expired (subscriptions/listen). */
export async function ownTaskIds(
  ctx: AppContext,
  serverId: number,
  owner: string | null,
  taskIds: readonly string[],
): Promise<string[]> {
  const out: string[] = [];
  for (const id of new Set(taskIds)) {
    const task = await findTask(ctx.store.db, id);
    if (
      task &&
      task.server_id === serverId &&
      task.owner === owner &&
      Date.parse(task.expires_at) > Date.now()
    )
      out.push(id);
  }
  return out;
}
