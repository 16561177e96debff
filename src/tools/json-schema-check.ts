import { Ajv, type AnySchemaObject } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

// ajv-formats ships CJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv | Ajv2020) => void;

/*
 * Schemas written by operators and importers carry vocabulary Ajv's strict mode rejects
 * (`example`, `nullable`, `x-*`), so strict mode is off; what must hold is that the schema
 * compiles.
 */
const draft07 = new Ajv({ allErrors: true, strict: false });
const draft2020 = new Ajv2020({ allErrors: true, strict: false });
addFormats(draft07);
addFormats(draft2020);

/** Picks the draft the schema declares: 2020-12 when `$schema` says so, else draft-07. */
function ajvFor(schema: AnySchemaObject): Ajv | Ajv2020 {
  return typeof schema.$schema === 'string' && schema.$schema.includes('2020-12') ? draft2020 : draft07;
}

/**
 * Checks that `schema` is a JSON Schema object schema (`type: "object"`) that compiles.
 * Returns the reason it is not, or undefined when it is fine.
 */
export function explainObjectSchemaProblem(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 'must be an object';
  const obj = schema as AnySchemaObject;
  const type = obj.type;
  if (type !== 'object' && !(Array.isArray(type) && type.includes('object')))
    return 'must be a JSON Schema with type "object"';
  const ajv = ajvFor(obj);
  // A draft other than 07 / 2020-12 is checked as draft-07 rather than refused for its URI.
  let target = obj;
  if (ajv === draft07 && typeof obj.$schema === 'string' && !obj.$schema.includes('draft-07')) {
    const { $schema: _ignored, ...rest } = obj;
    target = rest;
  }
  // A `$id` would be registered globally and collide on the next compile: check a copy without it.
  if (target.$id !== undefined) {
    const { $id: _id, ...rest } = target;
    target = rest;
  }
  // Fast path (imports check hundreds of schemas; compiling costs ~4 ms each): a schema with no
  // `$ref` that passes the meta-schema and whose regexes compile cannot fail Ajv's compile.
  if (!JSON.stringify(target).includes('"$ref"')) {
    if (!ajv.validateSchema(target)) return `is not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`;
    const badPattern = findBadPattern(target);
    return badPattern === undefined
      ? undefined
      : `is not a valid JSON Schema: invalid pattern ${JSON.stringify(badPattern)}`;
  }
  try {
    ajv.compile(target);
    return undefined;
  } catch (err) {
    return `is not a valid JSON Schema: ${(err as Error).message}`;
  } finally {
    // Compiled validators are cached per schema object; drop this one so the cache cannot grow.
    ajv.removeSchema(target);
  }
}

/** Compiles a route body schema into a validator usable outside fastify (verbs called by importers). */
export function compileBodyValidator(schema: AnySchemaObject) {
  return draft07.compile(schema);
}

/** The first `pattern` / `patternProperties` key that is not a valid unicode regex (Ajv's flags). */
function findBadPattern(schema: unknown): string | undefined {
  const stack: unknown[] = [schema];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    const obj = node as Record<string, unknown>;
    const patterns = [
      ...(typeof obj.pattern === 'string' ? [obj.pattern] : []),
      ...(obj.patternProperties && typeof obj.patternProperties === 'object'
        ? Object.keys(obj.patternProperties)
        : []),
    ];
    for (const pattern of patterns) {
      try {
        new RegExp(pattern, 'u');
      } catch {
        return pattern;
      }
    }
    stack.push(...Object.values(obj));
  }
  return undefined;
}
