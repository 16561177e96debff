import type { CallContext } from '../call-context.ts';
import { RpcError } from '../errors.ts';

/**
 * Runs a prompts/resources method and writes its call-log row (tools/call rows come from the
 * executor). The row names the prompt or the URI where a tool call names the tool.
 */
export async function logMcpCall<T>(
  call: CallContext,
  method: string,
  target: string,
  args: unknown,
  run: () => Promise<T>,
): Promise<T> {
  const started = performance.now();
  let error: string | null = null;
  try {
    return await run();
  } catch (err) {
    error = err instanceof RpcError ? err.message : 'Internal error';
    throw err;
  } finally {
    call.ctx.callLogs.write({
      server_id: call.server.id,
      server_uuid: call.server.uuid,
      server_name: call.server.name,
      tool_id: null,
      tool_name: target.slice(0, 500),
      method,
      client_type: 'mcp',
      client_name: call.session?.client_name ?? null,
      client_ip: call.clientIp,
      session_id: call.session?.id ?? null,
      request_args: args === undefined ? null : JSON.stringify(args).slice(0, 10_000),
      response_status: error ? 'error' : 'success',
      http_status: null,
      response_time_ms: Math.round(performance.now() - started),
      error_message: error,
      response_data: null,
    });
  }
}
