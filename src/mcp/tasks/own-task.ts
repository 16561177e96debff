import { findTaskRow, type TaskRow } from '../../tasks/tasks.service.ts';
import type { CallContext } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { toolError } from '../tool-result.ts';
import { presentTaskOutcome } from './wire.ts';

const MAX_TASK_ID = 200;

/**
 * The task `taskId` names, if the caller may see it: created on this server and, when the server
 * signs people in, by this person. Anything else is the same -32602 as an unknown id, so task ids
 * reveal nothing about other callers' tasks.
 */
export async function findOwnTask(call: CallContext, taskId: unknown): Promise<TaskRow> {
  if (typeof taskId !== 'string' || taskId === '' || taskId.length > MAX_TASK_ID)
    throw invalidParams('params.taskId must be a non-empty string');
  const task = await findTaskRow(call.ctx, taskId);
  const owner = call.caller?.userUuid ?? null;
  if (!task || task.server_id !== call.server.id || task.owner !== owner)
    throw invalidParams('Failed to retrieve task: Task not found');
  if (Date.parse(task.expires_at) <= Date.now())
    throw invalidParams('Failed to retrieve task: Task has expired');
  return task;
}

/** `get_task_result {task_id}`: the task's result, or where it stands; refusals as tool errors. */
export async function fetchTaskResult(
  call: CallContext,
  args: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const extra = Object.keys(args).filter((k) => k !== 'task_id');
  if (typeof args.task_id !== 'string' || extra.length > 0)
    return toolError('get_task_result takes one argument, task_id (a string).');
  try {
    return presentTaskOutcome(call.ctx, await findOwnTask(call, args.task_id));
  } catch {
    return toolError(`No task ${args.task_id.slice(0, 60)} here (unknown, expired, or not yours).`);
  }
}
