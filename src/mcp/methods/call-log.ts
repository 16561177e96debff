import { buildCallLogEntry } from '../../shared/call-log-entry.ts';
import type { CallContext } from '../call-context.ts';
import { RpcError } from '../errors.ts';

/**
 * Runs a prompts/resources method and writes its call-log row through the shared builder (the
 * same redaction and size rule as tools/call rows). The row names the prompt or the URI where a
 * tool call names the tool.
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
    const subject = {
      server: call.server,
      toolId: null,
      target,
      method,
      clientType: 'mcp' as const,
      clientName: (call.modern ? call.modern.clientName : call.session?.client_name) ?? null,
      clientIp: call.clientIp,
      sessionId: call.session?.id ?? null,
      caller: call.caller,
    };
    const result = {
      ok: error === null,
      error,
      httpStatus: null,
      durationMs: performance.now() - started,
      responseData: null,
    };
    const committed = call.ctx.callLogs.write(buildCallLogEntry(subject, args, result));
    if (committed) await committed.catch(() => undefined); // durable mode: committed before the answer
  }
}
