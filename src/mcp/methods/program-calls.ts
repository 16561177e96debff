import type { CodeSettings } from '../../codemode/limits.ts';
import { MAX_CALL_BYTES, MAX_RUN_BYTES } from '../../codemode/limits.ts';
import type { RunCall } from '../../codemode/run-program.ts';
import { CALL_TOOL } from '../../discovery/meta-tools.ts';
import type { ToolResult } from '../../executor/types.ts';
import { decideToolCall, keptPolicies, riskOf } from '../../policies/policy-gate.ts';
import type { ToolRecord } from '../../store/tools.repo.ts';
import { interactionOf } from '../../tools/interaction.ts';
import type { ToolView } from '../../tools/mcp-view.ts';
import type { CallContext } from '../call-context.ts';
import { closestNames } from './meta-tools.ts';
import { auditDecision, factsOf } from './policy-checks.ts';
import { executeRequest } from './run-tool.ts';

/*
 * A program's `api` call (issue 37) is an ordinary tool call: the same executor as `tools/call`
 * (argument validation, the caller's identity and credentials, rate limits, cache, retries,
 * response mapping, its own call-log row carrying the run's id), after the same policies. What a
 * program may not do ends the call with an ApiError the program can catch: a write the operator
 * did not allow, a policy's forbid, and anything that needs a person — a confirmation or an
 * approver — which a program cannot wait for across stateless requests: the error names the
 * ordinary call to make instead. Credentials never enter the sandbox: the program sends a name and
 * JSON arguments, and gets JSON back.
 */

export interface RunState {
  runId: string;
  calls: RunCall[];
  /** Bytes of answers handed to the program so far. */
  budget: { bytes: number };
}

/** A rejection for the guest: its ApiError's fields as JSON (the bridge carries strings only). */
function refusal(fields: {
  message: string;
  code: string;
  operation: string;
  status?: number;
  body?: unknown;
}): string {
  return JSON.stringify(fields);
}

/** Whether the server's code settings let a program call this tool. */
export function mayRunInProgram(tool: ToolRecord, settings: CodeSettings): boolean {
  if (settings.writes === 'all') return true;
  // A read: a GET (its annotations' default) or a tool marked read-only, unless the operator set its risk higher.
  if (riskOf(tool) === 'read') return true;
  return settings.writes === 'listed' && settings.writeTools.has(tool.slug);
}

/** What a program gets of a tool's answer: its structured value, else its JSON, else its text. */
function programValueOf(result: ToolResult): unknown {
  if (result.structuredContent !== undefined) return result.structuredContent;
  const texts = result.content.filter((c) => c.type === 'text').map((c) => (c as { text: string }).text);
  const text = texts.join('\n');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export async function callFromProgram(
  call: CallContext,
  view: ToolView,
  settings: CodeSettings,
  run: RunState,
  op: string,
  argsText: string,
): Promise<string> {
  const started = performance.now();
  const note = (status: RunCall['status'], cached?: boolean) =>
    run.calls.push({
      op: op.slice(0, 100),
      status,
      ms: Math.round(performance.now() - started),
      ...(cached ? { cached } : {}),
    });
  const tool = view.find(op);
  if (!tool) {
    note('error');
    const close = closestNames(view, op);
    throw refusal({
      message: `no operation "${op.slice(0, 100)}"${close.length ? `; did you mean ${close.join(', ')}?` : ''}`,
      code: 'unknown_operation',
      operation: op.slice(0, 100),
    });
  }
  const name = view.nameOf(tool);
  let args: unknown;
  try {
    args = JSON.parse(argsText);
  } catch {
    args = undefined;
  }
  if (typeof args !== 'object' || args === null || Array.isArray(args)) {
    note('error');
    throw refusal({
      message: `api.${name} takes one object of arguments`,
      code: 'invalid_arguments',
      operation: name,
    });
  }
  const record = args as Record<string, unknown>;
  if (!mayRunInProgram(tool, settings)) {
    note('error');
    throw refusal({
      message: `${name} writes (${tool.http_method.toUpperCase()}); programs on this server may only read. Call it with ${CALL_TOOL} {"name":"${name}"} instead, where the person can see it.`,
      code: 'write_not_allowed',
      operation: name,
    });
  }
  const policy =
    keptPolicies(call.ctx, call.server) === null
      ? { kind: 'permit' as const, policyIds: [] as string[] }
      : await decideToolCall(call.ctx, call.server, tool, record, factsOf(call));
  if (policy.kind === 'forbid') {
    await auditDecision(call, { tool: tool.slug, action: 'call_tool' }, policy, record);
    note('error');
    throw refusal({ message: `refused by policy: ${policy.reason}`, code: 'forbidden', operation: name });
  }
  const cfg = interactionOf(tool);
  if (policy.kind !== 'permit' || cfg.confirms || !cfg.idle) {
    note('error');
    const why = policy.kind === 'approve' ? 'an approver must approve it' : 'a person must confirm it';
    throw refusal({
      message: `${name} needs a person (${why}); a program cannot wait for that. Call it with ${CALL_TOOL} {"name":"${name}","arguments":…} instead.`,
      code: 'needs_person',
      operation: name,
    });
  }
  const outcome = await call.ctx.executor.execute(
    executeRequest(call, tool, record, {
      method: 'tools/call via execute',
      policyIds: policy.policyIds,
      runId: run.runId,
      // The answer stays inside the run (bounded in bytes below); only what the program returns meets the budget.
      outputTokens: 0,
    }),
  );
  if (!outcome.ok) {
    note('error', outcome.cached);
    const status = outcome.response?.status_code;
    const body = outcome.result ? programValueOf(outcome.result) : undefined;
    const shown = body !== undefined && JSON.stringify(body).length <= 2_000 ? body : undefined;
    throw refusal({
      message:
        outcome.reason === 'connection_required'
          ? `${name} needs your own account connected first: call it once with ${CALL_TOOL} to connect`
          : outcome.message,
      code: outcome.reason,
      operation: name,
      ...(status !== undefined ? { status } : {}),
      ...(shown !== undefined ? { body: shown } : {}),
    });
  }
  const text = JSON.stringify(programValueOf(outcome.result)) ?? 'null';
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_CALL_BYTES || run.budget.bytes + bytes > MAX_RUN_BYTES) {
    note('error', outcome.cached);
    throw refusal({
      message: `the answer of ${name} (${bytes} bytes) is over what a run may hold (${MAX_CALL_BYTES} per answer, ${MAX_RUN_BYTES} per run); ask for less (limit, fields)`,
      code: 'too_large',
      operation: name,
    });
  }
  run.budget.bytes += bytes;
  note('ok', outcome.cached);
  return text;
}
