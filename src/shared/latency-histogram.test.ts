import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  bucketOf,
  emptyHistogram,
  LATENCY_BUCKET_LOWER_MS,
  LATENCY_BUCKETS,
  PERCENTILE_ERROR_BOUND,
  percentileOf,
  recordLatency,
} from './latency-histogram.ts';

function exactPercentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil((p / 100) * sorted.length)) - 1]!;
}

test('64 buckets from 0 to 60 s, each value in the bucket whose edges hold it', () => {
  assert.equal(LATENCY_BUCKETS, 64);
  assert.equal(LATENCY_BUCKET_LOWER_MS.at(-1), 60_000);
  for (let i = 0; i < LATENCY_BUCKETS; i++) assert.equal(bucketOf(LATENCY_BUCKET_LOWER_MS[i]!), i);
  assert.equal(bucketOf(10), 9);
  assert.equal(bucketOf(-3), 0);
  assert.equal(bucketOf(3_600_000), 63);
  // The stated bound is the widest bucket relative to its lower edge (from 9 ms to 60 s).
  let worst = 0;
  for (let i = 9; i < LATENCY_BUCKETS - 1; i++) {
    const lo = LATENCY_BUCKET_LOWER_MS[i]!;
    worst = Math.max(worst, (LATENCY_BUCKET_LOWER_MS[i + 1]! - 1 - lo) / lo);
  }
  assert.ok(worst <= PERCENTILE_ERROR_BOUND, `${worst}`);
  assert.ok(worst > PERCENTILE_ERROR_BOUND - 0.001, `${worst}`);
});

test('percentiles: null when empty, exact for small values and at the min and max', () => {
  const h = emptyHistogram();
  assert.equal(percentileOf(h, 95), null);
  for (const ms of [3, 5, 5, 7]) recordLatency(h, ms);
  assert.equal(percentileOf(h, 50), 5);
  assert.equal(percentileOf(h, 95), 7);
  const two = emptyHistogram();
  recordLatency(two, 120);
  recordLatency(two, 900);
  assert.equal(percentileOf(two, 95), 900);
  assert.equal(percentileOf(two, 50), 120);
});

test('p50, p95 and p99 within the stated bound of the exact nearest-rank values', () => {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (const shape of ['uniform', 'lognormal', 'bimodal']) {
    const values: number[] = [];
    for (let i = 0; i < 5_000; i++) {
      const u = random();
      values.push(
        shape === 'uniform'
          ? 20 + Math.floor(u * 480)
          : shape === 'lognormal'
            ? Math.round(
                Math.exp(4 + 1.2 * Math.sqrt(-2 * Math.log(u + 1e-9)) * Math.cos(2 * Math.PI * random())),
              )
            : u < 0.9
              ? 30 + Math.floor(random() * 40)
              : 2_000 + Math.floor(random() * 8_000),
      );
    }
    const h = emptyHistogram();
    for (const v of values) recordLatency(h, v);
    for (const p of [50, 95, 99]) {
      const exact = exactPercentile(values, p);
      const estimate = percentileOf(h, p)!;
      assert.ok(
        Math.abs(estimate - exact) <= Math.max(0, exact * PERCENTILE_ERROR_BOUND),
        `${shape} p${p}: ${estimate} vs exact ${exact}`,
      );
    }
  }
});
