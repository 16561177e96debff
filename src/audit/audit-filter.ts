import { invalidParams } from '../errors.ts';
import type { AuditFilter } from '../store/audit.repo.ts';

const DECISIONS = new Set(['permit', 'forbid', 'ask', 'approved', 'denied']);
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A time filter as an ISO UTC string; a bare day stands for its first (or last) millisecond. */
function readTime(raw: string, end: boolean): string | undefined {
  const text = DAY.test(raw) ? `${raw}T${end ? '23:59:59.999' : '00:00:00.000'}Z` : raw;
  const ms = Date.parse(text);
  if (Number.isNaN(ms) || !/^\d{4}-\d{2}-\d{2}T/.test(text)) return undefined;
  return new Date(ms).toISOString();
}

/** The audit filters of a query string; a malformed value is 400 naming it. */
export function parseAuditFilter(query: Record<string, unknown>): AuditFilter {
  const filter: AuditFilter = {};
  const bad: Record<string, string> = {};
  const text = (name: string) => {
    const v = query[name];
    return v === undefined || v === '' ? undefined : String(v);
  };
  for (const name of ['actor', 'action', 'server'] as const) {
    const v = text(name);
    if (v !== undefined) filter[name] = v;
  }
  const decision = text('decision');
  if (decision !== undefined) {
    if (DECISIONS.has(decision)) filter.decision = decision;
    else bad.decision = 'must be permit, forbid, ask, approved or denied';
  }
  for (const name of ['from', 'to'] as const) {
    const v = text(name);
    if (v === undefined) continue;
    const time = readTime(v, name === 'to');
    if (time) filter[name] = time;
    else bad[name] = 'must be YYYY-MM-DD or an ISO 8601 time';
  }
  if (Object.keys(bad).length > 0) throw invalidParams(bad);
  return filter;
}
