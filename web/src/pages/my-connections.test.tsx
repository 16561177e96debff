import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { MyConnection } from '../api/types.ts';
import { stubFetch } from '../test-fetch.ts';
import { MyConnections } from './my-connections.tsx';

afterEach(() => vi.unstubAllGlobals());

const GITHUB = 'a0000000-0000-4000-8000-000000000001';
const JIRA = 'a0000000-0000-4000-8000-000000000002';
const LINEAR = 'a0000000-0000-4000-8000-000000000003';
const WIKI = 'a0000000-0000-4000-8000-000000000004';

function aConnection(over: Partial<MyConnection>): MyConnection {
  return {
    server_id: GITHUB,
    server_name: 'GitHub',
    server_slug: 'github',
    kind: 'oauth2-authorization-code',
    provider: 'github.com',
    status: 'connected',
    scope: 'repo read:user',
    expires_at: '2026-11-28T18:00:00.000Z',
    connected_at: '2026-11-28T10:00:00.000Z',
    last_used_at: '2026-11-28T10:05:00.000Z',
    last_error: null,
    ...over,
  };
}

const FOUR: MyConnection[] = [
  aConnection({}),
  aConnection({
    server_id: JIRA,
    server_name: 'Jira',
    server_slug: 'jira',
    provider: 'auth.atlassian.com',
    status: 'needs_consent',
    last_error: 'the provider refused the refresh token',
  }),
  aConnection({
    server_id: LINEAR,
    server_name: 'Linear',
    server_slug: 'linear',
    kind: 'personal-token',
    provider: null,
    status: 'not_connected',
    scope: null,
    expires_at: null,
    connected_at: null,
    last_used_at: null,
  }),
  aConnection({
    server_id: WIKI,
    server_name: 'Wiki',
    server_slug: 'wiki',
    kind: 'token-exchange',
    provider: 'idp.example.com',
    status: 'automatic',
    scope: null,
    expires_at: null,
    connected_at: null,
    last_used_at: null,
  }),
];

/** The row of a server, by its name in the first cell. */
const rowOf = (name: string) => screen.getByRole('cell', { name: new RegExp(`^${name}\\b`) }).closest('tr')!;
const buttonsOf = (name: string) =>
  within(rowOf(name))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('My connections', () => {
  test('lists each server with its status, what it asks, and the actions that fit', async () => {
    const sent = stubFetch({ body: FOUR });
    render(<MyConnections />);
    await screen.findByRole('table', { name: 'My connections' });
    expect(sent[0]).toMatchObject({ method: 'GET', url: '../api/svc/v1/me/connections' });
    const badges = screen
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.querySelector('.badge')?.textContent);
    expect(badges).toEqual(['connected', 'needs consent', 'not connected', 'automatic']);
    expect(within(rowOf('GitHub')).getByText('repo read:user')).toBeTruthy();
    expect(within(rowOf('GitHub')).getByText('github.com')).toBeTruthy();
    expect(
      within(rowOf('Jira')).getByText('Connect again: the provider refused the refresh token'),
    ).toBeTruthy();
    expect(within(rowOf('Linear')).getByText('Enter your token to use its tools.')).toBeTruthy();
    expect(
      within(rowOf('Wiki')).getByText('Your sign-in token is exchanged on each call; nothing to connect.'),
    ).toBeTruthy();
    expect(buttonsOf('GitHub')).toEqual(['Reconnect GitHub', 'Disconnect GitHub']);
    expect(buttonsOf('Jira')).toEqual(['Reconnect Jira', 'Disconnect Jira']);
    expect(buttonsOf('Linear')).toEqual(['Connect Linear']);
    expect(buttonsOf('Wiki')).toEqual([]);
  });

  test('Connect asks for a consent link and sends the browser there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const link = 'http://gw.test/connect/Qm9vb29vb29v';
    const sent = stubFetch({ body: FOUR }, { body: { url: link } });
    render(<MyConnections />);
    fireEvent.click(await screen.findByRole('button', { name: 'Connect Linear' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(link));
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: `../api/svc/v1/me/connections/${LINEAR}/connect`,
    });
  });

  test('a refused Connect is said and navigates nowhere', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    stubFetch(
      { body: FOUR },
      { status: 403, body: { code: 'rest_forbidden', message: 'This server is not open to you.' } },
    );
    render(<MyConnections />);
    fireEvent.click(await screen.findByRole('button', { name: 'Reconnect Jira' }));
    expect(await screen.findByText(/This server is not open to you\./)).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Reconnect Jira' }).hasAttribute('disabled')).toBe(false);
  });

  test('Disconnect asks first, then deletes and lists again', async () => {
    const after = [FOUR[1]!, FOUR[2]!, FOUR[3]!, aConnection({ status: 'not_connected', scope: null })];
    const sent = stubFetch({ body: FOUR }, { body: { deleted: true } }, { body: after });
    render(<MyConnections />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect GitHub' }));
    const dialog = screen.getByRole('dialog', { name: 'Disconnect GitHub?' });
    expect(dialog.textContent).toMatch(/Your tokens for GitHub \(github\.com\) are deleted/);
    expect(sent).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Disconnected from GitHub: its tools ask you to connect again.',
    );
    expect(sent[1]).toMatchObject({ method: 'DELETE', url: `../api/svc/v1/me/connections/${GITHUB}` });
    await waitFor(() => expect(buttonsOf('GitHub')).toEqual(['Connect GitHub']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('Cancel in the dialog deletes nothing', async () => {
    const sent = stubFetch({ body: FOUR });
    render(<MyConnections />);
    fireEvent.click(await screen.findByRole('button', { name: 'Disconnect Jira' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.map((r) => r.method)).toEqual(['GET']);
  });

  test('with nothing to connect, says which servers appear here', async () => {
    stubFetch({ body: [] });
    render(<MyConnections />);
    expect(await screen.findByText('Nothing to connect yet.')).toBeTruthy();
    expect(screen.getByText(/Servers with per-user sign-in appear here/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  test('a key of no person is told connections belong to people', async () => {
    stubFetch({
      status: 403,
      body: { code: 'rest_forbidden', message: 'Connections belong to people: this key has no owner.' },
    });
    render(<MyConnections />);
    expect(await screen.findByText(/signed in with an API key that belongs to no person/)).toBeTruthy();
  });
});
