import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import {
  authorizeUrl,
  getJson,
  makePkce,
  mcpInitialize,
  register,
  signInAndConsent,
  tokenRequest,
} from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';

describe('Toolgate as the authorization server: the code flow with a registered native client', () => {
  let g: OAuthGateway;
  before(async () => {
    g = await startOAuthGateway({ config: { logLevel: 'error' } });
  });
  after(() => g.close());

  test('protected-resource metadata names Toolgate and the 401 points to it', async () => {
    const prm = await getJson(`${g.origin}/.well-known/oauth-protected-resource/mcp/${g.a.slug}`);
    assert.deepEqual(prm.authorization_servers, [g.issuer]);
    assert.equal(prm.resource, g.a.url);
    assert.deepEqual(prm.scopes_supported, ['mcp']);
    const denied = await mcpInitialize(g.a.url);
    assert.equal(denied.status, 401);
    assert.equal(
      denied.challenge,
      `Bearer resource_metadata="${g.origin}/.well-known/oauth-protected-resource/mcp/${g.a.slug}", scope="mcp"`,
    );
  });

  test('RFC 8414 metadata at the path-inserted well-known URL, endpoints under /oauth', async () => {
    const meta = await getJson(`${g.origin}/.well-known/oauth-authorization-server/oauth`);
    assert.equal(meta.issuer, g.issuer);
    assert.equal(meta.authorization_endpoint, `${g.issuer}/auth`);
    assert.equal(meta.token_endpoint, `${g.issuer}/token`);
    assert.equal(meta.registration_endpoint, `${g.issuer}/reg`);
    assert.equal(meta.revocation_endpoint, `${g.issuer}/token/revocation`);
    assert.equal(meta.jwks_uri, `${g.issuer}/jwks`);
    assert.deepEqual(meta.code_challenge_methods_supported, ['S256']);
    assert.deepEqual(meta.response_types_supported, ['code']);
    assert.equal(meta.authorization_response_iss_parameter_supported, true);
    assert.equal(meta.client_id_metadata_document_supported, true);
    assert.ok(meta.token_endpoint_auth_methods_supported.includes('none'));
    const oidc = await getJson(`${g.issuer}/.well-known/openid-configuration`);
    assert.equal(oidc.issuer, g.issuer);
    assert.equal(oidc.token_endpoint, `${g.issuer}/token`);
  });

  test('register, sign in, consent, redeem, call the server; the token is refused at another server', async () => {
    const reg = await register(g.issuer, {
      client_name: 'Flow client',
      redirect_uris: ['http://127.0.0.1/callback'],
    });
    assert.equal(reg.status, 201, await reg.clone().text());
    const client = (await reg.json()) as { client_id: string; application_type: string };
    assert.equal(client.application_type, 'native');
    const clientExpiry = async () =>
      Date.parse(
        (
          await g.t.ctx.store.db
            .selectFrom('oauth_records')
            .select('expires_at')
            .where('kind', '=', 'Client')
            .where('id', '=', client.client_id)
            .executeTakeFirstOrThrow()
        ).expires_at ?? '',
      );
    // Unused, a registration is forgotten after a day; allowed, it lives as long as its grant.
    assert.ok(Math.abs((await clientExpiry()) - (Date.now() + 86_400_000)) < 60_000);
    const pkce = makePkce();
    const redirectUri = 'http://127.0.0.1:53682/callback';
    const browser = new CookieBrowser(g.origin);
    const landed = await signInAndConsent(
      browser,
      authorizeUrl(g.issuer, {
        clientId: client.client_id,
        redirectUri,
        resource: g.a.url,
        pkce,
        state: 'st-1',
      }),
      g.person,
    );
    assert.ok(landed.leftTo, landed.html);
    assert.equal(`${landed.leftTo.origin}${landed.leftTo.pathname}`, 'http://127.0.0.1:53682/callback');
    assert.equal(landed.leftTo.searchParams.get('state'), 'st-1');
    assert.equal(landed.leftTo.searchParams.get('iss'), g.issuer);
    assert.ok((await clientExpiry()) > Date.now() + 80 * 86_400_000);
    const code = landed.leftTo.searchParams.get('code');
    assert.ok(code);
    const tokenRes = await tokenRequest(g.issuer, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: client.client_id,
      code_verifier: pkce.verifier,
      resource: g.a.url,
    });
    const tokens = (await tokenRes.json()) as {
      access_token: string;
      refresh_token: string;
      token_type: string;
      expires_in: number;
    };
    assert.equal(tokenRes.status, 200, JSON.stringify(tokens));
    assert.equal(tokens.token_type, 'Bearer');
    assert.ok(tokens.refresh_token);
    assert.ok(tokens.expires_in <= 600);
    const claims = JSON.parse(Buffer.from(tokens.access_token.split('.')[1] ?? '', 'base64url').toString());
    assert.equal(claims.iss, g.issuer);
    assert.equal(claims.aud, g.a.url);
    assert.equal(claims.sub, g.person.uuid);
    assert.equal(claims.client_id, client.client_id);
    const atA = await mcpInitialize(g.a.url, tokens.access_token);
    assert.equal(atA.status, 200, `${atA.challenge} ${atA.body}`);
    const atB = await mcpInitialize(g.b.url, tokens.access_token);
    assert.equal(atB.status, 401);
    assert.match(String(atB.challenge), /error="invalid_token"/);
  });

  test('a web client allowed before: sent back without a click while signed in, asked to sign in once signed out', async () => {
    const reg = await register(g.issuer, {
      client_name: 'Web app',
      redirect_uris: ['https://app.example/cb'],
    });
    const { client_id: clientId, application_type } = (await reg.json()) as {
      client_id: string;
      application_type: string;
    };
    assert.equal(application_type, 'web');
    const start = () =>
      authorizeUrl(g.issuer, {
        clientId,
        redirectUri: 'https://app.example/cb',
        resource: g.a.url,
        pkce: makePkce(),
      });
    const browser = new CookieBrowser(g.origin);
    const first = await signInAndConsent(browser, start(), g.person);
    assert.ok(first.leftTo?.searchParams.get('code'));
    const again = await browser.open(start());
    assert.ok(again.leftTo?.searchParams.get('code'), 'no page: the consent is remembered');
    browser.dropCookie('tg_session');
    const signedOut = await browser.open(start());
    assert.equal(signedOut.leftTo, null);
    assert.match(signedOut.html, /name="password"/);
  });
});

describe('registrations as real clients send them (IDENTITY-NOTES §2)', () => {
  let g: OAuthGateway;
  before(async () => {
    g = await startOAuthGateway();
  });
  after(() => g.close());

  const clients: Array<[string, Record<string, unknown>, string]> = [
    [
      'Cursor (a private-use scheme, https and loopback in one registration)',
      {
        client_name: 'Cursor',
        redirect_uris: [
          'cursor://anysphere.cursor-mcp/oauth/callback',
          'https://www.cursor.com/agents/mcp/oauth/callback',
          'http://localhost:8787/callback',
        ],
      },
      'native',
    ],
    [
      'VS Code',
      {
        client_name: 'Visual Studio Code',
        redirect_uris: ['https://vscode.dev/redirect', 'http://127.0.0.1:33418/'],
      },
      'native',
    ],
    [
      'Claude Code',
      {
        client_name: 'Claude Code',
        application_type: 'native',
        redirect_uris: ['http://localhost:51234/callback'],
      },
      'native',
    ],
    [
      'claude.ai',
      { client_name: 'Claude', redirect_uris: ['https://claude.ai/api/mcp/auth_callback'] },
      'web',
    ],
    [
      'ChatGPT',
      { client_name: 'ChatGPT', redirect_uris: ['https://chatgpt.com/connector_platform_oauth_redirect'] },
      'web',
    ],
  ];
  for (const [name, metadata, type] of clients)
    test(`${name} registers as ${type}`, async () => {
      const res = await register(g.issuer, metadata);
      const body = (await res.json()) as { application_type: string; redirect_uris: string[] };
      assert.equal(res.status, 201, JSON.stringify(body));
      assert.equal(body.application_type, type);
      assert.deepEqual(body.redirect_uris, metadata.redirect_uris);
    });

  test("Cursor's private-use scheme receives the code; its loopback redirect matches on another port", async () => {
    const res = await register(g.issuer, clients[0]![1]);
    const { client_id: clientId } = (await res.json()) as { client_id: string };
    const browser = new CookieBrowser(g.origin);
    const custom = await signInAndConsent(
      browser,
      authorizeUrl(g.issuer, {
        clientId,
        redirectUri: 'cursor://anysphere.cursor-mcp/oauth/callback',
        resource: g.a.url,
        pkce: makePkce(),
      }),
      g.person,
    );
    assert.equal(custom.leftTo?.protocol, 'cursor:');
    assert.ok(custom.leftTo?.searchParams.get('code'));
    const loopback = await signInAndConsent(
      browser,
      authorizeUrl(g.issuer, {
        clientId,
        redirectUri: 'http://localhost:9999/callback',
        resource: g.a.url,
        pkce: makePkce(),
      }),
      g.person,
    );
    assert.equal(loopback.leftTo?.host, 'localhost:9999');
    assert.ok(loopback.leftTo?.searchParams.get('code'));
  });
});

describe('the sign-in page with federated sign-in configured', () => {
  let g: OAuthGateway;
  before(async () => {
    g = await startOAuthGateway({
      config: {
        oidcIssuer: 'https://idp.example',
        oidcClientId: 'toolgate',
        oidcName: 'Acme SSO',
        localSignIn: false,
      },
    });
  });
  after(() => g.close());

  test('offers the identity provider with a way back to this request, and no password form when local sign-in is off', async () => {
    const reg = (await (
      await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })
    ).json()) as { client_id: string };
    const page = await new CookieBrowser(g.origin).open(
      authorizeUrl(g.issuer, {
        clientId: reg.client_id,
        redirectUri: 'http://127.0.0.1:1/callback',
        resource: g.a.url,
        pkce: makePkce(),
      }),
    );
    assert.equal(page.status, 200);
    assert.doesNotMatch(page.html, /name="password"/);
    const link = /href="([^"]+)">Sign in with Acme SSO</.exec(page.html)?.[1]?.replace(/&amp;/g, '&');
    assert.ok(link, page.html);
    const url = new URL(link, g.origin);
    assert.equal(url.pathname, `${g.t.base}/auth/oidc/start`);
    assert.equal(url.searchParams.get('return_to'), page.url.pathname);
  });
});
