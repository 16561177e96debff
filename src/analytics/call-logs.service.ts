import type { AppContext } from '../context.ts';
import { invalidParams } from '../errors.ts';
import type { PageQuery } from '../http/pagination.ts';
import {
  type CallLogOrder,
  type CallLogRow,
  deleteCallLogsByFilter,
  deleteCallLogsByIds,
  listCallLogs,
} from '../store/call-logs-read.repo.ts';
import { parseJson, toInt } from '../store/rows.ts';
import { parseCallFilter } from './call-filters.ts';
import { classifyLoggedClient } from './classify-client.ts';

/**
 * The call-log record: the stored row with `request_args` parsed, plus the
 * classified `client` family.
 */
export type CallLogRecord = Omit<CallLogRow, 'request_args' | 'policy_ids'> & {
  request_args: unknown;
  client: string;
  policy_ids: string[] | null;
};

export function presentCallLog(row: CallLogRow): CallLogRecord {
  return {
    id: toInt(row.id),
    server_id: row.server_id === null ? null : toInt(row.server_id),
    server_uuid: row.server_uuid,
    server_name: row.server_name,
    tool_id: row.tool_id === null ? null : toInt(row.tool_id),
    tool_name: row.tool_name,
    method: row.method,
    client_type: row.client_type,
    client_name: row.client_name,
    client: classifyLoggedClient(row).family,
    client_ip: row.client_ip,
    session_id: row.session_id,
    user_uuid: row.user_uuid,
    oauth_client_id: row.oauth_client_id,
    policy_ids: parseJson<string[] | null>(row.policy_ids, null),
    run_id: row.run_id,
    // Stored already redacted by the executor; parsed so clients get an object, not a string.
    request_args: parseJson(row.request_args, row.request_args),
    response_status: row.response_status,
    http_status: row.http_status === null ? null : toInt(row.http_status),
    response_time_ms: toInt(row.response_time_ms),
    error_message: row.error_message,
    response_data: row.response_data,
    args_tokens: row.args_tokens === null ? null : toInt(row.args_tokens),
    result_tokens: row.result_tokens === null ? null : toInt(row.result_tokens),
    created_at: row.created_at,
  };
}

export async function listCalls(
  ctx: AppContext,
  query: Record<string, unknown>,
  order: CallLogOrder,
  page: PageQuery,
): Promise<{ items: CallLogRecord[]; total: number }> {
  const { filter } = await parseCallFilter(ctx, query);
  const { rows, total } = await listCallLogs(ctx.store.db, ctx.store.dialect, filter, order, page);
  return { items: rows.map(presentCallLog), total };
}

/** Positive integers (or digit strings) kept, everything else dropped, duplicates removed. */
function keepIntegerIds(raw: unknown): number[] {
  if (!Array.isArray(raw)) return [];
  const ids = new Set<number>();
  for (const v of raw) {
    if (typeof v === 'number' && Number.isSafeInteger(v) && v > 0) ids.add(v);
    else if (typeof v === 'string' && /^[1-9][0-9]{0,15}$/.test(v.trim())) ids.add(Number(v.trim()));
  }
  return [...ids];
}

/** DELETE /analytics/calls: 400 rest_invalid_param when no integer id remains. */
export async function deleteCallsByIds(ctx: AppContext, body: unknown): Promise<{ deleted: number }> {
  const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).ids : undefined;
  const ids = keepIntegerIds(raw);
  if (ids.length === 0)
    throw invalidParams(
      { ids: 'must be a non-empty array of integer call-log ids' },
      'No valid call-log ids given.',
    );
  return { deleted: await deleteCallLogsByIds(ctx.store.db, ids) };
}

/** DELETE /analytics/calls/filter: filters from the query string and/or a JSON body (body wins). */
export async function deleteCallsByFilter(
  ctx: AppContext,
  query: Record<string, unknown>,
  body: unknown,
): Promise<{ deleted: number }> {
  const input = { ...query, ...(body && typeof body === 'object' && !Array.isArray(body) ? body : {}) };
  const { filter, real } = await parseCallFilter(ctx, input);
  if (!real)
    throw invalidParams(
      {
        filter:
          'give at least one of search, server_id, status, from, to, method_group, min_response_time_ms, user_id',
      },
      'At least one filter is required to delete call logs.',
    );
  return { deleted: await deleteCallLogsByFilter(ctx.store.db, ctx.store.dialect, filter) };
}
