import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { exportJWK, generateKeyPair, type JWK, type KeyLike, SignJWT } from 'jose';
import { createMcpKit, listenLocal, type McpKit } from '../../test/mcp-kit.ts';

const INIT = { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25' } };

async function setAuth(k: McpKit, auth_type: string, auth_config: unknown): Promise<void> {
  const res = await k.t.api('PATCH', `/servers/${k.serverUuid}`, { auth_type, auth_config });
  assert.equal(res.statusCode, 200, res.body);
}

describe('MCP inbound auth: bearer, api-key, basic', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit();
  });
  after(() => k.close());

  test('none lets anyone in', async () => {
    assert.equal((await k.post(INIT)).statusCode, 200);
  });

  test('bearer: the right token passes, a wrong or missing one is 401 with a challenge', async () => {
    await setAuth(k, 'bearer', { token: 's3cret-token-0123456' });
    const ok = await k.post(INIT, { authorization: 'Bearer s3cret-token-0123456' });
    assert.equal(ok.statusCode, 200);
    const wrong = await k.post(INIT, { authorization: 'Bearer nope' });
    assert.equal(wrong.statusCode, 401);
    assert.match(String(wrong.headers['www-authenticate']), /^Bearer/);
    assert.equal(wrong.json().error.code, -32000);
    assert.equal((await k.post(INIT)).statusCode, 401);
    assert.equal((await k.post(INIT, { authorization: 'Basic czNjcmV0LXRva2Vu' })).statusCode, 401);
    // Every request is checked, not only initialize.
    const sid = String(ok.headers['mcp-session-id']);
    const noAuth = await k.post({ jsonrpc: '2.0', id: 2, method: 'ping' }, { 'mcp-session-id': sid });
    assert.equal(noAuth.statusCode, 401);
  });

  test("the client's credential is never forwarded upstream", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const upstream = await listenLocal((req, res) => {
      seen.push(req.headers);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    try {
      await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
        name: 'Echo',
        slug: 'echo',
        endpoint_url: `${upstream.url}/echo`,
        http_method: 'GET',
      });
      const auth = { authorization: 'Bearer s3cret-token-0123456' };
      const init = await k.post(INIT, auth);
      const sid = String(init.headers['mcp-session-id']);
      const res = await k.rpc(sid, 'tools/call', { name: 'echo', arguments: {} }, auth);
      assert.equal(res.json().result.isError, false, res.body);
      assert.equal(seen.length, 1);
      assert.equal(seen[0]!.authorization, undefined);
      assert.ok(!JSON.stringify(seen[0]).includes('s3cret-token-0123456'));
    } finally {
      upstream.server.close();
    }
  });

  test('api-key in a header', async () => {
    await setAuth(k, 'api-key', { name: 'X-Gate-Key', location: 'header', value: 'key-0123456789-123' });
    assert.equal((await k.post(INIT, { 'x-gate-key': 'key-0123456789-123' })).statusCode, 200);
    assert.equal((await k.post(INIT, { 'x-gate-key': 'key-0123456789-124' })).statusCode, 401);
    assert.equal((await k.post(INIT)).statusCode, 401);
  });

  test('api-key in the query string', async () => {
    await setAuth(k, 'api-key', { name: 'api_key', location: 'query', value: 'q-key-0123456789ab' });
    const inject = (qs: string) =>
      k.t.app.inject({
        method: 'POST',
        url: `${k.url}${qs}`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(INIT),
      });
    assert.equal((await inject('?api_key=q-key-0123456789ab')).statusCode, 200);
    assert.equal((await inject('?api_key=wrong')).statusCode, 401);
    assert.equal((await inject('')).statusCode, 401);
  });

  test('basic: username and password must both match', async () => {
    await setAuth(k, 'basic', { username: 'ada', password: 'pa:ss-0123456789ab' });
    const basic = (u: string, p: string) => `Basic ${Buffer.from(`${u}:${p}`).toString('base64')}`;
    assert.equal((await k.post(INIT, { authorization: basic('ada', 'pa:ss-0123456789ab') })).statusCode, 200);
    const wrongPass = await k.post(INIT, { authorization: basic('ada', 'pass') });
    assert.equal(wrongPass.statusCode, 401);
    assert.match(String(wrongPass.headers['www-authenticate']), /^Basic/);
    assert.equal((await k.post(INIT, { authorization: basic('bob', 'pa:ss-0123456789ab') })).statusCode, 401);
    assert.equal((await k.post(INIT, { authorization: 'Basic !!!' })).statusCode, 401);
    assert.equal((await k.post(INIT)).statusCode, 401);
  });
});

describe('MCP inbound auth: oauth (JWT against a JWKS)', () => {
  let k: McpKit;
  let issuerServer: Server;
  let issuer: string;
  let privateKey: KeyLike;
  let strangerKey: KeyLike;
  const audience = 'http://gateway.test/mcp/demo-server';

  before(async () => {
    const pair = await generateKeyPair('RS256');
    privateKey = pair.privateKey;
    strangerKey = (await generateKeyPair('RS256')).privateKey;
    const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    ({ server: issuerServer, url: issuer } = await listenLocal((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (req.url === '/.well-known/oauth-authorization-server')
        return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks.json` }));
      if (req.url === '/jwks.json') return res.end(JSON.stringify({ keys: [jwk] }));
      res.statusCode = 404;
      return res.end('{}');
    }));
    k = await createMcpKit();
    await setAuth(k, 'oauth', { authorization_servers: [issuer], required_scopes: ['mcp:tools'] });
  });
  after(async () => {
    await k.close();
    issuerServer.close();
  });

  function token(
    claims: Record<string, unknown> = {},
    opts: { key?: KeyLike; exp?: string | number; aud?: string; iss?: string } = {},
  ): Promise<string> {
    return new SignJWT({ scope: 'mcp:tools other', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
      .setIssuer(opts.iss ?? issuer)
      .setAudience(opts.aud ?? audience)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? '5m')
      .sign(opts.key ?? privateKey);
  }

  test('a valid token (JWKS discovered from the issuer metadata) passes', async () => {
    const res = await k.post(INIT, { authorization: `Bearer ${await token()}` });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('no token is 401 naming the resource metadata and scope', async () => {
    const res = await k.post(INIT);
    assert.equal(res.statusCode, 401);
    assert.equal(
      res.headers['www-authenticate'],
      `Bearer resource_metadata="http://gateway.test/.well-known/oauth-protected-resource/mcp/${k.slug}", scope="mcp:tools"`,
    );
  });

  test('bad signature, wrong issuer, wrong audience and expiry are 401 invalid_token', async () => {
    const bad = [
      await token({}, { key: strangerKey }),
      await token({}, { iss: 'http://elsewhere.example' }),
      await token({}, { aud: 'http://gateway.test/mcp/other' }),
      await token({}, { exp: Math.floor(Date.now() / 1000) - 3600 }),
      'not.a.jwt',
    ];
    for (const t of bad) {
      const res = await k.post(INIT, { authorization: `Bearer ${t}` });
      assert.equal(res.statusCode, 401, t);
      assert.match(String(res.headers['www-authenticate']), /error="invalid_token"/);
      assert.match(String(res.headers['www-authenticate']), /resource_metadata="/);
    }
  });

  test('a token without the required scope is 403 insufficient_scope', async () => {
    const res = await k.post(INIT, { authorization: `Bearer ${await token({ scope: 'other' })}` });
    assert.equal(res.statusCode, 403);
    assert.match(String(res.headers['www-authenticate']), /error="insufficient_scope"/);
    assert.match(String(res.headers['www-authenticate']), /scope="mcp:tools"/);
  });

  test('a configured audience is accepted too', async () => {
    await setAuth(k, 'oauth', {
      authorization_servers: [issuer],
      audience: 'api://toolgate',
      jwks_uri: `${issuer}/jwks.json`,
      required_scopes: ['mcp:tools'],
    });
    const res = await k.post(INIT, { authorization: `Bearer ${await token({}, { aud: 'api://toolgate' })}` });
    assert.equal(res.statusCode, 200, res.body);
  });

  test('serves the RFC 9728 protected-resource metadata document', async () => {
    const res = await k.t.app.inject({
      method: 'GET',
      url: `/.well-known/oauth-protected-resource/mcp/${k.slug}`,
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      resource: `http://gateway.test/mcp/${k.slug}`,
      authorization_servers: [issuer],
      bearer_methods_supported: ['header'],
      scopes_supported: ['mcp:tools'],
      resource_name: 'Demo Server',
    });
  });
});
