/*
 * What a sync would break for MCP clients that call the tool as they see it today: an argument
 * removed, a new required argument, an argument's type narrowed (a value accepted today refused
 * tomorrow), or the tool removed.
 */

export type BreakingKind = 'argument_removed' | 'argument_required' | 'type_narrowed' | 'tool_removed';

export interface BreakingChange {
  kind: BreakingKind;
  argument?: string;
  detail: string;
}

type Obj = Record<string, unknown>;
const asObj = (v: unknown): Obj =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {};

function typesOf(schema: Obj): Set<string> | undefined {
  const t = schema.type;
  if (typeof t === 'string') return new Set(t === 'number' ? ['number', 'integer'] : [t]);
  if (Array.isArray(t)) {
    const out = new Set(t.filter((x): x is string => typeof x === 'string'));
    if (out.has('number')) out.add('integer');
    return out;
  }
  return undefined;
}

const UPPER = ['maxLength', 'maxItems', 'maximum', 'exclusiveMaximum', 'maxProperties'] as const;
const LOWER = ['minLength', 'minItems', 'minimum', 'exclusiveMinimum', 'minProperties'] as const;

/** Why `after` accepts less than `before` (one reason), or undefined. */
export function explainNarrowing(before: Obj, after: Obj): string | undefined {
  const from = typesOf(before);
  const to = typesOf(after);
  if (to && (!from || [...from].some((t) => !to.has(t))))
    return `type ${JSON.stringify(before.type ?? 'any')} → ${JSON.stringify(after.type)}`;
  if (Array.isArray(after.enum)) {
    const was = Array.isArray(before.enum) ? before.enum.map((v) => JSON.stringify(v)) : undefined;
    const now = new Set(after.enum.map((v) => JSON.stringify(v)));
    const lost = was?.filter((v) => !now.has(v));
    if (!was) return `now one of ${after.enum.map((v) => JSON.stringify(v)).join(', ')}`;
    if (lost?.length) return `no longer accepts ${lost.join(', ')}`;
  }
  for (const k of UPPER) {
    const a = before[k];
    const b = after[k];
    if (typeof b === 'number' && (typeof a !== 'number' || b < a)) return `${k} ${a ?? 'none'} → ${b}`;
  }
  for (const k of LOWER) {
    const a = before[k];
    const b = after[k];
    if (typeof b === 'number' && (typeof a !== 'number' || b > a)) return `${k} ${a ?? 'none'} → ${b}`;
  }
  for (const k of ['pattern', 'format', 'const'] as const)
    if (after[k] !== undefined && JSON.stringify(after[k]) !== JSON.stringify(before[k]))
      return `${k} ${JSON.stringify(after[k])}`;
  const items = [asObj(before.items), asObj(after.items)] as const;
  if (Object.keys(items[1]).length) {
    const inner = explainNarrowing(items[0], items[1]);
    if (inner) return `items: ${inner}`;
  }
  return undefined;
}

/** The breaking changes from the input schema clients see today to the one after the sync. */
export function findBreakingChanges(before: unknown, after: unknown): BreakingChange[] {
  const b = asObj(before);
  const a = asObj(after);
  const was = asObj(b.properties);
  const now = asObj(a.properties);
  const wasRequired = new Set(Array.isArray(b.required) ? b.required : []);
  const out: BreakingChange[] = [];
  for (const name of Object.keys(was))
    if (!(name in now))
      out.push({ kind: 'argument_removed', argument: name, detail: `argument "${name}" removed` });
  for (const name of Array.isArray(a.required) ? a.required : [])
    if (typeof name === 'string' && !wasRequired.has(name))
      out.push({
        kind: 'argument_required',
        argument: name,
        detail: name in was ? `argument "${name}" is now required` : `new required argument "${name}"`,
      });
  for (const [name, schema] of Object.entries(now)) {
    if (!(name in was)) continue;
    const why = explainNarrowing(asObj(was[name]), asObj(schema));
    if (why) out.push({ kind: 'type_narrowed', argument: name, detail: `argument "${name}": ${why}` });
  }
  return out;
}
