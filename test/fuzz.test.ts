import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fuzzes, total } from './fuzz/suite.ts';
import { buildTestApp, type TestApp } from './helpers.ts';

/*
 * The bounded fuzz suite (`npm run fuzz -- --count 200000` for long runs): seeded requests across
 * every management route and the MCP endpoint in both eras. No 5xx, no -32603, no hang, no crash.
 * `FUZZ_SEED` replays a printed seed; by default the seed is fixed, so CI is repeatable.
 */

describe('fuzzing on SQLite', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('20,000 generated requests get no 5xx, no -32603 and no hang', async () => {
    const byStatus = await fuzzes(t, 20_000);
    console.log(`SQLite fuzz by status: ${JSON.stringify(byStatus)}`);
    // Every share is there: management routes and both MCP eras.
    assert.ok(total(byStatus, 'management') > 10_000);
    assert.ok(total(byStatus, 'mcp-2025') > 3_000);
    assert.ok(total(byStatus, 'mcp-2026') > 3_000);
    assert.ok((byStatus['mcp-2025 200'] ?? 0) > 100, 'the 2025 session answers some calls');
    assert.ok((byStatus['mcp-2026 200'] ?? 0) > 100, 'the 2026 era answers some calls');
  });
});
