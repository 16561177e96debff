/** Call-log filters (the spec's list for GET/DELETE /analytics/calls), as query parameters. */

export interface CallFilters {
  search: string;
  server_id: string;
  status: string;
  from: string;
  to: string;
  method_group: string;
  min_response_time_ms: string;
}

export const EMPTY_FILTERS: CallFilters = {
  search: '',
  server_id: '',
  status: '',
  from: '',
  to: '',
  method_group: '',
  min_response_time_ms: '',
};

/** Only the filters that are set: delete-by-filter refuses to run without one. */
export function activeFilters(f: CallFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(f)) if (v.trim() !== '') out[k] = v.trim();
  return out;
}

export function checkFilters(f: CallFilters): Record<string, string> {
  const errors: Record<string, string> = {};
  if (f.min_response_time_ms && !/^\d+$/.test(f.min_response_time_ms.trim()))
    errors.min_response_time_ms = 'a whole number of ms';
  if (f.from && f.to && f.from > f.to) errors.to = 'must not be before from';
  return errors;
}
