import type { ToolRecord } from '../store/tools.repo.ts';
import { EXECUTION_LIMITS } from './execution.schema.ts';

/*
 * A tool's `execution` settings (src/tools/execution.schema.ts) with their defaults, parsed once
 * per tool version. Null for an ordinary tool: the call path pays one WeakMap read.
 */

export interface Execution {
  task: 'optional' | 'required';
  poll: boolean;
  pollIntervalMs: number;
  maxWaitMs: number;
  ttlMs: number;
  askInTask: boolean;
  /** Clients without tasks: answer "continues" after this long; null = wait. */
  continueAfterMs: number | null;
}

const parsed = new WeakMap<ToolRecord, Execution | null>();

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function int(value: unknown, limits: { minimum: number; maximum: number }, fallback: number): number {
  if (typeof value !== 'number' || !Number.isInteger(value)) return fallback;
  return Math.min(limits.maximum, Math.max(limits.minimum, value));
}

/** The tool's long-running settings, or null when its calls are ordinary ones. */
export function executionOf(tool: ToolRecord): Execution | null {
  let found = parsed.get(tool);
  if (found === undefined) {
    found = readExecution(tool.execution);
    parsed.set(tool, found);
  }
  return found;
}

export function readExecution(raw: unknown): Execution | null {
  if (!isObject(raw)) return null;
  const l = EXECUTION_LIMITS;
  return {
    task: raw.task === 'required' ? 'required' : 'optional',
    poll: raw.poll !== false,
    pollIntervalMs: int(raw.poll_interval_ms, l.poll_interval_ms, l.poll_interval_ms.default),
    maxWaitMs: int(raw.max_wait_s, l.max_wait_s, l.max_wait_s.default) * 1000,
    ttlMs: int(raw.ttl_s, l.ttl_s, l.ttl_s.default) * 1000,
    askInTask: raw.ask_in_task === true,
    continueAfterMs:
      typeof raw.continue_after_ms === 'number'
        ? int(raw.continue_after_ms, l.continue_after_ms, l.continue_after_ms.minimum)
        : null,
  };
}
