import { BoundedCache } from '../shared/bounded-cache.ts';

/*
 * Calendar days in the site time zone. Call logs store UTC instants; the spec's `from`/`to`,
 * "today" and "yesterday" are days of the site's IANA zone, so every day is turned into the
 * half-open UTC interval [start, end) it covers (23, 24 or 25 hours around DST changes).
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** Zone names are IANA's few hundred; the bound only stops growth. */
const formatters = new BoundedCache<Intl.DateTimeFormat>({ maxEntries: 1_000 });

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True for a zone name Intl knows (e.g. `UTC`, `America/New_York`). */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The dates analytics accept: every day after them (`to` + 1) must still be a YYYY-MM-DD. */
const FIRST_DATE = '1970-01-01';
const LAST_DATE = '9999-12-30';
/** The reason given for a date outside isValidDate. */
export const DATE_RULE = `must be a date YYYY-MM-DD from ${FIRST_DATE} to ${LAST_DATE}`;

/** True for a real calendar date written `YYYY-MM-DD` (no 2024-02-30), 1970-01-01 to 9999-12-30. */
export function isValidDate(text: string): boolean {
  const m = DATE_RE.exec(text);
  if (!m || text < FIRST_DATE || text > LAST_DATE) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === text;
}

function wallClock(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** Offset of the zone from UTC at that instant, in ms (New York in winter: -5 h). */
function offsetAt(ms: number, timeZone: string): number {
  return wallClock(ms - (ms % 1000), timeZone) - (ms - (ms % 1000));
}

/** The calendar date (`YYYY-MM-DD`) of an instant in the zone. */
export function localDate(ms: number, timeZone: string): string {
  return new Date(wallClock(ms, timeZone)).toISOString().slice(0, 10);
}

/** `date` shifted by `days` calendar days. */
export function addDays(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (0 when equal). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * Day starts already worked out, by zone and date: each costs two `formatToParts` (~4 µs each), and
 * a year's time series asks for 367 of them on every request.
 */
const dayStarts = new BoundedCache<number>({ maxEntries: 20_000 });

/** UTC instant (ms) at which the local day `date` starts in the zone. */
export function startOfLocalDay(date: string, timeZone: string): number {
  const key = `${timeZone} ${date}`;
  const known = dayStarts.get(key);
  if (known !== undefined) return known;
  const naive = Date.parse(`${date}T00:00:00Z`);
  let guess = naive - offsetAt(naive, timeZone);
  // A second pass settles days whose offset differs from the one at naive midnight (DST).
  guess = naive - offsetAt(guess, timeZone);
  dayStarts.set(key, guess);
  return guess;
}

/** Half-open UTC interval [start, end) covering the local days `from`..`to` inclusive. */
export function localDaysToUtc(from: string, to: string, timeZone: string): { start: number; end: number } {
  return { start: startOfLocalDay(from, timeZone), end: startOfLocalDay(addDays(to, 1), timeZone) };
}
