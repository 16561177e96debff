import type { ToolRecord } from '../../store/tools.repo.ts';
import { createTask, type TaskPhase, type TaskRequest, type TaskStatus } from '../../tasks/tasks.service.ts';
import type { Execution } from '../../tools/execution.ts';
import type { Interaction } from '../../tools/interaction.ts';
import type { CallContext } from '../call-context.ts';
import { toolTarget } from '../interaction/calls.ts';
import { nextStep } from '../interaction/engine.ts';
import { toolError } from '../tool-result.ts';
import { askInTask } from './questions.ts';
import { taskRunnerOf } from './runner.ts';
import { presentCreated } from './wire.ts';

/**
 * A long-running tool called by a client that supports tasks: the task is stored (so tasks/get
 * answers for it on any instance) and started here; the answer is its `CreateTaskResult`. With
 * `questions` (the tool's `ask_in_task`), the interaction's first round is asked inside the task.
 */
export async function startTask(
  call: CallContext,
  tool: ToolRecord,
  exec: Execution,
  args: Record<string, unknown>,
  policyIds: readonly string[],
  questions?: Interaction,
): Promise<Record<string, unknown>> {
  const modern = call.modern!;
  let request: TaskRequest = {
    arguments: args,
    caller: call.caller,
    clientIp: call.clientIp,
    clientName: modern.clientName,
    protocolVersion: modern.version,
    capabilities: modern.capabilities,
    policyIds: [...policyIds],
  };
  let phase: TaskPhase = 'ready';
  let status: TaskStatus = 'working';
  let message = 'Starting.';
  let inputRequests: Record<string, unknown> | null = null;
  if (questions) {
    const step = await nextStep(
      call.ctx,
      toolTarget(tool, questions, questions.confirms),
      args,
      { inputResponses: undefined, requestState: undefined },
      modern.capabilities,
    );
    if (step.kind === 'declined') return toolError(step.message);
    if (step.kind === 'ask') {
      ({ request, inputRequests } = askInTask(step, request));
      phase = 'asking';
      status = 'input_required';
      message = 'Waiting for the answers to its questions.';
    } else if (step.kind === 'ready') request.arguments = step.args;
  }
  const task = await createTask(call.ctx, {
    serverId: call.server.id,
    toolId: tool.id,
    toolSlug: tool.slug,
    owner: call.caller?.userUuid ?? null,
    request,
    phase,
    status,
    statusMessage: message,
    inputRequests,
    ttlMs: exec.ttlMs,
    pollIntervalMs: Math.min(5_000, Math.max(500, exec.pollIntervalMs)),
  });
  const runner = taskRunnerOf(call.ctx);
  runner.startSweeping();
  if (phase === 'ready') runner.start(task.task_id, { subjectToken: bearerOf(call) });
  return presentCreated(task);
}

function bearerOf(call: CallContext): string | undefined {
  if (call.server.outbound_auth_type !== 'token-exchange') return undefined;
  const header = call.httpRequest?.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}
