import { idKindOf } from './har-paths.ts';
import { inferType } from './inputs.ts';
import type { JsonSchema } from './types.ts';

/*
 * JSON Schemas from the values a recording saw, for inputs (query, form and JSON body fields)
 * and outputs (JSON answers). Only types are kept: a recorded value is someone's data, so no
 * `examples`, `default` or `enum` is ever made from one. Bounded: nesting past MAX_SCHEMA_DEPTH
 * is "any value", and only the first MAX_KEYS keys of an object and MAX_ITEMS items of an array
 * are read.
 */

export const MAX_SCHEMA_DEPTH = 8;
const MAX_KEYS = 200;
const MAX_ITEMS = 50;

/** The order types are listed in when several were seen. */
const TYPE_ORDER = ['object', 'array', 'string', 'number', 'integer', 'boolean', 'null'];

function orderTypes(types: Set<string>): string[] {
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return TYPE_ORDER.filter((t) => types.has(t));
}

/**
 * Keys that are data rather than field names (ids, e-mail addresses, numbers): an object keyed
 * by them is a map, described by its values' schema, so the keys themselves are not stored.
 */
function isDataKey(key: string): boolean {
  return idKindOf(key) !== undefined || key.includes('@');
}

/** How a schema is inferred: `nullable` lets every object property be null too (outputs). */
export interface InferOptions {
  nullable?: boolean;
}

/**
 * The schema of every value seen at one place; `depth` counts from 0 at the top. For an output
 * (`nullable`), a property seen only with values may still be null in the next answer: a few
 * recorded answers prove little about that, and an answer not matching the output schema fails
 * the call, so properties accept null.
 */
export function inferSchema(values: unknown[], depth = 0, opts: InferOptions = {}): JsonSchema {
  if (depth >= MAX_SCHEMA_DEPTH) return {};
  const types = new Set(values.map(inferType));
  if (types.size === 0) return {};
  const ordered = orderTypes(types);
  const nonNull = ordered.filter((t) => t !== 'null');
  if (nonNull.length === 0) return {};
  const type = ordered.length === 1 ? ordered[0] : ordered;
  if (nonNull.length > 1) return { type };
  if (nonNull[0] === 'object') return { type, ...describeObjects(values, depth, opts) };
  if (nonNull[0] === 'array') {
    const items = values.filter(Array.isArray).flatMap((a) => a.slice(0, MAX_ITEMS));
    return { type, items: items.length ? inferSchema(items, depth + 1, opts) : {} };
  }
  return { type };
}

/** A property's schema: for outputs, null is accepted too. */
function propertySchema(values: unknown[], depth: number, opts: InferOptions): JsonSchema {
  const schema = inferSchema(values, depth, opts);
  if (!opts.nullable || schema.type === undefined) return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') ? schema : { ...schema, type: [...types, 'null'] };
}

function describeObjects(values: unknown[], depth: number, opts: InferOptions): JsonSchema {
  const objects = values.filter(
    (v): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v),
  );
  const keys: string[] = [];
  const seen = new Set<string>();
  for (const o of objects)
    for (const k of Object.keys(o)) {
      if (keys.length >= MAX_KEYS) break;
      if (!seen.has(k)) {
        seen.add(k);
        keys.push(k);
      }
    }
  if (keys.some(isDataKey)) {
    const all = objects.flatMap((o) => Object.values(o).slice(0, MAX_KEYS));
    return { additionalProperties: all.length ? propertySchema(all, depth + 1, opts) : {} };
  }
  const properties: Record<string, JsonSchema> = {};
  for (const k of keys)
    properties[k] = propertySchema(
      objects.filter((o) => Object.hasOwn(o, k)).map((o) => o[k]),
      depth + 1,
      opts,
    );
  return { properties };
}

/** The type a query or form value (always text) has: integer, number, boolean or string. */
function textType(value: string): string {
  if (/^-?(0|[1-9]\d{0,14})$/.test(value)) return 'integer';
  if (/^-?(0|[1-9]\d*)\.\d+$/.test(value)) return 'number';
  if (value === 'true' || value === 'false') return 'boolean';
  return 'string';
}

/**
 * The schema of a text field (query or form) from every value seen: one type when all values
 * agree (an empty value says nothing, unless all are empty), else string. A field sent several
 * times in one request is an array of that type.
 */
export function inferTextSchema(samples: Array<string | string[]>): JsonSchema {
  const repeated = samples.some(Array.isArray);
  const values = samples.flat().filter((v) => v !== '');
  const types = new Set(values.map(textType));
  if (types.has('integer') && types.has('number')) types.delete('integer');
  const type = types.size === 1 ? [...types][0]! : 'string';
  return repeated ? { type: 'array', items: { type } } : { type };
}

/** Keys of an object that are data (ids, e-mail addresses) rather than field names. */
export function hasDataKeys(value: Record<string, unknown>): boolean {
  return Object.keys(value).some(isDataKey);
}
