import assert from 'node:assert/strict';
import { test } from 'node:test';
import { LABELLED_QUERIES } from '../../test/search-labels.ts';
import { measureSearchQuality } from '../../test/search-quality.ts';

test('the labelled set has at least 40 requests over Stripe, OpenAI and Discourse', () => {
  const sizes = Object.values(LABELLED_QUERIES).map((q) => q.length);
  assert.equal(sizes.length, 3);
  assert.ok(sizes.reduce((a, b) => a + b) >= 40);
});

test('search_tools ranks a serving operation in the top 3 for at least 90% of the labelled requests', async () => {
  const quality = await measureSearchQuality();
  const top3 = quality.top3 / quality.queries;
  assert.ok(top3 >= 0.9, `top-3 ${(top3 * 100).toFixed(1)}%; misses: ${JSON.stringify(quality.misses)}`);
});
