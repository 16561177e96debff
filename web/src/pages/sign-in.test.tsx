import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../test-fetch.ts';
import { aSignIn } from '../test-people.ts';
import { SignIn } from './sign-in.tsx';

afterEach(() => vi.unstubAllGlobals());

const BOTH = { body: { local: true, oidc: { name: 'Acme SSO' } } };
const LOCAL = { body: { local: true, oidc: null } };

async function signInWithPassword(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('E-mail'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('SignIn with e-mail and password', () => {
  test('offers the identity provider, linking to its start with the page to come back to', async () => {
    window.history.replaceState(null, '', '/admin/#/logs?status=error');
    stubFetch(BOTH);
    render(<SignIn onSignedIn={() => undefined} />);
    const link = await screen.findByRole('link', { name: 'Sign in with Acme SSO' });
    expect(link.getAttribute('href')).toBe(
      `../api/svc/v1/auth/oidc/start?return_to=${encodeURIComponent('/admin/#/logs?status=error')}`,
    );
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    window.history.replaceState(null, '', '/');
  });

  test('back from a refused identity-provider sign-in, the reason is shown once and leaves the address', async () => {
    window.history.replaceState(
      null,
      '',
      `/admin/#/?sign_in_error=${encodeURIComponent('This account is disabled.')}`,
    );
    stubFetch(BOTH);
    render(<SignIn onSignedIn={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This account is disabled.');
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    window.history.replaceState(null, '', '/');
  });

  test('signs in with the cookie session: no key, nothing kept in storage, the answer handed on', async () => {
    const sent = stubFetch(LOCAL, { body: aSignIn() });
    const signedIn = vi.fn();
    render(<SignIn onSignedIn={signedIn} />);
    await signInWithPassword(' ana@example.com ', 'correct horse battery');
    await waitFor(() => expect(signedIn).toHaveBeenCalledOnce());
    expect(signedIn.mock.calls[0]?.[0]).toMatchObject({ via: 'session', session: { csrf_token: 'csrf-1' } });
    expect(sent[1]).toMatchObject({
      method: 'POST',
      url: '../api/svc/v1/auth/sign-in',
      body: { email: 'ana@example.com', password: 'correct horse battery' },
      authorization: null,
      credentials: 'same-origin',
    });
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.length).toBe(0);
  });

  test('an empty or malformed e-mail and an empty password are marked before any request', async () => {
    const sent = stubFetch(LOCAL);
    render(<SignIn onSignedIn={() => undefined} />);
    await signInWithPassword('ana', '');
    expect(screen.getByLabelText('E-mail').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('an e-mail address like ana@example.com')).toBeTruthy();
    expect(sent).toHaveLength(1);
  });

  test.each([
    [401, 'rest_invalid_credentials', 'Wrong e-mail or password.'],
    [429, 'rest_rate_limited', 'Too many sign-in attempts. Wait a minute, then try again.'],
    [
      403,
      'rest_forbidden',
      'Signing in with a password is turned off on this gateway. Use “Sign in with Acme SSO” instead.',
    ],
  ])('a %i is said in plain words and the password is cleared', async (status, code, words) => {
    stubFetch(BOTH, { status, body: { code, message: 'api wording', data: { status } } });
    const signedIn = vi.fn();
    render(<SignIn onSignedIn={signedIn} />);
    await signInWithPassword('ana@example.com', 'wrong password!');
    expect(await screen.findByText(words)).toBeTruthy();
    expect(screen.queryByText('api wording')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    expect(signedIn).not.toHaveBeenCalled();
  });

  test('with local sign-in off and no identity provider, the key path is open and says why', async () => {
    stubFetch({ body: { local: false, oidc: null } });
    render(<SignIn onSignedIn={() => undefined} />);
    expect(await screen.findByText('Signing in with a password is turned off on this gateway.')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail')).toBeNull();
    expect(screen.getByText('Use an API key').closest('details')?.open).toBe(true);
  });
});

describe('SignIn with an API key', () => {
  test('the key path is folded away below the password form', async () => {
    stubFetch(LOCAL);
    render(<SignIn onSignedIn={() => undefined} />);
    expect((await screen.findByText('Use an API key')).closest('details')?.open).toBe(false);
  });

  test('opening the key path puts the cursor in the key field', async () => {
    stubFetch(LOCAL);
    render(<SignIn onSignedIn={() => undefined} />);
    const details = (await screen.findByText('Use an API key')).closest('details') as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('API key')));
  });

  test('asks for a key before calling the API', async () => {
    const sent = stubFetch(LOCAL);
    render(<SignIn onSignedIn={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in with the key' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Paste a management API key/);
    expect(sent).toHaveLength(1);
  });

  test('checks the key with /keys/me and keeps it in sessionStorage only', async () => {
    const sent = stubFetch(LOCAL, {
      body: { name: 'ops', role: 'editor', capabilities: ['svc_manage_servers'], prefix: 'tgk_abcdefgh' },
    });
    const signedIn = vi.fn();
    render(<SignIn onSignedIn={signedIn} />);
    fireEvent.change(await screen.findByLabelText('API key'), { target: { value: ' tgk_secret ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the key' }));
    await waitFor(() =>
      expect(signedIn).toHaveBeenCalledWith({ via: 'key', me: expect.objectContaining({ role: 'editor' }) }),
    );
    expect(sent[1]).toMatchObject({
      url: '../api/svc/v1/keys/me',
      authorization: 'Bearer tgk_secret',
      credentials: 'omit',
    });
    expect(Object.values(sessionStorage)).toEqual(['tgk_secret']);
    expect(localStorage.length).toBe(0);
  });

  test('a refused key is not kept and is described in plain words, not API wording', async () => {
    stubFetch(LOCAL, {
      status: 401,
      body: { code: 'rest_not_logged_in', message: 'You are not currently logged in', data: { status: 401 } },
    });
    render(<SignIn onSignedIn={() => undefined} />);
    fireEvent.change(await screen.findByLabelText('API key'), { target: { value: 'tgk_bad' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in with the key' }));
    await screen.findByText('That key was not accepted. Check it and try again.');
    expect(screen.queryByText(/rest_not_logged_in|not currently logged in/)).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  test('a gateway without /auth/providers still signs in with a key', async () => {
    stubFetch({ status: 404, body: { code: 'rest_no_route', message: 'No route' } });
    render(<SignIn onSignedIn={() => undefined} />);
    expect((await screen.findByText('Use an API key')).closest('details')?.open).toBe(true);
  });
});
