import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.ts';

test('the public URL is PUBLIC_URL when given (and says so), else http://localhost:PORT', () => {
  const derived = loadConfig({ PORT: '18501' });
  assert.equal(derived.publicUrl, 'http://localhost:18501');
  assert.equal(derived.publicUrlExplicit, false);
  const given = loadConfig({ PORT: '18501', PUBLIC_URL: 'https://gw.example.test/' });
  assert.equal(given.publicUrl, 'https://gw.example.test');
  assert.equal(given.publicUrlExplicit, true);
});
