import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import fc from 'fast-check';
import { MAX_BATCH_MESSAGES } from '../src/mcp/transport/messages.ts';
import { batchCase } from './fuzz/batch-sizes.ts';
import { createMcpKit, type McpKit } from './mcp-kit.ts';

/*
 * Batch sizes fuzzed against a 2025-03-26 session (the revision that has batches): a batch within
 * the limit is answered member by member, an empty one or one past the limit is 400 -32600 as a
 * whole, and nothing is ever a 5xx. `FUZZ_SEED` replays a seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

describe('fuzzing batch sizes', () => {
  let k: McpKit;
  let sid: string;
  before(async () => {
    k = await createMcpKit({ rate_limit_per_min: 0 }, {}, 'inject');
    sid = await k.initialize('2025-03-26');
  });
  after(() => k.close());

  test('300 generated batches: answered within the limit, 400 -32600 past it or empty', async () => {
    const seen = { answered: 0, refused: 0, accepted: 0 };
    await fc.assert(
      fc.asyncProperty(batchCase(MAX_BATCH_MESSAGES), async (c) => {
        const res = await k.post(c.text, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-03-26' });
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body.slice(0, 200)}`);
        if (c.members === 0 || c.members > MAX_BATCH_MESSAGES) {
          assert.equal(res.statusCode, 400, `${c.members} members`);
          assert.equal(res.json().error.code, -32600);
          seen.refused++;
        } else if (c.requests + c.invalid === 0) {
          assert.equal(res.statusCode, 202, `${c.members} members, none to answer`);
          seen.accepted++;
        } else {
          assert.equal(res.statusCode, 200, res.body.slice(0, 200));
          assert.equal((res.json() as unknown[]).length, c.requests + c.invalid);
          seen.answered++;
        }
      }),
      { seed: SEED, numRuns: 300 },
    );
    // Every branch was drawn.
    assert.ok(seen.answered > 50 && seen.refused > 50, JSON.stringify(seen));
  });
});
