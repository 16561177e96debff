/**
 * MCP calls made as a person: a native client registers, the person signs in and consents
 * (through the test kit's cookie browser), and the token calls `tools/list` and `tools/call`, so
 * call logs carry a user and an OAuth client as they do in use.
 */
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import type { Gateway } from './harness.ts';

interface Person {
  email: string;
  password: string;
}

/**
 * One 2026-07-28 stateless MCP request; the JSON-RPC result (SSE or JSON answer). No token: the
 * server's shared identity (a server without sign-in).
 */
export async function mcp(
  url: string,
  token: string | null,
  method: string,
  params: Record<string, unknown> = {},
) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(method === 'tools/call' ? { 'mcp-name': String(params.name) } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'claude-code', version: '2.1.0' },
        },
      },
    }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method}: ${res.status} ${text}`);
  const json = text.startsWith('{') ? text : (/^data: (.*)$/m.exec(text)?.[1] ?? '{}');
  return (JSON.parse(json) as { result?: Record<string, unknown> }).result ?? {};
}

/** Signs `person` in to the server at `endpoint` and calls each of its tools `times` times. */
export async function callAsPerson(gw: Gateway, person: Person, endpoint: string, times = 1): Promise<void> {
  const issuer = `${gw.url}/oauth`;
  const issued = await obtainCode({ origin: gw.url, issuer }, person, endpoint, new CookieBrowser(gw.url));
  const res = await redeem(issuer, issued, endpoint);
  if (res.status !== 200) throw new Error(`token: ${res.status} ${await res.text()}`);
  const { access_token: token } = (await res.json()) as { access_token: string };
  const { tools = [] } = (await mcp(endpoint, token, 'tools/list')) as { tools?: Array<{ name: string }> };
  for (let i = 0; i < times; i++)
    for (const tool of tools) await mcp(endpoint, token, 'tools/call', { name: tool.name, arguments: {} });
}
