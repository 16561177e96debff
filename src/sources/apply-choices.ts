import { invalidParams } from '../errors.ts';
import type { ChangeEntry, PlanBody, PlanEntry } from './plan.ts';
import type { Choice, FieldChange } from './three-way.ts';

/*
 * An apply's body read against its plan: a choice for every conflict (ours, theirs or a value,
 * and optionally for a clean change too), what to do with every removed operation (never a
 * silent delete), and which new operations to leave out. Anything naming what the plan does not
 * hold, or leaving a conflict or a removal undecided, is a 400 naming it.
 */

export type RemovalAction = 'flag' | 'deactivate' | 'detach' | 'delete';
export const REMOVAL_ACTIONS: RemovalAction[] = ['flag', 'deactivate', 'detach', 'delete'];

export interface ApplyChoices {
  /** Per change entry: the choice for a field (`field` or `field:key`). */
  choices: Map<string, Map<string, Choice>>;
  removals: Map<string, RemovalAction>;
  skip: Set<string>;
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);

/** `description`, `input_schema.properties:petId`: how a field change is named in choices. */
export const fieldName = (f: Pick<FieldChange, 'field' | 'key'>) =>
  f.key === undefined ? f.field : `${f.field}:${f.key}`;

/** Reads and checks the apply body against the plan; 400 naming every problem. */
export function readApplyChoices(plan: PlanBody, rawBody: unknown): ApplyChoices {
  const body = isObj(rawBody) ? rawBody : {};
  const byId = new Map<string, PlanEntry>(plan.entries.map((e) => [e.id, e]));
  const bad: Record<string, string> = {};
  const choices = new Map<string, Map<string, Choice>>();
  const resolutions = Array.isArray(body.resolutions) ? body.resolutions : [];
  for (const [i, r] of resolutions.entries()) {
    const at = `resolutions[${i}]`;
    const entry = isObj(r) ? byId.get(String(r.entry)) : undefined;
    if (!isObj(r) || !entry || (entry.action !== 'change' && entry.action !== 'move')) {
      bad[at] = 'names no change of this plan (entry: the id of a change or move)';
      continue;
    }
    const key = r.key === undefined ? undefined : String(r.key);
    const field = entry.fields.find((f) => f.field === r.field && f.key === key);
    if (!field) {
      bad[at] = `entry ${entry.id} has no field ${fieldName({ field: String(r.field), key })}`;
      continue;
    }
    let choice: Choice;
    if (r.choice === 'ours' || r.choice === 'theirs') choice = { choice: r.choice };
    else if (r.choice === 'value') choice = { choice: 'value', ...('value' in r ? { value: r.value } : {}) };
    else {
      bad[`${at}.choice`] = 'must be "ours", "theirs" or "value"';
      continue;
    }
    const forEntry = choices.get(entry.id) ?? new Map<string, Choice>();
    forEntry.set(fieldName(field), choice);
    choices.set(entry.id, forEntry);
  }
  const removals = new Map<string, RemovalAction>();
  for (const [i, r] of (Array.isArray(body.removals) ? body.removals : []).entries()) {
    const entry = isObj(r) ? byId.get(String(r.entry)) : undefined;
    if (!isObj(r) || entry?.action !== 'remove') bad[`removals[${i}]`] = 'names no removal of this plan';
    else if (!REMOVAL_ACTIONS.includes(r.action as RemovalAction))
      bad[`removals[${i}].action`] = `must be one of ${REMOVAL_ACTIONS.join(', ')}`;
    else removals.set(entry.id, r.action as RemovalAction);
  }
  const skip = new Set<string>();
  for (const [i, id] of (Array.isArray(body.skip) ? body.skip : []).entries()) {
    if (byId.get(String(id))?.action !== 'add') bad[`skip[${i}]`] = 'names no addition of this plan';
    else skip.add(String(id));
  }
  for (const entry of plan.entries) {
    if (entry.action === 'remove' && !removals.has(entry.id))
      bad[entry.id] =
        `"${entry.tool.slug}" is gone from the document: choose flag, deactivate, detach or delete`;
    if (entry.action !== 'change' && entry.action !== 'move') continue;
    for (const f of (entry as ChangeEntry).fields)
      if (f.outcome === 'conflict' && !choices.get(entry.id)?.has(fieldName(f)))
        bad[`${entry.id}.${fieldName(f)}`] = 'is a conflict: choose ours, theirs or a value';
  }
  if (Object.keys(bad).length)
    throw invalidParams(bad, 'The apply leaves choices open or names what the plan does not hold.');
  return { choices, removals, skip };
}
