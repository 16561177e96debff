import type { AnySchemaObject } from 'ajv';
import { explainSchemaProblem } from '../shared/json-schema.ts';

/**
 * Checks that `schema` is a JSON Schema object schema (`type: "object"`) that compiles under the
 * shared dialect rule (src/shared/json-schema.ts), the one the executor validates arguments with.
 * Returns the reason it is not, or undefined when it is fine.
 */
export function explainObjectSchemaProblem(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'must be an object';
  const obj = schema as AnySchemaObject;
  const type = obj.type;
  if (type !== 'object' && !(Array.isArray(type) && type.includes('object')))
    return 'must be a JSON Schema with type "object"';
  return explainSchemaProblem(obj);
}
