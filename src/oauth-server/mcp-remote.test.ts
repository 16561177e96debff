import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type McpRemote, spawnMcpRemote } from '../../test/kit/mcp-remote.ts';
import { chromiumAvailable, launchOAuthBrowser, type OAuthBrowser } from '../../test/kit/oauth-chromium.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { setClientDocumentFetcher } from './authorization-server.ts';

/*
 * mcp-remote 0.15.1 as a desktop host (Claude Desktop) runs it: a stdio proxy in front of a
 * Toolgate MCP endpoint. The first run prints the authorization URL (no browser of its own), a
 * person in headless Chromium signs in and clicks Allow, the browser lands on mcp-remote's own
 * loopback callback; then MCP over its stdio. A second run with the same config directory reuses
 * the stored tokens without a browser. Once in the 2025-11-25 era (`--protocol legacy`, the
 * default) and once with `--protocol auto`, where mcp-remote bridges to the 2026-07-28 era.
 */

const skip = !chromiumAvailable() && process.env.CI !== 'true' ? 'chromium is not installed' : false;

const AUTH_URL = /Please authorize this client by visiting:\s*\n(\S+)/;
const ESTABLISHED = /Proxy established successfully/;
/** The Client ID Metadata Document mcp-remote names (served by the test's fetcher). */
const DOC_URL = 'https://mcp-remote.example/oauth/client.json';
/** A document lists exact redirect URIs, so those runs pin mcp-remote's callback port. */
const CIMD_PORTS = [33441, 33442] as const;

async function speakMcp(g: OAuthGateway, remote: McpRemote): Promise<void> {
  const init = await remote.request('initialize', {
    protocolVersion: '2025-11-25',
    capabilities: {},
    clientInfo: { name: 'claude-desktop-like', version: '1.0.0' },
  });
  assert.equal(init.error, undefined, JSON.stringify(init.error));
  const { protocolVersion, serverInfo } = init.result as {
    protocolVersion: string;
    serverInfo: { name: string };
  };
  assert.equal(protocolVersion, '2025-11-25');
  assert.ok(serverInfo.name);
  remote.notify('notifications/initialized');
  const list = await remote.request('tools/list');
  assert.equal(list.error, undefined, JSON.stringify(list.error));
  assert.deepEqual(
    (list.result as { tools: Array<{ name: string }> }).tools.map((t) => t.name),
    ['echo'],
  );
  const before = g.upstreamCalls();
  const call = await remote.request('tools/call', { name: 'echo', arguments: {} });
  assert.equal(call.error, undefined, JSON.stringify(call.error));
  const result = call.result as { isError: boolean; content: unknown[] };
  assert.equal(result.isError, false);
  assert.match(JSON.stringify(result.content), /echoed/);
  assert.equal(g.upstreamCalls(), before + 1);
}

describe('mcp-remote as a desktop host runs it, a person in headless Chromium', { skip }, () => {
  let g: OAuthGateway;
  let browser: OAuthBrowser;
  const dirs: string[] = [];
  const running: McpRemote[] = [];
  /** The `MCP-Protocol-Version` (or "none") of each POST to an MCP endpoint, as the gateway saw it. */
  let versions: string[] = [];
  /** Every request the gateway answered, as "METHOD /path". */
  const seen: string[] = [];

  before(async () => {
    g = await startOAuthGateway();
    browser = await launchOAuthBrowser();
    setClientDocumentFetcher(g.t.ctx, async (url) =>
      url === DOC_URL
        ? {
            status: 200,
            cacheControl: 'max-age=300',
            body: JSON.stringify({
              client_id: DOC_URL,
              client_name: 'mcp-remote (document)',
              redirect_uris: CIMD_PORTS.map((p) => `http://localhost:${p}/oauth/callback`),
              grant_types: ['authorization_code', 'refresh_token'],
              response_types: ['code'],
              token_endpoint_auth_method: 'none',
            }),
          }
        : { status: 404, cacheControl: undefined, body: '' },
    );
    g.t.app.server.on('request', (req: IncomingMessage) => {
      const path = new URL(req.url ?? '/', g.origin).pathname;
      seen.push(`${req.method} ${path}`);
      if (req.method === 'POST' && path.startsWith('/mcp/'))
        versions.push(String(req.headers['mcp-protocol-version'] ?? 'none'));
    });
  });
  after(async () => {
    for (const r of running) await r.close();
    await browser?.close();
    await g?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  function start(url: string, dir: string, flags: string[]): McpRemote {
    const remote = spawnMcpRemote(url, dir, ['--auth-timeout', '60', ...flags]);
    running.push(remote);
    return remote;
  }

  /** A first run: the printed URL opened in Chromium, sign-in and Allow, the callback delivered. */
  async function signInFirstRun(
    url: string,
    dir: string,
    flags: string[],
  ): Promise<{ remote: McpRemote; printed: URL }> {
    const remote = start(url, dir, flags);
    const printed = new URL((await remote.waitForLog(AUTH_URL))[1] ?? '');
    assert.equal(`${printed.origin}${printed.pathname}`, `${g.issuer}/auth`);
    assert.equal(printed.searchParams.get('resource'), url);
    const redirect = printed.searchParams.get('redirect_uri') ?? '';
    assert.match(redirect, /^http:\/\/(localhost|127\.0\.0\.1):\d+\//);
    const callback = await browser.authorize(printed, redirect, g.person, { deliver: true });
    assert.equal(callback.searchParams.get('iss'), g.issuer);
    await remote.waitForLog(ESTABLISHED);
    return { remote, printed };
  }

  /** MCP over stdio, asserting what reached Toolgate was in `era`. */
  async function speakInEra(remote: McpRemote, era: string): Promise<void> {
    versions = [];
    await speakMcp(g, remote);
    assert.equal(versions.at(-1), era);
  }

  function storedTokens(dir: string): { path: string; tokens: Record<string, unknown> } {
    const store = join(dir, 'mcp-remote-v1');
    const name = readdirSync(store).find((f) => f.endsWith('_tokens.json'));
    assert.ok(name, `tokens stored in ${store}`);
    const path = join(store, name);
    return { path, tokens: JSON.parse(readFileSync(path, 'utf8')) };
  }

  function tempDir(): string {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-remote-'));
    dirs.push(dir);
    return dir;
  }

  for (const [era, server, flags] of [
    ['2025-11-25', 'a', ['--protocol', 'legacy']],
    ['2026-07-28', 'b', ['--protocol', 'auto']],
  ] as const) {
    test(`${era} (${flags.join(' ')}), dynamic registration: sign-in, MCP over stdio; a restart reuses the tokens; a dead or expired access token is refreshed and the refresh token rotated`, async (t) => {
      const dir = tempDir();
      const url = g[server].url;
      const from = seen.length;
      const { remote: first, printed } = await signInFirstRun(url, dir, [...flags]);
      t.diagnostic(`requests at the gateway until established: ${seen.length - from}`);
      assert.ok(!printed.searchParams.get('client_id')?.startsWith('https://'), 'registered dynamically');
      assert.equal(seen.slice(from).filter((r) => r === 'POST /oauth/reg').length, 1);
      await speakInEra(first, era);
      await first.close();

      // A second run, as after a restart of the host: the stored tokens, no browser.
      const second = start(url, dir, [...flags]);
      await second.waitForLog(ESTABLISHED);
      assert.doesNotMatch(second.log(), AUTH_URL);
      await speakInEra(second, era);
      await second.close();

      // A third run whose stored access token no longer works: a 401, a refresh, no browser.
      const { path, tokens } = storedTokens(dir);
      writeFileSync(path, JSON.stringify({ ...tokens, access_token: 'expired.or.revoked' }));
      const third = start(url, dir, [...flags]);
      await third.waitForLog(ESTABLISHED);
      assert.doesNotMatch(third.log(), AUTH_URL);
      await speakInEra(third, era);
      await third.close();
      const after = storedTokens(dir).tokens;
      assert.notEqual(after.access_token, 'expired.or.revoked');
      assert.ok(after.refresh_token);
      assert.notEqual(after.refresh_token, tokens.refresh_token, 'the refresh token rotated');

      // A fourth run whose stored expiry has passed (the token itself still good): refreshed anyway.
      writeFileSync(storedTokens(dir).path, JSON.stringify({ ...after, expires_at: Date.now() - 60_000 }));
      const from4 = seen.length;
      const fourth = start(url, dir, [...flags]);
      await fourth.waitForLog(ESTABLISHED);
      assert.doesNotMatch(fourth.log(), AUTH_URL);
      await speakInEra(fourth, era);
      await fourth.close();
      const requests = seen.slice(from4);
      assert.ok(requests.includes('POST /oauth/token'), 'refreshed at the token endpoint');
      const renewed = storedTokens(dir).tokens;
      assert.notEqual(renewed.refresh_token, after.refresh_token, 'rotated again');
      assert.ok((renewed.expires_at as number) > Date.now());
    });
  }

  for (const [era, server, flags, port] of [
    ['2025-11-25', 'a', ['--protocol', 'legacy'], CIMD_PORTS[0]],
    ['2026-07-28', 'b', ['--protocol', 'auto'], CIMD_PORTS[1]],
  ] as const) {
    test(`${era} (${flags.join(' ')}), Client ID Metadata Document: its URL is the client_id, no registration`, async () => {
      const dir = tempDir();
      const url = g[server].url;
      const from = seen.length;
      const { remote, printed } = await signInFirstRun(url, dir, [
        String(port),
        '--client-metadata-url',
        DOC_URL,
        ...flags,
      ]);
      assert.equal(printed.searchParams.get('client_id'), DOC_URL);
      assert.ok(!seen.slice(from).includes('POST /oauth/reg'), 'no dynamic registration');
      await speakInEra(remote, era);
      await remote.close();
    });
  }
});
