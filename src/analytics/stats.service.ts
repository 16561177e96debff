import type { AppContext } from '../context.ts';
import { percentileOf } from '../shared/latency-histogram.ts';
import {
  breakdownByClientName,
  breakdownByStatus,
  breakdownByTool,
  breakdownByUser,
  countEntities,
  type EntityCounts,
} from '../store/analytics.repo.ts';
import { findUsersByUuids } from '../store/users.repo.ts';
import { classifyLoggedClient } from './classify-client.ts';
import { type DayRange, listDays } from './day-range.ts';
import { addDays, localDaysToUtc, startOfLocalDay } from './time-zone.ts';
import { countTokensServed } from './tokens.service.ts';
import { averageMs, successRate, sumDays, sumRange } from './totals.ts';

export interface Overview extends EntityCounts {
  calls_today: number;
  calls_yesterday: number;
  avg_response_ms: number;
  success_rate: number;
  /** Estimated tokens of the content returned to clients over the range (issue 16). */
  tokens_served: number;
}

/**
 * The spec's overview. `calls_today`/`calls_yesterday` are the site zone's calendar days
 * whatever the range; `avg_response_ms` and `success_rate` cover the requested range (an empty
 * range gives 0 and 0).
 */
export async function getOverview(ctx: AppContext, range: DayRange): Promise<Overview> {
  const todayUtc = localDaysToUtc(range.today, range.today, range.timeZone);
  const yesterday = addDays(range.today, -1);
  const yesterdayUtc = localDaysToUtc(yesterday, yesterday, range.timeZone);
  // The default range (days=1) is today itself: its totals are not summed twice.
  const rangeIsToday = range.start === todayUtc.start && range.end === todayUtc.end;
  const [counts, today, before, inRange, tokensServed] = await Promise.all([
    countEntities(ctx.store.db),
    sumRange(ctx.store, todayUtc.start, todayUtc.end),
    sumRange(ctx.store, yesterdayUtc.start, yesterdayUtc.end),
    rangeIsToday ? undefined : sumRange(ctx.store, range.start, range.end),
    countTokensServed(ctx, range),
  ]);
  const totals = inRange ?? today;
  return {
    ...counts,
    calls_today: today.calls,
    calls_yesterday: before.calls,
    avg_response_ms: averageMs(totals),
    success_rate: successRate(totals),
    tokens_served: tokensServed,
  };
}

export interface TimeseriesPoint {
  date: string;
  calls: number;
  errors: number;
  avg_ms: number;
  /**
   * 95th percentile (nearest rank) read from the hourly latency histogram: in the same bucket as
   * the exact value, so exact below 9 ms and within 17.7 % above; null when no latency is
   * recorded for the day (no calls, or hours aggregated before migration 007 whose logs were gone).
   */
  p95_ms: number | null;
}

/** One point per local day of the range, oldest first, days without calls included: one query. */
export async function getTimeseries(ctx: AppContext, range: DayRange): Promise<TimeseriesPoint[]> {
  const dates = listDays(range);
  // Each day ends where the next starts: one zone conversion per day, not two.
  const starts = [...dates, addDays(dates.at(-1) ?? range.to, 1)].map((d) =>
    startOfLocalDay(d, range.timeZone),
  );
  const spans = dates.map((_, i) => ({ start: starts[i]!, end: starts[i + 1]! }));
  const days = await sumDays(ctx.store, spans);
  return dates.map((date, i) => {
    const day = days[i]!;
    return {
      date,
      calls: day.calls,
      errors: day.errors,
      avg_ms: averageMs(day),
      p95_ms: day.calls === 0 ? null : percentileOf(day.histogram, 95),
    };
  });
}

export type BreakdownKind = 'tool' | 'status' | 'client' | 'user';

/**
 * How the executor's messages begin when it refuses a call for its arguments before sending
 * anything (executor.ts, validate-args.ts): those errors have no upstream status, like transport
 * failures, and are counted apart as `invalid_arguments` (status.test.ts runs the executor).
 */
export const ARGUMENT_ERROR_PREFIXES = [
  'Invalid arguments:',
  'Cannot validate arguments:',
  'Cannot build the request:',
] as const;

/**
 * The key of the status breakdown's `http_status` map a call falls under: the upstream status,
 * `invalid_arguments` (refused before any request), or `none` (no upstream answer: transport
 * failure, timeout, rate limit, or a prompt/resource call).
 */
export type StatusBucket = `${number}` | 'invalid_arguments' | 'none';

/** Calls per signed-in person, with their e-mail and name while the user exists. */
async function breakdownByPerson(ctx: AppContext, from: string, before: string) {
  const rows = await breakdownByUser(ctx.store.db, from, before, 100);
  const people = await findUsersByUuids(
    ctx.store.db,
    rows.map((r) => r.user_uuid),
  );
  return rows.map((r) => {
    const person = people.find((p) => p.uuid === r.user_uuid);
    return { ...r, email: person?.email ?? null, display_name: person?.display_name ?? null };
  });
}

/** Calls in the range grouped by tool, by status, by client family or by person, busiest first. */
export async function getBreakdown(
  ctx: AppContext,
  range: DayRange,
  by: BreakdownKind,
): Promise<Array<Record<string, unknown>>> {
  const from = new Date(range.start).toISOString();
  const before = new Date(range.end).toISOString();
  if (by === 'tool') return (await breakdownByTool(ctx.store.db, from, before, 100)) as never;
  if (by === 'status') {
    const rows = await breakdownByStatus(ctx.store.db, from, before, ARGUMENT_ERROR_PREFIXES);
    const byStatus = new Map<
      string,
      { status: string; calls: number; http_status: Record<string, number> }
    >();
    for (const r of rows) {
      const entry = byStatus.get(r.response_status) ?? {
        status: r.response_status,
        calls: 0,
        http_status: {},
      };
      entry.calls += r.calls;
      const code: StatusBucket =
        r.http_status !== null ? `${r.http_status}` : r.argument_error ? 'invalid_arguments' : 'none';
      entry.http_status[code] = (entry.http_status[code] ?? 0) + r.calls;
      byStatus.set(r.response_status, entry);
    }
    return [...byStatus.values()].sort((a, b) => b.calls - a.calls || a.status.localeCompare(b.status));
  }
  if (by === 'user') return (await breakdownByPerson(ctx, from, before)) as never;
  const rows = await breakdownByClientName(ctx.store.db, from, before);
  const byFamily = new Map<
    string,
    { client: string; label: string; calls: number; errors: number; names: string[] }
  >();
  for (const r of rows) {
    const { family, label } = classifyLoggedClient(r);
    const entry = byFamily.get(family) ?? { client: family, label, calls: 0, errors: 0, names: [] };
    entry.calls += r.calls;
    entry.errors += r.errors;
    if (r.client_name && !entry.names.includes(r.client_name) && entry.names.length < 20)
      entry.names.push(r.client_name);
    byFamily.set(family, entry);
  }
  return [...byFamily.values()].sort((a, b) => b.calls - a.calls || a.client.localeCompare(b.client));
}
