import { describe, expect, test } from 'vitest';
import type { Server } from '../api/types.ts';
import { authHeader, clientUrl, snippets } from './connect.ts';

const server = (auth_type: Server['auth_type'], auth_config: Server['auth_config'] = null) =>
  ({ slug: 'pets', endpoint_url: 'https://gw.test/mcp/pets', auth_type, auth_config }) as Server;

describe('connect panel snippets', () => {
  test('an open endpoint gets plain URL configs for every client', () => {
    const all = snippets(server('none'));
    expect(all.map((s) => s.id)).toEqual(['claude-desktop', 'claude-code', 'cursor', 'vscode', 'inspector']);
    expect(all.find((s) => s.id === 'claude-code')?.text).toBe(
      "claude mcp add --transport http pets 'https://gw.test/mcp/pets'",
    );
    expect(JSON.parse(all.find((s) => s.id === 'vscode')?.text ?? '')).toEqual({
      servers: { pets: { type: 'http', url: 'https://gw.test/mcp/pets' } },
    });
    expect(JSON.parse(all.find((s) => s.id === 'claude-desktop')?.text ?? '').mcpServers.pets.args).toEqual([
      '-y',
      'mcp-remote',
      'https://gw.test/mcp/pets',
    ]);
  });

  test('a bearer endpoint carries an Authorization placeholder, never a stored value', () => {
    const s = server('bearer', { type: 'bearer', token_set: true });
    expect(authHeader(s)).toEqual(['Authorization', 'Bearer <YOUR_TOKEN>']);
    for (const snippet of snippets(s)) {
      expect(snippet.text).toContain(snippet.id === 'vscode' ? `\${input:toolgate-token}` : '<YOUR_TOKEN>');
      expect(snippet.text).not.toContain('token_set');
    }
    const cursor = JSON.parse(snippets(s).find((x) => x.id === 'cursor')?.text ?? '');
    expect(cursor.mcpServers.pets.headers).toEqual({ Authorization: 'Bearer <YOUR_TOKEN>' });
    const desktop = JSON.parse(snippets(s).find((x) => x.id === 'claude-desktop')?.text ?? '');
    expect(desktop.mcpServers.pets.env).toEqual({ AUTH_HEADER: 'Bearer <YOUR_TOKEN>' });
  });

  test('the VS Code config prompts for the token through a password input, so mcp.json never holds it', () => {
    const vscode = JSON.parse(
      snippets(server('bearer', { token_set: true })).find((x) => x.id === 'vscode')?.text ?? '',
    );
    expect(vscode).toEqual({
      inputs: [
        { type: 'promptString', id: 'toolgate-token', description: 'Toolgate server token', password: true },
      ],
      servers: {
        pets: {
          type: 'http',
          url: 'https://gw.test/mcp/pets',
          headers: { Authorization: `Bearer \${input:toolgate-token}` },
        },
      },
    });
    const key = JSON.parse(
      snippets(server('api-key', { name: 'X-Key', location: 'header' })).find((x) => x.id === 'vscode')
        ?.text ?? '',
    );
    expect(key.servers.pets.headers).toEqual({ 'X-Key': `\${input:toolgate-token}` });
    expect(key.inputs[0].password).toBe(true);
  });

  test("the MCP Inspector command is the README's: --cli, the URL, --transport http, the header, --method", () => {
    expect(snippets(server('none')).find((x) => x.id === 'inspector')?.text).toBe(
      'npx @modelcontextprotocol/inspector --cli https://gw.test/mcp/pets --transport http --method tools/list',
    );
    expect(snippets(server('bearer', { token_set: true })).find((x) => x.id === 'inspector')?.text).toBe(
      'npx @modelcontextprotocol/inspector --cli https://gw.test/mcp/pets --transport http --header "Authorization: Bearer <YOUR_TOKEN>" --method tools/list',
    );
    expect(
      snippets(server('api-key', { name: 'key', location: 'query' })).find((x) => x.id === 'inspector')?.text,
    ).toBe(
      "npx @modelcontextprotocol/inspector --cli 'https://gw.test/mcp/pets?key=<YOUR_API_KEY>' --transport http --method tools/list",
    );
  });

  test('an API key goes in its header, or in the query when the server reads it there', () => {
    expect(authHeader(server('api-key', { name: 'X-Key', location: 'header' }))).toEqual([
      'X-Key',
      '<YOUR_API_KEY>',
    ]);
    const query = server('api-key', { name: 'key', location: 'query' });
    expect(authHeader(query)).toBeNull();
    expect(clientUrl(query)).toBe('https://gw.test/mcp/pets?key=<YOUR_API_KEY>');
    const vscode = JSON.parse(snippets(query).find((x) => x.id === 'vscode')?.text ?? '');
    expect(vscode.servers.pets.url).toBe(`https://gw.test/mcp/pets?key=\${input:toolgate-token}`);
    expect(vscode.inputs[0]).toMatchObject({ type: 'promptString', password: true });
  });
});
