import assert from 'node:assert/strict';
import { test } from 'node:test';
import { copyField } from './copy-text.ts';

test('copyField writes NULL as \\N and numbers as written', () => {
  assert.equal(copyField(null), '\\N');
  assert.equal(copyField(undefined), '\\N');
  assert.equal(copyField(0), '0');
  assert.equal(copyField(9_007_199_254_740_991), '9007199254740991');
  assert.equal(copyField(''), '');
});

test('copyField escapes what would end a field or a line, and doubles backslashes', () => {
  assert.equal(copyField('a\tb'), 'a\\tb');
  assert.equal(copyField('a\nb\r\n'), 'a\\nb\\r\\n');
  assert.equal(copyField('\\N'), '\\\\N');
  assert.equal(copyField('\\.'), '\\\\.');
  assert.equal(copyField('plain "quoted" text, ünïcødé'), 'plain "quoted" text, ünïcødé');
});

test('copyField drops U+0000, which PostgreSQL text cannot hold', () => {
  assert.equal(copyField('nul\u0000here'), 'nulhere');
  assert.equal(copyField('\u0000\t\u0000'), '\\t');
});
