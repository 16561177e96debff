import type { AppContext } from '../../context.ts';
import { BoundedCache } from '../../shared/bounded-cache.ts';
import { findServerTool } from '../../tools/tools.service.ts';
import type { CallContext } from '../call-context.ts';
import { invalidParams } from '../errors.ts';
import { logMcpCall } from './call-log.ts';

/** One operator hint per tool per this interval, however often clients call it. */
export const HINT_INTERVAL_MS = 60_000;
const lastHints = new WeakMap<AppContext, BoundedCache<number>>();

/** True when no hint for this key was logged within the interval (and remembers this one). */
function hintDue(ctx: AppContext, key: string, now = Date.now()): boolean {
  let seen = lastHints.get(ctx);
  if (!seen) {
    seen = new BoundedCache<number>({ maxEntries: 1_000 });
    lastHints.set(ctx, seen);
  }
  const last = seen.get(key);
  if (last !== undefined && now - last < HINT_INTERVAL_MS) return false;
  seen.set(key, now);
  return true;
}

/**
 * `tools/call` of a name that is not among the server's active tools: -32602. When the name is a
 * draft or inactive tool of the server, the operator gets a log hint (pino, at most once per tool
 * per minute) and the call log records the attempt, so "Claude says the tool does not exist" has
 * an answer in both places.
 */
export async function refuseUnservedTool(call: CallContext, name: string, args: unknown): Promise<never> {
  const tool = await findServerTool(call.ctx, call.server.id, name);
  if (!tool) throw invalidParams(`Unknown tool: ${name.slice(0, 128)}`);
  if (hintDue(call.ctx, `${call.server.id}:${tool.id}`))
    call.log.warn(
      { server: call.server.slug, tool: tool.slug, status: tool.status },
      `an MCP client called tool "${tool.slug}" of server "${call.server.slug}", which is ${tool.status}: ` +
        `activate it to serve it (PATCH /servers/${call.server.uuid}/tools/${tool.uuid} {"status":"active"})`,
    );
  return logMcpCall(call, 'tools/call', tool.slug, args, async () => {
    throw invalidParams(
      `Unknown tool: ${tool.slug} (it is ${tool.status}: an operator must activate it first)`,
    );
  });
}
