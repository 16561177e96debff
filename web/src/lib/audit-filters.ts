/** Audit-trail filters (GET /audit and /audit/export), and the page's view as the URL keeps it. */
import { activeFilters } from './call-filters.ts';

export interface AuditFilters {
  /** exact (`user.created`) or a prefix ending with a dot (`policy.`) */
  action: string;
  /** user UUID, key id or actor name, exact */
  actor: string;
  /** server UUID */
  server: string;
  decision: string;
  /** YYYY-MM-DD, inclusive */
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditFilters = {
  action: '',
  actor: '',
  server: '',
  decision: '',
  from: '',
  to: '',
};

export const AUDIT_DECISIONS = ['permit', 'forbid', 'ask', 'approved', 'denied'];

/** The action prefixes the trail writes today: suggestions for the Action filter. */
export const AUDIT_ACTION_PREFIXES = ['policy.', 'approval.', 'user.', 'group.', 'key.', 'server.', 'audit.'];

export function checkAuditFilters(f: AuditFilters): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.from && f.to && f.from > f.to) errors.to = 'must not be before from';
  return errors;
}

/** What the Audit log page shows: its filters, page and the open event. */
export interface AuditView {
  filters: AuditFilters;
  page: number;
  /** id of the event whose details are open, '' for none */
  event: string;
}

/** Reads the view from the hash query (`#/audit?action=policy.&event=12`); odd values fall back. */
export function readAuditView(query: URLSearchParams): AuditView {
  const filters = { ...EMPTY_AUDIT_FILTERS };
  for (const key of Object.keys(EMPTY_AUDIT_FILTERS) as Array<keyof AuditFilters>)
    filters[key] = query.get(key) ?? '';
  if (!AUDIT_DECISIONS.includes(filters.decision)) filters.decision = '';
  const page = Number(query.get('page'));
  const event = query.get('event') ?? '';
  return {
    filters,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    event: /^\d+$/.test(event) ? event : '',
  };
}

/** The hash query of a view: only what differs from the defaults, in a stable order. */
export function writeAuditView(view: AuditView): Record<string, string> {
  const out = activeFilters(view.filters);
  if (view.page > 1) out.page = String(view.page);
  if (view.event) out.event = view.event;
  return out;
}
