import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { AuthProvider, makeAuth, meOfSession } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { aSession, aSignIn, aUser, CHROME_MAC } from '../test-people.ts';
import { UserPage } from './user-page.tsx';
import { Users } from './users.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.location.hash = '';
});

const admin = aUser();
const bo = aUser({
  id: 'u-2',
  email: 'bo@example.com',
  display_name: '',
  role: null,
  groups: [{ id: 'g-1', name: 'Ops' }],
  capabilities: ['svc_manage_servers', 'svc_view_analytics'],
  has_password: false,
  external: true,
  last_sign_in_at: null,
});

const asAdmin = (ui: React.ReactNode) =>
  render(
    <AuthProvider
      auth={makeAuth(meOfSession(aSignIn(admin)), () => undefined, { via: 'session', user: admin })}
    >
      {ui}
    </AuthProvider>,
  );

describe('Users', () => {
  test('lists each person with role, groups, how they sign in and their state', async () => {
    stubFetch({
      body: [admin, { ...bo, disabled: true }],
      headers: { 'X-Svc-Total': '2', 'X-Svc-TotalPages': '1' },
    });
    asAdmin(<Users />);
    const row = (await screen.findByRole('link', { name: 'bo@example.com' })).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['bo@example.com', 'none', 'Ops', 'identity provider', '—', 'disabled']);
    expect(screen.getByRole('link', { name: 'Ana' }).getAttribute('href')).toBe('#/users/u-1');
    const me = screen.getByRole('link', { name: 'Ana' }).closest('td') as HTMLElement;
    expect(within(me).getByText('you')).toBeTruthy();
    expect(within(row).queryByText('you')).toBeNull();
    expect(screen.getByText('Page 1 of 1 · 2 in all')).toBeTruthy();
  });

  test('a new user needs an e-mail, and a password, when given, of 12 characters or more', async () => {
    const sent = stubFetch({ body: [] });
    asAdmin(<Users />);
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(screen.getByRole('link', { name: 'E-mail: required' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Password: at least 12 characters' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('E-mail *')));
    expect(sent.filter((r) => r.method === 'POST')).toEqual([]);
  });

  test('adds a user with a role and no password, and says how they will sign in', async () => {
    const sent = stubFetch({ body: [] }, { status: 201, body: bo }, { body: [bo] });
    asAdmin(<Users />);
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    fireEvent.change(screen.getByLabelText('E-mail *'), { target: { value: ' bo@example.com ' } });
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'analyst' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(
      await screen.findByText(/with no password, they sign in through the identity provider/),
    ).toBeTruthy();
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '../api/svc/v1/users',
      body: { email: 'bo@example.com', role: 'analyst' },
    });
    expect(screen.queryByRole('form', { name: 'New user' })).toBeNull();
  });

  test("the API's refusal of a duplicate e-mail marks the field", async () => {
    stubFetch(
      { body: [] },
      {
        status: 409,
        body: {
          code: 'rest_conflict',
          message: 'That e-mail is taken',
          data: { status: 409, params: { email: 'already a user' } },
        },
      },
    );
    asAdmin(<Users />);
    fireEvent.click(screen.getByRole('button', { name: 'New user' }));
    fireEvent.change(screen.getByLabelText('E-mail *'), { target: { value: 'ana@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByRole('link', { name: 'E-mail: already a user' })).toBeTruthy();
    expect(screen.getByLabelText('E-mail *').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('a user page', () => {
  test('saves only what changed: role removed, disabled', async () => {
    const sent = stubFetch(
      { body: aUser({ id: 'u-2', role: 'editor' }) },
      { body: [] },
      { body: [] },
      { body: {} },
      { body: aUser() },
    );
    asAdmin(<UserPage id="u-2" />);
    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: '' } });
    fireEvent.click(screen.getByLabelText('Disabled'));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Saved: they are signed out and cannot sign in.')).toBeTruthy();
    expect(sent.find((r) => r.method === 'PATCH')).toMatchObject({
      url: '../api/svc/v1/users/u-2',
      body: { role: null, disabled: true },
    });
  });

  test('an administrator cannot disable or delete themselves, and the last-administrator refusal is shown', async () => {
    stubFetch(
      { body: admin },
      { body: [aSession({ current: true })] },
      { body: [] },
      {
        status: 409,
        body: {
          code: 'rest_conflict',
          message: 'The last administrator keeps the role',
          data: { status: 409 },
        },
      },
    );
    asAdmin(<UserPage id="u-1" />);
    const disabled = (await screen.findByLabelText('Disabled')) as HTMLInputElement;
    expect(disabled.disabled).toBe(true);
    expect(screen.getByText('You cannot delete yourself; another administrator can.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete user…' })).toBeNull();
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'editor' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The last administrator keeps the role')).toBeTruthy();
  });

  test('a new password needs 12 characters; a good one is sent once and the field emptied', async () => {
    const sent = stubFetch(
      { body: bo },
      { body: [] },
      { body: [] },
      { body: {} },
      { body: { ...bo, has_password: true } },
    );
    asAdmin(<UserPage id="u-2" />);
    const field = (await screen.findByLabelText('New password')) as HTMLInputElement;
    expect(screen.getByRole('heading', { name: 'Set a password' })).toBeTruthy();
    fireEvent.change(field, { target: { value: 'too short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field, { target: { value: 'a long enough password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Password set. Give it to them privately.')).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([
      expect.objectContaining({
        url: '../api/svc/v1/users/u-2',
        body: { password: 'a long enough password' },
      }),
    ]);
    expect(field.value).toBe('');
  });

  test("lists the apps this person allowed, not anyone else's, and revokes one through /grants", async () => {
    const mine = {
      id: 'g-a',
      user: { id: 'u-2', email: 'bo@example.com' },
      client: { id: 'https://claude.ai/oauth/client.json', name: 'Claude' },
      resources: [{ resource: 'https://gw.example.com/mcp/pet-store', scopes: ['mcp'] }],
      created_at: '2026-11-28T08:00:00Z',
      expires_at: null,
    };
    const theirs = {
      ...mine,
      id: 'g-b',
      user: { id: 'u-9', email: 'x@example.com' },
      client: { id: 'c', name: 'Other' },
    };
    const sent = stubFetch(
      { body: bo },
      { body: [] },
      { body: [mine, theirs] },
      { status: 204 },
      { body: [] },
    );
    asAdmin(<UserPage id="u-2" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Claude' }));
    expect(screen.queryByText('Other')).toBeNull();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke access' }));
    expect(await screen.findByText('Claude can no longer act as bo@example.com.')).toBeTruthy();
    expect(sent[3]).toMatchObject({ method: 'DELETE', url: '../api/svc/v1/grants/g-a' });
  });

  test('signs a user out everywhere after asking, and deletes them', async () => {
    window.location.hash = '#/users/u-2';
    const sent = stubFetch(
      { body: bo },
      { body: [aSession(), aSession({ id: 's-2', user_agent: CHROME_MAC })] },
      { body: [] },
      { status: 204 },
      { body: [] },
      { status: 204 },
    );
    asAdmin(<UserPage id="u-2" />);
    await screen.findByText('Chrome on macOS');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out everywhere…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Signed out everywhere.')).toBeTruthy();
    expect(await screen.findByText('Not signed in anywhere.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete user…' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete user' }));
    await waitFor(() => expect(window.location.hash).toBe('#/users'));
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.url)).toEqual([
      '../api/svc/v1/users/u-2/sessions',
      '../api/svc/v1/users/u-2',
    ]);
  });
});
