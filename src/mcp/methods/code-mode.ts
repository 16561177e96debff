import { randomUUID } from 'node:crypto';
import { DECLARE_MAX_NAMES, EXECUTE } from '../../codemode/code-tools.ts';
import { declareOperations, declareSignature } from '../../codemode/declarations.ts';
import { readCodeSettings } from '../../codemode/limits.ts';
import { type RunCall, runProgram } from '../../codemode/run-program.ts';
import {
  DESCRIBE_TOOLS,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
  SEARCH_TOOLS,
} from '../../discovery/meta-tools.ts';
import { buildCallLogEntry } from '../../shared/call-log-entry.ts';
import type { ToolView } from '../../tools/mcp-view.ts';
import type { CallContext } from '../call-context.ts';
import { callMetaTool, closestNames } from './meta-tools.ts';
import { callFromProgram } from './program-calls.ts';

/*
 * Runs code mode's tools (presented by codemode/code-tools.ts): search answers signatures of the
 * typed `api` client, describe its declarations, execute a program whose every `api` call is an
 * ordinary tool call (program-calls.ts). Argument mistakes are `isError` results the model can
 * correct, never protocol errors.
 */

function errorResult(message: string): Record<string, unknown> {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function textResult(text: string): Record<string, unknown> {
  return { content: [{ type: 'text', text }], isError: false };
}

function unknownArguments(args: Record<string, unknown>, known: string[]): string | undefined {
  const unknown = Object.keys(args).filter((k) => !known.includes(k));
  return unknown.length ? `unknown argument: ${unknown.join(', ')}` : undefined;
}

function searchApi(args: Record<string, unknown>, view: ToolView): Record<string, unknown> {
  const { query, limit } = args;
  if (typeof query !== 'string' || query.trim() === '')
    return errorResult('query must be a non-empty string');
  if (
    limit !== undefined &&
    (!Number.isInteger(limit) || (limit as number) < 1 || (limit as number) > SEARCH_MAX_LIMIT)
  )
    return errorResult(`limit must be an integer from 1 to ${SEARCH_MAX_LIMIT}`);
  const extra = unknownArguments(args, ['query', 'limit']);
  if (extra) return errorResult(extra);
  const hits = view
    .index()
    .search(query.slice(0, 1000), { limit: (limit as number | undefined) ?? SEARCH_DEFAULT_LIMIT });
  if (hits.length === 0) return textResult('No operation matches; try other words.');
  const lines = hits.map((hit) => {
    const tool = view.find(hit.name);
    return tool ? declareSignature(tool, hit.name) : hit.name;
  });
  return textResult(`${lines.join('\n')}\n(${DESCRIBE_TOOLS} gives the full declarations)`);
}

function describeApi(args: Record<string, unknown>, view: ToolView): Record<string, unknown> {
  const { names } = args;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string'))
    return errorResult('names must be a non-empty array of operation names');
  if (names.length > DECLARE_MAX_NAMES) return errorResult(`at most ${DECLARE_MAX_NAMES} names at a time`);
  const extra = unknownArguments(args, ['names']);
  if (extra) return errorResult(extra);
  const tools = [];
  for (const name of names as string[]) {
    const tool = view.find(name);
    if (!tool) {
      const close = closestNames(view, name);
      return errorResult(
        `No operation "${name.slice(0, 100)}".${close.length ? ` Closest: ${close.join(', ')}.` : ''} Use ${SEARCH_TOOLS}.`,
      );
    }
    tools.push(tool);
  }
  return textResult(declareOperations(tools, (t) => view.nameOf(t)));
}

async function execute(
  args: Record<string, unknown>,
  call: CallContext,
  view: ToolView,
): Promise<Record<string, unknown>> {
  const { code } = args;
  if (typeof code !== 'string' || code.trim() === '') return errorResult('code must be a non-empty string');
  const extra = unknownArguments(args, ['code']);
  if (extra) return errorResult(extra);
  const settings = readCodeSettings(call.server);
  const runId = randomUUID();
  const calls: RunCall[] = [];
  const budget = { bytes: 0 };
  const controller = new AbortController();
  const stopCancel = call.cancel?.onCancel(() => controller.abort());
  const started = performance.now();
  const progress = progressPerCall(call, calls);
  try {
    const answer = await runProgram(
      call.ctx,
      code,
      settings.limits,
      calls,
      async (op, text) => {
        try {
          return await callFromProgram(call, view, settings, { runId, calls, budget }, op, text);
        } finally {
          progress?.(op);
        }
      },
      controller.signal,
    );
    await logRun(
      call,
      runId,
      code,
      answer.isError ? (answer.structured.error ?? 'failed') : null,
      performance.now() - started,
    );
    return {
      content: [{ type: 'text', text: answer.text }],
      structuredContent: { ...answer.structured, run_id: runId },
      isError: answer.isError,
    };
  } finally {
    stopCancel?.();
  }
}

/** The run's own call-log row; each `api` call has its own row with the same run id. */
async function logRun(call: CallContext, runId: string, code: string, error: string | null, ms: number) {
  const entry = buildCallLogEntry(
    {
      server: call.server,
      toolId: null,
      target: EXECUTE,
      method: 'tools/call',
      clientType: 'mcp',
      clientName: (call.modern ? call.modern.clientName : call.session?.client_name) ?? null,
      clientIp: call.clientIp,
      sessionId: call.session?.id ?? null,
      caller: call.caller,
      runId,
    },
    { code },
    {
      ok: error === null,
      error: error?.slice(0, 1_000) ?? null,
      httpStatus: null,
      durationMs: ms,
      responseData: null,
    },
  );
  const committed = call.ctx.callLogs.write(entry);
  if (committed) await committed.catch(() => undefined);
}

/** `notifications/progress` after each `api` call, for a request that carries a progress token. */
function progressPerCall(call: CallContext, calls: RunCall[]): ((op: string) => void) | undefined {
  const token = call.meta?.progressToken;
  if (typeof token !== 'string' && typeof token !== 'number') return undefined;
  return (op) =>
    call.notify('notifications/progress', {
      progressToken: token,
      progress: calls.length,
      message: `api.${op.slice(0, 100)}`,
    });
}

/** Runs a tool of code mode; `call_tool` is discovery's own. */
export async function callCodeTool(
  name: string,
  args: Record<string, unknown>,
  params: Record<string, unknown>,
  call: CallContext,
  view: ToolView,
): Promise<Record<string, unknown>> {
  if (name === SEARCH_TOOLS) return searchApi(args, view);
  if (name === DESCRIBE_TOOLS) return describeApi(args, view);
  if (name === EXECUTE) return execute(args, call, view);
  return callMetaTool(name, args, params, call, view);
}
