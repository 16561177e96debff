import { BoundedCache } from './bounded-cache.ts';

/*
 * Rate-limit keys made once per record (and client address) instead of per call. A key built per
 * call is a new string: the limiter's Map hashed it and compared it character by character with
 * the stored key on every call. A kept key has its hash cached and is found by identity.
 * Records are replaced when they change, so the WeakMaps drop their keys with them.
 */

const toolKeys = new WeakMap<object, string>();
const serverKeys = new WeakMap<object, BoundedCache<string>>();
/** Client addresses kept per server record (keys are cheap to remake). */
const MAX_ADDRESSES = 1_000;

/** `tool:{uuid}`: one tool's counter, shared by every caller and instance. */
export function toolLimitKey(tool: { uuid: string }): string {
  let key = toolKeys.get(tool);
  if (key === undefined) {
    key = `tool:${tool.uuid}`;
    toolKeys.set(tool, key);
  }
  return key;
}

/** `mcp:{server uuid}:{client ip}`: one client's counter on one MCP server. */
export function serverLimitKey(server: { uuid: string }, clientIp: string): string {
  let keys = serverKeys.get(server);
  if (!keys) {
    keys = new BoundedCache({ maxEntries: MAX_ADDRESSES });
    serverKeys.set(server, keys);
  }
  let key = keys.get(clientIp);
  if (key === undefined) {
    key = `mcp:${server.uuid}:${clientIp}`;
    keys.set(clientIp, key);
  }
  return key;
}
