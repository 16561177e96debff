import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { type Attempt, backoffDelay, parseRetryAfter, type RetryPolicy, runWithRetries } from './retry.ts';
import { SendError, type UpstreamResponse } from './send.ts';

const answer = (status: number, headers: Record<string, string> = {}): Attempt => ({
  response: { status, headers, body: Buffer.alloc(0) } satisfies UpstreamResponse,
});

async function simulate(script: Attempt[], policy: Partial<RetryPolicy>) {
  const waits: number[] = [];
  const { last, attempts } = await runWithRetries(async (n) => script[Math.min(n, script.length) - 1]!, {
    retries: 3,
    backoff: 'fixed',
    method: 'GET',
    baseMs: 100,
    maxDelayMs: 10_000,
    maxRetryAfterMs: 30_000,
    random: () => 1,
    wait: async (ms) => {
      waits.push(ms);
    },
    ...policy,
  });
  return { last, attempts, waits };
}

describe('retry rules', () => {
  test('backoff: none, fixed, linear and exponential grow as named, with equal jitter and a cap', () => {
    const top = () => 1;
    const bottom = () => 0;
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => backoffDelay(n, 'none', 100, 10_000, top)),
      [0, 0, 0, 0],
    );
    assert.deepEqual(
      [1, 2, 3].map((n) => backoffDelay(n, 'fixed', 100, 10_000, top)),
      [100, 100, 100],
    );
    assert.deepEqual(
      [1, 2, 3].map((n) => backoffDelay(n, 'linear', 100, 10_000, top)),
      [100, 200, 300],
    );
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => backoffDelay(n, 'exponential', 100, 10_000, top)),
      [100, 200, 400, 800],
    );
    assert.deepEqual(
      [1, 2, 3].map((n) => backoffDelay(n, 'exponential', 100, 10_000, bottom)),
      [50, 100, 200],
    );
    assert.equal(backoffDelay(20, 'exponential', 100, 10_000, top), 10_000);
  });

  test('Retry-After: delta seconds or an HTTP date', () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    assert.equal(parseRetryAfter('7', now), 7000);
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 00:00:30 GMT', now), 30_000);
    assert.equal(parseRetryAfter('Tue, 31 Dec 2024 00:00:00 GMT', now), 0);
    assert.equal(parseRetryAfter('soon', now), undefined);
    assert.equal(parseRetryAfter(undefined, now), undefined);
  });

  test('waits what Retry-After says instead of the backoff', async () => {
    const r = await simulate(
      [answer(503, { 'retry-after': '2' }), answer(429, { 'retry-after': '1' }), answer(200)],
      {},
    );
    assert.equal(r.attempts, 3);
    assert.deepEqual(r.waits, [2000, 1000]);
  });

  test('a Retry-After beyond the cap returns the answer in hand', async () => {
    const r = await simulate([answer(429, { 'retry-after': '600' }), answer(200)], {});
    assert.equal(r.attempts, 1);
    assert.equal('response' in r.last && r.last.response.status, 429);
    assert.deepEqual(r.waits, []);
  });

  test('uses the backoff between attempts and stops after retry_count', async () => {
    const r = await simulate([answer(502)], { backoff: 'exponential', retries: 3 });
    assert.equal(r.attempts, 4);
    assert.deepEqual(r.waits, [100, 200, 400]);
  });

  test('only idempotent methods are retried after the request was sent', async () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])
      assert.equal((await simulate([answer(503)], { method, retries: 1 })).attempts, 2, method);
    for (const method of ['POST', 'PATCH'])
      assert.equal((await simulate([answer(503)], { method, retries: 1 })).attempts, 1, method);
    const sent = { error: new SendError('network', 'reset', true) };
    const notSent = { error: new SendError('network', 'refused', false) };
    assert.equal((await simulate([sent], { method: 'POST' })).attempts, 1);
    assert.equal((await simulate([sent], { method: 'GET' })).attempts, 4);
    assert.equal((await simulate([notSent], { method: 'POST' })).attempts, 4);
    const final = { error: new SendError('network', 'egress denied', false, false) };
    assert.equal((await simulate([final], { method: 'GET' })).attempts, 1);
  });

  test('does not retry 400, 401, 404 or 500', async () => {
    for (const status of [400, 401, 404, 500])
      assert.equal((await simulate([answer(status)], {})).attempts, 1, String(status));
  });
});
