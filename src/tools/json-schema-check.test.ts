import assert from 'node:assert/strict';
import { test } from 'node:test';
import { explainObjectSchemaProblem } from './json-schema-check.ts';

test('accepts object schemas of both drafts, with and without local $refs', () => {
  assert.equal(
    explainObjectSchemaProblem({
      type: 'object',
      properties: { a: { type: 'string', pattern: '^[a-z]+$' } },
    }),
    undefined,
  );
  assert.equal(
    explainObjectSchemaProblem({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { p: { $ref: '#/$defs/pet' } },
      $defs: { pet: { type: 'object', properties: { name: { type: 'string' } } } },
    }),
    undefined,
  );
});

test('refuses what Ajv would not compile: bad types, bad patterns, dangling refs, non-object roots', () => {
  assert.match(
    explainObjectSchemaProblem({ type: 'object', properties: { a: { type: 'strnig' } } }) ?? '',
    /not a valid JSON Schema/,
  );
  assert.match(
    explainObjectSchemaProblem({ type: 'object', properties: { a: { type: 'string', pattern: '([a-z' } } }) ??
      '',
    /invalid pattern/,
  );
  assert.match(
    explainObjectSchemaProblem({ type: 'object', patternProperties: { '(': { type: 'string' } } }) ?? '',
    /invalid pattern/,
  );
  assert.match(
    explainObjectSchemaProblem({ type: 'object', properties: { a: { $ref: '#/$defs/missing' } } }) ?? '',
    /not a valid JSON Schema/,
  );
  assert.match(
    explainObjectSchemaProblem({ type: 'object', required: 'name' }) ?? '',
    /not a valid JSON Schema/,
  );
  assert.equal(explainObjectSchemaProblem({ type: 'array' }), 'must be a JSON Schema with type "object"');
  assert.equal(explainObjectSchemaProblem([]), 'must be an object');
});
