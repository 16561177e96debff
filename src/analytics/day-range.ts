import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { siteTimeZone } from './call-filters.ts';
import { addDays, DATE_RULE, daysBetween, isValidDate, localDate, localDaysToUtc } from './time-zone.ts';

/** Local days `from`..`to` (inclusive) of the site zone and the UTC interval [start, end) they cover. */
export interface DayRange {
  from: string;
  to: string;
  timeZone: string;
  today: string;
  start: number;
  end: number;
}

export interface RangeRules {
  defaultDays: number;
  /** When set, `days` must be one of these (the overview's 1, 7, 30, 90). */
  allowedDays?: number[];
  /** Longest range accepted, in days. */
  maxDays: number;
}

/**
 * Reads `days`, `from` and `to` (YYYY-MM-DD, site time zone). `from`/`to` override `days`:
 * `from` alone runs to today, `to` alone reaches back `days` days. Bad values are 400 naming them.
 */
export async function parseDayRange(
  ctx: AppContext,
  query: Record<string, unknown>,
  rules: RangeRules,
  now = Date.now(),
): Promise<DayRange> {
  const bad: Record<string, string> = {};
  let days = rules.defaultDays;
  const rawDays = query.days;
  if (rawDays !== undefined && rawDays !== '') {
    const value = String(rawDays);
    const n = /^[0-9]{1,4}$/.test(value) ? Number(value) : Number.NaN;
    if (rules.allowedDays && !rules.allowedDays.includes(n))
      bad.days = `must be one of ${rules.allowedDays.join(', ')}`;
    else if (!Number.isInteger(n) || n < 1 || n > rules.maxDays)
      bad.days = `must be an integer from 1 to ${rules.maxDays}`;
    else days = n;
  }
  const readDate = (name: 'from' | 'to'): string | undefined => {
    const raw = query[name];
    if (raw === undefined || raw === '') return undefined;
    if (typeof raw !== 'string' || !isValidDate(raw)) {
      bad[name] = DATE_RULE;
      return undefined;
    }
    return raw;
  };
  const fromParam = readDate('from');
  const toParam = readDate('to');
  if (Object.keys(bad).length > 0) throw invalidParams(bad);

  const timeZone = await siteTimeZone(ctx);
  const today = localDate(now, timeZone);
  const to = toParam ?? today;
  const from = fromParam ?? addDays(to, -(days - 1));
  if (from > to) throw invalidParams({ from: 'must not be after to' });
  if (daysBetween(from, to) + 1 > rules.maxDays)
    throw invalidParams({ from: `the range may span at most ${rules.maxDays} days` });
  return { from, to, timeZone, today, ...localDaysToUtc(from, to, timeZone) };
}

/** Every local day of the range, oldest first. */
export function listDays(range: Pick<DayRange, 'from' | 'to'>): string[] {
  const out: string[] = [];
  for (let d = range.from; d <= range.to; d = addDays(d, 1)) out.push(d);
  return out;
}
