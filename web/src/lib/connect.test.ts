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
      expect(snippet.text).toContain('<YOUR_TOKEN>');
      expect(snippet.text).not.toContain('token_set');
    }
    const cursor = JSON.parse(snippets(s).find((x) => x.id === 'cursor')?.text ?? '');
    expect(cursor.mcpServers.pets.headers).toEqual({ Authorization: 'Bearer <YOUR_TOKEN>' });
    const desktop = JSON.parse(snippets(s).find((x) => x.id === 'claude-desktop')?.text ?? '');
    expect(desktop.mcpServers.pets.env).toEqual({ AUTH_HEADER: 'Bearer <YOUR_TOKEN>' });
  });

  test('an API key goes in its header, or in the query when the server reads it there', () => {
    expect(authHeader(server('api-key', { name: 'X-Key', location: 'header' }))).toEqual([
      'X-Key',
      '<YOUR_API_KEY>',
    ]);
    const query = server('api-key', { name: 'key', location: 'query' });
    expect(authHeader(query)).toBeNull();
    expect(clientUrl(query)).toBe('https://gw.test/mcp/pets?key=<YOUR_API_KEY>');
  });
});
