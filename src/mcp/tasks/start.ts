import { requestApproval } from '../../approvals/approvals.service.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import {
  createTask,
  findTaskRow,
  MAX_OPEN_TASKS,
  mayOpenTask,
  type TaskPhase,
  type TaskRequest,
  type TaskStatus,
} from '../../tasks/tasks.service.ts';
import { type Execution, readExecution } from '../../tools/execution.ts';
import type { Interaction } from '../../tools/interaction.ts';
import { TASK_RESULT_TOOL } from '../../tools/task-result-tool.ts';
import type { CallContext } from '../call-context.ts';
import { type ApprovalOutcome, approvalOutcome } from '../interaction/approval.ts';
import { capabilitiesOf, toolTarget } from '../interaction/calls.ts';
import { nextStep } from '../interaction/engine.ts';
import { toolError } from '../tool-result.ts';
import { askInTask } from './questions.ts';
import { taskRunnerOf } from './runner.ts';
import { presentCreated, presentTaskOutcome } from './wire.ts';

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
  approval?: { id: string; group: string; reason: string },
): Promise<Record<string, unknown>> {
  const owner = call.caller?.userUuid ?? null;
  if (!(await mayOpenTask(call.ctx, call.server.id, owner)))
    return toolError(
      `${MAX_OPEN_TASKS} of your calls on this server are still running as tasks; wait for some to finish, or cancel them. Nothing was sent.`,
    );
  const capabilities = capabilitiesOf(call);
  let request: TaskRequest = {
    arguments: args,
    caller: call.caller,
    clientIp: call.clientIp,
    clientName: call.modern ? call.modern.clientName : (call.session?.client_name ?? null),
    protocolVersion: call.modern?.version ?? call.session?.protocol_version ?? '',
    capabilities,
    policyIds: [...policyIds],
  };
  let phase: TaskPhase = 'ready';
  let status: TaskStatus = 'working';
  let message = 'Starting.';
  let inputRequests: Record<string, unknown> | null = null;
  if (approval) {
    request.approvalId = approval.id;
    request.approvalGroup = approval.group;
    phase = 'approval';
    message = `Waiting for a member of "${approval.group}" to approve: ${approval.reason}`;
  } else if (questions) {
    const step = await nextStep(
      call.ctx,
      toolTarget(tool, questions, questions.confirms),
      args,
      { inputResponses: undefined, requestState: undefined },
      capabilities,
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
    owner,
    request,
    phase,
    status,
    statusMessage: message,
    inputRequests,
    // Kept while it may work, then its result for the tool's time to live.
    ttlMs: exec.ttlMs + exec.maxWaitMs,
    pollIntervalMs: Math.min(5_000, Math.max(500, exec.pollIntervalMs)),
  });
  const runner = taskRunnerOf(call.ctx);
  runner.startSweeping();
  if (phase === 'ready' || phase === 'approval') runner.start(task.task_id, { subjectToken: bearerOf(call) });
  return presentCreated(task);
}

/**
 * A long-running tool with `continue_after_ms`, called by a client without tasks: the call runs
 * as a task all the same; finished within that time, its result is the answer; otherwise the
 * answer says it continues and names the task, whose result `get_task_result` fetches later.
 */
export async function continueAsTask(
  call: CallContext,
  tool: ToolRecord,
  exec: Execution & { continueAfterMs: number },
  args: Record<string, unknown>,
  policyIds: readonly string[],
): Promise<Record<string, unknown>> {
  const created = await startTask(call, tool, exec, args, policyIds);
  if (created.resultType !== 'task') return created;
  const taskId = String(created.taskId);
  await taskRunnerOf(call.ctx).settled(taskId, exec.continueAfterMs);
  const task = await findTaskRow(call.ctx, taskId);
  if (task && task.status !== 'working') return presentTaskOutcome(call.ctx, task);
  const seconds = Math.round(exec.continueAfterMs / 100) / 10;
  return {
    content: [
      {
        type: 'text',
        text: `The call is still running after ${seconds} s and continues in the background as task ${taskId}. Call ${TASK_RESULT_TOOL} with {"task_id": "${taskId}"} in a while to get its result.`,
      },
    ],
    structuredContent: { task_id: taskId, status: 'working' },
    isError: false,
  };
}

function bearerOf(call: CallContext): string | undefined {
  if (call.server.outbound_auth_type !== 'token-exchange') return undefined;
  const header = call.httpRequest?.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/** Settings of a task for a tool that is not long-running (a call waiting for an approver). */
const ORDINARY: Execution = { ...readExecution({})!, poll: false };

/**
 * A call a policy sends to an approver group, from a client with tasks: a decided approval is
 * answered now (approved: the call goes on with the approver's arguments); a pending one becomes
 * a task that waits for the decision and then runs (or completes with the denial).
 */
export async function approveInTask(
  call: CallContext,
  tool: ToolRecord,
  exec: Execution | null,
  args: Record<string, unknown>,
  policy: { policyIds: string[]; reason: string; group: string },
): Promise<ApprovalOutcome> {
  const ask = { server: call.server, tool, args, policy, caller: call.caller, clientIp: call.clientIp };
  const state = await requestApproval(call.ctx, ask);
  if (state.state !== 'pending') return approvalOutcome(call.ctx, state, policy.reason);
  const approval = { id: state.approval.uuid, group: state.group, reason: policy.reason };
  return {
    result: await startTask(call, tool, exec ?? ORDINARY, args, policy.policyIds, undefined, approval),
  };
}
