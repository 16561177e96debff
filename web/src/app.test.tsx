import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { keepCsrfToken } from './api/session.ts';
import { App } from './app.tsx';
import { stubFetch } from './test-fetch.ts';
import { aSignIn, aUser } from './test-people.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  keepCsrfToken(null);
  window.history.replaceState(null, '', '#');
});

const NOT_SIGNED_IN = { status: 401, body: { code: 'rest_not_logged_in', message: 'not logged in' } };
const PROVIDERS = { body: { local: true, oidc: null } };
const elsewhere = () =>
  Array.from({ length: 10 }, () => ({ status: 503, body: { code: 'x', message: 'not in this test' } }));

const signInAs = async (role: string, capabilities: string[]) => {
  stubFetch(
    NOT_SIGNED_IN,
    PROVIDERS,
    { body: { name: 'k', role, capabilities, prefix: 'tgk_12345678' } },
    ...elsewhere(),
  );
  render(<App />);
  fireEvent.change(await screen.findByLabelText('API key'), { target: { value: 'tgk_key' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in with the key' }));
  await screen.findByRole('button', { name: 'Sign out' });
};

describe('signing in', () => {
  test('an analyst signing in on the keys page an administrator left lands on the dashboard', async () => {
    window.history.replaceState(null, '', '#/keys');
    await signInAs('analyst', ['svc_view_analytics']);
    expect(window.location.hash).toBe('#/');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Dashboard' })).toBeTruthy());
    expect(screen.queryByRole('heading', { name: 'Not available' })).toBeNull();
  });

  test('a page the role may see is where the key lands, filters included', async () => {
    window.history.replaceState(null, '', '#/logs?status=error');
    await signInAs('analyst', ['svc_view_analytics']);
    expect(window.location.hash).toBe('#/logs?status=error');
    await screen.findByRole('heading', { name: 'Call logs' });
  });

  test('a person signs in with a password; the header names them and signing out ends the session', async () => {
    window.history.replaceState(null, '', '#/health');
    const sent = stubFetch(NOT_SIGNED_IN, PROVIDERS, { body: aSignIn(aUser(), 'csrf-new') }, ...elsewhere());
    render(<App />);
    fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: 'ana@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const account = await screen.findByRole('link', { name: 'My account: Ana' });
    expect(account.getAttribute('href')).toBe('#/account');
    expect(sessionStorage.length).toBe(0);
    sent.length = 0;
    stubFetch({ status: 204 }, PROVIDERS);
    const signOut = vi.mocked(fetch);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await screen.findByLabelText('E-mail');
    const [url, init] = signOut.mock.calls[0] ?? [];
    expect(url).toBe('../api/svc/v1/auth/sign-out');
    expect(new Headers(init?.headers).get('X-CSRF-Token')).toBe('csrf-new');
  });
});

describe('signing out', () => {
  // A person with no role starts on My account: four answers (me, keys, grants, sessions), then the sign-out's.
  const nobody = aUser({ role: null, capabilities: [] });
  const account = [{ body: nobody }, { body: [] }, { body: [] }, { body: [] }];

  test('a sign-out the gateway could not record keeps the person signed in and says why', async () => {
    stubFetch({ body: aSignIn(nobody, 'csrf-1') }, ...account, {
      status: 503,
      body: { code: 'svc_unavailable', message: 'The database is not answering' },
    });
    render(<App />);
    await screen.findByText('No app may act as you', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('The database is not answering')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account: Ana' })).toBeTruthy();
  });

  test('a session already over on the server is simply forgotten', async () => {
    stubFetch(
      { body: aSignIn(nobody, 'csrf-1') },
      ...account,
      { status: 401, body: { code: 'rest_not_logged_in', message: 'not logged in' } },
      PROVIDERS,
    );
    render(<App />);
    await screen.findByText('No app may act as you', { exact: false });
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
  });
});

describe('after a reload', () => {
  test('the cookie session is picked up again and its CSRF token re-read from /auth/session', async () => {
    window.history.replaceState(null, '', '#/account');
    const sent = stubFetch(
      { body: aSignIn(aUser({ display_name: '', email: 'bo@example.com' }), 'csrf-reread') },
      { body: aUser({ display_name: '', email: 'bo@example.com' }) },
      { body: [] },
      { body: [] },
      { body: [] },
      { status: 200, body: aUser() },
    );
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'My account' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'My account: bo@example.com' })).toBeTruthy();
    expect(sent[0]).toMatchObject({ url: '../api/svc/v1/auth/session', credentials: 'same-origin' });
    fireEvent.change(await screen.findByLabelText('Display name'), { target: { value: 'Bo' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Saved.');
    const patch = sent.find((r) => r.method === 'PATCH');
    expect(patch).toMatchObject({
      url: '../api/svc/v1/me',
      body: { display_name: 'Bo' },
      csrf: 'csrf-reread',
    });
  });

  test('back from the identity provider on a page the role may not see, the person lands on the home page', async () => {
    window.history.replaceState(null, '', '#/users');
    const analyst = aUser({ role: 'analyst', capabilities: ['svc_view_analytics'] });
    stubFetch({ body: aSignIn(analyst) }, ...elsewhere());
    render(<App />);
    await screen.findByRole('heading', { name: 'Dashboard' });
    expect(window.location.hash).toBe('#/');
  });

  test('without a session or a key, the sign-in page shows', async () => {
    stubFetch(NOT_SIGNED_IN, PROVIDERS);
    render(<App />);
    expect(await screen.findByLabelText('E-mail')).toBeTruthy();
  });
});
