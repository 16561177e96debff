import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cutDescription, readDiscoverySettings, resolveExposure } from './exposure.ts';
import { splitWords } from './search-index.ts';
import { estimateTokens } from './tokens.ts';

test('auto resolves to discovery only above the token budget; all and discovery are kept as set', () => {
  assert.equal(resolveExposure('auto', 20_000, 20_000), 'all');
  assert.equal(resolveExposure('auto', 20_001, 20_000), 'discovery');
  assert.equal(resolveExposure('all', 1_000_000, 20_000), 'all');
  assert.equal(resolveExposure('discovery', 10, 20_000), 'discovery');
});

test('discovery settings default to 20,000 tokens, 64-character names and 1,000-character descriptions', () => {
  assert.deepEqual(readDiscoverySettings({ settings: {} }), {
    tokenBudget: 20_000,
    nameLimit: 64,
    descriptionBudget: 1_000,
  });
  assert.equal(readDiscoverySettings({ settings: { tool_name_limit: 60 } }).nameLimit, 60);
  assert.equal(readDiscoverySettings({ settings: { tool_name_limit: 500 } }).nameLimit, 64);
  assert.equal(readDiscoverySettings({ settings: { token_budget: 'lots' } }).tokenBudget, 20_000);
});

test('a long description is cut after its last whole sentence within the budget', () => {
  const text = `${'First sentence here. '.repeat(5)}Second part that runs on ${'and on '.repeat(40)}.`;
  const cut = cutDescription(text, 120);
  assert.ok(cut.length <= 120);
  assert.equal(cut, `${'First sentence here. '.repeat(5).trimEnd()} …`);
  assert.equal(cutDescription('Short.', 120), 'Short.');
});

test('a description with no sentence end is cut at a word', () => {
  const cut = cutDescription('word '.repeat(100), 50);
  assert.ok(cut.length <= 50);
  assert.match(cut, /^(word )+…$/);
});

test('tokens are estimated as UTF-8 bytes over 4, of text or of JSON', () => {
  assert.equal(estimateTokens('abcd'), 1);
  assert.equal(estimateTokens('abcde'), 2);
  assert.equal(estimateTokens({ a: 1 }), 2);
  assert.equal(estimateTokens('é'.repeat(4)), 2);
  assert.equal(estimateTokens(undefined), 0);
});

test('camelCase, snake_case and path words are split for the search index', () => {
  assert.deepEqual(splitWords('PostCustomersCustomerTaxIds'), [
    'Post',
    'Customers',
    'Customer',
    'Tax',
    'Ids',
  ]);
  assert.deepEqual(splitWords('list_latest-topics /t/{id}.json'), [
    'list',
    'latest',
    'topics',
    't',
    'id',
    'json',
  ]);
  assert.deepEqual(splitWords('HTTPServerError'), ['HTTP', 'Server', 'Error']);
});
