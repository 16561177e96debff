import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import {
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
  UnauthorizedError,
} from '@modelcontextprotocol/client';
import { chromiumAvailable, launchOAuthBrowser, type OAuthBrowser } from '../../test/kit/oauth-chromium.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { setClientDocumentFetcher } from './authorization-server.ts';

/*
 * The official TypeScript SDK client v2 (`@modelcontextprotocol/client`) against Toolgate's own
 * authorization server, a person in headless Chromium signing in and clicking Allow:
 * discovery → registration (dynamic, then a Client ID Metadata Document) → authorization →
 * token (finishAuth with the RFC 9207 `iss` check) → tools/list and tools/call, in the
 * 2025-11-25 era and, pinned through `versionNegotiation`, in the 2026-07-28 era; then a refresh
 * that rotates the refresh token.
 */

const skip = !chromiumAvailable() && process.env.CI !== 'true' ? 'chromium is not installed' : false;

type Era = '2025-11-25' | '2026-07-28';
type Stored = Parameters<OAuthClientProvider['saveTokens']>[0];
type StoredClient = Parameters<NonNullable<OAuthClientProvider['saveClientInformation']>>[0];
type Discovery = Parameters<NonNullable<OAuthClientProvider['saveDiscoveryState']>>[0];

/**
 * An in-memory provider: one client registration, one token set, one PKCE verifier and the
 * discovery state kept beside it (the SDK binds the callback to the issuer it recorded there).
 */
class MemoryProvider implements OAuthClientProvider {
  authUrl: URL | undefined;
  info: StoredClient | undefined;
  saved: Stored | undefined;
  private verifier = '';
  private discovery: Discovery | undefined;

  constructor(
    readonly redirectUrl: string,
    readonly clientMetadataUrl?: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK v2 test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: StoredClient) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: Stored) {
    this.saved = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  saveDiscoveryState(state: Discovery) {
    this.discovery = state;
  }
  discoveryState() {
    return this.discovery;
  }
}

function newClient(era: Era): Client {
  return new Client(
    { name: 'sdk-v2-test', version: '2.0.0' },
    era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
}

/** Connects as the SDK does: a 401, the browser round trip, finishAuth(callback), a fresh connection. */
async function connectWithBrowser(
  g: OAuthGateway,
  browser: OAuthBrowser,
  provider: MemoryProvider,
  url: string,
  era: Era,
): Promise<{ client: Client; callback: URL }> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  await assert.rejects(newClient(era).connect(first), UnauthorizedError);
  assert.ok(provider.authUrl, 'the SDK asked for a browser round trip');
  const callback = await browser.authorize(provider.authUrl, provider.redirectUrl, g.person);
  await first.finishAuth(callback.searchParams);
  const client = newClient(era);
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  assert.equal(client.getNegotiatedProtocolVersion(), era);
  return { client, callback };
}

async function listAndCall(g: OAuthGateway, client: Client): Promise<void> {
  const { tools } = await client.listTools();
  assert.deepEqual(
    tools.map((t) => t.name),
    ['echo'],
  );
  const before = g.upstreamCalls();
  const result = await client.callTool({ name: 'echo', arguments: {} });
  assert.equal(result.isError, false);
  assert.match(JSON.stringify(result.content), /echoed/);
  assert.equal(g.upstreamCalls(), before + 1);
}

describe('the official SDK client v2 with a person in headless Chromium', { skip }, () => {
  let g: OAuthGateway;
  let browser: OAuthBrowser;
  /** Requests the gateway answered while `counting` is on, as "METHOD /path" (the SDK's) and the browser's. */
  let seen: string[] = [];
  let browserSeen: string[] = [];
  let counting = false;
  const docUrl = 'https://sdk-v2-client.example/oauth/client.json';
  const docRedirect = 'http://127.0.0.1:33431/callback';

  before(async () => {
    g = await startOAuthGateway();
    browser = await launchOAuthBrowser();
    g.t.app.server.on('request', (req: IncomingMessage) => {
      if (!counting) return;
      const request = `${req.method} ${new URL(req.url ?? '/', g.origin).pathname}`;
      if (req.headers['user-agent']?.startsWith('Mozilla/')) browserSeen.push(request);
      else seen.push(request);
    });
    setClientDocumentFetcher(g.t.ctx, async (url) =>
      url === docUrl
        ? {
            status: 200,
            cacheControl: 'max-age=300',
            body: JSON.stringify({
              client_id: docUrl,
              client_name: 'SDK v2 document client',
              redirect_uris: [docRedirect],
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code'],
              token_endpoint_auth_method: 'none',
            }),
          }
        : { status: 404, cacheControl: undefined, body: '' },
    );
  });
  after(async () => {
    await browser?.close();
    await g?.close();
  });

  for (const [era, port] of [
    ['2025-11-25', 33428],
    ['2026-07-28', 33429],
  ] as const) {
    test(`${era}: dynamic registration, sign-in and consent clicked, iss checked, tools/list and tools/call`, async (t) => {
      const provider = new MemoryProvider(`http://127.0.0.1:${port}/callback`);
      seen = [];
      browserSeen = [];
      counting = true;
      const { client, callback } = await connectWithBrowser(g, browser, provider, g.a.url, era);
      counting = false;
      assert.equal(callback.searchParams.get('iss'), g.issuer);
      assert.ok(provider.info?.client_id && !provider.info.client_id.startsWith('https://'), 'registered');
      assert.ok(provider.saved?.refresh_token, 'a refresh token was issued');
      t.diagnostic(
        `requests at the gateway until connected (${era}, DCR): the SDK ${seen.length} (${seen.join(', ')}); the browser ${browserSeen.length} (${browserSeen.join(', ')})`,
      );
      // The SDK's own part: one discovery of each document, one registration, one token request.
      for (const step of [
        'GET /.well-known/oauth-protected-resource/mcp/server-a',
        'GET /.well-known/oauth-authorization-server/oauth',
        'POST /oauth/reg',
        'POST /oauth/token',
      ])
        assert.equal(seen.filter((s) => s === step).length, 1, step);
      // Before the token: the refused MCP request, two discovery documents, registration.
      assert.equal(seen.indexOf('POST /oauth/token'), 4);
      await listAndCall(g, client);
      await client.close();
    });
  }

  test('a forged or missing iss on the callback is refused by the SDK before the code is redeemed', async () => {
    const provider = new MemoryProvider('http://127.0.0.1:33430/callback');
    const first = new StreamableHTTPClientTransport(new URL(g.a.url), { authProvider: provider });
    await assert.rejects(newClient('2025-11-25').connect(first), UnauthorizedError);
    const callback = await browser.authorize(provider.authUrl!, provider.redirectUrl, g.person);
    const forged = new URLSearchParams(callback.searchParams);
    forged.set('iss', 'https://attacker.example/oauth');
    await assert.rejects(first.finishAuth(forged), { name: 'IssuerMismatchError' });
    // Toolgate advertises the `iss` parameter, so a callback without one is refused as well.
    await assert.rejects(first.finishAuth(callback.searchParams.get('code') ?? ''), {
      name: 'IssuerMismatchError',
    });
    assert.equal(provider.tokens(), undefined);
    // The code was not spent: the genuine callback still redeems it.
    await first.finishAuth(callback.searchParams);
    assert.ok(provider.tokens()?.access_token);
  });

  test("versionNegotiation 'auto': the probe's 401 starts the same sign-in, then the 2026-07-28 era is chosen", async () => {
    const provider = new MemoryProvider('http://127.0.0.1:33434/callback');
    const auto = () =>
      new Client({ name: 'sdk-v2-test', version: '2.0.0' }, { versionNegotiation: { mode: 'auto' } });
    const first = new StreamableHTTPClientTransport(new URL(g.a.url), { authProvider: provider });
    await assert.rejects(auto().connect(first), UnauthorizedError);
    const callback = await browser.authorize(provider.authUrl!, provider.redirectUrl, g.person);
    await first.finishAuth(callback.searchParams);
    const client = auto();
    await client.connect(new StreamableHTTPClientTransport(new URL(g.a.url), { authProvider: provider }));
    assert.equal(client.getNegotiatedProtocolVersion(), '2026-07-28');
    await listAndCall(g, client);
    await client.close();
  });

  for (const era of ['2025-11-25', '2026-07-28'] as const) {
    test(`${era}: Client ID Metadata Document, its URL is the client_id, no registration`, async () => {
      const provider = new MemoryProvider(docRedirect, docUrl);
      seen = [];
      counting = true;
      const { client } = await connectWithBrowser(g, browser, provider, g.b.url, era);
      counting = false;
      assert.equal(provider.info?.client_id, docUrl);
      assert.ok(!seen.includes('POST /oauth/reg'), 'no dynamic registration');
      await listAndCall(g, client);
      await client.close();
    });
  }

  for (const [era, port] of [
    ['2025-11-25', 33432],
    ['2026-07-28', 33433],
  ] as const) {
    test(`${era}: an access token that no longer works is refreshed, the refresh token rotated`, async () => {
      const provider = new MemoryProvider(`http://127.0.0.1:${port}/callback`);
      const { client } = await connectWithBrowser(g, browser, provider, g.a.url, era);
      await client.close();
      const old = provider.saved!;
      provider.saveTokens({ ...old, access_token: 'expired.or.revoked' });
      seen = [];
      counting = true;
      const again = newClient(era);
      await again.connect(new StreamableHTTPClientTransport(new URL(g.a.url), { authProvider: provider }));
      await listAndCall(g, again);
      counting = false;
      assert.ok(seen.includes('POST /oauth/token'), 'the SDK refreshed at the token endpoint');
      assert.notEqual(provider.saved!.access_token, 'expired.or.revoked');
      assert.ok(provider.saved!.refresh_token);
      assert.notEqual(provider.saved!.refresh_token, old.refresh_token, 'the refresh token rotated');
      await again.close();
    });
  }
});
