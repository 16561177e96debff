import { finishTask, type TaskRow, updateTask } from '../../tasks/tasks.service.ts';
import type { CallContext, MethodHandler } from '../call-context.ts';
import { invalidParams, MISSING_CLIENT_CAPABILITY, RpcError } from '../errors.ts';
import { findOwnTask } from '../tasks/own-task.ts';
import { answerTask } from '../tasks/questions.ts';
import { taskRunnerOf } from '../tasks/runner.ts';
import { declaresTasks, presentDetailed, TASKS_REQUIRED } from '../tasks/wire.ts';

/*
 * tasks/get, tasks/update and tasks/cancel (SEP-2663), 2026-07-28 only. A task is found only by
 * the server it was created on and, when the server signs people in, by the person who created
 * it; any other request gets the same -32602 as an unknown id, so ids leak nothing. tasks/result
 * and tasks/list (the 2025 experimental surface) are not methods here: -32601.
 */

const MAX_RESPONSES = 100;

function requireTasks(call: CallContext): void {
  if (!call.modern || !declaresTasks(call.modern.capabilities))
    throw new RpcError(
      MISSING_CLIENT_CAPABILITY,
      'Missing required client capability: the io.modelcontextprotocol/tasks extension',
      TASKS_REQUIRED,
    );
}

async function ownTask(params: Record<string, unknown>, call: CallContext): Promise<TaskRow> {
  requireTasks(call);
  return findOwnTask(call, params.taskId);
}

const getTask: MethodHandler = async (params, call) => presentDetailed(call.ctx, await ownTask(params, call));

const updateTaskAnswers: MethodHandler = async (params, call) => {
  const task = await ownTask(params, call);
  const responses = params.inputResponses;
  if (typeof responses !== 'object' || responses === null || Array.isArray(responses))
    throw invalidParams('params.inputResponses must be an object');
  if (Object.keys(responses).length > MAX_RESPONSES)
    throw invalidParams(`params.inputResponses: at most ${MAX_RESPONSES} answers`);
  await answerTask(call.ctx, task, responses as Record<string, unknown>);
  return {};
};

/**
 * Cooperative (SEP-2663): a task waiting for answers, or not started, ends cancelled at once; one
 * at work is flagged and its instance stops it (at once here, through the event bus elsewhere,
 * else at its next lease renewal). A finished task is acknowledged the same way.
 */
const cancelTask: MethodHandler = async (params, call) => {
  const task = await ownTask(params, call);
  if (task.phase === 'done') return {};
  const ctx = call.ctx;
  const runner = taskRunnerOf(ctx);
  if (task.phase === 'asking' || (task.phase === 'ready' && task.lease_owner === null)) {
    if (await finishTask(ctx, task.task_id, { status: 'cancelled' })) {
      runner.changed(task);
      return {};
    }
  }
  await updateTask(ctx, task.task_id, { cancel_requested: 1, status_message: 'Cancelling.' });
  await ctx.events.publish({ type: 'task_cancel_requested', taskId: task.task_id });
  return {};
};

export const taskMethods: Record<string, MethodHandler> = {
  'tasks/get': getTask,
  'tasks/update': updateTaskAnswers,
  'tasks/cancel': cancelTask,
};
