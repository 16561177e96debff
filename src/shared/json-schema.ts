import { Ajv, type AnySchemaObject, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { linearPatternProblem, linearRegExpEngine } from './linear-regex.ts';

/*
 * The one place JSON Schemas written by operators and importers are compiled: the check when a
 * tool is saved and the argument / output validation when it is called use the same Ajv
 * instances, formats and dialect rule, so a schema accepted at save time always compiles at call
 * time. (Fastify's route validation keeps its own Ajv in src/http/validation.ts: route schemas are
 * ours, draft-07 as fastify expects, and query strings need type coercion.)
 *
 * Dialect rule (as MCP states for tool schemas): 2020-12 unless `$schema` names another draft —
 * draft-04/06/07 are read as draft-07, 2019-09 as 2019-09; any other `$schema` (OpenAPI 3.1's
 * dialect URI, say) is 2020-12.
 */

// ajv-formats ships CJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as <T>(ajv: T) => T;

export type Dialect = '2020-12' | '2019-09' | 'draft-07';

/*
 * Strict mode is off: operator and importer schemas carry vocabulary it rejects (`example`,
 * `nullable`, `x-*`). `useDefaults` fills schema defaults into the (copied) arguments. Every
 * `pattern` runs on RE2 (linear-regex.ts), so no schema can make validation backtrack.
 */
const OPTIONS = {
  allErrors: true,
  strict: false,
  useDefaults: true,
  coerceTypes: false,
  logger: false,
  code: { regExp: linearRegExpEngine },
} as const;

const instances: Record<Dialect, Ajv | Ajv2019 | Ajv2020> = {
  '2020-12': addFormats(new Ajv2020(OPTIONS)),
  '2019-09': addFormats(new Ajv2019(OPTIONS)),
  'draft-07': addFormats(new Ajv(OPTIONS)),
};

/** The dialect a schema is read in (see the rule above). */
export function dialectOf(schema: AnySchemaObject): Dialect {
  const uri = typeof schema.$schema === 'string' ? schema.$schema : '';
  if (/draft-0[4-7]/.test(uri)) return 'draft-07';
  if (uri.includes('2019-09')) return '2019-09';
  return '2020-12';
}

/**
 * The schema as it is compiled: without `$schema` (the dialect is already chosen, and Ajv would
 * refuse a URI it does not know) and without `$id` (it would be registered in the shared instance
 * and collide with the next compile of the same tool).
 */
function compilable(schema: AnySchemaObject): AnySchemaObject {
  if (schema.$schema === undefined && schema.$id === undefined) return schema;
  const { $schema: _schema, $id: _id, ...rest } = schema;
  return rest;
}

/** Compiles a schema under the rule; throws (Ajv's message) when it is not a valid schema. */
export function compileSchema(schema: AnySchemaObject): ValidateFunction {
  const ajv = instances[dialectOf(schema)];
  const target = compilable(schema);
  try {
    return ajv.compile(target);
  } finally {
    // Ajv caches every compiled schema object; callers keep their own bounded cache instead.
    ajv.removeSchema(target);
  }
}

/**
 * Why `schema` is not a valid JSON Schema under the rule, or undefined when it compiles.
 * A schema with no `$ref` that passes its meta-schema and whose regexes compile cannot fail
 * Ajv's compile, so those skip it (imports check hundreds of schemas; a compile costs ~4 ms).
 */
export function explainSchemaProblem(schema: AnySchemaObject): string | undefined {
  const ajv = instances[dialectOf(schema)];
  const target = compilable(schema);
  if (!JSON.stringify(target).includes('"$ref"')) {
    if (!ajv.validateSchema(target)) return `is not a valid JSON Schema: ${ajv.errorsText(ajv.errors)}`;
    const problem = findPatternProblem(target);
    return problem === undefined ? undefined : `is not a valid JSON Schema: ${problem}`;
  }
  try {
    compileSchema(schema);
    return undefined;
  } catch (err) {
    return `is not a valid JSON Schema: ${(err as Error).message}`;
  }
}

/** A validator: true or false, and the errors of its last `false` in `errors`. */
export interface RequestValidator {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * One of our own request-body schemas (the routes' draft-07 schemas) as a validator usable
 * outside fastify, for verbs reached without a route (imports create tools this way). Compiled
 * on first use (see `compileOnFirstUse`).
 */
export function compileRequestValidator(schema: AnySchemaObject): RequestValidator {
  return compileOnFirstUse(() => requestBodies.compile(schema));
}

/**
 * A validator compiled when it is first called rather than when it is made. Compiling every
 * route's schemas at start-up took ~300 ms of the 1-s start-up budget, and most routes of a
 * running gateway are never called. A schema that does not compile fails its first request
 * (a test compiles every route schema, so none does).
 */
export function compileOnFirstUse(compile: () => RequestValidator): RequestValidator {
  let validate: RequestValidator | undefined;
  const check: RequestValidator = (data) => {
    validate ??= compile();
    const ok = validate(data);
    check.errors = validate.errors;
    return ok;
  };
  check.errors = null;
  return check;
}

/**
 * Request bodies are checked, never filled: the schemas' `default`s document what an omitted field
 * means, and filling them into a partial update would overwrite stored values (a PATCH of
 * `{status}` must not reset `http_method` to GET). Same options as the routes' Ajv, `verbose`
 * included so a schema's own `x-reason` words an import's refusal as it words the route's.
 */
const requestBodies = addFormats(new Ajv({ ...OPTIONS, useDefaults: false, verbose: true }));

/** `{ field: reason }` with dotted field paths (`root` names the value itself). */
export function describeSchemaErrors(
  errors: ErrorObject[] | null | undefined,
  root = 'arguments',
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors ?? []) {
    const parts = e.instancePath.split('/').filter(Boolean);
    if (e.keyword === 'required') parts.push(String(e.params.missingProperty));
    if (e.keyword === 'additionalProperties') parts.push(String(e.params.additionalProperty));
    const field = parts.join('.') || root;
    let reason = e.message ?? 'is invalid';
    if (e.keyword === 'required') reason = 'is required';
    if (e.keyword === 'additionalProperties') reason = 'is not allowed';
    if (e.keyword === 'enum') reason = `must be one of ${JSON.stringify(e.params.allowedValues)}`;
    if (!fields[field]) fields[field] = reason;
  }
  return fields;
}

/** Why the first bad `pattern` / `patternProperties` key is bad: not a regex, or not linear. */
function findPatternProblem(schema: unknown): string | undefined {
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
      const problem = linearPatternProblem(pattern);
      if (problem) return problem;
    }
    stack.push(...Object.values(obj));
  }
  return undefined;
}
