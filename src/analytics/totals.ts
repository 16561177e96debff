import { addHistogram } from '../shared/latency-histogram.ts';
import {
  type RangeSummary,
  sumAggregates,
  sumAggregatesBySpan,
  summarizeCallLogs,
} from '../store/analytics.repo.ts';
import type { LogTotals } from '../store/call-logs-read.repo.ts';
import type { Store } from '../store/db.ts';
import { hourKey } from './call-log-writer.ts';

const HOUR = 3_600_000;

function hourOf(ms: number): string {
  return hourKey(new Date(ms).toISOString());
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function add(a: RangeSummary, b: RangeSummary): RangeSummary {
  a.calls += b.calls;
  a.errors += b.errors;
  a.totalMs += b.totalMs;
  addHistogram(a.histogram, b.histogram);
  return a;
}

/**
 * Calls, errors, summed latency and the latency histogram in [start, end): whole UTC hours come
 * from the site-wide hourly rollup (fast over a year, and it outlives call-log retention); the
 * partial hours at either edge, which only half-hour time zones produce, come from `call_logs`.
 */
export async function sumRange(store: Store, start: number, end: number): Promise<RangeSummary> {
  const firstWhole = Math.ceil(start / HOUR) * HOUR;
  const lastWhole = Math.floor(end / HOUR) * HOUR;
  if (firstWhole >= lastWhole) return summarizeCallLogs(store.db, iso(start), iso(end));
  const totals = await sumAggregates(store.db, hourOf(firstWhole), hourOf(lastWhole));
  if (start < firstWhole) add(totals, await summarizeCallLogs(store.db, iso(start), iso(firstWhole)));
  if (lastWhole < end) add(totals, await summarizeCallLogs(store.db, iso(lastWhole), iso(end)));
  return totals;
}

/**
 * Summaries of consecutive local days (`[start, end)` each, in order, end of one = start of the
 * next): one query over the hourly rollup when every day starts on a whole UTC hour (nearly every
 * zone); a day with a partial edge hour (half-hour zones) is summed on its own.
 */
export async function sumDays(
  store: Store,
  days: Array<{ start: number; end: number }>,
): Promise<RangeSummary[]> {
  if (days.length === 0) return [];
  const whole = days.every((d) => d.start % HOUR === 0 && d.end % HOUR === 0);
  if (!whole) return Promise.all(days.map((d) => sumRange(store, d.start, d.end)));
  return sumAggregatesBySpan(
    store,
    days.map((d) => ({ from: hourOf(d.start), before: hourOf(d.end) })),
  );
}

/** Percent of successful calls, 0–100 with two decimals; 0 when there were no calls. */
export function successRate(totals: LogTotals): number {
  if (totals.calls === 0) return 0;
  return Math.round(((totals.calls - totals.errors) / totals.calls) * 10_000) / 100;
}

/** Mean latency in whole milliseconds; 0 when there were no calls. */
export function averageMs(totals: LogTotals): number {
  return totals.calls === 0 ? 0 : Math.round(totals.totalMs / totals.calls);
}
