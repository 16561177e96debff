export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString();
}

export function formatNumber(n: number | null | undefined): string {
  return n === null || n === undefined ? '—' : n.toLocaleString();
}

export function pretty(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** The first 8 characters of a UUID, for a person this viewer cannot name. */
export const shortUuid = (id: string) => id.slice(0, 8);

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['second', 60],
  ['minute', 60],
  ['hour', 24],
  ['day', Number.POSITIVE_INFINITY],
];

/** A time relative to now, in the largest whole unit: "in 4 minutes", "2 hours ago". */
export function formatRelative(iso: string | null | undefined, now = Date.now()): string {
  if (!iso) return '—';
  const ms = new Date(iso).getTime();
  if (Number.isNaN(ms)) return iso;
  let value = (ms - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(value) < size) return RELATIVE.format(Math.trunc(value), unit);
    value /= size;
  }
  return iso;
}
