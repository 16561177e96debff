import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as <T>(ajv: T) => T;

interface Validator {
  validate: ValidateFunction;
  /** The schema has `default`s, which Ajv fills into the value it checks. */
  writes: boolean;
}

export type ArgsCheck =
  | { ok: true; args: Record<string, unknown> }
  | { ok: false; message: string; fields: Record<string, string> };

export interface SchemaValidator {
  /** Validates (and fills schema defaults into a copy of) the arguments against the schema. */
  check(cacheKey: string, schema: Record<string, unknown>, args: unknown, label?: string): ArgsCheck;
  /** Forgets every compiled schema whose key starts with the prefix (all when omitted). */
  forget(prefix?: string): void;
}

/**
 * Compiles JSON Schemas with the dialect their `$schema` names: draft-07 (and older drafts,
 * which Ajv's default class reads) or 2020-12, the default when `$schema` is absent as MCP
 * specifies. Compiled validators are cached by a caller key such as `tool:id:updated_at`, so an
 * edited tool gets a fresh validator and an unchanged one is never recompiled.
 */
export function createSchemaValidator(maxEntries = 5_000): SchemaValidator {
  const options = { allErrors: true, strict: false, useDefaults: true, coerceTypes: false } as const;
  const draft07 = addFormats(new Ajv(options));
  const draft2020 = addFormats(new Ajv2020(options));
  const compiled = new Map<string, Validator | Error>();

  function compile(key: string, schema: Record<string, unknown>): Validator | Error {
    const hit = compiled.get(key);
    if (hit) return hit;
    const dialect = String(schema.$schema ?? '');
    const ajv = /draft-0[4-7]/.test(dialect) ? draft07 : draft2020;
    let fn: Validator | Error;
    try {
      // A schema's own $id would collide in the shared Ajv registry when a tool is recompiled.
      const { $id: _id, ...rest } = schema;
      // Only `default`s make Ajv write into the value; without any, no copy is needed.
      fn = { validate: ajv.compile(rest), writes: JSON.stringify(rest).includes('"default"') };
    } catch (err) {
      fn = new Error(`the schema itself is invalid: ${(err as Error).message}`);
    }
    if (compiled.size >= maxEntries) compiled.delete(compiled.keys().next().value as string);
    compiled.set(key, fn);
    return fn;
  }

  return {
    check(cacheKey, schema, args, label = 'arguments') {
      const fn = compile(cacheKey, schema);
      if (fn instanceof Error)
        return { ok: false, message: `Cannot validate ${label}: ${fn.message}`, fields: {} };
      // Validate a copy when useDefaults would write defaults into the value it checks.
      const value = args === undefined ? {} : fn.writes ? structuredClone(args) : args;
      if (fn.validate(value)) return { ok: true, args: value as Record<string, unknown> };
      const fields = describeErrors(fn.validate.errors);
      const list = Object.entries(fields)
        .map(([field, reason]) => `${field} ${reason}`)
        .join('; ');
      return { ok: false, message: `Invalid ${label}: ${list}`, fields };
    },
    forget(prefix) {
      if (prefix === undefined) return compiled.clear();
      for (const key of [...compiled.keys()]) if (key.startsWith(prefix)) compiled.delete(key);
    },
  };
}

/** `{ field: reason }` with dotted field paths; the root is called `arguments`. */
function describeErrors(errors: ErrorObject[] | null | undefined): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors ?? []) {
    const parts = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') parts.push(String(e.params.missingProperty));
    if (e.keyword === 'additionalProperties') parts.push(String(e.params.additionalProperty));
    const field = parts.join('.') || 'arguments';
    let reason = e.message ?? 'is invalid';
    if (e.keyword === 'required') reason = 'is required';
    if (e.keyword === 'additionalProperties') reason = 'is not allowed';
    if (e.keyword === 'enum') reason = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
    if (!fields[field]) fields[field] = reason;
  }
  return fields;
}
