/**
 * Code mode's settings as the server form edits them (`settings.code`): which api calls programs
 * may make, the tools that write they may call anyway, and the limits of a run. Bounds and
 * defaults are the server's (src/codemode/limits.ts, checked again by the API).
 */
import type { Server, Tool } from '../api/types.ts';
import { checkWholeNumber } from './whole-number.ts';

/** Reads only (the default), reads and the listed writes, or every operation. */
export type CodeWrites = 'none' | 'listed' | 'all';

export const CODE_LIMITS = [
  { key: 'wall_ms', label: 'Wall time (ms)', min: 100, max: 300_000, default: 30_000 },
  { key: 'cpu_ms', label: 'CPU time (ms)', min: 10, max: 60_000, default: 1_000 },
  { key: 'memory_mb', label: 'Memory (MiB)', min: 16, max: 512, default: 64 },
  { key: 'max_calls', label: 'api calls per run', min: 1, max: 1_000, default: 50 },
  { key: 'max_inflight', label: 'api calls at once', min: 1, max: 32, default: 8 },
  { key: 'result_tokens', label: 'Answer tokens', min: 100, max: 100_000, default: 4_000 },
  { key: 'log_lines', label: 'Console lines', min: 0, max: 1_000, default: 50 },
] as const;
export type CodeLimitKey = (typeof CODE_LIMITS)[number]['key'];

export interface CodeForm {
  code_writes: CodeWrites;
  /** Slugs of tools that write which programs may call anyway (`code_writes: listed`). */
  code_write_tools: string[];
  /** As typed; empty = the default. */
  code_limits: Record<CodeLimitKey, string>;
}

/** The API's error key of a code-mode field (`settings.code.wall_ms`…): its errors land on the field. */
export const codeKey = (field: string) => `settings.code.${field}`;

export function emptyCodeForm(): CodeForm {
  const limits = Object.fromEntries(CODE_LIMITS.map((l) => [l.key, ''])) as Record<CodeLimitKey, string>;
  return { code_writes: 'none', code_write_tools: [], code_limits: limits };
}

/** A server's stored `settings.code` in the form's terms (absent or odd values: the defaults). */
export function codeToForm(s: Pick<Server, 'settings'>): CodeForm {
  const raw = (s.settings as Record<string, unknown> | null | undefined)?.code;
  const code = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const form = emptyCodeForm();
  for (const { key } of CODE_LIMITS)
    if (typeof code[key] === 'number') form.code_limits[key] = String(code[key]);
  if (code.writes === 'listed' || code.writes === 'all') form.code_writes = code.writes;
  if (Array.isArray(code.write_tools))
    form.code_write_tools = code.write_tools.filter((t): t is string => typeof t === 'string');
  return form;
}

/**
 * `settings.code` as the form says it: only what differs from the defaults (a blank limit, reads
 * only, no listed tools are left out, so the server's defaults apply).
 */
export function codeSettings(form: CodeForm): Record<string, unknown> {
  const code: Record<string, unknown> = {};
  if (form.code_writes !== 'none') code.writes = form.code_writes;
  if (form.code_writes === 'listed') code.write_tools = form.code_write_tools;
  for (const { key } of CODE_LIMITS) {
    const typed = form.code_limits[key].trim();
    if (typed !== '') code[key] = Number(typed);
  }
  return code;
}

/** Field → reason for the code-mode fields (keys as the API names them). */
export function checkCodeForm(form: CodeForm): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const { key, min, max } of CODE_LIMITS) {
    const text = form.code_limits[key].trim();
    const reason = text === '' ? undefined : checkWholeNumber(text, min, max);
    if (reason) errors[codeKey(key)] = reason;
  }
  if (form.code_writes === 'listed' && form.code_write_tools.length === 0)
    errors[codeKey('write_tools')] = 'pick at least one tool, or choose Reads only';
  return errors;
}

/**
 * Whether a program may call the tool under "reads only": the server's rule (policy-gate.ts
 * `riskOf`) — the risk an operator set, else the annotations, else the method (GET, HEAD and
 * OPTIONS read).
 */
export function isReadTool(tool: Pick<Tool, 'risk' | 'annotations' | 'http_method'>): boolean {
  if (tool.risk) return tool.risk === 'read';
  const a = tool.annotations;
  if (a && Object.keys(a).length > 0) return a.destructiveHint !== true && a.readOnlyHint === true;
  return ['GET', 'HEAD', 'OPTIONS'].includes(tool.http_method.toUpperCase());
}
