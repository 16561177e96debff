import { isObject, type JsonSchema } from './types.ts';

/*
 * Turns an OpenAPI schema (already dereferenced, so objects may be shared and circular
 * `$ref`s are left in place) into a fresh JSON Schema tree for `input_schema`. The walk is
 * bounded by depth and by a node budget, so a recursive or huge schema (Stripe's expandable
 * objects) gives a bounded, serialisable result.
 */

const MAX_DEPTH = 6;
const COPIED = [
  'title',
  'description',
  'format',
  'enum',
  'const',
  'default',
  'minimum',
  'maximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'pattern',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
] as const;

const KNOWN_FORMATS = new Set([
  'date',
  'time',
  'date-time',
  'iso-time',
  'iso-date-time',
  'duration',
  'uri',
  'uri-reference',
  'uri-template',
  'url',
  'email',
  'hostname',
  'ipv4',
  'ipv6',
  'regex',
  'uuid',
  'json-pointer',
  'relative-json-pointer',
  'byte',
  'int32',
  'int64',
  'float',
  'double',
  'password',
  'binary',
]);

export interface SchemaBudget {
  nodes: number;
}

export function newBudget(): SchemaBudget {
  return { nodes: 1500 };
}

/**
 * Past the bound a node keeps what costs nothing and still stops a wrong value: its type (with
 * 3.0's `nullable`), `enum`/`const`, the names it requires, and the same for array items.
 */
function shallowSchema(input: Record<string, unknown>, openapi30: boolean, items = true): JsonSchema {
  const shallow: JsonSchema = {};
  if (typeof input.type === 'string' || Array.isArray(input.type)) shallow.type = input.type;
  if (openapi30 && input.nullable === true && typeof shallow.type === 'string')
    shallow.type = [shallow.type, 'null'];
  if (typeof input.description === 'string') shallow.description = input.description;
  if (Array.isArray(input.enum)) shallow.enum = input.enum;
  if (input.const !== undefined) shallow.const = input.const;
  if (Array.isArray(input.required) && input.required.every((r) => typeof r === 'string'))
    shallow.required = input.required;
  if (items && isObject(input.items) && typeof input.items.$ref !== 'string')
    shallow.items = shallowSchema(input.items, openapi30, false);
  return shallow;
}

/** Converts one schema node; `openapi30` turns `nullable` and boolean exclusive bounds into JSON Schema. */
export function toJsonSchema(
  input: unknown,
  openapi30: boolean,
  budget: SchemaBudget,
  depth = 0,
): JsonSchema {
  if (!isObject(input)) return {};
  if (typeof input.$ref === 'string') {
    // A circular reference the dereferencer left in place: describe it instead of inlining.
    const name = input.$ref.split('/').pop() ?? 'schema';
    return { description: `recursive reference to ${name}` };
  }
  budget.nodes--;
  if (depth > MAX_DEPTH || budget.nodes <= 0) {
    return shallowSchema(input, openapi30);
  }
  const out: JsonSchema = {};
  if (typeof input.type === 'string' || Array.isArray(input.type)) out.type = input.type;
  for (const key of COPIED) if (input[key] !== undefined) out[key] = input[key];
  // Vendor formats (`unix-time`, `decimal`) mean nothing to a validator and make Ajv warn.
  if (typeof out.format === 'string' && !KNOWN_FORMATS.has(out.format)) delete out.format;
  if (Array.isArray(input.examples)) out.examples = input.examples;
  else if (input.example !== undefined) out.examples = [input.example];
  // OpenAPI 3.0's boolean exclusive bounds are numbers in JSON Schema.
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    const value = input[flag];
    if (typeof value === 'number') out[flag] = value;
    else if (value === true && typeof input[bound] === 'number') {
      out[flag] = input[bound];
      delete out[bound];
    }
  }
  if (openapi30 && input.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
  if (isObject(input.items)) out.items = toJsonSchema(input.items, openapi30, budget, depth + 1);
  if (isObject(input.properties)) {
    const props: Record<string, JsonSchema> = {};
    for (const [name, schema] of Object.entries(input.properties)) {
      if (isObject(schema) && schema.readOnly === true) continue;
      props[name] = toJsonSchema(schema, openapi30, budget, depth + 1);
    }
    out.properties = props;
    if (Array.isArray(input.required)) {
      const required = input.required.filter((r): r is string => typeof r === 'string' && r in props);
      if (required.length) out.required = required;
    }
  } else if (Array.isArray(input.required) && input.required.every((r) => typeof r === 'string')) {
    // A bare `required` (inside `anyOf`/`not`: "exactly one of image_url or file_id") is a rule
    // of its own; dropping it turns `not: {required: […]}` into `not: {}`, which refuses everything.
    if (input.required.length) out.required = input.required;
  }
  if (isObject(input.additionalProperties))
    out.additionalProperties = toJsonSchema(input.additionalProperties, openapi30, budget, depth + 1);
  else if (typeof input.additionalProperties === 'boolean')
    out.additionalProperties = input.additionalProperties;
  if (isObject(input.not)) out.not = toJsonSchema(input.not, openapi30, budget, depth + 1);
  for (const combiner of ['anyOf', 'oneOf', 'allOf'] as const) {
    const list = input[combiner];
    if (Array.isArray(list) && list.length)
      out[combiner] = list.map((s) => toJsonSchema(s, openapi30, budget, depth + 1));
  }
  return out;
}
