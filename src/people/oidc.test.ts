import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { browseIdp, startTestIdp, type TestIdp } from '../../test/kit/oidc-idp.ts';
import { safeReturnPath } from './oidc.ts';

const GATEWAY = 'http://gateway.test';
const CALLBACK = `${GATEWAY}/api/svc/v1/auth/oidc/callback`;

describe('federated sign-in through a real oidc-provider', () => {
  let idp: TestIdp;
  let t: TestApp;
  before(async () => {
    idp = await startTestIdp(CALLBACK);
    t = await buildTestApp({
      config: {
        oidcIssuer: idp.issuer,
        oidcClientId: idp.clientId,
        oidcClientSecret: idp.clientSecret,
        oidcScopes: 'openid email profile groups',
        oidcName: 'Test IdP',
      },
    });
  });
  after(async () => {
    await t.close();
    await idp.close();
  });

  /** start → the IdP → the callback; returns the callback's answer and the state cookie used. */
  async function signInThroughIdp(sub: string, returnTo = '/admin/servers') {
    const start = await t.app.inject({
      method: 'GET',
      url: `${t.base}/auth/oidc/start?return_to=${encodeURIComponent(returnTo)}`,
    });
    assert.equal(start.statusCode, 302, start.body);
    const location = String(start.headers.location);
    assert.ok(location.startsWith(`${idp.issuer}/`), location);
    const auth = new URL(location);
    assert.equal(auth.searchParams.get('code_challenge_method'), 'S256');
    assert.ok(auth.searchParams.get('state') && auth.searchParams.get('nonce'));
    assert.equal(auth.searchParams.get('redirect_uri'), CALLBACK);
    const stateCookie = String([start.headers['set-cookie']].flat()[0]);
    assert.match(
      stateCookie,
      /^tg_oidc=[^;]+; Path=\/api\/svc\/v1\/auth\/oidc; HttpOnly; SameSite=Lax; Max-Age=600$/,
    );
    idp.signInAs(sub);
    const callback = await browseIdp(location, CALLBACK);
    const cookie = stateCookie.split(';')[0]!;
    const answer = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    return { answer, callback, cookie };
  }

  function sessionOf(res: { headers: Record<string, unknown> }): string {
    const set = [res.headers['set-cookie']].flat().map(String);
    const session = set.find((c) => c.startsWith('tg_session='));
    assert.ok(session, JSON.stringify(set));
    assert.ok(
      set.some((c) => /^tg_oidc=; /.test(c)),
      'the state cookie is cleared',
    );
    return session.split(';')[0]!;
  }

  async function whoAmI(cookie: string) {
    const res = await t.app.inject({ method: 'GET', url: `${t.base}/auth/session`, headers: { cookie } });
    assert.equal(res.statusCode, 200, res.body);
    return res.json();
  }

  test('providers names the IdP', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.base}/auth/providers` });
    assert.deepEqual(res.json(), { local: true, oidc: { name: 'Test IdP' } });
  });

  test('creates the person by sub, maps groups by idp_group, starts a session, returns to the path', async () => {
    const eng = (
      await t.api('POST', '/groups', { name: 'Engineering', role: 'editor', idp_group: 'engineering' })
    ).json();
    const ops = (await t.api('POST', '/groups', { name: 'Ops', role: 'settings', idp_group: 'ops' })).json();
    const manual = (await t.api('POST', '/groups', { name: 'Readers', role: 'analyst' })).json();
    idp.accounts.set('sub-ada', {
      email: 'Ada@Example.com',
      email_verified: true,
      name: 'Ada L.',
      groups: ['engineering', 'unmapped'],
    });
    const { answer } = await signInThroughIdp('sub-ada');
    assert.equal(answer.statusCode, 302, answer.body);
    assert.equal(answer.headers.location, '/admin/servers');
    const cookie = sessionOf(answer);
    const me = await whoAmI(cookie);
    assert.equal(me.via, 'session');
    assert.equal(me.user.email, 'ada@example.com');
    assert.equal(me.user.display_name, 'Ada L.');
    assert.equal(me.user.external, true);
    assert.equal(me.user.has_password, false);
    assert.deepEqual(
      me.user.groups.map((g: { name: string }) => g.name),
      ['Engineering'],
    );
    assert.deepEqual(me.capabilities, ['svc_manage_servers', 'svc_view_analytics']);
    // An administrator adds Ada to a group of no IdP value; the next sign-in keeps it.
    await t.api('PUT', `/groups/${manual.id}/members`, { user_ids: [me.user.id] });
    idp.accounts.set('sub-ada', { email: 'ada@example.com', email_verified: true, groups: ['ops'] });
    const again = await signInThroughIdp('sub-ada');
    const me2 = await whoAmI(sessionOf(again.answer));
    assert.equal(me2.user.id, me.user.id, 'the same person, found by sub');
    assert.deepEqual(
      me2.user.groups.map((g: { name: string }) => g.name),
      ['Ops', 'Readers'],
      'Engineering left with the claim; Readers stays',
    );
    assert.deepEqual(me2.capabilities, ['svc_manage_settings', 'svc_view_analytics']);
    assert.ok(eng.id && ops.id);
  });

  test('links an existing person by verified e-mail; an unverified one is refused', async () => {
    const local = (
      await t.api('POST', '/users', {
        email: 'grace@example.com',
        password: 'correct horse battery',
        role: 'analyst',
      })
    ).json();
    idp.accounts.set('sub-grace', { email: 'grace@example.com', email_verified: true });
    const linked = await signInThroughIdp('sub-grace');
    assert.equal(linked.answer.statusCode, 302, linked.answer.body);
    const me = await whoAmI(sessionOf(linked.answer));
    assert.equal(me.user.id, local.id);
    assert.equal(me.user.external, true);
    assert.equal(me.user.has_password, true);

    await t.api('POST', '/users', { email: 'hedy@example.com', role: 'administrator' });
    idp.accounts.set('sub-mallory', { email: 'hedy@example.com', email_verified: false });
    const refused = await signInThroughIdp('sub-mallory');
    assert.equal(refused.answer.statusCode, 401);
    assert.equal(refused.answer.json().code, 'rest_invalid_credentials');
  });

  test('a disabled person is refused', async () => {
    idp.accounts.set('sub-off', { email: 'off@example.com', email_verified: true });
    const first = await signInThroughIdp('sub-off');
    const me = await whoAmI(sessionOf(first.answer));
    await t.api('PATCH', `/users/${me.user.id}`, { disabled: true });
    const res = (await signInThroughIdp('sub-off')).answer;
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, 'rest_invalid_credentials');
    assert.equal(res.headers['set-cookie'], undefined);
  });

  test('refuses a replayed callback, a forged or missing state cookie, and a state from another start', async () => {
    idp.accounts.set('sub-replay', { email: 'replay@example.com', email_verified: true });
    const { answer, callback, cookie } = await signInThroughIdp('sub-replay');
    assert.equal(answer.statusCode, 302);
    const replay = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie },
    });
    assert.equal(replay.statusCode, 401, 'the code was used');
    const noCookie = await t.app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    assert.equal(noCookie.statusCode, 400);
    assert.equal(noCookie.json().code, 'rest_bad_request');
    // The same refusal in a browser: back to the admin UI with the reason, no session started.
    const inBrowser = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie, accept: 'text/html,application/xhtml+xml' },
    });
    assert.equal(inBrowser.statusCode, 302);
    const back = new URL(String(inBrowser.headers.location), 'http://x');
    assert.equal(back.pathname, '/admin/');
    assert.match(decodeURIComponent(back.hash), /^#\/\?sign_in_error=.+/);
    assert.ok(
      [inBrowser.headers['set-cookie']].flat().every((c) => !String(c).startsWith('tg_session=')),
      'no session cookie',
    );
    const [body] = cookie.slice('tg_oidc='.length).split('.');
    const forged = await t.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: `tg_oidc=${body}.${'0'.repeat(64)}` },
    });
    assert.equal(forged.statusCode, 400);
    // A fresh code, redeemed with the state cookie of another sign-in: state mismatch.
    const other = await t.app.inject({ method: 'GET', url: `${t.base}/auth/oidc/start` });
    const otherCookie = String([other.headers['set-cookie']].flat()[0]).split(';')[0]!;
    const { callback: fresh } = await signInThroughIdp('sub-replay');
    const mismatch = await t.app.inject({
      method: 'GET',
      url: `${fresh.pathname}${fresh.search}`,
      headers: { cookie: otherCookie },
    });
    assert.equal(mismatch.statusCode, 401);
  });

  test('return_to is a same-origin path or /admin/', async () => {
    for (const bad of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 'admin', undefined])
      assert.equal(safeReturnPath(bad), '/admin/', String(bad));
    assert.equal(safeReturnPath('/admin/users?x=1'), '/admin/users?x=1');
    idp.accounts.set('sub-open', { email: 'open@example.com', email_verified: true });
    const { answer } = await signInThroughIdp('sub-open', 'https://evil.example/');
    assert.equal(answer.headers.location, '/admin/');
  });

  test('without OIDC configured, start and callback are 404', async () => {
    const plain = await buildTestApp();
    try {
      for (const path of ['/auth/oidc/start', '/auth/oidc/callback?code=x&state=y'])
        assert.equal(
          (await plain.app.inject({ method: 'GET', url: `${plain.base}${path}` })).statusCode,
          404,
        );
    } finally {
      await plain.close();
    }
  });
});
