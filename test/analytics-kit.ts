import type { CallLogEntry } from '../src/analytics/call-log-writer.ts';
import type { AppContext } from '../src/context.ts';

/** Test helper: a complete call-log entry with sensible defaults. */
export function callEntry(over: Partial<CallLogEntry> & { created_at: string }): CallLogEntry {
  return {
    server_id: 1,
    server_uuid: null,
    server_name: 'Server',
    tool_id: 1,
    tool_name: 'tool',
    method: 'tools/call',
    client_type: 'mcp',
    client_name: null,
    client_ip: '127.0.0.1',
    user_uuid: null,
    oauth_client_id: null,
    policy_ids: null,
    run_id: null,
    session_id: null,
    request_args: '{}',
    response_status: 'success',
    http_status: 200,
    response_time_ms: 10,
    error_message: null,
    response_data: null,
    ...over,
  };
}

/** Writes entries through the real writer (call_logs + hourly aggregates) and waits for them. */
export async function seedCalls(
  ctx: AppContext,
  entries: Array<Partial<CallLogEntry> & { created_at: string }>,
): Promise<void> {
  for (const e of entries) ctx.callLogs.write(callEntry(e));
  await ctx.callLogs.flush();
}
