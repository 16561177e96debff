import type { AppContext } from '../context.ts';
import { estimateTokens } from '../discovery/tokens.ts';
import { type CodeLimits, MAX_CODE_BYTES } from './limits.ts';
import { formatGuestError, prepareProgram } from './program.ts';
import { type RunOutcome, SandboxBusy, SandboxPool } from './sandbox/pool.ts';

/*
 * One `execute`: the program prepared, run in the sandbox with the server's limits, and its
 * outcome as the answer the model reads (result, console lines, the calls it made).
 */

/** One `api` call of a run, as the answer lists it. */
export interface RunCall {
  op: string;
  status: 'ok' | 'error';
  ms: number;
  cached?: boolean;
}

export interface ProgramAnswer {
  isError: boolean;
  text: string;
  structured: { result: unknown; logs: string[]; calls: RunCall[]; truncated: boolean; error?: string };
}

const pools = new WeakMap<AppContext, SandboxPool>();

/** The context's sandbox workers, started on the first run and stopped with the context. */
export function sandboxOf(ctx: AppContext): SandboxPool {
  let pool = pools.get(ctx);
  if (!pool) {
    const created = new SandboxPool();
    pools.set(ctx, created);
    ctx.onClose.push(() => created.close());
    pool = created;
  }
  return pool;
}

/** Bytes of a returned value handed to the answer before its token cut (the cut is finer). */
const RESULT_BYTES = 4 * 1024 * 1024;

export async function runProgram(
  ctx: AppContext,
  source: string,
  limits: CodeLimits,
  calls: RunCall[],
  onCall: (op: string, args: string) => Promise<string>,
  signal?: AbortSignal,
): Promise<ProgramAnswer> {
  if (Buffer.byteLength(source) > MAX_CODE_BYTES)
    return failed(`The program is ${Buffer.byteLength(source)} bytes; at most ${MAX_CODE_BYTES}.`, [], calls);
  const prepared = prepareProgram(source);
  if ('error' in prepared) return failed(formatGuestError(prepared.error, source), [], calls);
  let outcome: RunOutcome;
  try {
    outcome = await sandboxOf(ctx).run({
      code: prepared.code,
      limits: {
        cpuMs: limits.cpuMs,
        memoryMb: limits.memoryMb,
        maxCalls: limits.maxCalls,
        maxInflight: limits.maxInflight,
        logLines: limits.logLines,
        resultBytes: RESULT_BYTES,
      },
      wallMs: limits.wallMs,
      onCall,
      signal,
    });
  } catch (err) {
    if (err instanceof SandboxBusy) return failed(`Not run: ${err.message}.`, [], calls);
    throw err;
  }
  const logs =
    outcome.droppedLogs > 0
      ? [...outcome.logs, `… ${outcome.droppedLogs} more lines left out`]
      : outcome.logs;
  if (outcome.error) return failed(formatGuestError(outcome.error, source), logs, calls);
  return answer(
    JSON.parse(outcome.result ?? 'null'),
    outcome.result ?? 'null',
    logs,
    calls,
    limits.resultTokens,
  );
}

function summary(calls: RunCall[]): string {
  if (calls.length === 0) return 'calls: 0';
  const ms = calls.reduce((sum, c) => sum + c.ms, 0);
  const failed = calls.filter((c) => c.status === 'error').length;
  return `calls: ${calls.length}${failed ? ` (${failed} failed)` : ''}, ${ms} ms`;
}

function answer(
  result: unknown,
  json: string,
  logs: string[],
  calls: RunCall[],
  budget: number,
): ProgramAnswer {
  let shown = json;
  let truncated = false;
  const tokens = estimateTokens(json);
  if (tokens > budget) {
    // Cut at the budget in characters (4 bytes a token is the estimator's own rule), marked.
    shown = `${json.slice(0, budget * 3)}\n…truncated, ~${tokens} tokens; return less (the fields or the summary you need)`;
    truncated = true;
  }
  const text = [shown, ...(logs.length ? ['console:', ...logs] : []), summary(calls)].join('\n');
  return { isError: false, text, structured: { result: truncated ? null : result, logs, calls, truncated } };
}

function failed(message: string, logs: string[], calls: RunCall[]): ProgramAnswer {
  const text = [message, ...(logs.length ? ['console:', ...logs] : []), summary(calls)].join('\n');
  return { isError: true, text, structured: { result: null, logs, calls, truncated: false, error: message } };
}
