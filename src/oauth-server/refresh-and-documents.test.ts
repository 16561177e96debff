import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import {
  authorizeUrl,
  makePkce,
  mcpInitialize,
  obtainCode,
  redeem,
  tokenRequest,
} from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { storedId } from './adapter.ts';
import { setClientDocumentFetcher } from './authorization-server.ts';
import { ClientDocumentError, fetchThroughEgress, readClientDocument } from './client-metadata-document.ts';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('refresh tokens: rotated on use, a repeat inside the grace window served, a late replay ends the grant', () => {
  let g: OAuthGateway;
  before(async () => {
    g = await startOAuthGateway();
  });
  after(() => g.close());

  test('rotation, grace and replay', async () => {
    const issued = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
    const first = (await (await redeem(g.issuer, issued, g.a.url)).json()) as Tokens;
    const refresh = (token: string) =>
      tokenRequest(g.issuer, {
        grant_type: 'refresh_token',
        refresh_token: token,
        client_id: issued.clientId,
        resource: g.a.url,
      });
    const r1 = await refresh(first.refresh_token);
    assert.equal(r1.status, 200);
    const second = (await r1.json()) as Tokens;
    assert.notEqual(second.refresh_token, first.refresh_token);
    assert.equal((await mcpInitialize(g.a.url, second.access_token)).status, 200);
    // A concurrent repeat of the first token inside the grace window still gets tokens.
    const repeat = await refresh(first.refresh_token);
    assert.equal(repeat.status, 200);
    // Past the window, the same token is a replay: refused, and the whole grant ends.
    await g.t.ctx.store.db
      .updateTable('oauth_records')
      .set({ consumed_at: new Date(Date.now() - 120_000).toISOString() })
      .where('kind', '=', 'RefreshToken')
      .where('id', '=', storedId('RefreshToken', first.refresh_token))
      .execute();
    const replay = await refresh(first.refresh_token);
    assert.equal(replay.status, 400);
    assert.equal(((await replay.json()) as { error: string }).error, 'invalid_grant');
    assert.equal((await mcpInitialize(g.a.url, second.access_token)).status, 401);
    assert.equal((await refresh(second.refresh_token)).status, 400);
  });

  test('stored codes and refresh tokens are not readable from the database', async () => {
    const issued = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
    const tokens = (await (await redeem(g.issuer, issued, g.a.url)).json()) as Tokens;
    const rows = await g.t.ctx.store.db.selectFrom('oauth_records').selectAll().execute();
    const dump = JSON.stringify(rows);
    assert.ok(!dump.includes(tokens.refresh_token));
    assert.ok(!dump.includes(issued.code));
    const keys = rows.filter((r) => r.kind === 'SigningKey');
    assert.ok(keys.length >= 1);
    assert.ok(!dump.includes('"d":'), 'a private key is stored sealed');
  });
});

describe('Client ID Metadata Documents', () => {
  let g: OAuthGateway;
  const docUrl = 'https://client.example/oauth/metadata.json';
  let served: Record<string, unknown>;
  before(async () => {
    g = await startOAuthGateway();
    served = {
      client_id: docUrl,
      client_name: 'Document Client',
      redirect_uris: ['http://127.0.0.1/callback'],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
    // The document is "fetched" from memory here; the production fetcher (egress client) is tested below.
    setClientDocumentFetcher(g.t.ctx, async (url) =>
      url === docUrl
        ? { status: 200, cacheControl: 'max-age=60', body: JSON.stringify(served) }
        : { status: 404, cacheControl: undefined, body: '' },
    );
  });
  after(() => g.close());

  test('an https client_id resolves to its document; the flow runs without registration', async () => {
    const pkce = makePkce();
    const redirectUri = 'http://127.0.0.1:47000/callback';
    const browser = new CookieBrowser(g.origin);
    const start = authorizeUrl(g.issuer, { clientId: docUrl, redirectUri, resource: g.a.url, pkce });
    let page = await browser.open(start);
    page = await browser.submit(browser.form(page, '/sign-in'), {
      email: g.person.email,
      password: g.person.password,
    });
    assert.match(page.html, /Document Client/);
    assert.match(page.html, /127\.0\.0\.1:47000/);
    const landed = await browser.submit(browser.form(page, '/consent'), { decision: 'allow' });
    const code = landed.leftTo?.searchParams.get('code');
    assert.ok(code);
    const res = await tokenRequest(g.issuer, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: docUrl,
      code_verifier: pkce.verifier,
      resource: g.a.url,
    });
    assert.equal(res.status, 200);
    assert.equal((await mcpInitialize(g.a.url, ((await res.json()) as Tokens).access_token)).status, 200);
  });

  test('a redirect URI the document does not list is refused', async () => {
    const landed = await new CookieBrowser(g.origin).open(
      authorizeUrl(g.issuer, {
        clientId: docUrl,
        redirectUri: 'https://evil.example/cb',
        resource: g.a.url,
        pkce: makePkce(),
      }),
    );
    assert.equal(landed.leftTo, null);
    assert.equal(landed.status, 400);
    assert.match(landed.html, /redirect_uri/);
  });

  test('documents that are not usable', async () => {
    const fetcher =
      (body: unknown, status = 200) =>
      async () => ({ status, cacheControl: undefined, body: JSON.stringify(body) });
    const good = { client_id: docUrl, redirect_uris: ['http://127.0.0.1/cb'] };
    assert.equal((await readClientDocument(docUrl, fetcher(good))).metadata.client_id, docUrl);
    const refusals: Array<[string, unknown, number?]> = [
      ['another client_id', { ...good, client_id: 'https://client.example/other.json' }],
      ['a client secret', { ...good, client_secret: 'x' }],
      ['secret authentication', { ...good, token_endpoint_auth_method: 'client_secret_basic' }],
      ['no redirect URIs', { client_id: docUrl }],
      ['not an object', [good]],
      ['not found', good, 404],
    ];
    for (const [why, body, status] of refusals)
      await assert.rejects(readClientDocument(docUrl, fetcher(body, status)), ClientDocumentError, why);
    for (const bad of [
      'http://client.example/m.json',
      'https://client.example/',
      'https://client.example/m.json#x',
      'https://u:p@client.example/m.json',
    ])
      await assert.rejects(
        readClientDocument(bad, fetcher({ ...good, client_id: bad })),
        ClientDocumentError,
        bad,
      );
  });

  test('the production fetcher refuses loopback and private addresses', async () => {
    for (const url of [
      'https://127.0.0.1/client.json',
      'https://localhost/client.json',
      'https://10.0.0.8/client.json',
      'https://169.254.169.254/latest/meta-data.json',
      'https://[::1]/client.json',
    ]) {
      await assert.rejects(readClientDocument(url, fetchThroughEgress), (err: Error) => {
        assert.ok(err instanceof ClientDocumentError, url);
        assert.match(err.message, /loopback, private, link-local or metadata address/, url);
        return true;
      });
    }
  });
});
