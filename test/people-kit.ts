import assert from 'node:assert/strict';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from './helpers.ts';

/** A browser signed in to the admin UI: its cookie and CSRF token. */
export interface Browser {
  userId: string;
  cookie: string;
  csrf: string;
  /** A request with the cookie (and the CSRF token unless `csrf: null`). */
  call(
    method: InjectOptions['method'],
    path: string,
    body?: unknown,
    opts?: { csrf?: string | null },
  ): Promise<LightMyRequestResponse>;
}

let address = 0;

/** Creates a person through the API (with the test's admin key) and signs them in. */
export async function signedInPerson(
  t: TestApp,
  input: { email: string; role?: string | null; password?: string },
): Promise<Browser> {
  const password = input.password ?? 'correct horse battery staple';
  const created = await t.api('POST', '/users', { email: input.email, password, role: input.role ?? null });
  assert.equal(created.statusCode, 201, created.body);
  return signIn(t, input.email, password);
}

/** Signs an existing person in (each sign-in from its own client address). */
export async function signIn(t: TestApp, email: string, password: string): Promise<Browser> {
  address++;
  const res = await t.app.inject({
    method: 'POST',
    url: `${t.base}/auth/sign-in`,
    payload: { email, password },
    remoteAddress: `10.200.${Math.floor(address / 250)}.${address % 250}`,
  });
  assert.equal(res.statusCode, 200, res.body);
  const cookie = String([res.headers['set-cookie']].flat()[0]).split(';')[0]!.split('=')[1]!;
  const csrf = res.json().csrf_token as string;
  return {
    userId: res.json().user.id,
    cookie,
    csrf,
    call(method, path, body, opts = {}) {
      const token = opts.csrf === undefined ? csrf : opts.csrf;
      return t.app.inject({
        method,
        url: `${t.base}${path}`,
        headers: {
          cookie: `tg_session=${cookie}`,
          ...(token ? { 'x-csrf-token': token } : {}),
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
      });
    },
  };
}
