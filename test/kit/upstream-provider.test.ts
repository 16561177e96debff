import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { decodeJwt, generateKeyPair, SignJWT } from 'jose';
import { browseIdp } from './oidc-idp.ts';
import { startUpstreamProvider, type UpstreamProvider } from './upstream-provider.ts';

const REDIRECT = 'http://127.0.0.1:9/oauth/callback';
const EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS = 'urn:ietf:params:oauth:token-type:access_token';

describe('upstream provider kit', () => {
  let up: UpstreamProvider;
  before(async () => {
    up = await startUpstreamProvider({ redirectUri: REDIRECT });
  });
  after(() => up.close());

  const basic = () => `Basic ${Buffer.from(`${up.clientId}:${up.clientSecret}`).toString('base64')}`;
  const token = (body: Record<string, string>) =>
    fetch(up.tokenEndpoint, {
      method: 'POST',
      headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(body),
    });
  const me = (accessToken: string) =>
    fetch(`${up.resourceUrl}/me`, { headers: { authorization: `Bearer ${accessToken}` } });

  /** Signs `sub` in through code + PKCE (no `resource`, as Toolgate does) and redeems the code. */
  async function connect(sub: string) {
    up.signInAs(sub);
    const verifier = randomBytes(32).toString('base64url');
    const url = new URL(up.authorizationEndpoint);
    url.search = new URLSearchParams({
      client_id: up.clientId,
      redirect_uri: REDIRECT,
      response_type: 'code',
      scope: 'repo read:user',
      state: 'st-1',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const back = await browseIdp(url.href, REDIRECT);
    assert.equal(back.searchParams.get('state'), 'st-1');
    const res = await token({
      grant_type: 'authorization_code',
      code: back.searchParams.get('code') ?? '',
      redirect_uri: REDIRECT,
      code_verifier: verifier,
    });
    assert.equal(res.status, 200, await res.clone().text());
    return (await res.json()) as { access_token: string; refresh_token: string; expires_in: number };
  }

  it('code + PKCE gives a JWT for the resource API and a refresh token; refresh works', async () => {
    const tokens = await connect('alice');
    const claims = decodeJwt(tokens.access_token);
    assert.equal(claims.sub, 'alice');
    assert.equal(claims.aud, 'resource-api');
    assert.equal(claims.iss, up.issuer);
    assert.ok(tokens.refresh_token);
    const res = await me(tokens.access_token);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { user: 'alice', repos: ['alice-repo-1', 'alice-repo-2'] });
    assert.equal(up.resourceRequests.lastAuthorization, `Bearer ${tokens.access_token}`);

    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    assert.equal(refreshed.status, 200);
    const fresh = (await refreshed.json()) as { access_token: string };
    assert.equal(decodeJwt(fresh.access_token).aud, 'resource-api');
    assert.equal((await me(fresh.access_token)).status, 200);
    assert.equal(up.tokenRequests.authorization_code, 1);
    assert.equal(up.tokenRequests.refresh_token, 1);
  });

  it('revokeUser ends refresh (invalid_grant) and the API refuses earlier tokens', async () => {
    const tokens = await connect('carol');
    await up.revokeUser('carol');
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    assert.equal(refreshed.status, 400);
    assert.equal(((await refreshed.json()) as { error: string }).error, 'invalid_grant');
    const res = await me(tokens.access_token);
    assert.equal(res.status, 401);
    assert.equal(res.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    const again = await connect('carol');
    assert.equal((await me(again.access_token)).status, 200);
  });

  it('exchanges a company-IdP token for the resource API, with act when an actor is given', async () => {
    const subjectToken = await up.issueUserToken('bob', 'toolgate-mcp');
    const actorToken = await up.issueUserToken('toolgate', 'toolgate-mcp');
    const res = await token({
      grant_type: EXCHANGE,
      subject_token: subjectToken,
      subject_token_type: ACCESS,
      audience: 'resource-api',
      actor_token: actorToken,
      actor_token_type: ACCESS,
    });
    assert.equal(res.status, 200);
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(body.issued_token_type, ACCESS);
    assert.equal(body.token_type, 'Bearer');
    assert.equal(body.expires_in, 600);
    const claims = decodeJwt(String(body.access_token));
    assert.deepEqual([claims.sub, claims.aud, claims.act], ['bob', 'resource-api', { sub: 'toolgate' }]);
    const api = await me(String(body.access_token));
    assert.deepEqual(await api.json(), { user: 'bob', repos: ['bob-repo-1', 'bob-repo-2'] });
  });

  it('refuses an audience it does not serve and a subject token it did not sign', async () => {
    const before = up.tokenRequests[EXCHANGE] ?? 0;
    const nope = await token({
      grant_type: EXCHANGE,
      subject_token: await up.issueUserToken('bob', 'toolgate-mcp'),
      subject_token_type: ACCESS,
      audience: 'nope',
    });
    assert.equal(nope.status, 400);
    assert.equal(((await nope.json()) as { error: string }).error, 'invalid_target');

    const { privateKey } = await generateKeyPair('RS256', { extractable: true });
    const forged = await new SignJWT({ sub: 'bob' })
      .setProtectedHeader({ alg: 'RS256', kid: 'upstream-provider-1' })
      .setIssuer(up.issuer)
      .setAudience('toolgate-mcp')
      .setExpirationTime('5m')
      .sign(privateKey);
    const bad = await token({ grant_type: EXCHANGE, subject_token: forged, subject_token_type: ACCESS });
    assert.equal(bad.status, 400);
    assert.equal(((await bad.json()) as { error: string }).error, 'invalid_grant');
    assert.equal(up.tokenRequests[EXCHANGE], before + 2);
    assert.equal((await me(forged)).status, 401);
  });

  it('answers a registered personal token and refuses others', async () => {
    up.addPersonalToken('dave', 'pat-dave-123');
    const ok = await fetch(`${up.resourceUrl}/pat/me`, { headers: { 'x-api-key': 'pat-dave-123' } });
    assert.deepEqual([ok.status, await ok.json()], [200, { user: 'dave' }]);
    const no = await fetch(`${up.resourceUrl}/pat/me`, { headers: { 'x-api-key': 'pat-guess' } });
    assert.equal(no.status, 401);
    assert.ok((up.resourceRequests.byPath['/pat/me'] ?? 0) >= 2);
  });
});
