import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { readDocumentText } from './openapi-document.ts';
import { assertBoundedRefExpansion, MAX_REF_EXPANSION_NODES } from './ref-expansion.ts';

const corpus = (name: string) =>
  readDocumentText(readFileSync(join('test/fixtures/corpus/openapi/valid', name), 'utf8'));

describe('$ref expansion is counted before dereferencing', () => {
  test('the largest real documents stay well under the bound (OpenAI ~1.9M nodes, Stripe ~0.23M)', () => {
    const openai = assertBoundedRefExpansion(corpus('openai-openapi.yaml'));
    const stripe = assertBoundedRefExpansion(corpus('stripe-spec3.json'));
    assert.ok(openai > 1_000_000 && openai < MAX_REF_EXPANSION_NODES / 2, `OpenAI ${openai}`);
    assert.ok(stripe > 100_000 && stripe < MAX_REF_EXPANSION_NODES / 10, `Stripe ${stripe}`);
  });

  test('references in a cycle count once: the parser leaves them as $ref', () => {
    const doc = {
      components: {
        schemas: {
          A: {
            type: 'object',
            properties: { b: { $ref: '#/components/schemas/B' }, a: { $ref: '#/components/schemas/A' } },
          },
          B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
        },
      },
    };
    assert.equal(assertBoundedRefExpansion(doc), 12);
  });

  test('each acyclic use is counted: a reference used twice counts its target twice', () => {
    const leaf = { type: 'string' };
    const once = assertBoundedRefExpansion({ d: { L: leaf }, x: { $ref: '#/d/L' } });
    const twice = assertBoundedRefExpansion({ d: { L: leaf }, x: { $ref: '#/d/L' }, y: { $ref: '#/d/L' } });
    assert.equal(twice - once, 3, 'one more use: the $ref object and its 2-node target');
  });

  test('a chain of 2,000 references met from its top is refused as too deep, not a stack overflow', () => {
    const defs: Record<string, unknown> = { D0: { type: 'string' } };
    for (let i = 1; i <= 2_000; i++) defs[`D${i}`] = { $ref: `#/defs/D${i - 1}` };
    assert.throws(
      () => assertBoundedRefExpansion({ x: { $ref: '#/defs/D2000' }, defs }),
      (err: Error & { code?: string }) => err.code === 'invalid_spec' && /deeper than 1000/.test(err.message),
    );
  });

  test('JSON pointer escapes (~1, ~0, percent) resolve', () => {
    const doc = { paths: { '/a/{b}': { get: { type: 'x' } } }, x: { $ref: '#/paths/~1a~1%7Bb%7D/get' } };
    assert.equal(
      assertBoundedRefExpansion(doc),
      assertBoundedRefExpansion({ ...doc, x: { $ref: '#/nowhere' } }) + 2,
    );
  });
});
