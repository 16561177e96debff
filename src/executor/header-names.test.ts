import assert from 'node:assert/strict';
import { test } from 'node:test';
import { headerName } from './header-names.ts';

test('gives common header names in lower case whatever their case on the wire', () => {
  assert.equal(headerName(Buffer.from('Content-Type')), 'content-type');
  assert.equal(headerName(Buffer.from('CONTENT-LENGTH')), 'content-length');
  assert.equal(headerName(Buffer.from('date')), 'date');
  assert.equal(headerName(Buffer.from('X-Request-Id')), 'x-request-id');
});

test('decodes and lower-cases any other name', () => {
  assert.equal(headerName(Buffer.from('X-Custom-Thing')), 'x-custom-thing');
  assert.equal(headerName(Buffer.from('Content-Typf')), 'content-typf', 'same length as a common name');
  assert.equal(headerName(Buffer.from('Dat_')), 'dat_');
  assert.equal(headerName(Buffer.from('__proto__')), '__proto__');
  assert.equal(headerName(Buffer.from([0x58, 0xe9])), 'xé', 'latin1 bytes');
});
