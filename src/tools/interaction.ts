import type { ToolRecord } from '../store/tools.repo.ts';

/*
 * A tool's `interaction` settings (src/tools/interaction.schema.ts), read with their defaults.
 * Parsed once per tool version and kept on a WeakMap, so the call path pays nothing for tools
 * that ask nothing.
 */

export type ClientInput =
  | { key: string; kind: 'user'; message: string; arguments: string[]; round: number; optional: boolean }
  | {
      key: string;
      kind: 'model';
      prompt: string;
      argument: string;
      max_tokens: number;
      round: number;
      optional: boolean;
    }
  | { key: string; kind: 'roots'; argument: string; round: number; optional: boolean };

export interface Interaction {
  confirm: 'auto' | 'always' | 'never';
  confirm_message: string;
  inputs: ClientInput[];
  ask_missing: boolean;
  summary: { instruction: string; over_bytes: number; max_tokens: number } | null;
  /** Arguments the client supplies (hidden from the model's inputSchema). */
  hidden: Set<string>;
  /** Nothing to ask, ever (confirm `auto` still applies to DELETE tools). */
  idle: boolean;
  /** Set by interactionOf: this tool's calls ask for confirmation when the client can be asked. */
  confirms: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const int = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isInteger(v) ? v : fallback);

function readInput(raw: unknown): ClientInput | null {
  if (!isObject(raw) || typeof raw.key !== 'string') return null;
  const base = { key: raw.key, round: int(raw.round, 1), optional: raw.optional === true };
  if (raw.kind === 'user' && Array.isArray(raw.arguments))
    return {
      ...base,
      kind: 'user',
      message: typeof raw.message === 'string' ? raw.message : '',
      arguments: raw.arguments.filter((a): a is string => typeof a === 'string'),
    };
  if (raw.kind === 'model' && typeof raw.argument === 'string')
    return {
      ...base,
      kind: 'model',
      prompt: typeof raw.prompt === 'string' ? raw.prompt : '',
      argument: raw.argument,
      max_tokens: int(raw.max_tokens, 500),
    };
  if (raw.kind === 'roots' && typeof raw.argument === 'string')
    return { ...base, kind: 'roots', argument: raw.argument };
  return null;
}

export function parseInteraction(raw: unknown): Interaction {
  const cfg = isObject(raw) ? raw : {};
  const inputs = (Array.isArray(cfg.inputs) ? cfg.inputs : []).map(readInput).filter((i) => i !== null);
  const hidden = new Set<string>();
  for (const i of inputs) for (const a of i.kind === 'user' ? i.arguments : [i.argument]) hidden.add(a);
  const s = isObject(cfg.summary) ? cfg.summary : null;
  const confirm = cfg.confirm === 'always' || cfg.confirm === 'never' ? cfg.confirm : 'auto';
  const summary = s
    ? {
        instruction: typeof s.instruction === 'string' ? s.instruction : '',
        over_bytes: int(s.over_bytes, 4000),
        max_tokens: int(s.max_tokens, 500),
      }
    : null;
  return {
    confirm,
    confirm_message: typeof cfg.confirm_message === 'string' ? cfg.confirm_message : '',
    inputs,
    ask_missing: cfg.ask_missing === true,
    summary,
    hidden,
    idle: inputs.length === 0 && !cfg.ask_missing && !summary && confirm !== 'always',
    confirms: confirm === 'always',
  };
}

const parsed = new WeakMap<ToolRecord, Interaction>();

/** The tool's settings (records are immutable per version: the record cache replaces them on change). */
export function interactionOf(tool: ToolRecord): Interaction {
  let found = parsed.get(tool);
  if (!found) {
    found = parseInteraction(tool.interaction);
    found.confirms =
      found.confirm === 'always' || (found.confirm === 'auto' && tool.http_method.toUpperCase() === 'DELETE');
    parsed.set(tool, found);
  }
  return found;
}
