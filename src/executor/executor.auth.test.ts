import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { call, makeServer, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import type { Executor } from './types.ts';

describe('executor: outbound authentication', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  useExecutorHarness({}, (h) => {
    ({ t, up, ex } = h);
  });

  test('bearer: sends the token and shows it masked', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod-secret' }),
      auth_credentials_origins: [up.origin],
    });
    const tool = makeTool({
      endpoint_url: `${up.origin}/me`,
      headers: { Authorization: 'Bearer tool-static' },
    });
    const out = await ex.execute(call(server, tool));
    assert.equal(up.received[0]!.headers.authorization, 'Bearer prod-secret');
    assert.equal(out.outbound?.headers.authorization, 'Bearer ****');
    assert.ok(!JSON.stringify(out).includes('prod-secret'));
  });

  test('test credentials are used when asked, falling back to production ones', async () => {
    const both = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod' }),
      auth_credentials_origins: [up.origin],
      test_auth_credentials: JSON.stringify({ token: 'test' }),
      test_auth_credentials_origins: [up.origin],
    });
    const prodOnly = await makeServer(t, {
      outbound_auth_type: 'bearer',
      auth_credentials: JSON.stringify({ token: 'prod-only' }),
      auth_credentials_origins: [up.origin],
    });
    const tool = makeTool({ endpoint_url: `${up.origin}/me` });
    await ex.execute(call(both, tool, {}, { useTestCredentials: true }));
    await ex.execute(call(both, tool, {}, { useTestCredentials: false }));
    await ex.execute(call(prodOnly, tool, {}, { useTestCredentials: true }));
    assert.deepEqual(
      up.received.map((r) => r.headers.authorization),
      ['Bearer test', 'Bearer prod', 'Bearer prod-only'],
    );
  });

  test('api-key in a header and in the query, masked in the view', async () => {
    const header = await makeServer(t, {
      outbound_auth_type: 'api-key',
      auth_credentials: JSON.stringify({ name: 'X-Api-Key', value: 'k-123', location: 'header' }),
      auth_credentials_origins: [up.origin],
    });
    const query = await makeServer(t, {
      outbound_auth_type: 'api-key',
      auth_credentials: JSON.stringify({ name: 'api_key', value: 'k-456', location: 'query' }),
      auth_credentials_origins: [up.origin],
    });
    const tool = makeTool({
      endpoint_url: `${up.origin}/data?x=1`,
      input_schema: { type: 'object', properties: { q: { type: 'string' } } },
    });
    const a = await ex.execute(call(header, tool, { q: 'z' }));
    const b = await ex.execute(call(query, tool, { q: 'z' }));
    assert.equal(up.received[0]!.headers['x-api-key'], 'k-123');
    assert.equal(a.outbound?.headers['x-api-key'], '****');
    assert.equal(up.received[1]!.url, '/data?x=1&q=z&api_key=k-456');
    assert.equal(b.outbound?.url, `${up.origin}/data?x=1&q=z&api_key=****`);
  });

  test('basic: sends user:password base64 and masks it', async () => {
    const server = await makeServer(t, {
      outbound_auth_type: 'basic',
      auth_credentials: JSON.stringify({ username: 'ann', password: 'p@ss:word' }),
      auth_credentials_origins: [up.origin],
    });
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/b` })));
    assert.equal(
      up.received[0]!.headers.authorization,
      `Basic ${Buffer.from('ann:p@ss:word').toString('base64')}`,
    );
    assert.equal(out.outbound?.headers.authorization, 'Basic ****');
  });

  test('oauth2 client credentials: fetches a token once, caches it, refreshes once on a 401', async () => {
    let issued = 0;
    const revoked = new Set<string>();
    up.handle((req, res, body) => {
      if (req.url === '/token') {
        issued++;
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `tok-${issued}`, token_type: 'Bearer', expires_in: 3600 }));
        return;
      }
      const auth = String(req.headers.authorization);
      if (revoked.has(auth)) {
        res.writeHead(401).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ auth, body }));
    });
    const server = await makeServer(t, {
      outbound_auth_type: 'oauth2-client-credentials',
      auth_credentials: JSON.stringify({
        token_url: `${up.origin}/token`,
        client_id: 'my client',
        client_secret: 's3cret',
        scope: 'read write',
      }),
      auth_credentials_origins: [up.origin],
    });
    const tool = makeTool({ endpoint_url: `${up.origin}/api` });
    const [a, b] = await Promise.all([ex.execute(call(server, tool)), ex.execute(call(server, tool))]);
    assert.equal(a.ok && b.ok, true);
    await ex.execute(call(server, tool));
    const tokenCalls = up.received.filter((r) => r.path === '/token');
    assert.equal(tokenCalls.length, 1, 'one token fetch for three calls');
    assert.equal(tokenCalls[0]!.method, 'POST');
    assert.equal(tokenCalls[0]!.headers['content-type'], 'application/x-www-form-urlencoded');
    assert.equal(tokenCalls[0]!.body, 'grant_type=client_credentials&scope=read+write');
    assert.equal(
      tokenCalls[0]!.headers.authorization,
      `Basic ${Buffer.from('my%20client:s3cret').toString('base64')}`,
    );
    const apiCalls = up.received.filter((r) => r.path === '/api');
    assert.deepEqual(
      apiCalls.map((r) => r.headers.authorization),
      ['Bearer tok-1', 'Bearer tok-1', 'Bearer tok-1'],
    );
    assert.equal(a.outbound?.headers.authorization, 'Bearer ****');

    revoked.add('Bearer tok-1');
    up.received.length = 0;
    const refreshed = await ex.execute(call(server, tool));
    assert.equal(refreshed.ok, true);
    assert.equal(refreshed.attempts, 2);
    assert.deepEqual(
      up.received.map((r) => `${r.path} ${r.headers.authorization ?? ''}`),
      ['/api Bearer tok-1', `/token ${tokenCalls[0]!.headers.authorization}`, '/api Bearer tok-2'],
    );

    revoked.add('Bearer tok-2');
    revoked.add('Bearer tok-3');
    up.received.length = 0;
    const refusedTwice = await ex.execute(call(server, tool));
    assert.equal(refusedTwice.ok, false);
    assert.equal(refusedTwice.ok ? '' : refusedTwice.reason, 'http_status');
    assert.equal(refusedTwice.response?.status_code, 401);
    assert.equal(up.received.filter((r) => r.path === '/token').length, 1, 'refreshed only once');
  });

  test('oauth2: a failing token endpoint is an http_status outcome without secrets', async () => {
    up.handle((_req, res) => {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end('{"error":"invalid_client"}');
    });
    const server = await makeServer(t, {
      outbound_auth_type: 'oauth2-client-credentials',
      auth_credentials: JSON.stringify({
        token_url: `${up.origin}/token`,
        client_id: 'c',
        client_secret: 'never-show-me',
      }),
      auth_credentials_origins: [up.origin],
    });
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/api` })));
    assert.equal(out.ok, false);
    assert.equal(out.ok ? '' : out.reason, 'http_status');
    assert.match(out.ok ? '' : out.message, /token endpoint answered HTTP 400/);
    assert.ok(!JSON.stringify(out).includes('never-show-me'));
    assert.equal(up.received.filter((r) => r.path === '/api').length, 0);
  });

  test('never sends anything the MCP client authenticated with: only tool headers and server credentials', async () => {
    const server = await makeServer(t);
    const tool = makeTool({ endpoint_url: `${up.origin}/open`, headers: { Accept: 'application/json' } });
    await ex.execute(call(server, tool, {}, { clientType: 'mcp', sessionId: 's-1' }));
    const h = up.received[0]!.headers;
    assert.equal(h.authorization, undefined);
    assert.equal(h.accept, 'application/json');
  });
});
