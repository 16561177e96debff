/*
 * The latency histogram kept in the hourly rollup (`analytics_hourly`): 64 fixed buckets of
 * response time in whole milliseconds, one per integer below 9 ms, then log-spaced (each bucket
 * at most 1.18x wider than the one before) up to 60 s, and one bucket for everything slower.
 * Stored counts depend on these edges: they never change (a new layout needs a new migration).
 *
 * A percentile read from the histogram lies in the same bucket as the exact nearest-rank value,
 * so it is off by less than that bucket's width: exact below 9 ms, at most 17.7 % of the value
 * from 9 ms to 60 s (`PERCENTILE_ERROR_BOUND`); above 60 s it reads 60,000 (or the hour's
 * maximum). The smallest and largest latency of each hour bound it too.
 */

/** Lower edge (inclusive) of each bucket; bucket i holds [LOWER[i], LOWER[i + 1]) ms. */
export const LATENCY_BUCKET_LOWER_MS: readonly number[] = [
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13, 15, 18, 21, 25, 29, 34, 40, 47, 55, 65, 76, 89, 105, 124, 146, 172,
  202, 238, 280, 329, 387, 455, 535, 630, 741, 872, 1026, 1207, 1420, 1671, 1966, 2314, 2723, 3204, 3770,
  4436, 5220, 6143, 7229, 8507, 10011, 11781, 13864, 16315, 19199, 22593, 26587, 31287, 36818, 43327, 50987,
  60000,
];

export const LATENCY_BUCKETS = LATENCY_BUCKET_LOWER_MS.length;

/** Worst relative error of a histogram percentile between 9 ms and 60 s: (width − 1) / lower edge. */
export const PERCENTILE_ERROR_BOUND = 0.177;

/** The bucket of a response time in ms (negative and fractional values fall in the bucket below). */
export function bucketOf(ms: number): number {
  let lo = 0;
  let hi = LATENCY_BUCKETS - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (ms >= LATENCY_BUCKET_LOWER_MS[mid]!) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Counts per bucket plus the smallest and largest value seen (null when unknown). */
export interface LatencyHistogram {
  counts: number[];
  minMs: number | null;
  maxMs: number | null;
}

export function emptyHistogram(): LatencyHistogram {
  return { counts: new Array<number>(LATENCY_BUCKETS).fill(0), minMs: null, maxMs: null };
}

/** Adds `b` into `a` (in place) and returns `a`. */
export function addHistogram(a: LatencyHistogram, b: LatencyHistogram): LatencyHistogram {
  for (let i = 0; i < LATENCY_BUCKETS; i++) a.counts[i]! += b.counts[i] ?? 0;
  if (b.minMs !== null) a.minMs = a.minMs === null ? b.minMs : Math.min(a.minMs, b.minMs);
  if (b.maxMs !== null) a.maxMs = a.maxMs === null ? b.maxMs : Math.max(a.maxMs, b.maxMs);
  return a;
}

/** Records one response time. */
export function recordLatency(h: LatencyHistogram, ms: number): void {
  h.counts[bucketOf(ms)]! += 1;
  h.minMs = h.minMs === null ? ms : Math.min(h.minMs, ms);
  h.maxMs = h.maxMs === null ? ms : Math.max(h.maxMs, ms);
}

/**
 * The p-th percentile (0 < p ≤ 100), nearest-rank, in whole ms, interpolated linearly inside the
 * bucket that holds the rank; the first and last ranks are the recorded min and max. Null when
 * the histogram is empty.
 */
export function percentileOf(h: LatencyHistogram, p: number): number | null {
  let n = 0;
  for (const c of h.counts) n += Math.max(0, c);
  if (n === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * n));
  let before = 0;
  let i = 0;
  for (; i < LATENCY_BUCKETS - 1; i++) {
    const c = Math.max(0, h.counts[i]!);
    if (before + c >= rank) break;
    before += c;
  }
  const c = Math.max(1, h.counts[i]!);
  const lo = LATENCY_BUCKET_LOWER_MS[i]!;
  const last = i === LATENCY_BUCKETS - 1;
  const top = last ? Math.max(lo, h.maxMs ?? lo) : LATENCY_BUCKET_LOWER_MS[i + 1]! - 1;
  let estimate =
    rank === n && h.maxMs !== null
      ? h.maxMs
      : rank === 1 && h.minMs !== null
        ? h.minMs
        : lo + Math.round(((top - lo) * (rank - before - 0.5)) / c);
  // The exact value lies in the bucket and between min and max: so does the estimate.
  estimate = Math.min(Math.max(estimate, lo), top);
  if (h.minMs !== null) estimate = Math.max(estimate, h.minMs);
  if (h.maxMs !== null) estimate = Math.min(estimate, h.maxMs);
  return Math.round(estimate);
}
