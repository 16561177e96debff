import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { listenLocal } from '../../test/mcp-kit.ts';
import { createUser } from '../people/users.service.ts';
import { createUuidCodec } from '../scale/wire.ts';
import type { PerUserAuth } from '../servers/credentials.ts';
import { findConnection } from '../store/connections.repo.ts';
import { findServer, type ServerRecord } from '../store/servers.repo.ts';
import { findUserByUuid, type UserRecord } from '../store/users.repo.ts';
import { ConsentNeeded, vaultOf } from './vault.ts';

/*
 * The token vault against a real token endpoint (a local HTTP server counting refreshes) and the
 * real stores: SQLite here, two instances on one PostgreSQL schema below.
 */

interface TokenEndpoint {
  url: string;
  refreshes: () => number;
  /** What the next refreshes answer: tokens, an OAuth error, or a slow answer. */
  answer: { error?: string; delayMs?: number };
  lastBody: () => string;
  close(): void;
}

async function startTokenEndpoint(): Promise<TokenEndpoint> {
  let count = 0;
  let body = '';
  const answer: TokenEndpoint['answer'] = {};
  const server = await listenLocal((req, res) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => {
      count++;
      body = text;
      const reply = () => {
        if (answer.error) {
          res.writeHead(400, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: answer.error, error_description: 'refresh token revoked' }));
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ access_token: `fresh-${count}`, token_type: 'Bearer', expires_in: 3600 }));
      };
      if (answer.delayMs) setTimeout(reply, answer.delayMs);
      else reply();
    });
  });
  return {
    url: server.url,
    refreshes: () => count,
    answer,
    lastBody: () => body,
    close: () => server.server.close(),
  };
}

const authFor = (endpoint: TokenEndpoint): PerUserAuth => ({
  type: 'oauth2-authorization-code',
  authorization_url: `${endpoint.url}/authorize`,
  token_url: `${endpoint.url}/token`,
  client_id: 'toolgate',
  client_secret: 'client-secret-of-the-test',
});

async function setUp(t: TestApp, auth: PerUserAuth) {
  const res = await t.api('POST', '/servers', {
    name: `Per user ${Math.random()}`,
    auth_type: 'oauth',
    auth_credentials: auth,
  });
  assert.equal(res.statusCode, 201, res.body);
  const server = (await findServer(t.ctx.store.db, (res.json() as { uuid: string }).uuid))!;
  const users: UserRecord[] = [];
  for (const name of ['ann', 'ben']) {
    const made = await createUser(t.ctx, {
      email: `${name}-${Math.random().toString(36).slice(2)}@example.com`,
      display_name: name,
      password: 'a long enough password',
      role: null,
    });
    users.push((await findUserByUuid(t.ctx.store.db, made.uuid))!);
  }
  return { server, ann: users[0]!, ben: users[1]! };
}

describe('the token vault (SQLite)', () => {
  let t: TestApp;
  let endpoint: TokenEndpoint;
  let auth: PerUserAuth;
  let server: ServerRecord;
  let ann: UserRecord;
  let ben: UserRecord;

  before(async () => {
    t = await buildTestApp();
    endpoint = await startTokenEndpoint();
    auth = authFor(endpoint);
    ({ server, ann, ben } = await setUp(t, auth));
  });
  after(async () => {
    endpoint.close();
    await t.close();
  });

  test('tokens are sealed, bound to person, server and provider: a row moved to another person does not open', async () => {
    const vault = vaultOf(t.ctx);
    await vault.connect(ann, server, auth, {
      access_token: 'ann-access',
      refresh_token: 'ann-refresh',
      expires_in: 3600,
    });
    const row = (await findConnection(t.ctx.store.db, ann.uuid, server.uuid))!;
    assert.ok(row.tokens && !row.tokens.includes('ann-access') && !row.tokens.includes('ann-refresh'));
    assert.equal(await vault.accessToken(ann.uuid, server.uuid, auth), 'ann-access');
    // Ben has nothing, and Ann's sealed tokens copied into a row of his do not open.
    await assert.rejects(vault.accessToken(ben.uuid, server.uuid, auth), ConsentNeeded);
    await vault.connect(ben, server, auth, { access_token: 'ben-access' });
    await t.ctx.store.db
      .updateTable('connections')
      .set({ tokens: row.tokens })
      .where('user_uuid', '=', ben.uuid)
      .execute();
    vault.forget(ben.uuid, server.uuid);
    await assert.rejects(vault.accessToken(ben.uuid, server.uuid, auth), ConsentNeeded);
    // Another provider (the client id changed): Ann's tokens are not sent to it.
    await assert.rejects(
      vault.accessToken(ann.uuid, server.uuid, { ...auth, client_id: 'other' } as PerUserAuth),
      ConsentNeeded,
    );
  });

  test('a token about to expire is refreshed once for concurrent callers, with the refresh token', async () => {
    const vault = vaultOf(t.ctx);
    await vault.connect(ann, server, auth, {
      access_token: 'old',
      refresh_token: 'ann-refresh',
      expires_in: 30,
    });
    const before = endpoint.refreshes();
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => vault.accessToken(ann.uuid, server.uuid, auth)),
    );
    assert.equal(endpoint.refreshes(), before + 1);
    assert.equal(new Set(tokens).size, 1);
    assert.match(tokens[0]!, /^fresh-/);
    assert.match(endpoint.lastBody(), /grant_type=refresh_token/);
    assert.match(endpoint.lastBody(), /refresh_token=ann-refresh/);
    const row = (await findConnection(t.ctx.store.db, ann.uuid, server.uuid))!;
    assert.equal(row.status, 'connected');
    assert.ok(Date.parse(row.expires_at!) > Date.now() + 3_000_000);
    // The provider did not rotate: the refresh token is kept for the next time.
    assert.equal(await vault.accessToken(ann.uuid, server.uuid, auth, true), `fresh-${before + 2}`);
    assert.match(endpoint.lastBody(), /refresh_token=ann-refresh/);
  });

  test('a refused refresh turns the connection to needs consent and drops its tokens', async () => {
    const vault = vaultOf(t.ctx);
    await vault.connect(ann, server, auth, { access_token: 'old', refresh_token: 'revoked', expires_in: 10 });
    endpoint.answer.error = 'invalid_grant';
    try {
      await assert.rejects(vault.accessToken(ann.uuid, server.uuid, auth), ConsentNeeded);
    } finally {
      endpoint.answer.error = undefined;
    }
    const row = (await findConnection(t.ctx.store.db, ann.uuid, server.uuid))!;
    assert.equal(row.status, 'needs_consent');
    assert.equal(row.tokens, null);
    assert.match(row.last_error ?? '', /invalid_grant/);
    await assert.rejects(vault.accessToken(ann.uuid, server.uuid, auth), ConsentNeeded);
  });

  test('a provider that cannot be reached keeps the tokens (the call fails, consent is not asked)', async () => {
    const vault = vaultOf(t.ctx);
    const down: PerUserAuth = { ...auth, token_url: 'http://127.0.0.1:9/token' } as PerUserAuth;
    const res = await t.api('POST', '/servers', { name: 'Down', auth_type: 'oauth', auth_credentials: down });
    const downServer = (await findServer(t.ctx.store.db, (res.json() as { uuid: string }).uuid))!;
    await vault.connect(ann, downServer, down, { access_token: 'old', refresh_token: 'r', expires_in: 10 });
    await assert.rejects(
      vault.accessToken(ann.uuid, downServer.uuid, down),
      (err: Error) => !(err instanceof ConsentNeeded),
    );
    const row = (await findConnection(t.ctx.store.db, ann.uuid, downServer.uuid))!;
    assert.equal(row.status, 'connected');
    assert.ok(row.tokens);
  });

  test('a change reaches other instances: the Redis wire carries connection_changed, and the vault forgets', async () => {
    const codec = createUuidCodec(t.ctx.store);
    const event = { type: 'connection_changed' as const, userUuid: ann.uuid, serverUuid: server.uuid };
    const wire = JSON.parse(JSON.stringify(await codec.encode(event)));
    assert.deepEqual(await codec.decode(wire), event);
    assert.equal(await codec.decode({ type: 'connection_changed', userUuid: 7 }), undefined);
    const vault = vaultOf(t.ctx);
    await vault.connect(ann, server, auth, { access_token: 'kept' });
    assert.equal(await vault.accessToken(ann.uuid, server.uuid, auth), 'kept');
    // Another instance replaced the tokens and said so: this one reads the row again.
    await t.ctx.store.db
      .updateTable('connections')
      .set({ tokens: null, status: 'needs_consent' })
      .where('user_uuid', '=', ann.uuid)
      .execute();
    assert.equal(await vault.accessToken(ann.uuid, server.uuid, auth), 'kept', 'kept until told');
    await t.ctx.events.publish(event);
    await assert.rejects(vault.accessToken(ann.uuid, server.uuid, auth), ConsentNeeded);
  });

  test('deleting the person deletes their connections', async () => {
    const vault = vaultOf(t.ctx);
    await vault.connect(ben, server, auth, { access_token: 'ben-access' });
    const res = await t.api('DELETE', `/users/${ben.uuid}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(await findConnection(t.ctx.store.db, ben.uuid, server.uuid), undefined);
  });
});

describe('the token vault on PostgreSQL, two instances', { timeout: 60_000 }, () => {
  let schema: PgSchema;
  let one: TestApp;
  let two: TestApp;
  let endpoint: TokenEndpoint;
  const secretKey = 'ab'.repeat(32);

  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    endpoint = await startTokenEndpoint();
    one = await buildTestApp({ databaseUrl: schema.url, config: { secretKey } });
    two = await buildTestApp({ databaseUrl: schema.url, config: { secretKey } });
  });
  after(async () => {
    endpoint?.close();
    await one?.close();
    await two?.close();
    if (schema && 'drop' in schema) await schema.drop();
  });

  test('one refresh across instances: the other waits for its tokens', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const auth = authFor(endpoint);
    const { server, ann } = await setUp(one, auth);
    await vaultOf(one.ctx).connect(ann, server, auth, {
      access_token: 'old',
      refresh_token: 'r',
      expires_in: 20,
    });
    endpoint.answer.delayMs = 300;
    const before = endpoint.refreshes();
    const [a, b] = await Promise.all([
      vaultOf(one.ctx).accessToken(ann.uuid, server.uuid, auth),
      vaultOf(two.ctx).accessToken(ann.uuid, server.uuid, auth),
    ]);
    endpoint.answer.delayMs = undefined;
    assert.equal(endpoint.refreshes(), before + 1, 'one instance refreshed');
    assert.equal(a, b);
    assert.match(a, /^fresh-/);
  });
});
