import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import RandExp from 'randexp';

/*
 * Test support: arguments valid for an imported tool's input_schema, for the OpenAPI round
 * trip. Deterministic and small: every property is filled (so every serialisation path runs),
 * arrays get one item (or minItems), enums and consts their first value, strings their format
 * or pattern (randexp), numbers a value inside their bounds. Schemas it cannot satisfy are
 * caught by the executor's own validation, which the round trip reports.
 */

type Schema = Record<string, unknown>;

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
// Imported schemas declare no draft or 2020-12, which is how the executor reads them too.
const ajv = new Ajv2020({ strict: false, logger: false });
addFormats(ajv);
const validators = new WeakMap<Schema, ValidateFunction | null>();
const byText = new Map<string, ValidateFunction | null>();

/** True when the value is valid for the schema (a schema Ajv cannot compile accepts anything). */
function isValid(schema: Schema, value: unknown): boolean {
  let fn = validators.get(schema);
  if (fn === undefined) {
    // Merged branch schemas are new objects each time: compile each distinct text once.
    const text = JSON.stringify(schema);
    fn = byText.get(text);
    if (fn === undefined) {
      try {
        fn = ajv.compile(schema);
      } catch {
        fn = null;
      }
      byText.set(text, fn);
    }
    validators.set(schema, fn);
  }
  return fn === null || fn(value);
}

const FORMATS: Record<string, string> = {
  'date-time': '2024-01-02T03:04:05Z',
  date: '2024-01-02',
  time: '03:04:05Z',
  email: 'user@example.com',
  uri: 'https://example.com/x',
  url: 'https://example.com/x',
  'uri-reference': '/x',
  uuid: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'YQ==',
};

function firstType(schema: Schema): string | undefined {
  const type = schema.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (schema.properties) return 'object';
  if (schema.items) return 'array';
  return undefined;
}

function sampleString(schema: Schema): string {
  if (typeof schema.format === 'string' && FORMATS[schema.format]) return FORMATS[schema.format]!;
  let text = 'abc';
  if (typeof schema.pattern === 'string') {
    try {
      const gen = new RandExp(schema.pattern);
      gen.max = 3;
      gen.randInt = (a: number) => a;
      text = gen.gen();
    } catch {
      // An unusual pattern: keep the plain text; validation will say so.
    }
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Number.POSITIVE_INFINITY;
  if (text.length < min) text = text.padEnd(min, 'x');
  return text.slice(0, max);
}

function sampleNumber(schema: Schema, integer: boolean): number {
  const lo =
    typeof schema.exclusiveMinimum === 'number'
      ? schema.exclusiveMinimum + 1
      : typeof schema.minimum === 'number'
        ? schema.minimum
        : 1;
  const hi =
    typeof schema.exclusiveMaximum === 'number'
      ? schema.exclusiveMaximum - 1
      : typeof schema.maximum === 'number'
        ? schema.maximum
        : lo + 10;
  const value = Math.min(Math.max(lo, 1), hi);
  return integer ? Math.ceil(value) : value;
}

/** One value valid for the schema (as far as a small generator can tell). */
export function sampleValue(schema: unknown, depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return 'abc';
  const s = schema as Schema;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum.find((v) => v !== null && v !== '') ?? s.enum[0];
  for (const key of ['oneOf', 'anyOf'] as const) {
    const list = s[key];
    if (Array.isArray(list) && list.length) {
      // Branches in order, a bare `""` enum (Stripe's "unset" option) last; the first value the
      // whole schema accepts wins (a oneOf value must match one branch only).
      const unset = (b: Schema) => Array.isArray(b?.enum) && b.enum.length === 1 && b.enum[0] === '';
      const ordered = [...list.filter((b) => !unset(b)), ...list.filter(unset)] as Schema[];
      const { [key]: _drop, ...rest } = s;
      let first: unknown;
      for (const [i, branch] of ordered.entries()) {
        const value = sampleValue({ ...rest, ...branch }, depth);
        if (i === 0) first = value;
        if (isValid(s, value)) return value;
      }
      return first;
    }
  }
  if (Array.isArray(s.allOf)) {
    const merged: Schema = { ...s, allOf: undefined };
    for (const part of s.allOf as Schema[]) {
      Object.assign(merged, part, {
        properties: { ...(merged.properties as Schema), ...(part.properties as Schema) },
        required: [...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])],
      });
    }
    return sampleValue(merged, depth);
  }
  if (Array.isArray(s.examples) && s.examples.length && depth > 0 && typeof s.examples[0] !== 'object')
    return s.examples[0];
  switch (firstType(s)) {
    case 'string':
      return sampleString(s);
    case 'integer':
      return sampleNumber(s, true);
    case 'number':
      return sampleNumber(s, false);
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const n = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      return Array.from({ length: n }, (_, i) => {
        const item = sampleValue(s.items, depth + 1);
        return typeof item === 'string' && n > 1 ? `${item}${i}` : item;
      });
    }
    case 'object':
      return sampleObject(s, depth);
    default:
      return 'abc';
  }
}

function sampleObject(s: Schema, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = (s.properties ?? {}) as Record<string, unknown>;
  const required = new Set((s.required as string[]) ?? []);
  for (const [name, sub] of Object.entries(props)) {
    // Deep optional fields are left out: enough to exercise nesting, bounded in size.
    if (depth >= 3 && !required.has(name)) continue;
    const value = sampleValue(sub, depth + 1);
    if (value !== undefined) out[name] = value;
  }
  // An empty object vanishes from a form or query string: give it its first field.
  const [firstName, firstSchema] = Object.entries(props)[0] ?? [];
  if (Object.keys(out).length === 0 && firstName !== undefined)
    out[firstName] = sampleValue(firstSchema, Math.max(depth + 1, 3));
  // Checked near the top and where a `not` makes fields exclude each other: checking every
  // object would compile thousands of schemas.
  if ((depth > 1 && !('not' in s)) || isValid(s, out)) return out;
  // Some optional fields exclude each other: the required ones, alone or with one optional field.
  const lean = Object.fromEntries(Object.entries(out).filter(([k]) => required.has(k)));
  if (isValid(s, lean)) return lean;
  for (const [k, v] of Object.entries(out)) {
    if (required.has(k)) continue;
    const one = { ...lean, [k]: v };
    if (isValid(s, one)) return one;
  }
  return out;
}

/** Arguments for a whole tool: every top-level property filled. */
export function sampleArgs(inputSchema: Record<string, unknown>): Record<string, unknown> {
  return sampleObject(inputSchema, 0);
}
