import type { ValidateFunction } from 'ajv';
import { BoundedCache } from '../shared/bounded-cache.ts';
import { compileSchema, describeSchemaErrors } from '../shared/json-schema.ts';

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
}

/**
 * Validates arguments (and structured output) against tool schemas compiled by the shared JSON
 * Schema module, under the same dialect rule as the check when the tool was saved. Compiled
 * validators are cached by a caller key such as `tool:id:updated_at`, so an edited tool gets a
 * fresh validator and an unchanged one is never recompiled.
 */
export function createSchemaValidator(maxEntries = 5_000): SchemaValidator {
  const compiled = new BoundedCache<Validator | Error>({ maxEntries });

  function compile(key: string, schema: Record<string, unknown>): Validator | Error {
    const hit = compiled.get(key);
    if (hit) return hit;
    let fn: Validator | Error;
    try {
      // Only `default`s make Ajv write into the value; without any, no copy is needed.
      fn = { validate: compileSchema(schema), writes: JSON.stringify(schema).includes('"default"') };
    } catch (err) {
      fn = new Error(`the schema itself is invalid: ${(err as Error).message}`);
    }
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
      const fields = describeSchemaErrors(fn.validate.errors);
      const list = Object.entries(fields)
        .map(([field, reason]) => `${field} ${reason}`)
        .join('; ');
      return { ok: false, message: `Invalid ${label}: ${list}`, fields };
    },
  };
}
