import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import { getSettings } from '../settings/settings.service.ts';
import type { CallLogFilter, CallLogOrder } from '../store/call-logs-read.repo.ts';
import { isUuid } from '../store/rows.ts';
import { findServer } from '../store/servers.repo.ts';
import { DATE_RULE, isValidDate, isValidTimeZone, localDaysToUtc } from './time-zone.ts';

/** The site time zone (settings `timezone`), UTC when unset or unknown to Intl. */
export async function siteTimeZone(ctx: AppContext): Promise<string> {
  const { timezone } = await getSettings(ctx);
  return typeof timezone === 'string' && isValidTimeZone(timezone) ? timezone : 'UTC';
}

const METHOD_GROUPS = { tools: 'tools/', prompts: 'prompts/', resources: 'resources/' } as const;

export interface ParsedCallFilter {
  filter: CallLogFilter;
  /** True when at least one filter that narrows the rows was given (delete-by-filter needs one). */
  real: boolean;
}

/** A scalar parameter as text; undefined when absent or empty; arrays/objects are an error. */
function text(input: Record<string, unknown>, name: string, bad: Record<string, string>): string | undefined {
  const raw = input[name];
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
    bad[name] = 'must be a single value';
    return undefined;
  }
  const value = String(raw).trim();
  return value === '' ? undefined : value;
}

/**
 * Validates the call-log filters of the spec's delete-by-filter table (shared by the list,
 * export and both deletes). Bad values are 400 rest_invalid_param naming each one; a
 * `server_id` that resolves to no server is ignored, as the spec says.
 */
export async function parseCallFilter(
  ctx: AppContext,
  input: Record<string, unknown>,
  timeZone?: string,
): Promise<ParsedCallFilter> {
  const bad: Record<string, string> = {};
  const filter: CallLogFilter = {};
  const search = text(input, 'search', bad);
  // Control characters never occur in what is searched (and one is the repository's separator).
  const term = search?.replace(/[\u0000-\u001f]/g, '').slice(0, 500);
  if (term) filter.search = term;

  const serverRef = text(input, 'server_id', bad);
  if (serverRef !== undefined) {
    const server = await findServer(ctx.store.db, serverRef);
    if (server) filter.serverUuid = server.uuid;
  }

  const status = text(input, 'status', bad);
  if (status !== undefined) {
    if (status === 'success' || status === 'error') filter.status = status;
    else bad.status = 'must be success or error';
  }

  const group = text(input, 'method_group', bad);
  if (group !== undefined) {
    if (Object.hasOwn(METHOD_GROUPS, group))
      filter.methodPrefix = METHOD_GROUPS[group as keyof typeof METHOD_GROUPS];
    else bad.method_group = 'must be tools, prompts or resources';
  }

  const user = text(input, 'user_id', bad);
  if (user !== undefined) {
    if (isUuid(user)) filter.userUuid = user.toLowerCase();
    else bad.user_id = 'must be a user UUID';
  }

  const run = text(input, 'run_id', bad);
  if (run !== undefined) {
    if (isUuid(run)) filter.runId = run.toLowerCase();
    else bad.run_id = 'must be a run UUID';
  }

  const minMs = text(input, 'min_response_time_ms', bad);
  if (minMs !== undefined) {
    if (/^[0-9]{1,9}$/.test(minMs)) filter.minResponseMs = Number(minMs);
    else bad.min_response_time_ms = 'must be a non-negative integer';
  }

  const from = text(input, 'from', bad);
  const to = text(input, 'to', bad);
  if (from !== undefined && !isValidDate(from)) bad.from = DATE_RULE;
  if (to !== undefined && !isValidDate(to)) bad.to = DATE_RULE;
  if (from && to && !bad.from && !bad.to && from > to) bad.from = 'must not be after to';
  if (Object.keys(bad).length > 0) throw invalidParams(bad);

  if (from !== undefined || to !== undefined) {
    const zone = timeZone ?? (await siteTimeZone(ctx));
    if (from !== undefined)
      filter.createdFrom = new Date(localDaysToUtc(from, from, zone).start).toISOString();
    if (to !== undefined) filter.createdBefore = new Date(localDaysToUtc(to, to, zone).end).toISOString();
  }
  return { filter, real: Object.keys(filter).length > 0 };
}

/** `orderby` (created_at | response_time_ms, default created_at) and `order` (default desc). */
export function parseOrder(input: Record<string, unknown>): CallLogOrder {
  const bad: Record<string, string> = {};
  const orderby = text(input, 'orderby', bad) ?? 'created_at';
  const order = (text(input, 'order', bad) ?? 'desc').toLowerCase();
  if (orderby !== 'created_at' && orderby !== 'response_time_ms')
    bad.orderby = 'must be created_at or response_time_ms';
  if (order !== 'asc' && order !== 'desc') bad.order = 'must be asc or desc';
  if (Object.keys(bad).length > 0) throw invalidParams(bad);
  return { orderby: orderby as CallLogOrder['orderby'], order: order as CallLogOrder['order'] };
}
