import { afterEach, describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../test-fetch.ts';
import { ApiError, api, SIGNED_OUT_EVENT } from './client.ts';
import { keepCsrfToken, saveKey } from './session.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  keepCsrfToken(null);
});

/** Counts the sign-outs the client announces while `run` runs. */
async function signOutsDuring(run: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const listener = () => count++;
  window.addEventListener(SIGNED_OUT_EVENT, listener);
  try {
    await run().catch(() => undefined);
  } finally {
    window.removeEventListener(SIGNED_OUT_EVENT, listener);
  }
  return count;
}

describe('the client with a cookie session', () => {
  test('sends the cookie on every request and the CSRF token only on those that change something', async () => {
    keepCsrfToken('csrf-1');
    const sent = stubFetch({ body: [] }, { status: 201, body: { id: 'u-2' } }, { status: 204 });
    await api('GET', '/users');
    await api('POST', '/users', { email: 'bo@example.com' });
    await api('DELETE', '/me/sessions/s-2');
    expect(sent.map((r) => [r.method, r.credentials, r.csrf, r.authorization])).toEqual([
      ['GET', 'same-origin', null, null],
      ['POST', 'same-origin', 'csrf-1', null],
      ['DELETE', 'same-origin', 'csrf-1', null],
    ]);
  });

  test('a 401 ends the sign-in; a wrong password typed in a form does not', async () => {
    keepCsrfToken('csrf-1');
    stubFetch(
      { status: 401, body: { code: 'rest_invalid_credentials', message: 'Wrong e-mail or password' } },
      { status: 401, body: { code: 'rest_not_logged_in', message: 'You are not currently logged in' } },
    );
    expect(await signOutsDuring(() => api('PATCH', '/me', { password: 'x', current_password: 'y' }))).toBe(0);
    expect(await signOutsDuring(() => api('GET', '/users'))).toBe(1);
  });

  test('a 403 rest_csrf_failed is an error with its code, not a sign-out', async () => {
    keepCsrfToken('csrf-1');
    stubFetch({ status: 403, body: { code: 'rest_csrf_failed', message: 'CSRF token missing or wrong' } });
    let thrown: unknown;
    expect(await signOutsDuring(() => api('POST', '/groups', { name: 'x' }).catch((e) => (thrown = e)))).toBe(
      0,
    );
    expect(thrown).toBeInstanceOf(ApiError);
    expect((thrown as ApiError).code).toBe('rest_csrf_failed');
  });

  test('a 401 before anyone signed in (the reload check) announces nothing', async () => {
    stubFetch({ status: 401, body: { code: 'rest_not_logged_in', message: 'no' } });
    expect(await signOutsDuring(() => api('GET', '/auth/session'))).toBe(0);
  });
});

describe('the client with an API key', () => {
  test('sends the key, no cookie and no CSRF token, as before sessions', async () => {
    saveKey('tgk_k');
    keepCsrfToken('stale');
    const sent = stubFetch({ status: 201, body: {} });
    await api('POST', '/keys', { name: 'ci' });
    expect(sent[0]).toMatchObject({ authorization: 'Bearer tgk_k', credentials: 'omit', csrf: null });
  });

  test('a 401 to the stored key ends the sign-in', async () => {
    saveKey('tgk_k');
    stubFetch({ status: 401, body: { code: 'rest_not_logged_in', message: 'no' } });
    expect(await signOutsDuring(() => api('GET', '/servers'))).toBe(1);
  });
});
