import type { ExecuteRequest } from '../../executor/types.ts';
import { decideToolCall, keptPolicies, type PolicyOutcome } from '../../policies/policy-gate.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import { executionOf } from '../../tools/execution.ts';
import { type Interaction, interactionOf } from '../../tools/interaction.ts';
import { annotateRequest, upstreamParent } from '../../tracing/request-spans.ts';
import { tracingOn } from '../../tracing/tracing.ts';
import type { CallContext } from '../call-context.ts';
import { MISSING_CLIENT_CAPABILITY, RpcError } from '../errors.ts';
import { awaitApprover } from '../interaction/approval.ts';
import { prepareToolCall, summarize } from '../interaction/calls.ts';
import { askToConnect, isConnectRetry, resumeAfterConnect } from '../interaction/connect.ts';
import { approveInTask, continueAsTask, startTask } from '../tasks/start.ts';
import { declaresTasks, TASKS_REQUIRED } from '../tasks/wire.ts';
import { presentResult, toolError } from '../tool-result.ts';
import { checkParamHeaders } from '../transport/param-headers.ts';
import { logLevelOf, sendLog } from './logging.ts';
import { auditDecision, factsOf } from './policy-checks.ts';

/**
 * One tool through the whole pipeline (param headers, interaction steps, executor with its
 * validation, limits, cache, retries, auth and mapping, progress and log notifications).
 * `via` names the meta-tool that asked for it (`call_tool`): the call log keeps the real tool's
 * name and notes the meta-tool in its method.
 */
export async function runTool(
  call: CallContext,
  tool: ToolRecord,
  params: Record<string, unknown>,
  via?: string,
): Promise<Record<string, unknown>> {
  const modelArgs = (params.arguments as Record<string, unknown> | undefined) ?? {};
  let args = modelArgs;
  // A long-running tool: a task for clients that support them (tasks/start.ts).
  const exec = executionOf(tool);
  const asTask = exec !== null && call.modern !== undefined && declaresTasks(call.modern.capabilities);
  if (exec?.task === 'required' && !asTask) return refuseWithoutTasks(call, tool);
  if (call.httpHeaders) checkParamHeaders(tool, args, call.httpHeaders);
  // Multi-round steps (confirmation, asked inputs): skipped at the cost of a WeakMap read when none apply.
  const cfg = interactionOf(tool);
  // Policies first, on the arguments as the model sent them (docs/DECISIONS.md, policies).
  const policy =
    keptPolicies(call.ctx, call.server) === null
      ? NO_POLICY
      : await decideToolCall(call.ctx, call.server, tool, modelArgs, factsOf(call));
  // A forbid, and an ask when it is first put (not again on the answering round), go to the audit trail.
  if (policy.kind === 'forbid' || (policy.kind === 'ask' && params.requestState === undefined))
    await auditDecision(call, { tool: tool.slug, action: 'call_tool' }, policy, modelArgs);
  if (policy.kind === 'forbid') return refusedByPolicy(policy);
  const asks = policy.kind === 'ask';
  const progress = progressReporter(call);
  if (policy.kind === 'approve') {
    // An approver group decides; the call runs with the arguments they saw. A client with tasks
    // gets a task that waits for the decision instead of a held call (tasks/start.ts).
    const approval = declaresTasks(call.modern?.capabilities)
      ? await approveInTask(call, tool, exec, modelArgs, policy)
      : await awaitApprover(call, tool, modelArgs, policy, progress);
    if ('result' in approval) return approval.result;
    args = approval.args;
  } else if (params.requestState !== undefined && isConnectRetry(params)) {
    const resumed = await resumeAfterConnect(call, tool, modelArgs, params);
    if ('result' in resumed) return resumed.result;
    args = resumed.args;
  } else if (
    asks ||
    !cfg.idle ||
    cfg.confirms ||
    params.inputResponses !== undefined ||
    params.requestState !== undefined
  ) {
    // A policy's ask is the confirmation round, with the policy's reason as its message.
    const used = asks ? askedByPolicy(cfg, policy) : cfg;
    if (asTask && exec.askInTask && params.requestState === undefined)
      return startTask(call, tool, exec, args, policy.policyIds, used);
    const prepared = await prepareToolCall(call, tool, used, used.confirms, args, params);
    if ('result' in prepared) return prepared.result;
    args = prepared.args;
    // Arguments the person filled in are checked too: a forbid on them still refuses.
    if (args !== modelArgs) {
      const after = await decideToolCall(call.ctx, call.server, tool, args, factsOf(call));
      if (after.kind === 'forbid') {
        await auditDecision(call, { tool: tool.slug, action: 'call_tool' }, after, args);
        return refusedByPolicy(after);
      }
    }
  }
  if (asTask) return startTask(call, tool, exec, args, policy.policyIds);
  // Clients without tasks: a call past `continue_after_ms` answers that it continues (get_task_result).
  if (exec?.continueAfterMs != null)
    return continueAsTask(
      call,
      tool,
      { ...exec, continueAfterMs: exec.continueAfterMs },
      args,
      policy.policyIds,
    );
  // Log lines are built only for a session (or 2026 request) that asked for them.
  const logs = logLevelOf(call) !== undefined;
  const started = logs ? performance.now() : 0;
  progress?.(0, 'Starting');
  if (logs) sendLog(call, 'info', { message: 'tool call started', tool: tool.slug });
  const outcome = await call.ctx.executor.execute(
    executeRequest(call, tool, args, {
      method: via ? `tools/call via ${via}` : 'tools/call',
      policyIds: policy.policyIds,
      poll: exec?.poll ? { intervalMs: exec.pollIntervalMs, maxWaitMs: exec.maxWaitMs } : undefined,
      onLog: logs ? (level, data) => sendLog(call, level, data) : undefined,
      // The executor's own 0..total maps onto step 1..2 of the call's three.
      onProgress: progress
        ? (done, total, message) => progress(1 + (total ? Math.min(1, done / total) : 0), message)
        : undefined,
    }),
  );
  if (!outcome.ok && outcome.reason === 'connection_required')
    return askToConnect(call, tool, modelArgs, args);
  if (tracingOn())
    annotateRequest(call.httpRequest, {
      'toolgate.tool': tool.slug,
      'toolgate.outcome': outcome.ok ? 'ok' : outcome.reason,
      // The person by their UUID: never an e-mail or a token in a span.
      ...(call.caller ? { 'toolgate.user': call.caller.userUuid } : {}),
    });
  if (logs) {
    const durationMs = Math.round(performance.now() - started);
    if (outcome.ok) sendLog(call, 'info', { message: 'tool call finished', tool: tool.slug, durationMs });
    else
      sendLog(call, 'error', {
        message: 'tool call failed',
        tool: tool.slug,
        reason: outcome.reason,
        durationMs,
      });
  }
  progress?.(PROGRESS_STEPS, 'Done');
  if (cfg.summary && outcome.ok) {
    const summary = await summarize(
      call,
      tool,
      cfg,
      (params.arguments as Record<string, unknown>) ?? {},
      outcome.result,
    );
    if (summary) return summary;
  }
  return presentResult(outcome.result);
}

const PROGRESS_STEPS = 3;

/**
 * The executor's request for one tool call of this MCP request: the caller, their client and
 * trace, the bearer a token exchange needs, the cancellation. `tools/call` and a program's `api`
 * calls (program-calls.ts) both make it here. One literal of fixed shape: on Node 20's V8 a spread
 * followed by more properties takes a slow path (call-context.ts).
 */
export function executeRequest(
  call: CallContext,
  tool: ToolRecord,
  args: Record<string, unknown>,
  extra: {
    method: string;
    policyIds: readonly string[];
    runId?: string;
    outputTokens?: number;
    poll?: ExecuteRequest['poll'];
    onLog?: ExecuteRequest['onLog'];
    onProgress?: ExecuteRequest['onProgress'];
  },
): ExecuteRequest {
  return {
    server: call.server,
    tool,
    args,
    useTestCredentials: false,
    clientType: 'mcp',
    method: extra.method,
    sessionId: call.session?.id,
    clientIp: call.clientIp,
    caller: call.caller,
    policyIds: extra.policyIds.length > 0 ? extra.policyIds : undefined,
    runId: extra.runId,
    outputTokens: extra.outputTokens,
    clientName: (call.modern ? call.modern.clientName : call.session?.client_name) ?? undefined,
    traceHeaders: upstreamParent(call.httpRequest, call.meta),
    subjectToken:
      call.server.outbound_auth_type === 'token-exchange'
        ? bearerOf(call.httpRequest?.headers.authorization)
        : undefined,
    cancel: call.cancel,
    poll: extra.poll,
    onLog: extra.onLog,
    onProgress: extra.onProgress,
  };
}

/**
 * A tool that only runs as a task, called by a client without the Tasks extension: -32021 in
 * 2026-07-28 (SEP-2663), a tool error in the 2025 revisions (where the extension does not exist).
 */
function refuseWithoutTasks(call: CallContext, tool: ToolRecord): Record<string, unknown> {
  if (call.modern)
    throw new RpcError(
      MISSING_CLIENT_CAPABILITY,
      `Missing required client capability: tool ${tool.slug} runs as a task (the io.modelcontextprotocol/tasks extension)`,
      TASKS_REQUIRED,
    );
  return toolError(
    `Tool ${tool.slug} runs as an MCP task, which this client's protocol version (2025) does not support; nothing was sent.`,
  );
}

const NO_POLICY: PolicyOutcome = { kind: 'permit', policyIds: [] };

/** The specification's tool error: the policy's reason, and nothing sent. */
function refusedByPolicy(policy: { policyIds: string[]; reason: string }): Record<string, unknown> {
  const by = policy.policyIds.length > 0 ? ` (policy ${policy.policyIds.join(', ')})` : '';
  return {
    content: [{ type: 'text', text: `Refused${by}: ${policy.reason}. No request was sent.` }],
    isError: true,
  };
}

/** The tool's interaction settings with the confirmation a policy asks for. */
function askedByPolicy(cfg: Interaction, policy: { policyIds: string[]; reason: string }): Interaction {
  return {
    ...cfg,
    confirm: 'always',
    confirms: true,
    idle: false,
    confirm_message: `Policy ${policy.policyIds.join(', ')} asks you to confirm: ${policy.reason}.`,
  };
}

/** The bearer token of an Authorization header (the caller's own, for token exchange). */
function bearerOf(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

/**
 * `notifications/progress` for a request that carries `_meta.progressToken`: received → upstream
 * call (the executor's progress) → done, out of 3. Values only ever increase, as MCP requires.
 */
function progressReporter(call: CallContext): ((value: number, message?: string) => void) | undefined {
  const token = call.meta?.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  let last = -1;
  return (value, message) => {
    if (value <= last) return;
    last = value;
    call.notify('notifications/progress', {
      progressToken: token,
      progress: value,
      total: PROGRESS_STEPS,
      ...(message !== undefined ? { message } : {}),
    });
  };
}
