/** Call-log filters (the spec's list for GET/DELETE /analytics/calls), as query parameters. */

export interface CallFilters {
  search: string;
  server_id: string;
  status: string;
  from: string;
  to: string;
  method_group: string;
  min_response_time_ms: string;
  /** A person's UUID: their calls through a server Toolgate signs people in to. */
  user_id: string;
  /** A code-mode run's id: the `execute` call and the api calls its program made. */
  run_id: string;
}

export const EMPTY_FILTERS: CallFilters = {
  search: '',
  server_id: '',
  status: '',
  from: '',
  to: '',
  method_group: '',
  min_response_time_ms: '',
  user_id: '',
  run_id: '',
};

/** Only the filters that are set (trimmed): delete-by-filter refuses to run without one. */
export function activeFilters<F extends { [K in keyof F]: string }>(f: F): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries<string>(f)) if (v.trim() !== '') out[k] = v.trim();
  return out;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function checkFilters(f: CallFilters): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.min_response_time_ms && !/^\d+$/.test(f.min_response_time_ms.trim()))
    errors.min_response_time_ms = 'a whole number of ms';
  if (f.from && f.to && f.from > f.to) errors.to = 'must not be before from';
  if (f.user_id.trim() && !UUID.test(f.user_id.trim())) errors.user_id = 'a user UUID';
  if (f.run_id.trim() && !UUID.test(f.run_id.trim())) errors.run_id = 'a run id (UUID)';
  return errors;
}

/** What the Call logs page shows: its filters, page, order and the open record, as the URL keeps them. */
export interface CallView {
  filters: CallFilters;
  page: number;
  order: string;
  /** id of the call whose details are open, '' for none */
  call: string;
}

export const DEFAULT_ORDER = 'created_at:desc';
const ORDERS = ['created_at:desc', 'created_at:asc', 'response_time_ms:desc', 'response_time_ms:asc'];

/**
 * Reads the view from the hash query (`#/logs?server_id=…&status=error&call=12`): a link to it
 * can be shared, reloaded and gone back to. Unknown keys are ignored, odd values fall back.
 */
export function readCallView(query: URLSearchParams): CallView {
  const filters = { ...EMPTY_FILTERS };
  for (const key of Object.keys(EMPTY_FILTERS) as Array<keyof CallFilters>)
    filters[key] = query.get(key) ?? '';
  const page = Number(query.get('page'));
  const order = query.get('order') ?? '';
  const call = query.get('call') ?? '';
  return {
    filters,
    page: Number.isSafeInteger(page) && page > 1 ? page : 1,
    order: ORDERS.includes(order) ? order : DEFAULT_ORDER,
    call: /^\d+$/.test(call) ? call : '',
  };
}

/** The hash query of a view: only what differs from the defaults, in a stable order. */
export function writeCallView(view: CallView): Record<string, string> {
  const out: Record<string, string> = { ...activeFilters(view.filters) };
  if (view.order !== DEFAULT_ORDER) out.order = view.order;
  if (view.page > 1) out.page = String(view.page);
  if (view.call) out.call = view.call;
  return out;
}
