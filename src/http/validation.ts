import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifySchemaCompiler } from 'fastify';

// ajv-formats ships CJS; under NodeNext its default export is the module object.
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

/*
 * Route schemas are checked strictly for bodies (a string is never coerced into a number) and
 * with coercion for query strings and path params, whose values always arrive as text.
 */
const bodyAjv = addFormats(
  new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, strict: false }),
);
const queryAjv = addFormats(
  new Ajv({ allErrors: true, coerceTypes: 'array', useDefaults: true, strict: false }),
);

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
  return ajv.compile(schema as object) as never;
};

/** Turns Ajv errors into `{ field: reason }` for rest_invalid_param. */
export function describeAjvErrors(
  errors: ErrorObject[] | null | undefined,
  prefix = '',
): Record<string, string> {
  const params: Record<string, string> = {};
  for (const e of errors ?? []) {
    let field = e.instancePath.replace(/^\//, '').replace(/\//g, '.');
    if (e.keyword === 'required') field = [field, String(e.params.missingProperty)].filter(Boolean).join('.');
    if (e.keyword === 'additionalProperties')
      field = [field, String(e.params.additionalProperty)].filter(Boolean).join('.');
    const key = [prefix, field].filter(Boolean).join('.') || prefix || 'body';
    if (!params[key]) params[key] = e.message ?? 'is invalid';
  }
  return params;
}
