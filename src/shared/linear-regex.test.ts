import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { compileSchema, explainSchemaProblem } from './json-schema.ts';
import { compileLinearRegExp, linearPatternProblem } from './linear-regex.ts';

describe('linear-time patterns', () => {
  test('the ReDoS pattern of issue 31 answers false for 100,000 characters and a bang', () => {
    const rx = compileLinearRegExp('^([A-Za-z0-9]+-?)+$');
    assert.equal(rx.test(`${'a'.repeat(100_000)}!`), false);
    assert.equal(rx.test('abc-def-1'), true);
  });

  test('a schema pattern validates through RE2, each pattern with its own engine', () => {
    const validate = compileSchema({
      type: 'object',
      properties: {
        slug: { type: 'string', pattern: '^([A-Za-z0-9]+-?)+$' },
        code: { type: 'string', pattern: '^[A-Z]{3}$' },
      },
      patternProperties: { '^x-': { type: 'number' } },
    });
    assert.equal(validate({ slug: `${'a'.repeat(34)}!` }), false);
    assert.equal(validate({ slug: 'ab-cd', code: 'EUR' }), true);
    assert.equal(validate({ code: 'eur' }), false);
    assert.equal(validate({ 'x-rate': 'fast' }), false);
    assert.equal(validate({ 'x-rate': 2 }), true);
  });

  test('ECMAScript \\u escapes keep their meaning', () => {
    const validate = compileSchema({ type: 'string', pattern: '^[\\u0041-\\u005A]+\\u{1F600}?$' });
    assert.equal(validate('ABC'), true);
    assert.equal(validate('ABC😀'), true);
    assert.equal(validate('abc'), false);
    assert.equal(compileLinearRegExp('^\\\\u0041$').test('\\u0041'), true, 'an escaped backslash stays');
  });

  test('backreferences and lookarounds are refused with the pattern named', () => {
    assert.match(linearPatternProblem('^(a)\\1$') ?? '', /pattern "\^\(a\)\\\\1\$" is not supported/);
    assert.match(linearPatternProblem('^(?=.*\\d).+$') ?? '', /no backreferences or lookarounds/);
    assert.match(linearPatternProblem('(') ?? '', /invalid pattern "\("/);
    assert.equal(linearPatternProblem('^[a-z]+$'), undefined);
  });

  test('a schema with a lookahead is not a valid schema, with or without $ref', () => {
    const plain = { type: 'object', properties: { p: { type: 'string', pattern: '^(?!x).*$' } } };
    assert.match(explainSchemaProblem(plain) ?? '', /pattern "\^\(\?!x\)\.\*\$" is not supported/);
    const withRef = {
      $defs: { p: { type: 'string', pattern: '(?<=a)b' } },
      properties: { p: { $ref: '#/$defs/p' } },
    };
    assert.match(explainSchemaProblem(withRef) ?? '', /not supported/);
  });
});
