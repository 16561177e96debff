import { sumAggregates } from '../store/analytics.repo.ts';
import { type LogTotals, sumCallLogs } from '../store/call-logs.repo.ts';
import type { Store } from '../store/db.ts';
import { hourKey } from './call-log-writer.ts';

const HOUR = 3_600_000;

function hourOf(ms: number): string {
  return hourKey(new Date(ms).toISOString());
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function add(a: LogTotals, b: LogTotals): LogTotals {
  return { calls: a.calls + b.calls, errors: a.errors + b.errors, totalMs: a.totalMs + b.totalMs };
}

/**
 * Calls, errors and summed latency in [start, end): whole UTC hours come from the hourly
 * aggregates (fast over a year, and they outlive call-log retention); the partial hours at either
 * edge, which only half-hour time zones produce, come from `call_logs`.
 */
export async function sumRange(store: Store, start: number, end: number): Promise<LogTotals> {
  const firstWhole = Math.ceil(start / HOUR) * HOUR;
  const lastWhole = Math.floor(end / HOUR) * HOUR;
  if (firstWhole >= lastWhole) return sumCallLogs(store.db, iso(start), iso(end));
  let totals = await sumAggregates(store.db, hourOf(firstWhole), hourOf(lastWhole));
  if (start < firstWhole) totals = add(totals, await sumCallLogs(store.db, iso(start), iso(firstWhole)));
  if (lastWhole < end) totals = add(totals, await sumCallLogs(store.db, iso(lastWhole), iso(end)));
  return totals;
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
