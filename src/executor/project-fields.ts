import { BoundedCache } from '../shared/bounded-cache.ts';
import { isScalar } from './lossless-json.ts';
import { parsePlainPath, type Step } from './select-path.ts';

/*
 * `response_mapping.fields` (issue 16): the parts of an answer a tool keeps, as JSONPath
 * expressions of member, index and wildcard steps (`$.id`, `$.owner.login`, `$.data[*].name`).
 * The answer keeps its shape: `{id, owner: {login}, data: [{name}, …]}`, so the tool's
 * `output_schema` can be projected the same way (projectSchema) and the projected value still
 * matches it. Filters, slices and recursive descent are refused when the tool is saved: their
 * matches have no place in the original shape.
 */

/** Why `fields` cannot be used, or undefined; names the first bad entry. */
export function explainFieldsProblem(fields: unknown): string | undefined {
  if (!Array.isArray(fields)) return undefined;
  for (const [i, field] of fields.entries()) {
    if (typeof field !== 'string' || parsePlainPath(field.trim()) === null)
      return `fields[${i}] must be a JSONPath of member, index and wildcard steps ($.id, $.owner.login, $.data[*].name)`;
  }
  return undefined;
}

const parsed = new BoundedCache<Step[][]>({ maxEntries: 1_000 });

function parseFields(fields: readonly string[]): Step[][] {
  const key = fields.join('\n');
  let steps = parsed.get(key);
  if (!steps) {
    steps = fields.map((f) => parsePlainPath(f.trim())).filter((s): s is Step[] => s !== null);
    parsed.set(key, steps);
  }
  return steps;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) && !isScalar(v);

/**
 * The value with only the parts `fields` name, in its own shape. Arrays keep the order of the
 * items that have a kept part; nothing matched gives `{}` (or `[]` for an array).
 */
export function projectFields(value: unknown, fields: readonly string[]): unknown {
  const paths = parseFields(fields);
  if (paths.length === 0) return value;
  let out: unknown;
  for (const steps of paths) out = merge(out, projectPath(value, steps, 0));
  if (out === undefined) return Array.isArray(value) ? [] : isRecord(value) ? {} : value;
  return compact(out);
}

function projectPath(value: unknown, steps: Step[], at: number): unknown {
  if (at === steps.length) return value;
  const step = steps[at]!;
  if (Array.isArray(value)) {
    const out: unknown[] = new Array(value.length);
    if ('key' in step) {
      const i = /^\d+$/.test(step.key) ? Number(step.key) : -1;
      if (i < 0 || i >= value.length) return undefined;
      out[i] = projectPath(value[i], steps, at + 1);
      return out[i] === undefined ? undefined : out;
    }
    let any = false;
    for (let i = 0; i < value.length; i++) {
      out[i] = projectPath(value[i], steps, at + 1);
      if (out[i] !== undefined) any = true;
    }
    return any ? out : undefined;
  }
  if (!isRecord(value)) return undefined;
  const out: Record<string, unknown> = {};
  const keys = 'key' in step ? (Object.hasOwn(value, step.key) ? [step.key] : []) : Object.keys(value);
  for (const k of keys) {
    const part = projectPath(value[k], steps, at + 1);
    if (part !== undefined) out[k] = part;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Two projections of one value: arrays merge by position, objects by key. */
function merge(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (b === undefined || a === b) return a;
  if (Array.isArray(a) && Array.isArray(b)) {
    const out = new Array(Math.max(a.length, b.length));
    for (let i = 0; i < out.length; i++) out[i] = merge(a[i], b[i]);
    return out;
  }
  if (isRecord(a) && isRecord(b)) {
    const out: Record<string, unknown> = { ...a };
    for (const [k, v] of Object.entries(b)) out[k] = merge(out[k], v);
    return out;
  }
  return a;
}

/** Drops the holes left by items with no kept part (only in arrays the projection built). */
function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out: unknown[] = [];
    for (let i = 0; i < value.length; i++) if (value[i] !== undefined) out.push(compact(value[i]));
    return out;
  }
  if (isRecord(value)) {
    for (const [k, v] of Object.entries(value)) if (Array.isArray(v) || isRecord(v)) value[k] = compact(v);
  }
  return value;
}

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Keywords that constrain what projection removes: dropped from every projected node. */
const SHAPE_KEYWORDS = [
  'required',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'dependentRequired',
  'dependentSchemas',
  'dependencies',
  'additionalProperties',
  'unevaluatedProperties',
  'patternProperties',
  'prefixItems',
  'contains',
  'minContains',
  'maxContains',
  'uniqueItems',
  'if',
  'then',
  'else',
  'not',
  'const',
  'enum',
  'default',
  'examples',
] as const;

/**
 * The schema of a projected value: each named part keeps its schema, the nodes on the way keep
 * only the properties (and `required` names) that lead to a kept part, and lose the keywords a
 * projection can break (`required` of removed properties, item counts, `additionalProperties`
 * of removed keys…). `anyOf`/`oneOf`/`allOf` branches are projected alike, so whatever the
 * original accepted, its projection is accepted by this schema.
 */
export function projectSchema(schema: Schema, fields: readonly string[]): Schema {
  const paths = parseFields(fields);
  if (paths.length === 0) return schema;
  let out: Schema | undefined;
  for (const steps of paths) out = mergeSchemas(out, projectSchemaPath(schema, steps, 0));
  return out ?? { type: 'object', properties: {} };
}

function projectSchemaPath(schema: unknown, steps: Step[], at: number): Schema {
  if (!isSchema(schema)) return {};
  if (at === steps.length) return schema;
  const step = steps[at]!;
  const out: Schema = {};
  for (const [k, v] of Object.entries(schema)) {
    if (k === 'properties' || k === 'items' || (SHAPE_KEYWORDS as readonly string[]).includes(k)) continue;
    if (k === 'anyOf' || k === 'oneOf' || k === 'allOf') {
      if (Array.isArray(v)) out[k] = v.map((s) => projectSchemaPath(s, steps, at));
      continue;
    }
    out[k] = v;
  }
  // The same step reads an object's member or an array's item: both positions are projected.
  if (isSchema(schema.items)) out.items = projectSchemaPath(schema.items, steps, at + 1);
  if (isSchema(schema.properties)) {
    const props: Schema = {};
    for (const [name, sub] of Object.entries(schema.properties)) {
      if ('key' in step && step.key !== name) continue;
      props[name] = projectSchemaPath(sub, steps, at + 1);
    }
    out.properties = props;
    const required = Array.isArray(schema.required) ? schema.required : [];
    // A named member stays required only when it is the whole of what is kept below it.
    if ('key' in step && required.includes(step.key) && at + 1 === steps.length) out.required = [step.key];
  }
  if (
    isSchema(schema.additionalProperties) &&
    !('key' in step && isSchema(schema.properties) && step.key in schema.properties)
  )
    out.additionalProperties = projectSchemaPath(schema.additionalProperties, steps, at + 1);
  return out;
}

/** Two projections of one schema: properties and items merged, `required` united. */
function mergeSchemas(a: Schema | undefined, b: Schema): Schema {
  if (a === undefined) return b;
  if (a === b) return a;
  const out: Schema = { ...a, ...b };
  if (isSchema(a.properties) || isSchema(b.properties)) {
    const props: Schema = { ...((a.properties as Schema) ?? {}) };
    for (const [k, v] of Object.entries((b.properties as Schema) ?? {}))
      props[k] = isSchema(props[k]) ? mergeSchemas(props[k] as Schema, v as Schema) : v;
    out.properties = props;
  }
  if (isSchema(a.items) && isSchema(b.items)) out.items = mergeSchemas(a.items, b.items);
  if (isSchema(a.additionalProperties) && isSchema(b.additionalProperties))
    out.additionalProperties = mergeSchemas(a.additionalProperties, b.additionalProperties);
  for (const c of ['anyOf', 'oneOf', 'allOf'] as const) {
    const la = a[c];
    const lb = b[c];
    if (Array.isArray(la) && Array.isArray(lb))
      out[c] = la.map((s, i) => mergeSchemas(s as Schema, lb[i] as Schema));
  }
  const required = new Set([
    ...(Array.isArray(a.required) ? a.required : []),
    ...(Array.isArray(b.required) ? b.required : []),
  ]);
  if (required.size) out.required = [...required];
  else delete out.required;
  return out;
}
