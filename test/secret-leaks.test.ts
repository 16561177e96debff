import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from './helpers.ts';
import { expandUrl, listRoutes, type Seeded, send } from './hostile-kit.ts';

/*
 * Secrets set on servers (outbound production and test credentials, inbound tokens and
 * passwords, OAuth client secrets and the access tokens they earn) and the app's own secrets
 * (API keys, secret key, SMTP password, metrics token) never come back: not from any GET route
 * other than the credentials endpoint, not from tool tests or exports, not in call-log rows.
 */

const secret = (label: string) => `${label}-${randomBytes(12).toString('hex')}`;
const S = {
  outBearer: secret('out-bearer'),
  testKey: secret('test-apikey'),
  queryKey: secret('query-apikey'),
  basicPassword: secret('basic-pw'),
  clientSecret: secret('client-secret'),
  accessToken: secret('access-token'),
  inboundToken: secret('inbound-token'),
  inboundPassword: secret('inbound-pw'),
  inboundKey: secret('inbound-key'),
  smtpPassword: secret('smtp-pw'),
  metricsToken: secret('metrics-token'),
};

describe('secrets never leak', () => {
  let t: TestApp;
  let upstream: Server;
  let upstreamUrl: string;
  const seen: IncomingHttpHeaders[] = [];
  const seenUrls: string[] = [];
  const servers: Record<
    string,
    { id: number; uuid: string; slug: string; toolId: number; toolUuid: string }
  > = {};

  before(async () => {
    upstream = createServer((req, res) => {
      seen.push(req.headers);
      seenUrls.push(req.url ?? '');
      req.resume();
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url?.startsWith('/oauth/token'))
          res.end(JSON.stringify({ access_token: S.accessToken, token_type: 'Bearer', expires_in: 3600 }));
        else if (req.url?.startsWith('/fail')) {
          res.statusCode = 401;
          res.end('{"error":"unauthorized"}');
        } else res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    t = await buildTestApp({
      config: {
        smtpUrl: `smtp://mailer:${S.smtpPassword}@127.0.0.1:1`,
        metricsEnabled: true,
        metricsToken: S.metricsToken,
      },
    });

    const make = async (name: string, body: Record<string, unknown>, path = '/ok') => {
      const res = await t.api('POST', '/servers', { name, rate_limit_per_min: 0, ...body });
      assert.equal(res.statusCode, 201, res.body);
      const server = res.json();
      const tool = await t.api('POST', `/servers/${server.id}/tools`, {
        name: 'Call',
        endpoint_url: `${upstreamUrl}${path}`,
        http_method: 'GET',
      });
      assert.equal(tool.statusCode, 201, tool.body);
      servers[name] = { ...server, toolId: tool.json().id, toolUuid: tool.json().uuid };
    };
    await make('bearer', {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: S.outBearer }),
      test_auth_credentials: { type: 'api-key', name: 'X-Api-Key', value: S.testKey, location: 'header' },
      auth_type: 'bearer',
      auth_config: { token: S.inboundToken },
    });
    await make('query', {
      outbound_auth_type: 'api-key',
      auth_credentials: { name: 'api_key', value: S.queryKey, location: 'query' },
      auth_type: 'api-key',
      auth_config: { name: 'X-Key', value: S.inboundKey },
    });
    await make(
      'basic',
      {
        outbound_auth_type: 'basic',
        auth_credentials: { username: 'svc', password: S.basicPassword },
        auth_type: 'basic',
        auth_config: { username: 'client', password: S.inboundPassword },
      },
      '/fail',
    );
    await make('oauth', {
      outbound_auth_type: 'oauth2-client-credentials',
      auth_credentials: {
        token_url: `${upstreamUrl}/oauth/token`,
        client_id: 'gateway',
        client_secret: S.clientSecret,
      },
    });
  });
  after(async () => {
    await t.close();
    upstream.close();
  });

  /** Every secret in every form it could be leaked in (raw, URL-encoded, inside basic auth). */
  const needles = () => {
    const raw = [...Object.values(S), t.adminKey, 'a'.repeat(64)];
    const basic = [`svc:${S.basicPassword}`, `client:${S.inboundPassword}`].map((p) =>
      Buffer.from(p).toString('base64'),
    );
    return [...raw, ...raw.map(encodeURIComponent), ...basic];
  };
  const assertClean = (where: string, text: string) => {
    for (const needle of needles())
      assert.ok(!text.includes(needle), `${where} contains a secret (${needle.slice(0, 14)}…)`);
  };

  /** Sends one MCP tools/call with the inbound credential, through a fresh session. */
  async function callOverMcp(slug: string, headers: Record<string, string>, tool = 'call') {
    const post = (body: unknown, extra: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/mcp/${slug}`,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'user-agent': 'leak-test',
          ...headers,
          ...extra,
        },
        payload: JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'leak', version: '1' } },
    });
    assert.equal(init.statusCode, 200, init.body);
    const sid = String(init.headers['mcp-session-id']);
    await post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sid });
    const res = await post(
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: tool, arguments: { q: 1 } } },
      { 'mcp-session-id': sid },
    );
    assert.equal(res.statusCode, 200, res.body);
    assertClean(`MCP tools/call on ${slug}`, res.body);
    return res;
  }

  test('tool tests, exports and MCP calls use the secrets but never answer with them', async () => {
    for (const [name, s] of Object.entries(servers)) {
      for (const use_test_credentials of [true, false]) {
        const res = await t.api('POST', `/servers/${s.id}/tools/${s.toolId}/test`, {
          arguments: {},
          use_test_credentials,
        });
        assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
        assertClean(`tool test of ${name} (test credentials: ${use_test_credentials})`, res.body);
      }
      const exported = await t.api('POST', `/servers/${s.id}/tools/export`, {});
      assert.equal(exported.statusCode, 200);
      assertClean(`export of ${name}`, exported.body);
    }
    await callOverMcp(servers.bearer!.slug, { authorization: `Bearer ${S.inboundToken}` });
    await callOverMcp(servers.query!.slug, { 'x-key': S.inboundKey });
    await callOverMcp(servers.basic!.slug, {
      authorization: `Basic ${Buffer.from(`client:${S.inboundPassword}`).toString('base64')}`,
    });
    // A wrong inbound credential is refused without echoing what was sent.
    const wrong = await t.app.inject({
      method: 'POST',
      url: `/mcp/${servers.bearer!.slug}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${S.outBearer}` },
      payload: '{"jsonrpc":"2.0","id":1,"method":"tools/list"}',
    });
    assert.ok(wrong.statusCode === 401 || wrong.statusCode === 403, wrong.body);
    assertClean('refused MCP call', wrong.body);

    // The calls really carried the secrets upstream (so the scans below are not vacuous).
    const upstreamSaw = JSON.stringify({ seen, seenUrls });
    for (const used of [S.outBearer, S.testKey, S.queryKey, S.accessToken])
      assert.ok(upstreamSaw.includes(used), `the upstream never received ${used.slice(0, 14)}…`);
  });

  test('no GET route but the credentials endpoint returns a secret', async () => {
    const routes = listRoutes(t).filter(
      (r) => r.method === 'GET' && !r.url.startsWith('/docs/static') && !r.url.startsWith('/mcp/'),
    );
    assert.ok(routes.length >= 20, `only ${routes.length} GET routes`);
    let scanned = 0;
    for (const s of Object.values(servers)) {
      const seeded: Seeded = {
        server: { id: s.id, uuid: s.uuid, slug: s.slug },
        tool: { id: s.toolId, uuid: s.toolUuid },
        prompt: { id: 1 },
        resource: { id: 1 },
        key: { id: 1, uuid: '' },
      };
      for (const route of routes) {
        if (route.url.endsWith('/credentials')) continue;
        for (const url of expandUrl(route.url, seeded).valid) {
          const withQuery = url.includes('/analytics/calls/export') ? [url, `${url}?format=csv`] : [url];
          for (const u of withQuery) {
            const res = await send(t, 'GET', u);
            scanned++;
            assert.ok(res.statusCode < 500, `${u}: ${res.statusCode}`);
            assertClean(`GET ${u}`, `${JSON.stringify(res.headers)}\n${res.body}`);
          }
        }
      }
    }
    assert.ok(scanned > 80, `only ${scanned} GET responses scanned`);
    const metrics = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${S.metricsToken}` },
    });
    assertClean('GET /metrics', metrics.body);

    // The credentials endpoint is the one place they are shown, to an administrator.
    const creds = await t.api('GET', `/servers/${servers.bearer!.id}/credentials`);
    assert.equal(creds.statusCode, 200);
    assert.ok(creds.body.includes(S.outBearer) && creds.body.includes(S.testKey), creds.body);
    assert.equal(creds.headers['cache-control'], 'no-store');
    const editor = await t.keyFor('editor');
    const denied = await t.api('GET', `/servers/${servers.bearer!.id}/credentials`, undefined, editor);
    assert.equal(denied.statusCode, 403);
    assertClean('credentials for an editor', denied.body);
  });

  test('call-log rows and stored server rows hold no plain secret', async () => {
    await t.ctx.callLogs.flush();
    const logs = await t.ctx.store.db.selectFrom('call_logs').selectAll().execute();
    assert.ok(logs.length >= 10, `only ${logs.length} call logs`);
    assert.ok(
      logs.some((l) => l.client_type !== 'admin_test'),
      'no MCP call was logged',
    );
    assertClean('call_logs rows', JSON.stringify(logs));
    const rows = await t.ctx.store.db.selectFrom('servers').selectAll().execute();
    assertClean('servers rows', JSON.stringify(rows));
    const options = await t.ctx.store.db.selectFrom('options').selectAll().execute();
    assertClean('options rows', JSON.stringify(options));
  });
});
