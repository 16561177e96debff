import type { ServerRecord } from '../store/servers.repo.ts';

/*
 * Code mode's switches per server (issue 37), kept in `servers.settings.code` and checked on save
 * by the server schema's `settings.code` (servers/servers.schema.ts). Everything has a safe
 * default: a program may only read, runs at most 30 s of wall time and 1 s of its own CPU, and
 * makes at most 50 `api` calls.
 */

/** Which `api` calls a program may make: reads only (GET and read-only tools), listed tools too, or all. */
export type CodeWrites = 'none' | 'listed' | 'all';

export interface CodeLimits {
  /** Wall time of one run, `api` calls included. */
  wallMs: number;
  /** The program's own CPU time (QuickJS's interrupt handler counts it). */
  cpuMs: number;
  /** The WebAssembly memory of the run's QuickJS module. */
  memoryMb: number;
  /** `api` calls per run. */
  maxCalls: number;
  /** `api` calls waiting on an answer at once; more wait their turn. */
  maxInflight: number;
  /** Estimated tokens of the answer that goes back to the model. */
  resultTokens: number;
  /** console lines kept for the answer. */
  logLines: number;
}

export interface CodeSettings {
  writes: CodeWrites;
  /** Slugs a program may call although they write (`writes: listed`). */
  writeTools: ReadonlySet<string>;
  limits: CodeLimits;
}

export const DEFAULT_CODE_LIMITS: CodeLimits = {
  wallMs: 30_000,
  cpuMs: 1_000,
  memoryMb: 64,
  maxCalls: 50,
  maxInflight: 8,
  resultTokens: 4_000,
  logLines: 50,
};

/** Bounds an operator may set (the server schema holds the same numbers). */
export const CODE_LIMIT_BOUNDS: Record<keyof CodeLimits, { key: string; min: number; max: number }> = {
  wallMs: { key: 'wall_ms', min: 100, max: 300_000 },
  cpuMs: { key: 'cpu_ms', min: 10, max: 60_000 },
  memoryMb: { key: 'memory_mb', min: 16, max: 512 },
  maxCalls: { key: 'max_calls', min: 1, max: 1_000 },
  maxInflight: { key: 'max_inflight', min: 1, max: 32 },
  resultTokens: { key: 'result_tokens', min: 100, max: 100_000 },
  logLines: { key: 'log_lines', min: 0, max: 1_000 },
};

/** Source text of a program (UTF-8 bytes) accepted by `execute`. */
export const MAX_CODE_BYTES = 20_000;
/** Bytes of one `api` answer handed to a program, and of all of them in one run. */
export const MAX_CALL_BYTES = 2 * 1024 * 1024;
export const MAX_RUN_BYTES = 8 * 1024 * 1024;

const settingsOf = new WeakMap<ServerRecord, CodeSettings>();

/** A server's code-mode settings, read once per record (records are replaced, never changed). */
export function readCodeSettings(server: ServerRecord): CodeSettings {
  let kept = settingsOf.get(server);
  if (kept) return kept;
  const raw = server.settings.code;
  const code = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const limits = { ...DEFAULT_CODE_LIMITS };
  for (const [field, { key, min, max }] of Object.entries(CODE_LIMIT_BOUNDS)) {
    const value = code[key];
    if (typeof value === 'number' && Number.isInteger(value))
      limits[field as keyof CodeLimits] = Math.min(max, Math.max(min, value));
  }
  const writes = code.writes === 'listed' || code.writes === 'all' ? code.writes : 'none';
  const listed = Array.isArray(code.write_tools) ? code.write_tools.filter((s) => typeof s === 'string') : [];
  kept = { writes, writeTools: new Set(listed), limits };
  settingsOf.set(server, kept);
  return kept;
}
