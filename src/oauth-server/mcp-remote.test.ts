import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { type McpRemote, spawnMcpRemote } from '../../test/kit/mcp-remote.ts';
import { chromiumAvailable, launchOAuthBrowser, type OAuthBrowser } from '../../test/kit/oauth-chromium.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';

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

  before(async () => {
    g = await startOAuthGateway();
    browser = await launchOAuthBrowser();
    g.t.app.server.on('request', (req: IncomingMessage) => {
      if (req.method === 'POST' && req.url?.startsWith('/mcp/'))
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

  for (const [era, server, flags] of [
    ['2025-11-25', 'a', ['--protocol', 'legacy']],
    ['2026-07-28', 'b', ['--protocol', 'auto']],
  ] as const) {
    test(`${era} (${flags.join(' ')}): sign-in through its loopback callback, MCP over stdio, then stored tokens reused`, async () => {
      const dir = mkdtempSync(join(tmpdir(), 'mcp-remote-'));
      dirs.push(dir);
      const url = g[server].url;

      const first = start(url, dir, [...flags]);
      const printed = new URL((await first.waitForLog(AUTH_URL))[1] ?? '');
      assert.equal(`${printed.origin}${printed.pathname}`, `${g.issuer}/auth`);
      assert.equal(printed.searchParams.get('resource'), url);
      const redirect = printed.searchParams.get('redirect_uri') ?? '';
      assert.match(redirect, /^http:\/\/(localhost|127\.0\.0\.1):\d+\//);
      const callback = await browser.authorize(printed, redirect, g.person, { deliver: true });
      assert.equal(callback.searchParams.get('iss'), g.issuer);
      await first.waitForLog(ESTABLISHED);
      versions = [];
      await speakMcp(g, first);
      // What reached Toolgate after the handshake is in the era under test.
      assert.equal(versions.at(-1), era);
      await first.close();

      // A second run, as after a restart of the host: the stored tokens, no browser.
      const second = start(url, dir, [...flags]);
      await second.waitForLog(ESTABLISHED);
      assert.doesNotMatch(second.log(), AUTH_URL);
      versions = [];
      await speakMcp(g, second);
      assert.equal(versions.at(-1), era);
      await second.close();
    });
  }
});
