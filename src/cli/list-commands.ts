import type { Gateway } from './gateway.ts';
import { GatewayError } from './gateway.ts';
import { findServer } from './import-command.ts';

/** `toolgate servers list`: one line per server (no secrets: the API never shows them). */
export async function printServers(gw: Gateway, print: (line: string) => void): Promise<void> {
  const servers = await gw.listServers();
  for (const s of servers)
    print(
      `${s.uuid}\t${s.slug}\t${s.status}\tauth ${s.auth_type}\t${s.tool_count} tools\t${s.name}\t${s.endpoint_url}`,
    );
  if (servers.length === 0) print(`no servers in ${gw.target}`);
}

/** `toolgate tools list --server S`: one line per tool. */
export async function printTools(
  gw: Gateway,
  serverRef: string,
  print: (line: string) => void,
): Promise<void> {
  const server = await findServer(gw, serverRef);
  if (!server) throw new GatewayError('server_not_found', `no server "${serverRef}" in ${gw.target}`);
  const tools = await gw.listTools(String(server.uuid));
  for (const t of tools) print(`${t.uuid}\t${t.slug}\t${t.status}\t${t.http_method}\t${t.endpoint_url}`);
  if (tools.length === 0) print(`server "${server.name}" has no tools`);
}
