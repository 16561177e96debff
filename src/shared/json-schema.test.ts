import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createSchemaValidator } from '../executor/validate-args.ts';
import { explainObjectSchemaProblem } from '../tools/json-schema-check.ts';
import { compileSchema, dialectOf, explainSchemaProblem } from './json-schema.ts';

test('reads a schema as 2020-12 unless $schema names draft-04/06/07 or 2019-09', () => {
  assert.equal(dialectOf({ type: 'object' }), '2020-12');
  assert.equal(dialectOf({ $schema: 'https://json-schema.org/draft/2020-12/schema' }), '2020-12');
  assert.equal(dialectOf({ $schema: 'https://spec.openapis.org/oas/3.1/dialect/base' }), '2020-12');
  assert.equal(dialectOf({ $schema: 'http://json-schema.org/draft-07/schema#' }), 'draft-07');
  assert.equal(dialectOf({ $schema: 'http://json-schema.org/draft-04/schema#' }), 'draft-07');
  assert.equal(dialectOf({ $schema: 'https://json-schema.org/draft/2019-09/schema' }), '2019-09');
});

test('refuses the draft-07 tuple form of items without a $schema, and accepts it with one', () => {
  const tuple = { type: 'object', properties: { pair: { type: 'array', items: [{ type: 'string' }] } } };
  assert.match(explainSchemaProblem(tuple) ?? '', /items/);
  assert.equal(
    explainSchemaProblem({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple }),
    undefined,
  );
  const validate = compileSchema({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple });
  assert.equal(validate({ pair: ['a', 2] }), true);
  assert.equal(validate({ pair: [1] }), false);
});

test('compiles a schema with $id and local $refs twice without a registry collision', () => {
  const schema = {
    $id: 'https://example.test/pet',
    type: 'object',
    properties: { pet: { $ref: '#/$defs/pet' } },
    $defs: { pet: { type: 'object', required: ['name'] } },
  };
  for (let i = 0; i < 2; i++) {
    const validate = compileSchema(schema);
    assert.equal(validate({ pet: { name: 'Rex' } }), true);
    assert.equal(validate({ pet: {} }), false);
  }
});

/** Schemas on both sides of the dialect line: every one the save-time check accepts must compile at call time. */
const SAMPLES: Record<string, unknown>[] = [
  { type: 'object', properties: { a: { type: 'array', items: [{ type: 'string' }] } } },
  { type: 'object', prefixItems: [] },
  { type: 'object', properties: { a: { type: 'array', prefixItems: [{ type: 'string' }] } } },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', additionalItems: false },
  {
    $schema: 'http://json-schema.org/draft-04/schema#',
    type: 'object',
    properties: { n: { type: 'integer' } },
  },
  { $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object', $recursiveAnchor: true },
  { type: 'object', dependentRequired: { a: ['b'] }, unevaluatedProperties: false },
  { type: 'object', properties: { d: { type: 'string', format: 'date-time' } } },
  { type: 'object', properties: { a: { $ref: '#/definitions/x' } }, definitions: { x: { type: 'string' } } },
  { type: 'object', properties: { a: { $ref: '#/$defs/missing' } } },
  { $schema: 'urn:unknown-dialect', type: 'object', properties: { a: { type: 'string' } } },
];

test('a schema accepted when a tool is saved compiles when the tool is called', () => {
  const validator = createSchemaValidator();
  for (const [i, schema] of SAMPLES.entries()) {
    const saved = explainObjectSchemaProblem(schema) === undefined;
    const called = validator.check(`s:${i}`, schema, {});
    const compiles = called.ok || !called.message.startsWith('Cannot validate');
    assert.equal(compiles, saved, `${JSON.stringify(schema)}: saved=${saved} compiles=${compiles}`);
  }
});
