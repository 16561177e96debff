import assert from 'node:assert/strict';
import { after, before, describe, mock, test } from 'node:test';
import { generateKeyPair, importJWK, type JWK, type KeyLike, SignJWT } from 'jose';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import {
  authorizeUrl,
  makePkce,
  mcpInitialize,
  obtainCode,
  redeem,
  register,
  signInAndConsent,
  tokenRequest,
} from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { verifyToolgateToken } from './access-tokens.service.ts';
import { readSigningKeys } from './keys.ts';
import { GRANT_CLAIM } from './provider.ts';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('Toolgate as the authorization server refuses', () => {
  let g: OAuthGateway;
  before(async () => {
    g = await startOAuthGateway();
  });
  after(() => g.close());

  const browser = () => new CookieBrowser(g.origin);
  // One signed-in browser for the tests that are not about signing in: sign-in is limited to
  // 10 attempts a minute per e-mail and per address.
  let shared: CookieBrowser | undefined;
  const signedIn = () => {
    shared ??= new CookieBrowser(g.origin);
    return shared;
  };

  test('a code redeemed twice: the second is invalid_grant and the first tokens are revoked with it', async () => {
    const issued = await obtainCode(g, g.person, g.a.url, signedIn());
    const first = await redeem(g.issuer, issued, g.a.url);
    assert.equal(first.status, 200);
    const tokens = (await first.json()) as Tokens;
    assert.equal((await mcpInitialize(g.a.url, tokens.access_token)).status, 200);
    const second = await redeem(g.issuer, issued, g.a.url);
    assert.equal(second.status, 400);
    assert.equal(((await second.json()) as { error: string }).error, 'invalid_grant');
    const after = await mcpInitialize(g.a.url, tokens.access_token);
    assert.equal(after.status, 401);
    assert.match(String(after.challenge), /was revoked/);
  });

  test('a code with the wrong PKCE verifier', async () => {
    const issued = await obtainCode(g, g.person, g.a.url, signedIn());
    const res = await redeem(g.issuer, issued, g.a.url, { code_verifier: makePkce().verifier });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { error: string }).error, 'invalid_grant');
  });

  test('an authorization request without PKCE or with the plain method', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
    ).json()) as { client_id: string };
    const url = authorizeUrl(g.issuer, {
      clientId: reg.client_id,
      redirectUri: 'http://127.0.0.1:1/callback',
      resource: g.a.url,
      pkce: makePkce(),
      method: 'plain',
    });
    const plain = await browser().open(url);
    assert.equal(plain.leftTo?.searchParams.get('error'), 'invalid_request');
    url.searchParams.delete('code_challenge');
    url.searchParams.delete('code_challenge_method');
    const none = await browser().open(url);
    assert.equal(none.leftTo?.searchParams.get('error'), 'invalid_request');
  });

  test('an unregistered or mismatched redirect URI: an error page, no redirect anywhere', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback', 'https://app.example/cb'] })
    ).json()) as {
      client_id: string;
    };
    for (const redirectUri of [
      'https://evil.example/cb',
      'https://app.example/cb/other',
      'http://127.0.0.1:5000/other',
      'http://evil.example/callback',
    ]) {
      const landed = await browser().open(
        authorizeUrl(g.issuer, { clientId: reg.client_id, redirectUri, resource: g.a.url, pkce: makePkce() }),
      );
      assert.equal(landed.leftTo, null, redirectUri);
      assert.equal(landed.status, 400, redirectUri);
      assert.match(landed.html, /redirect_uri/);
      assert.match(String(landed.headers.get('content-security-policy')), /frame-ancestors 'none'/);
    }
  });

  test('a registration with a script or file redirect, or a web client on plain http', async () => {
    for (const redirect of ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/html,x']) {
      const res = await register(g.issuer, { redirect_uris: [redirect] });
      assert.equal(res.status, 400, redirect);
      assert.match(((await res.json()) as { error: string }).error, /invalid_(redirect_uri|client_metadata)/);
    }
  });

  test('a resource that is not a Toolgate-issued server: invalid_target', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
    ).json()) as { client_id: string };
    for (const resource of [
      `${g.origin}/mcp/nope`,
      'https://elsewhere.example/mcp/server-a',
      `${g.a.url}/`,
    ]) {
      const landed = await browser().open(
        authorizeUrl(g.issuer, {
          clientId: reg.client_id,
          redirectUri: 'http://127.0.0.1:1/callback',
          resource,
          pkce: makePkce(),
        }),
      );
      assert.equal(landed.leftTo?.searchParams.get('error'), 'invalid_target', resource);
    }
  });

  test('consent without its CSRF token, or with another session’s, is 403 and grants nothing', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
    ).json()) as { client_id: string };
    const b = browser();
    let page = await b.open(
      authorizeUrl(g.issuer, {
        clientId: reg.client_id,
        redirectUri: 'http://127.0.0.1:1/callback',
        resource: g.a.url,
        pkce: makePkce(),
      }),
    );
    page = await b.submit(b.form(page, '/sign-in'), { email: g.person.email, password: g.person.password });
    const form = b.form(page, '/consent');
    const { csrf_token: _dropped, ...without } = form.fields;
    const refused = await b.submit({ ...form, fields: without }, { decision: 'allow' });
    assert.equal(refused.status, 403);
    assert.equal(refused.leftTo, null);
    const forged = await b.submit(form, { decision: 'allow', csrf_token: 'f'.repeat(64) });
    assert.equal(forged.status, 403);
    // The real token still works afterwards: the refusals granted nothing and spent nothing.
    const allowed = await b.submit(form, { decision: 'allow' });
    assert.ok(allowed.leftTo?.searchParams.get('code'));
  });

  test('Deny sends access_denied back to the client, with iss', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
    ).json()) as { client_id: string };
    const b = browser();
    let page = await b.open(
      authorizeUrl(g.issuer, {
        clientId: reg.client_id,
        redirectUri: 'http://127.0.0.1:1/callback',
        resource: g.a.url,
        pkce: makePkce(),
      }),
    );
    if (page.html.includes('name="password"'))
      page = await b.submit(b.form(page, '/sign-in'), { email: g.person.email, password: g.person.password });
    const denied = await b.submit(b.form(page, '/consent'), { decision: 'deny' });
    assert.equal(denied.leftTo?.searchParams.get('error'), 'access_denied');
    assert.equal(denied.leftTo?.searchParams.get('iss'), g.issuer);
  });

  test('a wrong password on the sign-in page: 401 page, no session', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
    ).json()) as { client_id: string };
    const b = browser();
    const page = await b.open(
      authorizeUrl(g.issuer, {
        clientId: reg.client_id,
        redirectUri: 'http://127.0.0.1:1/callback',
        resource: g.a.url,
        pkce: makePkce(),
      }),
    );
    const wrong = await b.submit(b.form(page, '/sign-in'), {
      email: g.person.email,
      password: 'not the password at all',
    });
    assert.equal(wrong.status, 401);
    assert.match(wrong.html, /e-mail address or the password is wrong/);
    assert.equal(b.hasCookie('tg_session'), false);
  });

  test('an expired token, a token signed by another key, and one without a grant', async () => {
    const [key] = await readSigningKeys(g.t.ctx);
    const issued = await obtainCode(g, g.person, g.a.url, signedIn());
    const tokens = (await (await redeem(g.issuer, issued, g.a.url)).json()) as Tokens;
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString());
    const own = await importJWK(key!.jwk as JWK, 'RS256');
    const sign = async (payload: Record<string, unknown>, signer: KeyLike | Uint8Array = own) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', kid: key!.kid }).sign(signer);
    const now = Math.floor(Date.now() / 1000);
    const expired = await mcpInitialize(g.a.url, await sign({ ...claims, iat: now - 1200, exp: now - 600 }));
    assert.equal(expired.status, 401);
    assert.match(String(expired.challenge), /expired/);
    const other = (await generateKeyPair('RS256')).privateKey;
    const forged = await mcpInitialize(g.a.url, await sign(claims, other));
    assert.equal(forged.status, 401);
    assert.match(String(forged.challenge), /not valid/);
    const noGrant = await mcpInitialize(g.a.url, await sign({ ...claims, [GRANT_CLAIM]: 'made-up' }));
    assert.equal(noGrant.status, 401);
    const wrongIssuer = await mcpInitialize(
      g.a.url,
      await sign({ ...claims, iss: 'https://elsewhere.example' }),
    );
    assert.equal(wrongIssuer.status, 401);
    // The genuine one passes: the refusals above are about what was changed.
    assert.equal((await mcpInitialize(g.a.url, tokens.access_token)).status, 200);
    // Its signature is now remembered; its expiry is still checked on every use.
    const realNow = Date.now;
    const later = mock.method(Date, 'now', () => realNow() + 3600_000);
    try {
      const check = await verifyToolgateToken(g.t.ctx, g.a.url, tokens.access_token);
      assert.deepEqual(check, { ok: false, description: 'The access token expired' });
    } finally {
      later.mock.restore();
    }
  });

  test('a revoked refresh token ends the grant: its access token and refresh stop working', async () => {
    const issued = await obtainCode(g, g.person, g.a.url, signedIn());
    const tokens = (await (await redeem(g.issuer, issued, g.a.url)).json()) as Tokens;
    const revoked = await fetch(`${g.issuer}/token/revocation`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: issued.clientId }).toString(),
    });
    assert.equal(revoked.status, 200);
    assert.equal((await mcpInitialize(g.a.url, tokens.access_token)).status, 401);
    const refresh = await tokenRequest(g.issuer, {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: issued.clientId,
    });
    assert.equal(refresh.status, 400);
  });

  test('a grant revoked by an administrator: its tokens stop at once', async () => {
    const issued = await obtainCode(g, g.person, g.b.url, signedIn());
    const tokens = (await (await redeem(g.issuer, issued, g.b.url)).json()) as Tokens;
    assert.equal((await mcpInitialize(g.b.url, tokens.access_token)).status, 200);
    const grants = (await g.t.api('GET', '/grants')).json() as Array<{
      id: string;
      client: { id: string };
      user: { email: string };
    }>;
    const grant = grants.find((x) => x.client.id === issued.clientId);
    assert.ok(grant);
    assert.equal(grant.user.email, g.person.email);
    assert.equal((await g.t.api('DELETE', `/grants/${grant.id}`)).statusCode, 204);
    assert.equal((await mcpInitialize(g.b.url, tokens.access_token)).status, 401);
    assert.equal((await g.t.api('DELETE', `/grants/${grant.id}`)).statusCode, 404);
  });

  test("a person lists and revokes their own grants (cookie and CSRF); another person's is 404", async () => {
    const b = signedIn();
    const issued = await obtainCode(g, g.person, g.a.url, b);
    const tokens = (await (await redeem(g.issuer, issued, g.a.url)).json()) as Tokens;
    const api = `${g.origin}${g.t.base}`;
    const asPerson = (path: string, init: { method?: string; csrf?: string } = {}) =>
      fetch(`${api}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          cookie: b.cookieHeader(new URL(`${api}${path}`)),
          ...(init.csrf ? { 'x-csrf-token': init.csrf } : {}),
        },
      });
    const { csrf_token: csrf } = (await (await asPerson('/auth/session')).json()) as { csrf_token: string };
    const mine = (await (await asPerson('/me/grants')).json()) as Array<{
      id: string;
      client: { id: string; name: string };
      resources: Array<{ resource: string; scopes: string[] }>;
    }>;
    const grant = mine.find((x) => x.client.id === issued.clientId);
    assert.ok(grant);
    assert.equal(grant.client.name, 'Test client');
    assert.deepEqual(grant.resources, [{ resource: g.a.url, scopes: ['mcp'] }]);
    // Another person (an administrator's key that owns no grant) cannot touch it through /me.
    const other = await g.t.api('DELETE', `/me/grants/${grant.id}`);
    assert.equal(other.statusCode, 404, other.body);
    assert.equal(
      (await asPerson(`/me/grants/${grant.id}`, { method: 'DELETE' })).status,
      403,
      'no CSRF token',
    );
    assert.equal((await mcpInitialize(g.a.url, tokens.access_token)).status, 200);
    assert.equal((await asPerson(`/me/grants/${grant.id}`, { method: 'DELETE', csrf })).status, 204);
    assert.equal((await mcpInitialize(g.a.url, tokens.access_token)).status, 401);
    const after = (await (await asPerson('/me/grants')).json()) as Array<{ id: string }>;
    assert.ok(!after.some((x) => x.id === grant.id));
  });

  test('registrations that would make the provider fetch a URL itself, or authenticate by JWT', async () => {
    const base = { redirect_uris: ['https://app.example/cb'] };
    for (const extra of [
      { jwks_uri: 'http://169.254.169.254/latest/meta-data/jwks.json' },
      { sector_identifier_uri: 'http://127.0.0.1:6379/sector.json' },
      { token_endpoint_auth_method: 'private_key_jwt', jwks: { keys: [] } },
      { token_endpoint_auth_method: 'client_secret_jwt' },
    ]) {
      const res = await register(g.issuer, { ...base, ...extra });
      assert.equal(res.status, 400, JSON.stringify(extra));
      assert.equal(
        ((await res.json()) as { error: string }).error,
        'invalid_client_metadata',
        JSON.stringify(extra),
      );
    }
  });

  test("a confidential client's secret: answered once, sealed at rest, checked on use", async () => {
    const res = await register(g.issuer, {
      redirect_uris: ['https://app.example/cb'],
      token_endpoint_auth_method: 'client_secret_basic',
    });
    assert.equal(res.status, 201);
    const { client_id: id, client_secret: secret } = (await res.json()) as {
      client_id: string;
      client_secret: string;
    };
    assert.ok(secret && secret.length >= 32);
    const rows = await g.t.ctx.store.db
      .selectFrom('oauth_records')
      .selectAll()
      .where('kind', '=', 'Client')
      .execute();
    assert.ok(!JSON.stringify(rows).includes(secret));
    const revoke = (pair: string) =>
      fetch(`${g.issuer}/token/revocation`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(pair).toString('base64')}`,
        },
        body: 'token=unknown-token',
      });
    assert.equal((await revoke(`${id}:${secret}`)).status, 200);
    assert.equal((await revoke(`${id}:${secret}x`)).status, 401);
  });
});

describe("a Toolgate-issued server's required scopes", () => {
  let g: OAuthGateway;
  before(async () => {
    g = await startOAuthGateway();
  });
  after(() => g.close());

  test("a server's required scopes: named in its metadata and challenge, granted when asked, 403 when missing", async () => {
    const patched = await g.t.api('PATCH', `/servers/${g.b.uuid}`, {
      auth_type: 'oauth',
      auth_config: { required_scopes: ['tools:call'] },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    try {
      const prm = (await (
        await fetch(`${g.origin}/.well-known/oauth-protected-resource/mcp/${g.b.slug}`)
      ).json()) as {
        scopes_supported: string[];
        authorization_servers: string[];
      };
      assert.deepEqual(prm.scopes_supported, ['mcp', 'tools:call']);
      assert.deepEqual(prm.authorization_servers, [g.issuer]);
      assert.match(String((await mcpInitialize(g.b.url)).challenge), /scope="mcp tools:call"/);
      const reg = (await (
        await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
      ).json()) as { client_id: string };
      const b = new CookieBrowser(g.origin);
      const tokensFor = async (scope?: string) => {
        const pkce = makePkce();
        const landed = await signInAndConsent(
          b,
          authorizeUrl(g.issuer, {
            clientId: reg.client_id,
            redirectUri: 'http://127.0.0.1:2/callback',
            resource: g.b.url,
            pkce,
            ...(scope ? { scope } : {}),
          }),
          g.person,
        );
        const res = await tokenRequest(g.issuer, {
          grant_type: 'authorization_code',
          code: landed.leftTo?.searchParams.get('code') ?? '',
          redirect_uri: 'http://127.0.0.1:2/callback',
          client_id: reg.client_id,
          code_verifier: pkce.verifier,
          resource: g.b.url,
        });
        return (await res.json()) as Tokens & { scope: string };
      };
      const narrow = await tokensFor();
      const refused = await mcpInitialize(g.b.url, narrow.access_token);
      assert.equal(refused.status, 403);
      assert.match(String(refused.challenge), /error="insufficient_scope"/);
      const wide = await tokensFor('mcp tools:call');
      assert.equal(wide.scope, 'mcp tools:call');
      assert.equal((await mcpInitialize(g.b.url, wide.access_token)).status, 200);
    } finally {
      await g.t.api('PATCH', `/servers/${g.b.uuid}`, { auth_type: 'oauth', auth_config: {} });
    }
  });
});
