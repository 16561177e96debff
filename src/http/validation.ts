import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';
import { compileOnFirstUse } from '../shared/json-schema.ts';

// ajv-formats ships CJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/*
 * Route schemas are checked strictly for bodies (a string is never coerced into a number) and
 * with coercion for query strings and path params, whose values always arrive as text.
 * `default` keywords document a field for the API reference and are never written into a
 * request (a PATCH must not reset what it does not name): services apply defaults.
 * `verbose` keeps each error's parent schema, which names the known fields for "did you mean".
 */
const bodyAjv = addFormats(
  new Ajv({ allErrors: true, coerceTypes: false, useDefaults: false, strict: false, verbose: true }),
);
const queryAjv = addFormats(
  new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: false, strict: false }),
);

/** JSON Pointer of the first string (value or key) in a body that holds NUL, if any. */
export function findNul(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, child] of Object.entries(value)) {
    const at = `${path}/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (key.includes('\u0000')) return at;
    const found = findNul(child, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Body validators also refuse the NUL character in any string: PostgreSQL's text columns
 * cannot hold it, and no field of the API needs it. 400 naming the field, on every store.
 */
function compileBody(schema: object) {
  const validate = bodyAjv.compile(schema);
  const check = (data: unknown): boolean => {
    if (!validate(data)) {
      check.errors = validate.errors;
      return false;
    }
    const at = findNul(data);
    check.errors =
      at === undefined
        ? null
        : [
            {
              instancePath: at,
              schemaPath: '',
              keyword: 'nul',
              params: {},
              message: 'must not contain the NUL character',
            },
          ];
    return at === undefined;
  };
  check.errors = null as ErrorObject[] | null | undefined;
  return check;
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) =>
  compileOnFirstUse(() =>
    httpPart === 'body' ? compileBody(schema as object) : queryAjv.compile(schema as object),
  ) as never;

/** Compiles a route schema now (the test that proves every route schema compiles). */
export function compileRouteSchema(schema: object, httpPart: string): void {
  if (httpPart === 'body') compileBody(schema);
  else queryAjv.compile(schema);
}

/**
 * Query-string and path values without NUL characters (`?search=%00`): they would match nothing
 * and PostgreSQL refuses them in a query. Called once per request, before validation.
 */
export function stripNulFromRequest(request: { query: unknown; params: unknown }): void {
  // A search term loses its NUL characters; an id or slug with one becomes one that names
  // nothing (U+FFFD), so `/keys/1%00` is 404 rather than key 1. PostgreSQL refuses U+0000 in text.
  cleanNul(request.query, '');
  cleanNul(request.params, '\uFFFD');
}

function cleanNul(part: unknown, replacement: string): void {
  if (part === null || typeof part !== 'object') return;
  const values = part as Record<string, unknown>;
  for (const key in values) {
    const value = values[key];
    if (typeof value === 'string') {
      if (value.includes('\u0000')) values[key] = value.replaceAll('\u0000', replacement);
    } else if (Array.isArray(value))
      values[key] = value.map((v) => (typeof v === 'string' ? v.replaceAll('\u0000', replacement) : v));
  }
}

type SchemaNode = Record<string, unknown>;

const isNode = (value: unknown): value is SchemaNode =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A copy of a request-body schema in which every object that lists its `properties` refuses
 * the others (`additionalProperties: false`), at every depth. A shape that is open on purpose
 * says so with its own `additionalProperties` (true or a schema) and is left as it is; an object
 * without `properties` (a JSON Schema, free settings) is open. This is how every create/update
 * body of the API is strict: one rule at registration, not a check per route.
 */
export function closeObjectSchemas<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(closeObjectSchemas) as T;
  if (!isNode(schema)) return schema;
  const out: SchemaNode = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && isNode(value))
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, closeObjectSchemas(v)]));
    else if (
      key === 'examples' ||
      key === 'example' ||
      key === 'default' ||
      key === 'enum' ||
      key === 'const'
    )
      out[key] = value;
    else out[key] = closeObjectSchemas(value);
  }
  if (isNode(out.properties) && out.additionalProperties === undefined) out.additionalProperties = false;
  return out as T;
}

/** Edit distance between two short strings (field names), case-insensitive. */
function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[y.length]!;
}

/** The one known field a mistyped name most likely meant (distance ≤ 2, no tie), if any. */
export function suggestField(given: string, known: string[]): string | undefined {
  if (given.length > 64) return undefined;
  const limit = Math.min(2, Math.max(1, Math.floor(given.length / 3)));
  let best: string | undefined;
  let bestDistance = limit + 1;
  let tie = false;
  for (const name of known) {
    const d = editDistance(given, name);
    if (d < bestDistance) [best, bestDistance, tie] = [name, d, false];
    else if (d === bestDistance) tie = true;
  }
  return best && !tie ? best : undefined;
}

function unknownFieldReason(e: ErrorObject): string {
  const parent = e.parentSchema as { properties?: unknown } | undefined;
  const known = isNode(parent?.properties) ? Object.keys(parent.properties) : [];
  return unknownFieldMessage(String(e.params.additionalProperty), known);
}

/** The reason given for an unknown field: "did you mean" when one known field is close. */
export function unknownFieldMessage(given: string, known: string[]): string {
  const hint = suggestField(given, known);
  return hint ? `is not a known field; did you mean \`${hint}\`?` : 'is not a known field';
}

/** Turns Ajv errors into `{ field: reason }` for rest_invalid_param. */
export function describeAjvErrors(
  errors: ErrorObject[] | null | undefined,
  prefix = '',
): Record<string, string> {
  // A Map, so a field named `__proto__` or `constructor` is a plain key like any other.
  const params = new Map<string, string>();
  for (const e of errors ?? []) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    const join = (name: unknown) => [field, String(name)].filter(Boolean).join('.');
    // A schema may word its own failure (`x-reason`), e.g. "must not contain CR, LF…" for a pattern.
    const ownReason = (e.parentSchema as { 'x-reason'?: unknown } | undefined)?.['x-reason'];
    let reason = typeof ownReason === 'string' ? ownReason : (e.message ?? 'is invalid');
    const badName = (e as { propertyName?: string }).propertyName;
    if (badName !== undefined) field = join(badName);
    if (e.keyword === 'propertyNames') field = join(e.params.propertyName);
    if (e.keyword === 'required') field = join(e.params.missingProperty);
    if (e.keyword === 'additionalProperties') {
      field = join(e.params.additionalProperty);
      reason = unknownFieldReason(e);
    }
    const key = [prefix, field].filter(Boolean).join('.') || prefix || 'body';
    if (!params.has(key)) params.set(key, reason);
  }
  return Object.fromEntries(params);
}
