/*
 * Schemas as MCP clients take them (issue 16): no `$ref` anywhere and no `oneOf`/`anyOf`/`allOf`
 * at the top level (Claude's API, Cursor and others refuse them in tool schemas). The stored
 * schema is never changed and is what the gateway validates with; this is the served copy:
 *
 * - local `$ref`s (`#/$defs/x`, `#/definitions/x`, any `#/…` pointer) are inlined; a reference
 *   back into itself (recursion), a remote one or one past the size bound becomes `{}` with a
 *   description naming it (inside `$defs`/`definitions` too, which stay: SEP-1613);
 * - top-level `allOf` parts are merged: properties united (a name in several parts gets their
 *   `allOf`, nested, which clients accept), `required` united;
 * - top-level `anyOf`/`oneOf` alternatives are merged: properties united, `required` = the names
 *   every alternative requires, and the alternatives described in `description`.
 *
 * The served schema accepts everything the stored one accepts (what output schemas need: clients
 * validate `structuredContent` against it): keywords a merge could break (`additionalProperties`,
 * counts) are dropped, and in output schemas a property that only some alternatives define (and
 * the others do not forbid) keeps only its annotations.
 */

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

const COMBINERS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Nodes an inlined schema may have; past it a reference is not expanded. */
const MAX_NODES = 20_000;

/** True when the schema needs no change to be served (the common, imported case: cheap check). */
export function isClientReady(schema: Schema): boolean {
  if (COMBINERS.some((c) => schema[c] !== undefined)) return false;
  return !JSON.stringify(schema).includes('"$ref"');
}

const served = new WeakMap<Schema, Schema>();
const servedOutput = new WeakMap<Schema, Schema>();

/**
 * The schema as served to clients (see the file comment); `kind` `output` keeps the served
 * schema a superset of the stored one where a merge would otherwise narrow it. Cached per schema
 * object (tool records are replaced, never changed, when a tool is saved).
 */
export function clientSchema(schema: Schema, kind: 'input' | 'output' = 'input'): Schema {
  const cache = kind === 'input' ? served : servedOutput;
  let out = cache.get(schema);
  if (!out) {
    out = isClientReady(schema) ? schema : transform(schema, kind);
    cache.set(schema, out);
  }
  return out;
}

function transform(schema: Schema, kind: 'input' | 'output'): Schema {
  const budget = { nodes: MAX_NODES };
  // `$defs` stay (SEP-1613 asks that they survive), their own references inlined too.
  const inlined = inline(schema, schema, [], budget) as Schema;
  return mergeTop(inlined, kind);
}

function resolvePointer(root: Schema, ref: string): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isSchema(node) && !Array.isArray(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function refName(ref: string): string {
  return ref.split('/').pop() || ref;
}

function inline(node: unknown, root: Schema, stack: string[], budget: { nodes: number }): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, root, stack, budget));
  if (!isSchema(node)) return node;
  budget.nodes--;
  const ref = typeof node.$ref === 'string' ? node.$ref : undefined;
  if (ref !== undefined) {
    const { $ref: _ref, ...siblings } = node;
    const target = resolvePointer(root, ref);
    let body: Schema;
    if (!isSchema(target)) body = { description: `reference to ${ref} (not resolvable here)` };
    else if (stack.includes(ref)) body = { description: `recursive reference to ${refName(ref)}` };
    else if (budget.nodes <= 0)
      body = { description: `reference to ${refName(ref)} (not expanded: schema too large)` };
    else body = inline(target, root, [...stack, ref], budget) as Schema;
    const rest = inline(siblings, root, stack, budget) as Schema;
    if (Object.keys(rest).length === 0) return body;
    // Siblings of `$ref` (2019-09+) apply too: both must hold.
    return { ...rest, allOf: [body, ...(Array.isArray(rest.allOf) ? rest.allOf : [])] };
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(node)) {
    // Enumerated values and examples are data, not schemas.
    out[k] =
      k === 'enum' || k === 'const' || k === 'examples' || k === 'default'
        ? v
        : inline(v, root, stack, budget);
  }
  if (typeof out.$dynamicRef === 'string' || typeof out.$recursiveRef === 'string') {
    delete out.$dynamicRef;
    delete out.$recursiveRef;
  }
  return out;
}

/** Keywords a merged schema drops: a merge could make them refuse what the original accepted. */
const DROPPED = new Set([
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'minProperties',
  'maxProperties',
  'propertyNames',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'not',
  'if',
  'then',
  'else',
  'discriminator',
]);

const ANNOTATIONS = ['title', 'description', 'examples', 'deprecated', 'readOnly', 'writeOnly'];

/** Top-level combiners merged into one object schema (repeated while a merge brings new ones). */
function mergeTop(schema: Schema, kind: 'input' | 'output'): Schema {
  let current = schema;
  for (let round = 0; round < 5 && COMBINERS.some((c) => Array.isArray(current[c])); round++) {
    const { allOf, anyOf, oneOf, ...base } = current;
    const props: Record<string, Schema[]> = {};
    const required = new Set<string>(Array.isArray(base.required) ? (base.required as string[]) : []);
    const notes: string[] = [];
    for (const [name, s] of Object.entries(isSchema(base.properties) ? base.properties : {}))
      if (isSchema(s)) addProp(props, name, s);
    const out: Schema = {};
    for (const [k, v] of Object.entries(base)) if (!DROPPED.has(k) && k !== 'properties') out[k] = v;
    // A boolean `additionalProperties` still holds over the united properties (a superset of the
    // top level's: what the original accepted, the merge accepts); a schema-valued one may not.
    if (typeof base.additionalProperties === 'boolean') out.additionalProperties = base.additionalProperties;
    if (Array.isArray(allOf)) {
      for (const part of allOf.filter(isSchema)) {
        if (out.$schema === undefined && part.$schema !== undefined) out.$schema = part.$schema;
        for (const [name, s] of Object.entries(isSchema(part.properties) ? part.properties : {}))
          if (isSchema(s)) addProp(props, name, s);
        for (const r of Array.isArray(part.required) ? part.required : [])
          if (typeof r === 'string') required.add(r);
        if (typeof part.description === 'string') notes.push(part.description);
        // A part that is itself a union stays a union: merged in the next round.
        for (const c of ['anyOf', 'oneOf'] as const)
          if (Array.isArray(part[c])) out[c] = [...((out[c] as unknown[]) ?? []), ...part[c]];
      }
    }
    const alternatives = [
      ...(Array.isArray(anyOf) ? anyOf : []),
      ...(Array.isArray(oneOf) ? oneOf : []),
    ].filter(isSchema);
    if (alternatives.length) mergeAlternatives(alternatives, props, required, notes, kind, current);
    const properties: Schema = {};
    for (const [name, list] of Object.entries(props)) properties[name] = combine(list);
    out.type = 'object';
    out.properties = properties;
    const req = [...required].filter((r) => r in properties);
    if (req.length) out.required = req;
    else delete out.required;
    if (notes.length) {
      const text = [typeof base.description === 'string' ? base.description : '', ...notes]
        .filter(Boolean)
        .join('\n');
      out.description = text;
    }
    current = out;
  }
  return current;
}

function addProp(props: Record<string, Schema[]>, name: string, schema: Schema) {
  const list = props[name];
  if (list) list.push(schema);
  else props[name] = [schema];
}

/** anyOf/oneOf: properties united, `required` intersected, the alternatives described. */
function mergeAlternatives(
  alternatives: Schema[],
  props: Record<string, Schema[]>,
  required: Set<string>,
  notes: string[],
  kind: 'input' | 'output',
  whole: Schema,
) {
  const names = new Set<string>();
  for (const alt of alternatives)
    for (const n of Object.keys(isSchema(alt.properties) ? alt.properties : {})) names.add(n);
  for (const name of names) {
    const defined: Schema[] = [];
    let open = false;
    for (const alt of alternatives) {
      const s = isSchema(alt.properties) ? alt.properties[name] : undefined;
      if (isSchema(s)) defined.push(s);
      else if (alt.additionalProperties !== false) open = true;
    }
    if (kind === 'output' && open) {
      // Another alternative lets any value through here: only words can be kept.
      const words: Schema = {};
      for (const k of ANNOTATIONS) if (defined[0]?.[k] !== undefined) words[k] = defined[0][k];
      addProp(props, name, words);
    } else {
      const distinct = dedupe(defined);
      addProp(props, name, distinct.length === 1 ? distinct[0]! : { anyOf: distinct });
    }
  }
  const requiredBy = alternatives.map(
    (a) => new Set(Array.isArray(a.required) ? (a.required as string[]) : []),
  );
  for (const r of requiredBy[0] ?? []) if (requiredBy.every((set) => set.has(r))) required.add(r);
  const described = alternatives.map((alt, i) => {
    const label =
      typeof alt.title === 'string' ? alt.title : typeof alt.description === 'string' ? alt.description : '';
    const req =
      Array.isArray(alt.required) && alt.required.length ? `requires ${alt.required.join(', ')}` : '';
    const propsOf = Object.keys(isSchema(alt.properties) ? alt.properties : {});
    const has = !req && propsOf.length ? `with ${propsOf.slice(0, 8).join(', ')}` : '';
    return `(${i + 1}) ${[label.split('\n')[0], req || has].filter(Boolean).join(': ') || 'any object'}`;
  });
  const which = Array.isArray(whole.oneOf) ? 'exactly one' : 'at least one';
  notes.push(`Accepts ${which} of these forms: ${described.join('; ')}.`);
}

function dedupe(list: Schema[]): Schema[] {
  const seen = new Set<string>();
  return list.filter((s) => {
    const key = JSON.stringify(s);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The schemas one property gets from several parts: all must hold. */
function combine(list: Schema[]): Schema {
  const distinct = dedupe(list).filter((s) => Object.keys(s).length > 0);
  if (distinct.length === 0) return {};
  return distinct.length === 1 ? distinct[0]! : { allOf: distinct };
}
