import type { AppContext } from '../../context.ts';
import {
  finishTask,
  loadTaskTargets,
  openRequest,
  openResponses,
  sealRequest,
  sealResponses,
  type TaskRequest,
  type TaskRow,
  updateTask,
} from '../../tasks/tasks.service.ts';
import { interactionOf } from '../../tools/interaction.ts';
import { RpcError } from '../errors.ts';
import { toolTarget } from '../interaction/calls.ts';
import { nextStep, type Step } from '../interaction/engine.ts';
import { toolError } from '../tool-result.ts';
import { taskRunnerOf } from './runner.ts';

/*
 * Questions asked inside a task (a tool's `ask_in_task`): the interaction engine's round becomes
 * the task's `inputRequests` (status input_required), answered with tasks/update, possibly one key
 * at a time. Keys on the wire are `<round>.<key>`, so none is reused over the task's life
 * (SEP-2663); the engine's own state (bound to the tool and the arguments) travels sealed in the
 * task's request. When every key of a round is answered, the engine decides: another round, the
 * call (the task starts working), or a refusal (the task completes with it).
 */

type Ask = Extract<Step, { kind: 'ask' }>;

/** The task's request and `inputRequests` for one round of the engine's questions. */
export function askInTask(
  step: Ask,
  request: TaskRequest,
): { request: TaskRequest; inputRequests: Record<string, unknown> } {
  const round = (request.rounds ?? 0) + 1;
  const keys: Record<string, string> = {};
  const inputRequests: Record<string, unknown> = {};
  for (const [key, ask] of Object.entries(step.inputRequests)) {
    const wire = `${round}.${key}`;
    keys[wire] = key;
    inputRequests[wire] = ask;
  }
  return { request: { ...request, rounds: round, keys, requestState: step.requestState }, inputRequests };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * tasks/update: keeps the answers to outstanding keys (others are ignored, as SEP-2663 asks) and,
 * once the round is complete, moves the task on. Acknowledged whatever it changed.
 */
export async function answerTask(
  ctx: AppContext,
  task: TaskRow,
  responses: Record<string, unknown>,
): Promise<void> {
  if (task.phase !== 'asking' || !task.input_requests) return;
  const outstanding = JSON.parse(task.input_requests) as Record<string, unknown>;
  const answered = openResponses(ctx, task);
  let changed = false;
  for (const [key, value] of Object.entries(responses))
    if (Object.hasOwn(outstanding, key) && isObject(value)) {
      answered[key] = value;
      delete outstanding[key];
      changed = true;
    }
  if (!changed) return;
  const left = Object.keys(outstanding).length;
  // Only the update that saw this exact state may write the next one (two partial updates at once).
  const stillAsking = { phase: 'asking' as const };
  if (left > 0) {
    await updateTask(
      ctx,
      task.task_id,
      {
        input_requests: JSON.stringify(outstanding),
        input_responses_sealed: sealResponses(ctx, task.task_id, answered),
      },
      stillAsking,
    );
    return;
  }
  await finishRound(ctx, task, answered);
}

async function finishRound(ctx: AppContext, task: TaskRow, answered: Record<string, unknown>): Promise<void> {
  const request = openRequest(ctx, task);
  const targets = await loadTaskTargets(ctx, task);
  if (!request || !targets) return;
  const cfg = interactionOf(targets.tool);
  const inputResponses: Record<string, unknown> = {};
  for (const [wire, engineKey] of Object.entries(request.keys ?? {}))
    if (answered[wire] !== undefined) inputResponses[engineKey] = answered[wire];
  let step: Step;
  try {
    step = await nextStep(
      ctx,
      toolTarget(targets.tool, cfg, cfg.confirms),
      request.arguments,
      { inputResponses, requestState: request.requestState },
      request.capabilities,
    );
  } catch (err) {
    if (!(err instanceof RpcError)) throw err;
    await finishTask(ctx, task.task_id, {
      status: 'failed',
      error: { code: err.code, message: err.message },
    });
    taskRunnerOf(ctx).changed(task);
    return;
  }
  const runner = taskRunnerOf(ctx);
  if (step.kind === 'ask') {
    const next = askInTask(step, request);
    await updateTask(
      ctx,
      task.task_id,
      {
        request_sealed: sealRequest(ctx, task.task_id, next.request),
        input_requests: JSON.stringify(next.inputRequests),
        input_responses_sealed: null,
      },
      { phase: 'asking' },
    );
  } else if (step.kind === 'ready') {
    const ready: TaskRequest = { ...request, arguments: step.args, keys: undefined, requestState: undefined };
    const moved = await updateTask(
      ctx,
      task.task_id,
      {
        request_sealed: sealRequest(ctx, task.task_id, ready),
        phase: 'ready',
        status: 'working',
        status_message: 'Answered; starting.',
        input_requests: null,
        input_responses_sealed: null,
      },
      { phase: 'asking' },
    );
    if (moved) runner.start(task.task_id);
  } else {
    const result =
      step.kind === 'summarized'
        ? { content: [{ type: 'text', text: step.text }], isError: false }
        : step.error
          ? toolError(step.message)
          : { content: [{ type: 'text', text: step.message }], isError: false };
    await finishTask(ctx, task.task_id, { status: 'completed', result });
  }
  runner.changed(task);
}
