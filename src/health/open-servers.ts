import { isIP } from 'node:net';
import type { AppContext } from '../context.ts';
import { listOpenServers } from '../store/servers.repo.ts';

/** True for a bind address only this machine can reach (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  if (h === 'localhost' || h === '::1') return true;
  return isIP(h) === 4 && h.startsWith('127.');
}

/**
 * Active servers with inbound auth `none` that other hosts can reach (the gateway is bound to a
 * non-loopback address): anyone on the network can call their tools with the operator's upstream
 * credentials. Empty when bound to loopback. Logged at start-up and reported by the `open_servers`
 * health check (the admin UI can show the same list).
 */
export async function findOpenServers(ctx: AppContext): Promise<Array<{ slug: string; name: string }>> {
  if (isLoopbackHost(ctx.config.host)) return [];
  return listOpenServers(ctx.store.db);
}
