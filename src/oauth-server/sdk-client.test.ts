import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import { chromiumAvailable, launchOAuthBrowser, type OAuthBrowser } from '../../test/kit/oauth-chromium.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { setClientDocumentFetcher } from './authorization-server.ts';

/*
 * The official TypeScript SDK client (v1) against Toolgate's own authorization server, a person
 * in headless Chromium signing in and clicking Allow: discovery → registration (dynamic, then a
 * Client ID Metadata Document) → authorization → token → tools/list and tools/call; then a
 * refresh. The 2026-07-28 era, which SDK v1 does not speak, is driven by fetch with the token.
 */

const skip = !chromiumAvailable() && process.env.CI !== 'true' ? 'chromium is not installed' : false;
const SHOTS = process.env.OAUTH_SCREENSHOTS;

class TestProvider implements OAuthClientProvider {
  authUrl: URL | undefined;
  private info: OAuthClientInformationMixed | undefined;
  private saved: OAuthTokens | undefined;
  private verifier = '';
  refreshes = 0;

  constructor(
    readonly redirectUrl: string,
    readonly clientMetadataUrl?: string,
  ) {}

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'SDK test client',
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.info;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info;
  }
  tokens() {
    return this.saved;
  }
  saveTokens(tokens: OAuthTokens) {
    if (this.saved) this.refreshes++;
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
}

/** Connects as the SDK does: a 401, the browser round trip, finishAuth, then a fresh connection. */
async function connectWithBrowser(
  g: OAuthGateway,
  browser: OAuthBrowser,
  provider: TestProvider,
  url: string,
  screenshots?: { signIn?: string; consent?: string },
): Promise<{ client: Client; callback: URL }> {
  const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider });
  await assert.rejects(new Client({ name: 'sdk-test', version: '1.0.0' }).connect(first), UnauthorizedError);
  assert.ok(provider.authUrl, 'the SDK asked for a browser round trip');
  const callback = await browser.authorize(provider.authUrl, provider.redirectUrl, g.person, { screenshots });
  await first.finishAuth(callback.searchParams.get('code') ?? '');
  const client = new Client({ name: 'sdk-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { authProvider: provider }));
  return { client, callback };
}

describe('the official SDK client (v1) with a person in headless Chromium', { skip }, () => {
  let g: OAuthGateway;
  let browser: OAuthBrowser;
  const docUrl = 'https://sdk-client.example/oauth/client.json';
  before(async () => {
    g = await startOAuthGateway();
    browser = await launchOAuthBrowser();
  });
  after(async () => {
    await browser?.close();
    await g?.close();
  });

  test('dynamic registration: discovery, sign-in and consent clicked, token, tools/list and tools/call', async () => {
    if (SHOTS) mkdirSync(SHOTS, { recursive: true });
    const provider = new TestProvider('http://127.0.0.1:33418/callback');
    const { client, callback } = await connectWithBrowser(g, browser, provider, g.a.url, {
      ...(SHOTS
        ? { signIn: join(SHOTS, 'oauth-sign-in.png'), consent: join(SHOTS, 'oauth-consent.png') }
        : {}),
    });
    assert.equal(callback.searchParams.get('iss'), g.issuer);
    const info = provider.clientInformation() as { client_id: string };
    assert.ok(info.client_id && !info.client_id.startsWith('https://'), 'registered dynamically');
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
    await client.close();

    // An access token that no longer works: the SDK refreshes (rotated) and carries on.
    const old = provider.tokens()!;
    provider.saveTokens({ ...old, access_token: 'expired.or.revoked' });
    const again = new Client({ name: 'sdk-test', version: '1.0.0' });
    await again.connect(new StreamableHTTPClientTransport(new URL(g.a.url), { authProvider: provider }));
    assert.equal((await again.listTools()).tools.length, 1);
    assert.notEqual(provider.tokens()!.refresh_token, old.refresh_token);
    await again.close();

    // The same token at server B is refused: a token names exactly one server.
    const atB = await fetch(g.b.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${provider.tokens()!.access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    assert.equal(atB.status, 401);
  });

  test('Client ID Metadata Document: the SDK uses its URL as client_id, no registration', async () => {
    const redirect = 'http://127.0.0.1:33419/callback';
    setClientDocumentFetcher(g.t.ctx, async (url) =>
      url === docUrl
        ? {
            status: 200,
            cacheControl: 'max-age=300',
            body: JSON.stringify({
              client_id: docUrl,
              client_name: 'SDK document client',
              redirect_uris: [redirect],
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code'],
              token_endpoint_auth_method: 'none',
            }),
          }
        : { status: 404, cacheControl: undefined, body: '' },
    );
    const provider = new TestProvider(redirect, docUrl);
    const { client } = await connectWithBrowser(g, browser, provider, g.b.url);
    assert.equal((provider.clientInformation() as { client_id: string }).client_id, docUrl);
    const result = await client.callTool({ name: 'echo', arguments: {} });
    assert.equal(result.isError, false);
    await client.close();
  });

  test('the 2026-07-28 era with the same kind of token: tools/list and tools/call by fetch', async () => {
    const provider = new TestProvider('http://127.0.0.1:33420/callback');
    const { client } = await connectWithBrowser(g, browser, provider, g.a.url);
    await client.close();
    const token = provider.tokens()!.access_token;
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientInfo': { name: 'fetch-2026', version: '1.0.0' },
      'io.modelcontextprotocol/clientCapabilities': {},
    };
    const call = (method: string, params: Record<string, unknown>, bearer = token) =>
      fetch(g.a.url, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${bearer}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': method,
          ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: meta, ...params } }),
      });
    const list = await call('tools/list', {});
    assert.equal(list.status, 200);
    assert.deepEqual(
      ((await list.json()) as { result: { tools: Array<{ name: string }> } }).result.tools.map((t) => t.name),
      ['echo'],
    );
    const called = await call('tools/call', { name: 'echo', arguments: {} });
    assert.equal(called.status, 200);
    assert.equal(((await called.json()) as { result: { isError: boolean } }).result.isError, false);
    assert.equal((await call('tools/list', {}, 'not-a-token')).status, 401);
  });
});
