/** Client families the dashboard breaks calls down by. */
export const CLIENT_FAMILIES = {
  claude: 'Claude',
  cursor: 'Cursor',
  vscode: 'VS Code',
  chatgpt: 'ChatGPT',
  mcp_inspector: 'MCP Inspector',
  sdk_python: 'SDK (python)',
  sdk_typescript: 'SDK (typescript)',
  admin_test: 'Admin test',
  other: 'other',
} as const;

export type ClientFamily = keyof typeof CLIENT_FAMILIES;

export interface ClientHints {
  /** MCP `initialize` params.clientInfo.name (stored as call_logs.client_name). */
  name?: string | null;
  /** HTTP User-Agent of the MCP request, when known. */
  userAgent?: string | null;
  /** call_logs.client_type: `mcp` or `admin_test`. */
  clientType?: string | null;
}

// Order matters: Cursor announces itself as "cursor-vscode", so it is tested before VS Code.
const BY_NAME: Array<[RegExp, ClientFamily]> = [
  [/claude/i, 'claude'],
  [/cursor/i, 'cursor'],
  [/visual[\s_-]?studio[\s_-]?code|vs[\s_-]?code|copilot/i, 'vscode'],
  [/chatgpt|openai/i, 'chatgpt'],
  [/inspector/i, 'mcp_inspector'],
  [/python|fastmcp/i, 'sdk_python'],
  [/typescript|mcp-sdk|modelcontextprotocol/i, 'sdk_typescript'],
];

const BY_USER_AGENT: Array<[RegExp, ClientFamily]> = [
  [/claude|anthropic/i, 'claude'],
  [/cursor/i, 'cursor'],
  [/vscode|visual studio code|copilot/i, 'vscode'],
  [/chatgpt|openai/i, 'chatgpt'],
  [/inspector/i, 'mcp_inspector'],
  [/python-httpx|aiohttp|python-requests|python\//i, 'sdk_python'],
  [/^node(\/|$)|undici|node-fetch|mcp-sdk/i, 'sdk_typescript'],
];

/**
 * Names the client family of a call from the MCP clientInfo name, then the User-Agent.
 * The Python SDK's default clientInfo name is plain `mcp`.
 */
export function classifyClient(hints: ClientHints): { family: ClientFamily; label: string } {
  const pick = (family: ClientFamily) => ({ family, label: CLIENT_FAMILIES[family] });
  if (hints.clientType === 'admin_test') return pick('admin_test');
  const name = hints.name?.trim() ?? '';
  if (name) {
    for (const [re, family] of BY_NAME) if (re.test(name)) return pick(family);
    if (name.toLowerCase() === 'mcp') return pick('sdk_python');
  }
  const ua = hints.userAgent?.trim() ?? '';
  if (ua) for (const [re, family] of BY_USER_AGENT) if (re.test(ua)) return pick(family);
  return pick('other');
}

/** The family of a logged call: `client_name` holds the clientInfo name, or the User-Agent when a client sent none. */
export function classifyLoggedClient(row: { client_name: string | null; client_type: string }): {
  family: ClientFamily;
  label: string;
} {
  return classifyClient({ name: row.client_name, userAgent: row.client_name, clientType: row.client_type });
}
