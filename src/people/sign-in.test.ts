import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { SIGN_IN_LIMIT } from './sign-in.service.ts';

const PASSWORD = 'correct horse battery staple';

/** The `tg_session` value a response set. */
function sessionCookieOf(res: LightMyRequestResponse): string {
  const header = [res.headers['set-cookie']].flat().find((c) => String(c).startsWith('tg_session='));
  assert.ok(header, `no session cookie in ${JSON.stringify(res.headers['set-cookie'])}`);
  return String(header).split(';')[0]!.slice('tg_session='.length);
}

describe('sign-in, sessions and CSRF', () => {
  let t: TestApp;
  let n = 0;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  /** A person with a password; each gets its own e-mail (the limiter counts per e-mail). */
  async function person(role: string | null = 'editor') {
    const email = `person${++n}@example.com`;
    const res = await t.api('POST', '/users', { email, password: PASSWORD, role });
    assert.equal(res.statusCode, 201, res.body);
    return { email, id: res.json().id as string };
  }

  /** Each attempt from its own address unless one is given (the limiter counts per address too). */
  let address = 0;
  function signIn(
    email: string,
    password = PASSWORD,
    ip = `10.0.${Math.floor(++address / 250)}.${address % 250}`,
  ) {
    return t.app.inject({
      method: 'POST',
      url: `${t.base}/auth/sign-in`,
      payload: { email, password },
      remoteAddress: ip,
    });
  }

  function withCookie(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE' | 'PUT',
    path: string,
    cookie: string,
    opts: { csrf?: string; body?: unknown } = {},
  ) {
    return t.app.inject({
      method,
      url: path.startsWith('/mcp') ? path : `${t.base}${path}`,
      headers: {
        cookie: `tg_session=${cookie}`,
        ...(opts.csrf ? { 'x-csrf-token': opts.csrf } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    });
  }

  test('providers: password sign-in on, no IdP configured', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.base}/auth/providers` });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { local: true, oidc: null });
  });

  test('signs in: HttpOnly SameSite=Lax cookie, CSRF token, the person and their capabilities; the session works', async () => {
    const { email, id } = await person('editor');
    const res = await signIn(email.toUpperCase());
    assert.equal(res.statusCode, 200, res.body);
    const cookieHeader = String([res.headers['set-cookie']].flat()[0]);
    assert.match(cookieHeader, /^tg_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/);
    assert.equal(res.headers['cache-control'], 'no-store');
    const body = res.json();
    assert.equal(body.user.id, id);
    assert.equal(body.user.email, email);
    assert.equal(body.user.has_password, true);
    assert.equal(body.user.password_hash, undefined);
    assert.deepEqual(body.capabilities, ['svc_manage_servers', 'svc_view_analytics']);
    assert.match(body.csrf_token, /^[0-9a-f]{64}$/);
    const expiresIn = Date.parse(body.expires_at) - Date.now();
    assert.ok(expiresIn > 6.9 * 86_400_000 && expiresIn <= 7 * 86_400_000, body.expires_at);
    assert.ok(!res.body.includes(PASSWORD));

    const cookie = sessionCookieOf(res);
    const session = await withCookie('GET', '/auth/session', cookie);
    assert.equal(session.statusCode, 200);
    assert.equal(session.json().via, 'session');
    assert.equal(session.json().user.id, id);
    assert.equal(session.json().csrf_token, body.csrf_token);
    assert.equal((await withCookie('GET', '/servers', cookie)).statusCode, 200);
    assert.equal((await withCookie('GET', '/settings', cookie)).statusCode, 403, 'editor has no settings');
    const me = await withCookie('GET', '/me', cookie);
    assert.equal(me.json().last_sign_in_at !== null, true);
  });

  test('refuses a wrong password and an unknown e-mail with the same 401, and a person with no password', async () => {
    const { email } = await person();
    const wrong = await signIn(email, 'not the password at all');
    const unknown = await signIn('nobody@example.com');
    for (const res of [wrong, unknown]) {
      assert.equal(res.statusCode, 401);
      assert.equal(res.json().code, 'rest_invalid_credentials');
      assert.equal(res.headers['set-cookie'], undefined);
    }
    assert.equal(wrong.json().message, unknown.json().message);
    const external = await t.api('POST', '/users', { email: 'idp-only@example.com', role: 'editor' });
    assert.equal(external.json().has_password, false);
    assert.equal((await signIn('idp-only@example.com', '')).statusCode, 400, 'empty password is malformed');
    assert.equal(
      (await signIn('idp-only@example.com', 'anything goes here')).json().code,
      'rest_invalid_credentials',
    );
  });

  test('an unknown e-mail costs a password check too (no fast path that tells it apart)', async () => {
    const { email } = await person();
    await signIn(email, 'warm up the dummy hash');
    const time = async (e: string) => {
      const start = process.hrtime.bigint();
      await signIn(e, 'wrong password here', '10.9.9.9');
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const known = await time(email);
    const unknown = await time('unknown-person@example.com');
    assert.ok(unknown > known * 0.4, `unknown ${unknown} ms vs known ${known} ms`);
  });

  test('refuses a disabled person, and disabling ends their sessions', async () => {
    const { email, id } = await person();
    const cookie = sessionCookieOf(await signIn(email));
    assert.equal((await t.api('PATCH', `/users/${id}`, { disabled: true })).statusCode, 200);
    assert.equal((await withCookie('GET', '/auth/session', cookie)).statusCode, 401);
    const res = await signIn(email);
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'rest_invalid_credentials');
  });

  test('refuses a forged cookie, a revoked (signed-out) session and an expired one', async () => {
    const forged = await withCookie('GET', '/auth/session', 'A'.repeat(43));
    assert.equal(forged.statusCode, 401);
    assert.equal(forged.json().code, 'rest_not_logged_in');

    const { email } = await person();
    const signedIn = await signIn(email);
    const cookie = sessionCookieOf(signedIn);
    const csrf = signedIn.json().csrf_token;
    const out = await withCookie('POST', '/auth/sign-out', cookie, { csrf });
    assert.equal(out.statusCode, 204);
    assert.match(String([out.headers['set-cookie']].flat()[0]), /^tg_session=; .*Max-Age=0/);
    assert.equal((await withCookie('GET', '/auth/session', cookie)).statusCode, 401, 'revoked');

    const again = sessionCookieOf(await signIn(email));
    await t.ctx.store.db
      .updateTable('web_sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    assert.equal((await withCookie('GET', '/auth/session', again)).statusCode, 401, 'absolute expiry');
  });

  test('a session unused for longer than the idle limit ends', async () => {
    const { email } = await person();
    const cookie = sessionCookieOf(await signIn(email));
    const idle = new Date(Date.now() - 12 * 3_600_000 - 1000).toISOString();
    await t.ctx.store.db.updateTable('web_sessions').set({ last_seen_at: idle }).execute();
    assert.equal((await withCookie('GET', '/auth/session', cookie)).statusCode, 401);
  });

  test('CSRF: a cookie-authenticated POST, PATCH or DELETE needs X-CSRF-Token; a bearer key does not', async () => {
    const { email } = await person('administrator');
    const res = await signIn(email);
    const cookie = sessionCookieOf(res);
    const csrf = res.json().csrf_token as string;
    const cases = [
      ['POST', '/servers', { name: 'csrf probe' }],
      ['PATCH', '/me', { display_name: 'x' }],
      ['DELETE', '/keys/999999', undefined],
    ] as const;
    for (const [method, path, body] of cases) {
      for (const token of [undefined, 'wrong', `${csrf.slice(0, -1)}${csrf.endsWith('0') ? '1' : '0'}`]) {
        const refused = await withCookie(method, path, cookie, { csrf: token, body });
        assert.equal(refused.statusCode, 403, `${method} ${path} ${token}`);
        assert.equal(refused.json().code, 'rest_csrf_failed');
      }
    }
    const created = await withCookie('POST', '/servers', cookie, { csrf, body: { name: 'csrf ok' } });
    assert.equal(created.statusCode, 201, created.body);
    const byKey = await t.api('POST', '/servers', { name: 'key no csrf' });
    assert.equal(byKey.statusCode, 201);
    // Another session's token is not this one's.
    const other = (await signIn(email)).json().csrf_token;
    assert.equal((await withCookie('PATCH', '/me', cookie, { csrf: other, body: {} })).statusCode, 403);
    // GET needs none.
    assert.equal((await withCookie('GET', '/servers', cookie)).statusCode, 200);
  });

  test('the cookie does nothing at /mcp/{slug}', async () => {
    const { email } = await person('administrator');
    const cookie = sessionCookieOf(await signIn(email));
    const server = (await t.api('POST', '/servers', { name: 'Cookie MCP' })).json();
    const token = 'mcp-token-'.repeat(4);
    const patched = await t.api('PATCH', `/servers/${server.uuid}`, {
      status: 'active',
      auth_type: 'bearer',
      auth_config: { token },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const initialize = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: `/mcp/${server.slug}`,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
        payload: {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 't', version: '1' },
          },
        },
      });
    const withCookieOnly = await initialize({ cookie: `tg_session=${cookie}` });
    assert.equal(withCookieOnly.statusCode, 401, withCookieOnly.body);
    assert.equal((await initialize({ authorization: `Bearer ${token}` })).statusCode, 200);
  });

  test('rate limits sign-in per e-mail and per client address (429 rest_rate_limited)', async () => {
    const { email } = await person();
    for (let i = 0; i < SIGN_IN_LIMIT; i++)
      assert.equal((await signIn(email, 'wrong password here', `10.1.0.${i}`)).statusCode, 401);
    const limited = await signIn(email, PASSWORD, '10.1.1.1');
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().code, 'rest_rate_limited');
    assert.ok(limited.json().data.retry_after_seconds >= 1);
    for (let i = 0; i < SIGN_IN_LIMIT; i++)
      await signIn(`spray${i}@example.com`, 'wrong password here', '10.2.0.1');
    assert.equal((await signIn(`spray-last@example.com`, 'x', '10.2.0.1')).statusCode, 429);
  });

  test('LOCAL_SIGN_IN=off refuses password sign-in with 403', async () => {
    const off = await buildTestApp({ config: { localSignIn: false } });
    try {
      const res = await off.app.inject({
        method: 'POST',
        url: `${off.base}/auth/sign-in`,
        payload: { email: 'a@example.com', password: PASSWORD },
      });
      assert.equal(res.statusCode, 403);
      assert.deepEqual((await off.app.inject({ method: 'GET', url: `${off.base}/auth/providers` })).json(), {
        local: false,
        oidc: null,
      });
    } finally {
      await off.close();
    }
  });

  test('over HTTPS the cookie is __Host-tg_session and Secure', async () => {
    const secure = await buildTestApp({ config: { publicUrl: 'https://gateway.test' } });
    try {
      await secure.api('POST', '/users', { email: 's@example.com', password: PASSWORD, role: 'analyst' });
      const res = await secure.app.inject({
        method: 'POST',
        url: `${secure.base}/auth/sign-in`,
        payload: { email: 's@example.com', password: PASSWORD },
      });
      const header = String([res.headers['set-cookie']].flat()[0]);
      assert.match(header, /^__Host-tg_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
      const secret = header.split(';')[0]!.split('=')[1];
      const plain = await secure.app.inject({
        method: 'GET',
        url: `${secure.base}/auth/session`,
        headers: { cookie: `tg_session=${secret}` },
      });
      assert.equal(plain.statusCode, 401, 'the unprefixed name is not read over HTTPS');
      const ok = await secure.app.inject({
        method: 'GET',
        url: `${secure.base}/auth/session`,
        headers: { cookie: `__Host-tg_session=${secret}` },
      });
      assert.equal(ok.statusCode, 200);
    } finally {
      await secure.close();
    }
  });

  test('a sign-in deletes the sessions that ended more than a day ago (revoked, expired or long idle)', async () => {
    const fresh = await buildTestApp();
    try {
      const user = (
        await fresh.api('POST', '/users', { email: 'prune@example.com', password: PASSWORD })
      ).json();
      const row = await fresh.ctx.store.db
        .selectFrom('users')
        .select('id')
        .where('uuid', '=', user.id)
        .executeTakeFirstOrThrow();
      const day = 86_400_000;
      const at = (ms: number) => new Date(Date.now() + ms).toISOString();
      const session = (uuid: string, over: Record<string, string | null>) => ({
        uuid,
        token_hash: `hash-${uuid}`,
        csrf_token_hash: 'x',
        user_id: row.id,
        created_at: at(-10 * day),
        expires_at: at(day),
        last_seen_at: at(-60_000),
        ip: null,
        user_agent: null,
        revoked_at: null,
        ...over,
      });
      await fresh.ctx.store.db
        .insertInto('web_sessions')
        .values([
          session('expired', { expires_at: at(-2 * day) }),
          session('revoked', { revoked_at: at(-2 * day) }),
          session('idle', { last_seen_at: at(-3 * day) }),
          session('revoked-today', { revoked_at: at(-3_600_000) }),
          session('live', {}),
        ])
        .execute();
      const res = await fresh.app.inject({
        method: 'POST',
        url: `${fresh.base}/auth/sign-in`,
        payload: { email: 'prune@example.com', password: PASSWORD },
      });
      assert.equal(res.statusCode, 200);
      const left = async () =>
        (await fresh.ctx.store.db.selectFrom('web_sessions').select('uuid').execute())
          .map((r) => r.uuid)
          .sort();
      for (let i = 0; i < 50 && (await left()).includes('expired'); i++)
        await new Promise((r) => setTimeout(r, 10));
      const remaining = await left();
      assert.deepEqual(
        remaining.filter((u) => !/^[0-9a-f-]{36}$/.test(u)),
        ['live', 'revoked-today'],
      );
      assert.equal(remaining.length, 3, 'and the new session');
    } finally {
      await fresh.close();
    }
  });

  test('GET /auth/session with a bearer key: via key, no CSRF token; nothing: 401', async () => {
    const res = await t.api('GET', '/auth/session');
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().via, 'key');
    assert.equal(res.json().user, null, 'the test key belongs to nobody');
    assert.equal(res.json().csrf_token, undefined);
    const none = await t.api('GET', '/auth/session', undefined, null);
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'rest_not_logged_in');
  });
});
