import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import {
  Client,
  StreamableHTTPClientTransport,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/client';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { chromiumAvailable, launchOAuthBrowser, type OAuthBrowser } from '../../test/kit/oauth-chromium.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { startUpstreamProvider, type UpstreamProvider } from '../../test/kit/upstream-provider.ts';
import { createUser } from '../people/users.service.ts';

/*
 * The whole per-user flow with real parts: a local oidc-provider plays the upstream provider
 * (authorization code + PKCE + refresh) and the company IdP (token exchange); a local resource
 * API accepts only per-user tokens and answers with that person's own data; two people use the
 * official SDK client v2 and click through Toolgate's connect page in headless Chromium, in both
 * eras. Then a refresh, a revoked upstream grant leading back to consent, and token exchange with
 * a refused audience.
 */

const skip = !chromiumAvailable() && process.env.CI !== 'true' ? 'chromium is not installed' : false;
type Era = '2025-11-25' | '2026-07-28';
type CallResult = Awaited<ReturnType<Client['callTool']>>;

const SHOTS = process.env.TOOLGATE_SCREENSHOTS;

interface Person {
  email: string;
  password: string;
  /** The account at the upstream provider. */
  account: string;
  browser: OAuthBrowser;
  cookies: CookieBrowser;
}

describe('per-user OAuth connections and token exchange, with real parts', { skip, timeout: 120_000 }, () => {
  let g: OAuthGateway;
  let up: UpstreamProvider;
  let repos: { uuid: string; url: string };
  let ada: Person;
  let bob: Person;

  async function makeServer(
    name: string,
    body: Record<string, unknown>,
  ): Promise<{ uuid: string; url: string }> {
    const res = await g.t.api('POST', '/servers', { name, ...body });
    assert.equal(res.statusCode, 201, res.body);
    const { uuid, slug } = res.json() as { uuid: string; slug: string };
    const tool = await g.t.api('POST', `/servers/${uuid}/tools`, {
      name: 'My repositories',
      slug: 'my_repos',
      description: 'The caller’s own repositories',
      endpoint_url: `${up.resourceUrl}/me`,
      http_method: 'GET',
      cache_ttl: 300,
    });
    assert.equal(tool.statusCode, 201, tool.body);
    return { uuid, url: `${g.origin}/mcp/${slug}` };
  }

  before(async () => {
    g = await startOAuthGateway();
    up = await startUpstreamProvider({ redirectUri: `${g.origin}/connect/callback` });
    const origins = [new URL(up.resourceUrl).origin];
    repos = await makeServer('Repos', {
      auth_type: 'oauth',
      auth_credentials: {
        type: 'oauth2-authorization-code',
        issuer: up.issuer,
        client_id: up.clientId,
        client_secret: up.clientSecret,
        scope: 'openid offline_access repo',
      },
      auth_credentials_origins: origins,
    });
    await createUser(g.t.ctx, {
      email: 'bob@example.com',
      display_name: 'Bob',
      password: 'bob has a long password',
      role: null,
    });
    ada = {
      email: g.person.email,
      password: g.person.password,
      account: 'ada',
      browser: await launchOAuthBrowser(),
      cookies: new CookieBrowser(g.origin),
    };
    bob = {
      email: 'bob@example.com',
      password: 'bob has a long password',
      account: 'bob',
      browser: await launchOAuthBrowser(),
      cookies: new CookieBrowser(g.origin),
    };
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
  });
  after(async () => {
    await ada?.browser.close();
    await bob?.browser.close();
    await up?.close();
    await g?.close();
  });

  async function accessToken(person: Person, serverUrl: string): Promise<string> {
    const issued = await obtainCode(g, person, serverUrl, person.cookies);
    const res = await redeem(g.issuer, issued, serverUrl);
    assert.equal(res.status, 200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function connectClient(era: Era, serverUrl: string, token: string): Promise<Client> {
    const client = new Client(
      { name: 'oauth-connect-test', version: '1.0.0' },
      {
        capabilities: { elicitation: { form: {}, url: {} } },
        ...(era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serverUrl), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    assert.equal(client.getNegotiatedProtocolVersion(), era);
    return client;
  }

  /** The person clicks through the link: Toolgate's sign-in and consent, the provider, back. */
  async function connectAt(person: Person, url: string, shots?: string): Promise<void> {
    up.signInAs(person.account);
    const text = await person.browser.connect(url, person, {
      ...(shots && SHOTS
        ? {
            screenshots: {
              consent: join(SHOTS, `${shots}-consent.png`),
              done: join(SHOTS, `${shots}-done.png`),
            },
          }
        : {}),
    });
    assert.match(text, /Connected/, text);
  }

  const textOf = (result: CallResult) =>
    (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('');

  test('2025-11-25: Ada calls, is asked to connect (-32042), clicks through in Chromium, the retry shows her repositories', async () => {
    const client = await connectClient('2025-11-25', repos.url, await accessToken(ada, repos.url));
    const asked = await client.callTool({ name: 'my_repos', arguments: {} }).catch((e: unknown) => e);
    assert.ok(asked instanceof UrlElicitationRequiredError, String(asked));
    assert.equal(up.resourceRequests.count, 0, 'nothing reached the API');
    await connectAt(ada, asked.elicitations[0]!.url, 'connect-oauth');
    const result = await client.callTool({ name: 'my_repos', arguments: {} });
    assert.equal(result.isError, false, textOf(result));
    assert.match(textOf(result), /"user": "ada"/);
    assert.match(textOf(result), /ada-repo-1/);
    await client.close();
  });

  test('2026-07-28: Bob is asked by input_required, connects in his own browser, the SDK retry shows his — not Ada’s cached answer', async () => {
    const client = await connectClient('2026-07-28', repos.url, await accessToken(bob, repos.url));
    let asked = 0;
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { mode?: string; url?: string; message?: string };
      assert.equal(params.mode, 'url');
      assert.match(params.message ?? '', /Connect your account for "Repos"/);
      asked++;
      await connectAt(bob, params.url!);
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'my_repos', arguments: {} });
    assert.equal(asked, 1);
    assert.equal(result.isError, false, textOf(result));
    assert.match(textOf(result), /"user": "bob"/);
    assert.doesNotMatch(textOf(result), /ada/);
    await client.close();
  });

  test('an expired access token is refreshed at the provider, and the call goes on', async () => {
    const client = await connectClient('2026-07-28', repos.url, await accessToken(ada, repos.url));
    // Ada's token is due: the row says it expires now, and every instance is told.
    await g.t.ctx.store.db
      .updateTable('connections')
      .set({ expires_at: new Date(Date.now() + 1000).toISOString() })
      .where('server_uuid', '=', repos.uuid)
      .execute();
    await g.t.ctx.events.publish({
      type: 'connection_changed',
      userUuid: g.person.uuid,
      serverUuid: repos.uuid,
    });
    const before = up.tokenRequests.refresh_token ?? 0;
    const result = await client.callTool({ name: 'my_repos', arguments: {} });
    assert.equal(result.isError, false, textOf(result));
    assert.equal(up.tokenRequests.refresh_token, before + 1);
    await client.close();
  });

  test('a grant revoked at the provider: the refresh is refused, Ada is asked to connect again, and then it works', async () => {
    // No cache from here: every call reaches the API.
    const tools = await g.t.api('GET', `/servers/${repos.uuid}/tools`);
    const toolUuid = ((tools.json() as { items?: Array<{ uuid: string }> }).items ??
      (tools.json() as Array<{ uuid: string }>))[0]!.uuid;
    assert.equal(
      (await g.t.api('PATCH', `/servers/${repos.uuid}/tools/${toolUuid}`, { cache_ttl: 0 })).statusCode,
      200,
    );
    await up.revokeUser('ada');
    const client = await connectClient('2025-11-25', repos.url, await accessToken(ada, repos.url));
    const asked = await client.callTool({ name: 'my_repos', arguments: {} }).catch((e: unknown) => e);
    assert.ok(
      asked instanceof UrlElicitationRequiredError,
      JSON.stringify({ asked, requests: up.tokenRequests }),
    );
    const views = await g.t.api('GET', `/servers/${repos.uuid}/connections`);
    const row = (views.json() as Array<{ email: string; status: string; last_error: string }>).find(
      (r) => r.email === ada.email,
    );
    assert.equal(row?.status, 'needs_consent');
    assert.match(row?.last_error ?? '', /invalid_grant/);
    await connectAt(ada, asked.elicitations[0]!.url);
    const result = await client.callTool({ name: 'my_repos', arguments: {} });
    assert.equal(result.isError, false, textOf(result));
    assert.match(textOf(result), /"user": "ada"/);
    await client.close();
  });

  test('token exchange: the company-IdP token of the caller becomes an upstream token; a refused audience is a clear error', async () => {
    const inbound = {
      auth_type: 'oauth',
      auth_config: {
        authorization_servers: [up.issuer],
        issuer: up.issuer,
        audience: 'toolgate-mcp',
        jwks_uri: `${up.issuer}/jwks`,
      },
    };
    const exchange = (audience: string) => ({
      type: 'token-exchange',
      token_url: up.tokenEndpoint,
      client_id: up.clientId,
      client_secret: up.clientSecret,
      audience,
    });
    const origins = [new URL(up.resourceUrl).origin];
    const good = await makeServer('Exchanged', {
      ...inbound,
      auth_credentials: exchange('resource-api'),
      auth_credentials_origins: origins,
    });
    const wrong = await makeServer('Wrong audience', {
      ...inbound,
      auth_credentials: exchange('nope'),
      auth_credentials_origins: origins,
    });
    const carol = await up.issueUserToken('carol', 'toolgate-mcp');
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      const before = up.tokenRequests['urn:ietf:params:oauth:grant-type:token-exchange'] ?? 0;
      const client = await connectClient(era, good.url, carol);
      const result = await client.callTool({ name: 'my_repos', arguments: {} });
      assert.equal(result.isError, false, textOf(result));
      assert.match(textOf(result), /"user": "carol"/);
      assert.ok((up.tokenRequests['urn:ietf:params:oauth:grant-type:token-exchange'] ?? 0) <= before + 1);
      // The exchanged token, not Carol's own, reached the API.
      assert.notEqual(up.resourceRequests.lastAuthorization, `Bearer ${carol}`);
      await client.close();
    }
    const client = await connectClient('2026-07-28', wrong.url, carol);
    const refused = await client.callTool({ name: 'my_repos', arguments: {} });
    assert.equal(refused.isError, true);
    assert.match(textOf(refused), /Token exchange failed: the provider refused: invalid_target/);
    assert.doesNotMatch(textOf(refused), new RegExp(carol.slice(-20)));
    await client.close();
  });
});
