/**
 * What the plan page decides with: how a field change is named and shown, and the apply body
 * built from the operator's choices (a choice for every conflict, an action for every removal),
 * with what is still open named.
 */
import type { ApplyBody, FieldChange, PlanEntry, SourcePlan } from '../api/types.ts';

export type RemovalAction = 'flag' | 'deactivate' | 'detach' | 'delete';

export const REMOVAL_CHOICES: Array<{ value: RemovalAction; label: string; hint: string }> = [
  { value: 'flag', label: 'Flag', hint: 'keep serving it, marked as gone from the document' },
  { value: 'deactivate', label: 'Deactivate', hint: 'stop serving it; it stays, inactive' },
  { value: 'detach', label: 'Detach', hint: 'keep it as it is, no longer tracked' },
  { value: 'delete', label: 'Delete', hint: 'delete the tool' },
];

/** A conflict's choice as the page holds it: `text` is what the operator typed for a value. */
export interface FieldChoice {
  choice: 'ours' | 'theirs' | 'value';
  text?: string;
}

export interface PlanChoices {
  /** By entry id, then by `fieldKey`. */
  fields: Record<string, Record<string, FieldChoice>>;
  removals: Record<string, RemovalAction>;
  /** Entry ids of additions left out. */
  skip: string[];
}

export const emptyChoices = (): PlanChoices => ({ fields: {}, removals: {}, skip: [] });

/** `description`, `input_schema.properties:petId`: one field change's id within its entry. */
export const fieldKey = (f: Pick<FieldChange, 'field' | 'key'>) =>
  f.key === undefined ? f.field : `${f.field}:${f.key}`;

/** Fields whose value is text (typed as is); the others are JSON. */
const TEXT_FIELDS = new Set(['name', 'description', 'endpoint_url', 'http_method', 'body_template']);

export const isTextField = (f: Pick<FieldChange, 'field' | 'key'>) =>
  f.key === undefined && TEXT_FIELDS.has(f.field);

/** The field as a person reads it: "argument petId", "required arguments", "header Content-Type". */
export function describeField(f: Pick<FieldChange, 'field' | 'key'>): string {
  switch (f.field) {
    case 'input_schema.properties':
      return `argument ${f.key}`;
    case 'input_schema.required':
      return 'required arguments';
    case 'input_schema':
      return `input schema ${f.key}`;
    case 'parameter_mapping':
      return `mapping of ${f.key}`;
    case 'headers':
      return `header ${f.key}`;
    default:
      return f.field.replaceAll('_', ' ');
  }
}

/** A value for a table cell: text as it is, JSON compact, absent as "—", null as "none". */
export function showValue(value: unknown): string {
  if (value === undefined) return '—';
  if (value === null) return 'none';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** What the operator types to start from when choosing a value: ours, as text or pretty JSON. */
export function startingText(f: FieldChange): string {
  const from = f.ours ?? f.theirs;
  if (from === undefined || from === null) return '';
  return typeof from === 'string' && isTextField(f) ? from : JSON.stringify(from, null, 2);
}

export const conflictsOf = (e: PlanEntry) => e.fields.filter((f) => f.outcome === 'conflict');

export interface BuiltApply {
  body: ApplyBody;
  /** What still needs a choice, in words (empty: ready). */
  open: string[];
  /** Values that are not valid JSON, by entry id and field key. */
  invalid: Record<string, string>;
}

/** The apply body of the choices made so far, and what is still open. */
export function buildApply(plan: SourcePlan, choices: PlanChoices): BuiltApply {
  const resolutions: NonNullable<ApplyBody>['resolutions'] = [];
  const removals: NonNullable<ApplyBody>['removals'] = [];
  const open: string[] = [];
  const invalid: Record<string, string> = {};
  for (const entry of plan.entries) {
    const name = entry.tool?.slug ?? entry.candidate?.slug ?? entry.id;
    if (entry.action === 'remove') {
      const action = choices.removals[entry.id];
      if (action) removals.push({ entry: entry.id, action });
      else open.push(`${name}: choose what to do with the removed operation`);
      continue;
    }
    for (const f of entry.fields as FieldChange[]) {
      const picked = choices.fields[entry.id]?.[fieldKey(f)];
      if (!picked) {
        if (f.outcome === 'conflict') open.push(`${name}: ${describeField(f)} is a conflict`);
        continue;
      }
      const target = { entry: entry.id, field: f.field, ...(f.key === undefined ? {} : { key: f.key }) };
      if (picked.choice !== 'value') {
        resolutions.push({ ...target, choice: picked.choice });
        continue;
      }
      const text = picked.text ?? '';
      if (isTextField(f)) {
        resolutions.push({ ...target, choice: 'value', value: text });
        continue;
      }
      if (text.trim() === '') {
        // An empty value removes a key merged per key (an argument, a mapping, a header).
        resolutions.push({ ...target, choice: 'value', ...(f.key === undefined ? { value: null } : {}) });
        continue;
      }
      try {
        resolutions.push({ ...target, choice: 'value', value: JSON.parse(text) });
      } catch {
        invalid[`${entry.id}:${fieldKey(f)}`] = 'is not valid JSON';
        open.push(`${name}: the value for ${describeField(f)} is not valid JSON`);
      }
    }
  }
  const body: ApplyBody = {
    ...(resolutions.length ? { resolutions } : {}),
    ...(removals.length ? { removals } : {}),
    ...(choices.skip.length ? { skip: choices.skip } : {}),
  };
  return { body, open, invalid };
}

/** "Plan: 3 to add, 5 to change, 2 conflicts, 1 to remove." as Terraform prints it. */
export function planLine(plan: Pick<SourcePlan, 'summary_text'>): string {
  return plan.summary_text === 'No changes.' ? 'No changes.' : `Plan: ${plan.summary_text}.`;
}

/** The sign of an entry in the diff: + add, ~ change, → move, − remove. */
export const SIGNS: Record<PlanEntry['action'], string> = { add: '+', change: '~', move: '→', remove: '−' };
