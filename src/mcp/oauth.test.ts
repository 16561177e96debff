import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, test } from 'node:test';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { createJwksCache, type OAuthConfig } from './oauth.ts';

let issuerServer: Server;
let issuer = '';
const seen: string[] = [];
let jwk: JWK;

before(async () => {
  const pair = await generateKeyPair('RS256');
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  issuerServer = createServer((req, res) => {
    seen.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url === '/.well-known/oauth-authorization-server')
      return res.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks.json` }));
    if (req.url === '/jwks.json') return res.end(JSON.stringify({ keys: [jwk] }));
    res.statusCode = 404;
    return res.end('{}');
  });
  await new Promise<void>((resolve) => issuerServer.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(issuerServer.address() as AddressInfo).port}`;
});
after(() => new Promise<void>((resolve) => issuerServer.close(() => resolve())));

function configFor(over: Partial<OAuthConfig> = {}): OAuthConfig {
  return {
    toolgate: false,
    authorization_servers: [issuer],
    issuer,
    audience: null,
    jwks_uri: null,
    required_scopes: [],
    ...over,
  };
}

test('JWKS discovery and fetch honour the private-address setting', async () => {
  seen.length = 0;
  const cache = createJwksCache();
  await assert.rejects(cache.keySet(configFor(), false), /no jwks_uri found/);
  const direct = await cache.keySet(configFor({ jwks_uri: `${issuer}/jwks.json` }), false);
  await assert.rejects(direct({ alg: 'RS256', kid: 'k1' }), /loopback, private/);
  assert.deepEqual(seen, []);

  const allowed = await cache.keySet(configFor(), true);
  const key = await allowed({ alg: 'RS256', kid: 'k1' });
  assert.equal((key as { type?: string }).type, 'public');
  assert.deepEqual(seen, ['/.well-known/oauth-authorization-server', '/jwks.json']);
});
