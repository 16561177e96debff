import { cloneJson, type SyncedView, sameJson } from './synced-view.ts';

/*
 * The three-way merge of one tool, field by field (Kubernetes' apply: base = the candidate as
 * last applied, ours = the tool now, theirs = the candidate the document gives now).
 *
 *   base = theirs                     → nothing upstream (keep_ours when the operator changed it)
 *   ours = base, theirs ≠ base        → take_theirs
 *   ours = theirs ≠ base              → converged
 *   all three differ                  → conflict
 *
 * `input_schema` merges per property (its `required` list and `tags` per name, never a conflict);
 * `parameter_mapping` and `headers` per key; the other synced fields whole.
 */

export type Outcome = 'take_theirs' | 'keep_ours' | 'converged' | 'conflict';

/**
 * One field (or one key of a field merged per key). `base`, `ours`, `theirs` absent = the key is
 * not there. `result`, when set, is what a clean merge writes (a name-set merged both ways).
 */
export interface FieldChange {
  field: string;
  key?: string;
  base?: unknown;
  ours?: unknown;
  theirs?: unknown;
  outcome: Outcome;
  result?: unknown;
  /** Why this is a conflict beyond "both changed" (a merge that would leave the tool invalid). */
  reason?: string;
}

/** A conflict's choice: keep ours, take theirs, or a value of the operator's (absent = remove the key). */
export type Choice = { choice: 'ours' } | { choice: 'theirs' } | { choice: 'value'; value?: unknown };

type Obj = Record<string, unknown>;

const KEYED_FIELDS = ['parameter_mapping', 'headers'] as const;
const SET_FIELDS = ['tags'] as const;
const WHOLE_FIELDS = [
  'name',
  'description',
  'endpoint_url',
  'http_method',
  'annotations',
  'output_schema',
  'body_template',
] as const;

/** The outcome of one value, or undefined when nobody changed it. */
export function classify(base: unknown, ours: unknown, theirs: unknown): Outcome | undefined {
  if (sameJson(base, theirs)) return sameJson(ours, base) ? undefined : 'keep_ours';
  if (sameJson(ours, base)) return 'take_theirs';
  if (sameJson(ours, theirs)) return 'converged';
  return 'conflict';
}

const asObj = (v: unknown): Obj =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};
const asNames = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];

function present<T extends Obj>(change: T): T {
  for (const k of ['base', 'ours', 'theirs', 'key'] as const) if (change[k] === undefined) delete change[k];
  return change;
}

/** Name sets merged both ways: what upstream added and removed, applied to ours. */
function diffNames(field: string, base: string[], ours: string[], theirs: string[]): FieldChange | undefined {
  const outcome = classify([...base].sort(), [...ours].sort(), [...theirs].sort());
  if (!outcome || outcome !== 'conflict') return outcome ? { field, base, ours, theirs, outcome } : undefined;
  const removed = new Set(base.filter((n) => !theirs.includes(n)));
  const merged = [
    ...ours.filter((n) => !removed.has(n)),
    ...theirs.filter((n) => !base.includes(n) && !ours.includes(n)),
  ];
  return { field, base, ours, theirs, outcome: 'take_theirs', result: merged };
}

function diffKeyed(field: string, base: Obj, ours: Obj, theirs: Obj): FieldChange[] {
  const keys = new Set([...Object.keys(base), ...Object.keys(ours), ...Object.keys(theirs)]);
  const out: FieldChange[] = [];
  for (const key of keys) {
    const outcome = classify(base[key], ours[key], theirs[key]);
    if (outcome)
      out.push(present({ field, key, base: base[key], ours: ours[key], theirs: theirs[key], outcome }));
  }
  return out;
}

/** Every field that differs between base, ours and theirs, with its outcome. */
export function diffTool(base: SyncedView, ours: SyncedView, theirs: SyncedView): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of WHOLE_FIELDS) {
    const outcome = classify(base[field], ours[field], theirs[field]);
    if (outcome) out.push({ field, base: base[field], ours: ours[field], theirs: theirs[field], outcome });
  }
  for (const field of SET_FIELDS) {
    const change = diffNames(field, asNames(base[field]), asNames(ours[field]), asNames(theirs[field]));
    if (change) out.push(change);
  }
  const [b, o, t] = [base, ours, theirs].map((v) => asObj(v.input_schema)) as [Obj, Obj, Obj];
  out.push(
    ...diffKeyed('input_schema.properties', asObj(b.properties), asObj(o.properties), asObj(t.properties)),
  );
  const required = diffNames(
    'input_schema.required',
    asNames(b.required),
    asNames(o.required),
    asNames(t.required),
  );
  if (required) out.push(required);
  const rest = (s: Obj) =>
    Object.fromEntries(Object.entries(s).filter(([k]) => k !== 'properties' && k !== 'required'));
  out.push(...diffKeyed('input_schema', rest(b), rest(o), rest(t)));
  for (const field of KEYED_FIELDS)
    out.push(...diffKeyed(field, asObj(base[field]), asObj(ours[field]), asObj(theirs[field])));
  return out;
}

/** Writes `value` (undefined = remove) at the change's place in `view`. */
function write(view: SyncedView, change: Pick<FieldChange, 'field' | 'key'>, value: unknown): void {
  const v = view as unknown as Obj;
  if (change.key === undefined) {
    const field = change.field === 'input_schema.required' ? undefined : change.field;
    if (field) v[field] = value === undefined ? null : cloneJson(value);
    else if (value === undefined) delete asObj(v.input_schema).required;
    else (v.input_schema as Obj).required = cloneJson(value);
    return;
  }
  let target: Obj;
  if (change.field === 'input_schema.properties') {
    const schema = v.input_schema as Obj;
    schema.properties = asObj(schema.properties);
    target = schema.properties as Obj;
  } else if (change.field === 'input_schema') target = v.input_schema as Obj;
  else {
    v[change.field] = asObj(v[change.field]);
    target = v[change.field] as Obj;
  }
  if (value === undefined) delete target[change.key];
  else target[change.key] = cloneJson(value);
}

/**
 * The tool's synced fields after the merge: ours, with upstream's clean changes and each
 * conflict's choice (a change without a choice keeps its default: theirs when clean, ours when in
 * conflict). `choose` may also override a clean change.
 */
export function mergeTool(
  ours: SyncedView,
  changes: FieldChange[],
  choose: (change: FieldChange) => Choice | undefined = () => undefined,
): SyncedView {
  const view = cloneJson(ours);
  view.input_schema = asObj(view.input_schema);
  for (const change of changes) {
    const pick = choose(change);
    if (pick?.choice === 'value') write(view, change, pick.value);
    else if (pick?.choice === 'theirs') write(view, change, change.theirs);
    else if (pick?.choice === 'ours') write(view, change, change.ours);
    else if (change.outcome === 'take_theirs')
      write(view, change, 'result' in change ? change.result : change.theirs);
  }
  // A name may stay required only while it is a property; an emptied map is stored as null.
  const schema = view.input_schema as Obj;
  const names = Object.keys(asObj(schema.properties));
  if (Array.isArray(schema.required))
    schema.required = asNames(schema.required).filter((n) => names.includes(n));
  if (view.headers && Object.keys(view.headers).length === 0) view.headers = null;
  return view;
}
