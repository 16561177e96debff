import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import type { ApiKey, User } from '../api/types.ts';
import { type Auth, AuthProvider, makeAuth, meOfSession } from '../lib/auth.tsx';
import { stubFetch } from '../test-fetch.ts';
import { aSession, aSignIn, aUser, CHROME_MAC } from '../test-people.ts';
import { Account } from './account.tsx';

afterEach(() => vi.unstubAllGlobals());

const editor = aUser({ role: 'editor', capabilities: ['svc_manage_servers', 'svc_view_analytics'] });
const key = (over: Partial<ApiKey> = {}): ApiKey => ({
  id: 1,
  uuid: 'k-1',
  name: 'laptop',
  prefix: 'tgk_aaaa',
  role: 'editor',
  capabilities: ['svc_manage_servers', 'svc_view_analytics'],
  created_at: '2026-11-01T00:00:00Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  ...over,
});

function renderAccount(user: User, signOut: Auth['signOut'] = () => undefined) {
  return render(
    <AuthProvider auth={makeAuth(meOfSession(aSignIn(user)), signOut, { via: 'session', user })}>
      <Account />
    </AuthProvider>,
  );
}

describe('My account: password', () => {
  test('needs the current password, 12 characters and the same new password twice', async () => {
    const sent = stubFetch({ body: editor }, { body: [] }, { body: [] }, { body: [] });
    renderAccount(editor);
    fireEvent.change(await screen.findByLabelText('New password'), {
      target: { value: 'a long enough one' },
    });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'a long enough 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByRole('link', { name: 'Current password: required' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'New password again: does not match the new password' }),
    ).toBeTruthy();
    expect(sent.filter((r) => r.method === 'PATCH')).toEqual([]);
  });

  test('a wrong current password marks that field and does not sign the person out', async () => {
    const signOut = vi.fn();
    const sent = stubFetch(
      { body: editor },
      { body: [] },
      { body: [] },
      { body: [] },
      {
        status: 400,
        body: {
          code: 'rest_invalid_param',
          message: 'Invalid parameter(s): current_password',
          data: { status: 400, params: { current_password: 'is not the current password' } },
        },
      },
    );
    renderAccount(editor, signOut);
    fireEvent.change(await screen.findByLabelText('Current password'), { target: { value: 'not it' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'a long enough one' } });
    fireEvent.change(screen.getByLabelText('New password again'), { target: { value: 'a long enough one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByRole('link', { name: 'Current password: is not the current password' }),
    ).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Current password')));
    expect(sent.find((r) => r.method === 'PATCH')?.body).toEqual({
      password: 'a long enough one',
      current_password: 'not it',
    });
    expect(signOut).not.toHaveBeenCalled();
  });

  test('a person who signs in through the identity provider has no password to change', async () => {
    stubFetch(
      { body: { ...editor, has_password: false, external: true } },
      { body: [] },
      { body: [] },
      { body: [] },
    );
    renderAccount(editor);
    expect(await screen.findByText(/You sign in through your identity provider/)).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });
});

describe('My account: keys', () => {
  test('offers only the roles within my own, and shows a new secret once', async () => {
    const sent = stubFetch(
      { body: editor },
      { body: [] },
      { body: [] },
      { body: [] },
      { status: 201, body: { ...key({ name: 'ci' }), secret: 'tgk_secret_once' } },
      { body: [key({ name: 'ci' })] },
    );
    renderAccount(editor);
    const role = (await screen.findByLabelText('Role')) as HTMLSelectElement;
    expect([...role.options].map((o) => o.value)).toEqual(['editor', 'analyst']);
    fireEvent.change(screen.getByLabelText('Key name *'), { target: { value: 'ci' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('new-secret')).textContent).toBe('tgk_secret_once');
    expect(sent.find((r) => r.method === 'POST')).toMatchObject({
      url: '../api/svc/v1/me/keys',
      body: { name: 'ci', role: 'analyst' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByText('tgk_secret_once')).toBeNull();
  });

  test('revokes a key after asking', async () => {
    const sent = stubFetch(
      { body: editor },
      { body: [key()] },
      { body: [] },
      { body: [] },
      { status: 204 },
      { body: [] },
    );
    renderAccount(editor);
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke laptop' }));
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Revoke key' }));
    await screen.findByText('You have no keys.');
    expect(sent.find((r) => r.method === 'DELETE')?.url).toBe('../api/svc/v1/me/keys/k-1');
  });
});

describe('My account: sessions', () => {
  test('marks this browser; signing out another one deletes that session only', async () => {
    const sent = stubFetch(
      { body: editor },
      { body: [] },
      { body: [] },
      { body: [aSession({ current: true }), aSession({ id: 's-2', user_agent: CHROME_MAC })] },
      { status: 204 },
      { body: [aSession({ current: true })] },
    );
    renderAccount(editor);
    const other = (await screen.findByText('Chrome on macOS')).closest('tr') as HTMLElement;
    const mine = screen.getByText('this browser', { selector: '.tag' }).closest('tr') as HTMLElement;
    expect(within(mine).getByText('Firefox on Linux')).toBeTruthy();
    fireEvent.click(within(other).getByRole('button', { name: 'Sign out that browser' }));
    expect(await screen.findByText('That browser is signed out.')).toBeTruthy();
    expect(sent.find((r) => r.method === 'DELETE')?.url).toBe('../api/svc/v1/me/sessions/s-2');
  });

  test("signing out this browser's session is the header's Sign out", async () => {
    const signOut = vi.fn();
    const sent = stubFetch(
      { body: editor },
      { body: [] },
      { body: [] },
      { body: [aSession({ current: true })] },
    );
    renderAccount(editor, signOut);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out this browser' }));
    await waitFor(() => expect(signOut).toHaveBeenCalledOnce());
    expect(sent.filter((r) => r.method === 'DELETE')).toEqual([]);
  });
});

describe('My account with a key of no person', () => {
  test('says there is no account rather than showing an error', async () => {
    stubFetch({
      status: 403,
      body: { code: 'rest_forbidden', message: 'This API key belongs to no person.' },
    });
    render(
      <AuthProvider
        auth={makeAuth(
          { name: 'ci', role: 'editor', capabilities: ['svc_manage_servers'], prefix: 'tgk_x' },
          () => undefined,
        )}
      >
        <Account />
      </AuthProvider>,
    );
    expect(await screen.findByText(/signed in with an API key that belongs to no person/)).toBeTruthy();
  });
});
