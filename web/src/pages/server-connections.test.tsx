import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { Server, ServerConnection } from '../api/types.ts';
import { AuthProvider, makeAuth } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { ServerConnections } from './server-connections.tsx';
import { ServerPage } from './server-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const SERVER_ID = 'b0000000-0000-4000-8000-000000000001';
const ANA = 'c0000000-0000-4000-8000-000000000001';
const BEN = 'c0000000-0000-4000-8000-000000000002';

const server = (over: Partial<Server> = {}) =>
  ({
    uuid: SERVER_ID,
    name: 'GitHub',
    status: 'active',
    endpoint_url: 'http://gw.test/mcp/github',
    outbound_auth_type: 'oauth2-authorization-code',
    per_user_auth: {
      type: 'oauth2-authorization-code',
      authorization_url: 'https://github.com/login/oauth/authorize',
      token_url: 'https://github.com/login/oauth/access_token',
      client_id: 'Iv1.abc',
    },
    tool_count: 2,
    prompt_count: 0,
    resource_count: 0,
    ...over,
  }) as unknown as Server;

const CONNECTIONS: ServerConnection[] = [
  {
    user_id: ANA,
    email: 'ana@example.com',
    display_name: 'Ana',
    status: 'connected',
    scope: 'repo',
    expires_at: '2026-11-28T18:00:00.000Z',
    connected_at: '2026-11-28T10:00:00.000Z',
    last_used_at: null,
    last_error: null,
  },
  {
    user_id: BEN,
    email: 'ben@example.com',
    display_name: '',
    status: 'needs_consent',
    scope: null,
    expires_at: null,
    connected_at: '2026-11-20T10:00:00.000Z',
    last_used_at: '2026-11-21T10:00:00.000Z',
    last_error: 'the provider refused the refresh token',
  },
];

describe('a server’s connections', () => {
  test('lists who is connected, with status and no secret', async () => {
    const sent = stubFetch({ body: CONNECTIONS });
    render(<ServerConnections server={server()} />);
    const table = await screen.findByRole('table', { name: 'People connected to GitHub' });
    expect(sent[0]).toMatchObject({ method: 'GET', url: `../api/svc/v1/servers/${SERVER_ID}/connections` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.querySelector('td')?.textContent)).toEqual([
      'Anaana@example.com',
      'ben@example.com',
    ]);
    expect(rows.map((r) => r.querySelector('.badge')?.textContent)).toEqual(['connected', 'needs consent']);
    expect(within(rows[1]!).getByText('the provider refused the refresh token')).toBeTruthy();
  });

  test('Revoke asks first, then deletes that person’s connection and lists again', async () => {
    const sent = stubFetch({ body: CONNECTIONS }, { body: { deleted: true } }, { body: [CONNECTIONS[1]!] });
    render(<ServerConnections server={server()} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Ana' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke Ana’s connection?' });
    expect(dialog.textContent).toMatch(/stop acting as ana@example\.com/);
    expect(sent).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Revoke connection' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Ana is disconnected: they connect again to use these tools.',
    );
    expect(sent[1]).toMatchObject({
      method: 'DELETE',
      url: `../api/svc/v1/servers/${SERVER_ID}/connections/${ANA}`,
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Revoke Ana' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Revoke ben@example.com' })).toBeTruthy();
  });

  test('nobody connected yet is said', async () => {
    stubFetch({ body: [] });
    render(<ServerConnections server={server()} />);
    expect(await screen.findByText('Nobody has connected yet.')).toBeTruthy();
  });
});

describe('the server page’s Connections tab', () => {
  const renderPage = (s: Server, rest: string[] = []) => {
    const sent = stubFetch({ body: s }, { body: CONNECTIONS });
    render(
      <AuthProvider
        auth={makeAuth(
          { name: 'a', role: 'administrator', capabilities: ['manage_options'], prefix: '' },
          () => undefined,
        )}
      >
        <ServerPage uuid={SERVER_ID} rest={rest} />
      </AuthProvider>,
    );
    return sent;
  };
  const tabs = () =>
    within(screen.getByRole('navigation', { name: 'Server sections' }))
      .getAllByRole('link')
      .map((a) => a.textContent?.replace(/\d+$/, ''));

  test('is there for a per-user server and lists its connections', async () => {
    renderPage(server(), ['connections']);
    expect(await screen.findByRole('table', { name: 'People connected to GitHub' })).toBeTruthy();
    expect(tabs()).toContain('Connections');
  });

  test('is not there for a server with shared credentials', async () => {
    renderPage(server({ outbound_auth_type: 'bearer', per_user_auth: null }), ['connect']);
    await screen.findByRole('navigation', { name: 'Server sections' });
    expect(tabs()).toEqual(['Tools', 'Import', 'Sources', 'Prompts', 'Resources', 'Connect', 'Settings']);
  });
});
