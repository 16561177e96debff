import assert from 'node:assert/strict';
import { after, describe, test } from 'node:test';
import { buildTestApp, createPgSchema } from '../../test/helpers.ts';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { mcpInitialize, obtainCode, redeem, register, tokenRequest } from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import {
  deleteExpiredOAuthRecords,
  findOAuthRecord,
  upsertOAuthRecord,
} from '../store/oauth-records.repo.ts';
import { createAdapterClass } from './adapter.ts';
import { authorizationServerOf } from './authorization-server.ts';
import { REGISTRATIONS_PER_WINDOW } from './oauth-server.routes.ts';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

const pg = await createPgSchema();

async function codeFlowOn(g: OAuthGateway): Promise<void> {
  const issued = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
  const res = await redeem(g.issuer, issued, g.a.url);
  assert.equal(res.status, 200);
  const tokens = (await res.json()) as Tokens;
  assert.equal((await mcpInitialize(g.a.url, tokens.access_token)).status, 200);
  const refreshed = await tokenRequest(g.issuer, {
    grant_type: 'refresh_token',
    refresh_token: tokens.refresh_token,
    client_id: issued.clientId,
  });
  assert.equal(refreshed.status, 200);
  assert.equal((await redeem(g.issuer, issued, g.a.url)).status, 400);
}

describe('the authorization server on each database', () => {
  test('SQLite: code, token, refresh, replay refused', async () => {
    const g = await startOAuthGateway();
    try {
      await codeFlowOn(g);
    } finally {
      await g.close();
    }
  });

  test('PostgreSQL: code, token, refresh, replay refused', {
    skip: 'skip' in pg ? pg.skip : false,
  }, async () => {
    if ('skip' in pg) return;
    const g = await startOAuthGateway({ databaseUrl: pg.url });
    try {
      await codeFlowOn(g);
    } finally {
      await g.close();
      await pg.drop();
    }
  });
});

describe('records, keys and registrations', () => {
  let g: OAuthGateway;
  after(() => g?.close());

  test('an expired record is gone for readers before the sweep deletes it', async () => {
    g = await startOAuthGateway();
    const db = g.t.ctx.store.db;
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const Adapter = createAdapterClass(db, { now: () => clock });
    const codes = new Adapter('AuthorizationCode');
    await codes.upsert('code-1', { grantId: 'g1', accountId: 'a' }, 60);
    assert.equal((await codes.find('code-1'))?.jti, 'code-1');
    clock += 61_000;
    assert.equal(await codes.find('code-1'), undefined);
    assert.equal(await deleteExpiredOAuthRecords(db, new Date(clock).toISOString()), 1);
    await upsertOAuthRecord(db, {
      kind: 'Grant',
      id: 'kept',
      payload: '{}',
      grant_id: null,
      uid: null,
      user_code: null,
      expires_at: null,
    });
    assert.ok(await findOAuthRecord(db, 'Grant', 'kept'));
  });

  test('rotating the signing keys: new tokens carry the new kid, earlier ones still verify, both are published', async () => {
    const issued = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
    const before = (await (await redeem(g.issuer, issued, g.a.url)).json()) as Tokens;
    const kidOf = (jwt: string) =>
      JSON.parse(Buffer.from(jwt.split('.')[0] ?? '', 'base64url').toString()).kid;
    const rotated = await g.t.api('POST', '/authorization-server/keys/rotate');
    assert.equal(rotated.statusCode, 200, rotated.body);
    const listed = rotated.json() as Array<{ kid: string; signing: boolean }>;
    assert.equal(listed.length, 2);
    assert.equal(listed[0]!.signing, true);
    assert.ok(!rotated.body.includes('"d"'));
    const analyst = await g.t.keyFor('analyst');
    assert.equal(
      (await g.t.api('POST', '/authorization-server/keys/rotate', undefined, analyst)).statusCode,
      403,
    );
    const keys = await authorizationServerOf(g.t.ctx).keys();
    assert.deepEqual(
      keys.map((k) => k.kid),
      listed.map((k) => k.kid),
    );
    assert.equal(keys.length, 2);
    const jwks = (await (await fetch(`${g.issuer}/jwks`)).json()) as {
      keys: Array<{ kid: string; d?: string }>;
    };
    assert.deepEqual(jwks.keys.map((k) => k.kid).sort(), keys.map((k) => k.kid).sort());
    assert.ok(
      jwks.keys.every((k) => k.d === undefined),
      'no private part published',
    );
    assert.equal((await mcpInitialize(g.a.url, before.access_token)).status, 200);
    const next = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
    const after = (await (await redeem(g.issuer, next, g.a.url)).json()) as Tokens;
    assert.equal(kidOf(after.access_token), keys[0]!.kid);
    assert.notEqual(kidOf(after.access_token), kidOf(before.access_token));
    assert.equal((await mcpInitialize(g.a.url, after.access_token)).status, 200);
  });

  test(`dynamic registration is limited to ${REGISTRATIONS_PER_WINDOW} per address per window`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= REGISTRATIONS_PER_WINDOW; i++)
      statuses.push((await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] })).status);
    // Earlier tests of this gateway registered some already.
    assert.ok(statuses.includes(201));
    const last = await register(g.issuer, { redirect_uris: ['http://127.0.0.1/callback'] });
    assert.equal(last.status, 429);
    assert.ok(Number(last.headers.get('retry-after')) >= 1);
  });
});

describe('two instances over one database', () => {
  test('a code from one is redeemed at the other; a key rotated on one is honoured by the other', async () => {
    const g = await startOAuthGateway();
    const second = await buildTestApp({
      databaseUrl: g.t.ctx.config.databaseUrl,
      config: { publicUrl: g.origin },
    });
    try {
      const initAt = async (token: string) =>
        (
          await second.app.inject({
            method: 'POST',
            url: `/mcp/${g.a.slug}`,
            headers: {
              authorization: `Bearer ${token}`,
              'content-type': 'application/json',
              accept: 'application/json, text/event-stream',
            },
            payload: JSON.stringify({
              jsonrpc: '2.0',
              id: 1,
              method: 'initialize',
              params: {
                protocolVersion: '2025-11-25',
                capabilities: {},
                clientInfo: { name: 't', version: '1' },
              },
            }),
          })
        ).statusCode;
      const issued = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
      const redeemed = await second.app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code: issued.code,
          redirect_uri: issued.redirectUri,
          client_id: issued.clientId,
          code_verifier: issued.pkce.verifier,
          resource: g.a.url,
        }).toString(),
      });
      assert.equal(redeemed.statusCode, 200, redeemed.body);
      const first = (redeemed.json() as Tokens).access_token;
      assert.equal(await initAt(first), 200);
      await authorizationServerOf(g.t.ctx).rotateKeys();
      const next = await obtainCode(g, g.person, g.a.url, new CookieBrowser(g.origin));
      const tokens = (await (await redeem(g.issuer, next, g.a.url)).json()) as Tokens;
      assert.equal(await initAt(tokens.access_token), 200, 'the new kid is read from the store');
      assert.equal(await initAt(first), 200);
    } finally {
      await second.close();
      await g.close();
    }
  });
});
