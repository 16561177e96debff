import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CookieBrowser, type Landed } from '../../test/kit/cookie-browser.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { listenLocal } from '../../test/mcp-kit.ts';
import { createUser } from '../people/users.service.ts';
import { findConnection } from '../store/connections.repo.ts';
import { findServer, type ServerRecord } from '../store/servers.repo.ts';
import { findUserByEmail, type UserRecord } from '../store/users.repo.ts';
import { issueConnectLink } from './connect-links.ts';

/*
 * The connect pages and their refusals: a link nobody issued, a link opened signed out or by
 * another person, a form without its CSRF token, a link used twice, a callback with a forged
 * state, a callback landing in another person's browser, a provider's refusal. The provider is a
 * local token endpoint (the authorization step is only a redirect here; the code flow with a real
 * provider is in oauth-connect.test.ts).
 */

describe('connect pages: who may use a link, and once', () => {
  let g: OAuthGateway;
  let server: ServerRecord;
  let ada: UserRecord;
  let provider: string;
  const tokenRequests: string[] = [];
  let adaB: CookieBrowser;
  let bobB: CookieBrowser;

  async function signIn(browser: CookieBrowser, email: string, password: string): Promise<void> {
    const res = await browser.request(new URL(`${g.origin}/api/svc/v1/auth/sign-in`), {
      method: 'POST',
      body: JSON.stringify({ email, password }),
      headers: { 'content-type': 'application/json' },
    });
    assert.equal(res.status, 200, await res.text());
  }

  before(async () => {
    g = await startOAuthGateway();
    const endpoint = await listenLocal((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        tokenRequests.push(body);
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            access_token: 'ada-upstream-token',
            token_type: 'Bearer',
            expires_in: 600,
            scope: 'repo',
          }),
        );
      });
    });
    g.t.ctx.onClose.push(() => new Promise<void>((r) => endpoint.server.close(() => r())));
    provider = endpoint.url;
    const created = await g.t.api('POST', '/servers', {
      name: 'Repos',
      auth_type: 'oauth',
      auth_credentials: {
        type: 'oauth2-authorization-code',
        authorization_url: `${provider}/authorize`,
        token_url: `${provider}/token`,
        client_id: 'toolgate-client',
        client_secret: 'a-client-secret-value',
        scope: 'repo read:user',
      },
    });
    assert.equal(created.statusCode, 201, created.body);
    const body = created.json() as { uuid: string; per_user_auth: Record<string, unknown> };
    assert.equal(body.per_user_auth.client_secret, undefined, 'the client secret is never shown');
    assert.equal(body.per_user_auth.client_id, 'toolgate-client');
    server = (await findServer(g.t.ctx.store.db, body.uuid))!;
    ada = (await findUserByEmail(g.t.ctx.store.db, g.person.email))!;
    await createUser(g.t.ctx, {
      email: 'bob@example.com',
      display_name: 'Bob',
      password: 'bob has a long password',
      role: null,
    });
    adaB = new CookieBrowser(g.origin);
    bobB = new CookieBrowser(g.origin);
    await signIn(adaB, g.person.email, g.person.password);
    await signIn(bobB, 'bob@example.com', 'bob has a long password');
  });
  after(async () => {
    await g?.close();
  });

  const link = () => issueConnectLink(g.t.ctx, ada.id, server.id);

  test('a link nobody issued, and one opened signed out', async () => {
    const forged = await adaB.open(`${g.origin}/connect/${'A'.repeat(43)}`);
    assert.equal(forged.status, 410);
    assert.match(forged.html, /expired/);
    const url = await link();
    const signedOut = await new CookieBrowser(g.origin).open(url);
    assert.equal(signedOut.status, 200);
    assert.match(signedOut.html, /Sign in to connect/);
    // Not spent: Ada can still use it.
    assert.match((await adaB.open(url)).html, /Connect your account/);
  });

  test("another person's browser is refused and does not spend the link", async () => {
    const url = await link();
    const refused = await bobB.open(url);
    assert.equal(refused.status, 403);
    assert.match(refused.html, /not yours/);
    const page = await adaB.open(url);
    assert.equal(page.status, 200);
    assert.match(page.html, new RegExp(new URL(provider).host));
    assert.match(page.html, /<li>repo<\/li><li>read:user<\/li>/);
    assert.match(
      page.headers.get('content-security-policy') ?? '',
      new RegExp(`form-action 'self' ${provider}`),
    );
    assert.equal(page.headers.get('x-frame-options'), 'DENY');
  });

  test('the form needs its CSRF token, and Cancel connects nothing and spends the link', async () => {
    const url = await link();
    const page = await adaB.open(url);
    const form = adaB.form(page);
    const forged = await adaB.submit(form, { csrf_token: 'forged', decision: 'connect' });
    assert.equal(forged.status, 403);
    const cancelled = await adaB.submit(form, { decision: 'cancel' });
    assert.match(cancelled.html, /Not connected/);
    assert.equal((await adaB.open(url)).status, 410);
    assert.equal(await findConnection(g.t.ctx.store.db, ada.uuid, server.uuid), undefined);
  });

  test('Continue sends the browser to the provider (PKCE S256, state, Toolgate callback), once', async () => {
    const url = await link();
    const page = await adaB.open(url);
    const form = adaB.form(page);
    const sent = await adaB.submit(form, { decision: 'connect' });
    const to = sent.leftTo!;
    assert.equal(`${to.origin}${to.pathname}`, `${provider}/authorize`);
    assert.equal(to.searchParams.get('client_id'), 'toolgate-client');
    assert.equal(to.searchParams.get('redirect_uri'), `${g.origin}/connect/callback`);
    assert.equal(to.searchParams.get('code_challenge_method'), 'S256');
    assert.ok((to.searchParams.get('code_challenge') ?? '').length >= 43);
    assert.equal(to.searchParams.get('scope'), 'repo read:user');
    const state = to.searchParams.get('state')!;
    assert.ok(state.length >= 20);
    const again: Landed = await adaB.submit(form, { decision: 'connect' });
    assert.equal(again.status, 410, 'the link was used');

    // A forged state, and the right one in Bob's browser: refused, nothing redeemed.
    const callback = (s: string, extra = '') =>
      `${g.origin}/connect/callback?code=the-code&state=${s}${extra}`;
    assert.equal((await adaB.open(callback('forged-state'))).status, 410);
    assert.equal((await bobB.open(callback(state))).status, 403);
    assert.equal(tokenRequests.length, 0);
    const done = await adaB.open(callback(state));
    assert.equal(done.status, 200, done.html);
    assert.match(done.html, /Connected/);
    assert.equal(tokenRequests.length, 1);
    const form2 = new URLSearchParams(tokenRequests[0]);
    assert.equal(form2.get('grant_type'), 'authorization_code');
    assert.equal(form2.get('code'), 'the-code');
    assert.equal(form2.get('redirect_uri'), `${g.origin}/connect/callback`);
    assert.ok((form2.get('code_verifier') ?? '').length >= 43);
    const row = (await findConnection(g.t.ctx.store.db, ada.uuid, server.uuid))!;
    assert.equal(row.status, 'connected');
    assert.equal(row.scope, 'repo');
    assert.ok(!row.tokens?.includes('ada-upstream-token'));
    // Replayed: the code is not redeemed twice.
    assert.equal((await adaB.open(callback(state))).status, 410);
    assert.equal(tokenRequests.length, 1);

    const mine = await adaB.request(new URL(`${g.origin}/api/svc/v1/me/connections`));
    const views = (await mine.json()) as Array<Record<string, unknown>>;
    assert.equal(views.length, 1);
    assert.equal(views[0]!.status, 'connected');
    assert.equal(views[0]!.provider, new URL(provider).host);
    assert.doesNotMatch(JSON.stringify(views), /ada-upstream-token/);
  });

  test("the provider's refusal connects nothing", async () => {
    const url = await link();
    const page = await adaB.open(url);
    const sent = await adaB.submit(adaB.form(page), { decision: 'connect' });
    const state = sent.leftTo!.searchParams.get('state')!;
    const refused = await adaB.open(`${g.origin}/connect/callback?error=access_denied&state=${state}`);
    assert.match(refused.html, /Not connected/);
    assert.match(refused.html, /access_denied/);
  });

  test('My connections: connect gives a link of mine; disconnect deletes; others are refused', async () => {
    const csrf = async (browser: CookieBrowser) =>
      (
        (await (await browser.request(new URL(`${g.origin}/api/svc/v1/auth/session`))).json()) as {
          csrf_token: string;
        }
      ).csrf_token;
    const started = await adaB.request(
      new URL(`${g.origin}/api/svc/v1/me/connections/${server.uuid}/connect`),
      {
        method: 'POST',
        headers: { 'x-csrf-token': await csrf(adaB) },
      },
    );
    assert.equal(started.status, 200);
    const { url } = (await started.json()) as { url: string };
    assert.match((await adaB.open(url)).html, /Connect your account/);
    assert.equal((await bobB.open(url)).status, 403);
    const noCsrf = await adaB.request(new URL(`${g.origin}/api/svc/v1/me/connections/${server.uuid}`), {
      method: 'DELETE',
    });
    assert.equal(noCsrf.status, 403);
    const bobDelete = await bobB.request(new URL(`${g.origin}/api/svc/v1/me/connections/${server.uuid}`), {
      method: 'DELETE',
      headers: { 'x-csrf-token': await csrf(bobB) },
    });
    assert.equal(bobDelete.status, 404, 'Bob has no connection, and cannot remove Ada’s');
    assert.ok(await findConnection(g.t.ctx.store.db, ada.uuid, server.uuid));
    const deleted = await adaB.request(new URL(`${g.origin}/api/svc/v1/me/connections/${server.uuid}`), {
      method: 'DELETE',
      headers: { 'x-csrf-token': await csrf(adaB) },
    });
    assert.equal(deleted.status, 200);
    assert.equal(await findConnection(g.t.ctx.store.db, ada.uuid, server.uuid), undefined);
    // A person cannot list a server's connections; an administrator can.
    const list = await adaB.request(new URL(`${g.origin}/api/svc/v1/servers/${server.uuid}/connections`));
    assert.equal(list.status, 403);
    assert.equal((await g.t.api('GET', `/servers/${server.uuid}/connections`)).statusCode, 200);
  });

  test('a person holds at most five live links per server: the oldest go first', async () => {
    const links: string[] = [];
    for (let i = 0; i < 7; i++) links.push(await link());
    const live = await g.t.ctx.store.db
      .selectFrom('connect_links')
      .select('token_hash')
      .where('user_id', '=', ada.id)
      .where('server_id', '=', server.id)
      .where('stage', '=', 'issued')
      .execute();
    assert.ok(live.length <= 5, `${live.length} live links`);
    assert.equal((await adaB.open(links[0]!)).status, 410);
    assert.equal((await adaB.open(links[6]!)).status, 200);
  });
});
