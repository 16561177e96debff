import type { AppContext } from '../../context.ts';
import { openResult, type TaskRow } from '../../tasks/tasks.service.ts';

/*
 * The Tasks extension's shapes on the wire (SEP-2663): a `Task` (flat, integer milliseconds), the
 * `CreateTaskResult` a tools/call answers with, and the `DetailedTask` of tasks/get and of
 * `notifications/tasks`, which inlines `inputRequests`, `result` or `error` by status.
 */

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** True when a 2026-07-28 request's capabilities declare the Tasks extension. */
export function declaresTasks(capabilities: Record<string, unknown> | undefined): boolean {
  const extensions = capabilities?.extensions;
  return isObject(extensions) && isObject(extensions[TASKS_EXTENSION]);
}

/** -32021's `data`: what the client must declare. */
export const TASKS_REQUIRED = { requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } } };

function taskFields(task: TaskRow): Record<string, unknown> {
  return {
    taskId: task.task_id,
    status: task.status,
    ...(task.status_message ? { statusMessage: task.status_message } : {}),
    createdAt: task.created_at,
    lastUpdatedAt: task.updated_at,
    ttlMs: task.ttl_ms,
    pollIntervalMs: task.poll_interval_ms,
  };
}

/** `CreateTaskResult`: the task, no result, error or input requests (those are tasks/get's). */
export function presentCreated(task: TaskRow): Record<string, unknown> {
  return { resultType: 'task', ...taskFields(task) };
}

/** `DetailedTask`: the task with what its status inlines. */
export function presentDetailed(ctx: AppContext, task: TaskRow): Record<string, unknown> {
  const out = taskFields(task);
  if (task.status === 'input_required')
    out.inputRequests = task.input_requests ? JSON.parse(task.input_requests) : {};
  else if (task.status === 'completed')
    out.result = openResult(ctx, task) ?? {
      content: [{ type: 'text', text: 'The result could not be read (the secret key changed).' }],
      isError: true,
    };
  else if (task.status === 'failed')
    out.error = task.error ? JSON.parse(task.error) : { code: -32603, message: 'Internal error' };
  return out;
}

/**
 * A task as a CallToolResult, for clients without tasks (get_task_result, continue_after_ms): its
 * result when completed; otherwise a text saying where it stands (an error when it failed).
 */
export function presentTaskOutcome(ctx: AppContext, task: TaskRow): Record<string, unknown> {
  if (task.status === 'completed')
    return (
      openResult(ctx, task) ?? {
        content: [{ type: 'text', text: 'The result could not be read.' }],
        isError: true,
      }
    );
  const text = (t: string, isError: boolean) => ({ content: [{ type: 'text', text: t }], isError });
  if (task.status === 'failed') {
    const error = task.error ? (JSON.parse(task.error) as { message?: string }) : {};
    return text(`Task ${task.task_id} failed: ${error.message ?? 'internal error'}`, true);
  }
  if (task.status === 'cancelled') return text(`Task ${task.task_id} was cancelled.`, true);
  const waiting = task.status_message ? ` (${task.status_message})` : '';
  return {
    ...text(
      `Task ${task.task_id} is still running${waiting}. Call ${'get_task_result'} again in a few seconds.`,
      false,
    ),
    structuredContent: { task_id: task.task_id, status: task.status },
  };
}
