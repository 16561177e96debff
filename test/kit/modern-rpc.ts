/*
 * One 2026-07-28 JSON-RPC request as the transport specifies it (the headers mirror the body:
 * `Mcp-Method`, `Mcp-Name` for a tool's name or a task's id, the version in `_meta` and in
 * `MCP-Protocol-Version`), for what the SDK 2.4 client cannot send itself — a tools/call that
 * answers a `CreateTaskResult`.
 */

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks';

export interface ModernRequest {
  token?: string;
  /** Declare the Tasks extension (default true). */
  tasks?: boolean;
  /** More client capabilities. */
  capabilities?: Record<string, unknown>;
  headers?: Record<string, string>;
}

export async function modernRpc(
  url: string,
  method: string,
  params: Record<string, unknown>,
  opts: ModernRequest = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const name =
    method === 'tools/call' ? params.name : method.startsWith('tasks/') ? params.taskId : undefined;
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(typeof name === 'string' ? { 'mcp-name': name } : {}),
      ...opts.headers,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {
            ...opts.capabilities,
            ...(opts.tasks === false ? {} : { extensions: { [TASKS_EXTENSION]: {} } }),
          },
        },
      },
    }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
