/**
 * Ready-to-paste client configurations for a server's MCP endpoint. Secrets are placeholders:
 * the header an auth type needs, never a stored value.
 */
import type { Server } from '../api/types.ts';
import { usesToolgateSignIn } from './server-form.ts';

export interface Snippet {
  id: string;
  title: string;
  where: string;
  text: string;
}

/**
 * The header (name, placeholder value) a client must send, or null when it sends none of its own:
 * an open endpoint, or one Toolgate signs people in to (the client finds the sign-in itself).
 */
export function authHeader(server: Pick<Server, 'auth_type' | 'auth_config'>): [string, string] | null {
  if (usesToolgateSignIn(server)) return null;
  switch (server.auth_type) {
    case 'bearer':
    case 'oauth':
      return [
        'Authorization',
        server.auth_type === 'oauth' ? 'Bearer <ACCESS_TOKEN>' : 'Bearer <YOUR_TOKEN>',
      ];
    case 'basic':
      return ['Authorization', 'Basic <BASE64_OF_USER:PASSWORD>'];
    case 'api-key': {
      const name = String(server.auth_config?.name ?? 'X-API-Key');
      return server.auth_config?.location === 'query' ? null : [name, '<YOUR_API_KEY>'];
    }
    default:
      return null;
  }
}

/** The endpoint URL clients use (an api-key in the query is added as a placeholder). */
export function clientUrl(server: Pick<Server, 'endpoint_url' | 'auth_type' | 'auth_config'>): string {
  if (server.auth_type === 'api-key' && server.auth_config?.location === 'query') {
    const name = String(server.auth_config?.name ?? 'api_key');
    return `${server.endpoint_url}?${encodeURIComponent(name)}=<YOUR_API_KEY>`;
  }
  return server.endpoint_url;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);
const shellQuote = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
/** A word the shell reads as itself stays bare, as the README writes it; anything else is quoted. */
const shellWord = (s: string) => (/^[\w:/.@%+=,-]+$/.test(s) ? s : shellQuote(s));

/** The VS Code input that prompts for the credential, so `.vscode/mcp.json` never holds it. */
export const VSCODE_INPUT_ID = 'toolgate-token';

interface VscodeAuth {
  inputs?: unknown[];
  headers?: Record<string, string>;
  /** The URL with the query key as `${input:…}`, for an api-key read from the query. */
  url?: string;
}

/** VS Code's `inputs` and `headers` for a server: the secret part is `${input:…}`, never a value. */
function vscodeAuth(server: Server): VscodeAuth {
  const ref = `\${input:${VSCODE_INPUT_ID}}`;
  const description =
    server.auth_type === 'basic'
      ? 'Toolgate server credential (base64 of user:password)'
      : server.auth_type === 'api-key'
        ? 'Toolgate server API key'
        : server.auth_type === 'oauth'
          ? 'Toolgate server access token'
          : 'Toolgate server token';
  const inputs = [{ type: 'promptString', id: VSCODE_INPUT_ID, description, password: true }];
  if (server.auth_type === 'api-key' && server.auth_config?.location === 'query') {
    const name = String(server.auth_config?.name ?? 'api_key');
    return { inputs, url: `${server.endpoint_url}?${encodeURIComponent(name)}=${ref}` };
  }
  const header = authHeader(server);
  if (!header) return {};
  const [name, placeholder] = header;
  const scheme = /^(Bearer|Basic) /.exec(placeholder)?.[0] ?? '';
  return { inputs, headers: { [name]: `${scheme}${ref}` } };
}

export function snippets(server: Server): Snippet[] {
  const url = clientUrl(server);
  const header = authHeader(server);
  const headers = header ? { [header[0]]: header[1] } : undefined;
  const name = server.slug;
  const remoteArgs = [
    '-y',
    'mcp-remote',
    url,
    ...(header ? ['--header', `${header[0]}:\${AUTH_HEADER}`] : []),
  ];
  return [
    {
      id: 'claude-desktop',
      title: 'Claude Desktop',
      where: 'claude_desktop_config.json (through mcp-remote)',
      text: json({
        mcpServers: {
          [name]: {
            command: 'npx',
            args: remoteArgs,
            ...(header ? { env: { AUTH_HEADER: header[1] } } : {}),
          },
        },
      }),
    },
    {
      id: 'claude-code',
      title: 'Claude Code',
      where: 'terminal',
      text: `claude mcp add --transport http ${name} ${shellQuote(url)}${header ? ` --header ${shellQuote(`${header[0]}: ${header[1]}`)}` : ''}`,
    },
    {
      id: 'cursor',
      title: 'Cursor',
      where: '.cursor/mcp.json',
      text: json({ mcpServers: { [name]: { url, ...(headers ? { headers } : {}) } } }),
    },
    {
      id: 'vscode',
      title: 'VS Code',
      where: '.vscode/mcp.json',
      text: vscodeConfig(name, url, vscodeAuth(server)),
    },
    {
      id: 'inspector',
      title: 'MCP Inspector',
      where: 'terminal',
      text: `npx @modelcontextprotocol/inspector --cli ${shellWord(url)} --transport http${header ? ` --header "${header[0]}: ${header[1]}"` : ''} --method tools/list`,
    },
  ];
}

function vscodeConfig(name: string, url: string, auth: VscodeAuth): string {
  const server = { type: 'http', url: auth.url ?? url, ...(auth.headers ? { headers: auth.headers } : {}) };
  return json({ ...(auth.inputs ? { inputs: auth.inputs } : {}), servers: { [name]: server } });
}
