import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { createApiKey } from '../auth/api-keys.ts';
import { vaultOf } from '../connections/vault.ts';
import { createUser } from '../people/users.service.ts';
import type { PerUserAuth } from '../servers/credentials.ts';
import { findServer } from '../store/servers.repo.ts';
import { findUserByUuid, type UserRecord } from '../store/users.repo.ts';

/*
 * The audit rows of a person's own keys, of groups and of per-user connections: action, actor and
 * target as recorded, and no secret (key secret, access or refresh token, client secret) anywhere
 * in the row.
 */

const CLIENT_SECRET = 'client-secret-of-the-audit-test';

describe('people, groups and connections are audited', () => {
  let t: TestApp;
  let ada: UserRecord;
  let adaKey: string;
  let bob: UserRecord;

  before(async () => {
    t = await buildTestApp();
    const made = await createUser(t.ctx, {
      email: 'ada@example.com',
      display_name: 'Ada',
      password: 'a long enough password',
      role: 'editor',
    });
    ada = (await findUserByUuid(t.ctx.store.db, made.uuid))!;
    adaKey = (await createApiKey(t.ctx.store, { name: 'ada laptop', role: 'editor', user_id: ada.id }))
      .secret;
    const other = await createUser(t.ctx, { email: 'bob@example.com', display_name: 'Bob', role: null });
    bob = (await findUserByUuid(t.ctx.store.db, other.uuid))!;
  });
  after(() => t.close());

  /** Rows of an action, oldest first; none holds any of the secrets. */
  async function rowsOf(action: string, secrets: string[] = []) {
    const res = await t.api('GET', `/audit?action=${action}&per_page=100`);
    assert.equal(res.statusCode, 200, res.body);
    const rows = res.json().reverse();
    for (const row of rows)
      for (const secret of [...secrets, CLIENT_SECRET])
        assert.ok(!JSON.stringify(row).includes(secret), `${action} holds a secret`);
    return rows;
  }

  test("a person's own key created and revoked through /me/keys: who, which key, never its secret", async () => {
    const created = await t.api('POST', '/me/keys', { name: 'ci runner' }, adaKey);
    assert.equal(created.statusCode, 201, created.body);
    const key = created.json();
    const [row] = await rowsOf('key.created', [key.secret, adaKey]);
    assert.deepEqual([row.actor_kind, row.actor_name], ['key', 'ada laptop']);
    assert.deepEqual([row.target_kind, row.target_id], ['key', String(key.id)]);
    assert.deepEqual(row.detail, { name: 'ci runner', role: 'editor', owner: ada.uuid });

    const revoked = await t.api('DELETE', `/me/keys/${key.uuid}`, undefined, adaKey);
    assert.equal(revoked.statusCode, 200, revoked.body);
    const [gone] = await rowsOf('key.revoked', [key.secret, adaKey]);
    assert.deepEqual([gone.actor_kind, gone.actor_name], ['key', 'ada laptop']);
    assert.deepEqual([gone.target_kind, gone.target_id], ['key', String(key.id)]);
    assert.deepEqual(gone.detail, { name: 'ci runner', owner: ada.uuid });
    // A refused revocation (another's key, or one already revoked) records nothing.
    assert.equal((await t.api('DELETE', `/me/keys/${key.uuid}`, undefined, adaKey)).statusCode, 404);
    assert.equal((await rowsOf('key.revoked')).length, 1);
  });

  test('a person changing their own name or password is recorded with the fields, never the password', async () => {
    const res = await t.api(
      'PATCH',
      '/me',
      {
        display_name: 'Ada L.',
        password: 'another long password',
        current_password: 'a long enough password',
      },
      adaKey,
    );
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await rowsOf('user.updated', ['another long password', 'a long enough password']);
    assert.deepEqual([row.actor_kind, row.actor_name], ['key', 'ada laptop']);
    assert.deepEqual([row.target_kind, row.target_id], ['user', ada.uuid]);
    assert.deepEqual(row.detail, { fields: ['display_name', 'password'] });
  });

  test('a group created, renamed, its members changed and deleted: each names the group and the actor', async () => {
    const group = (await t.api('POST', '/groups', { name: 'Support', role: 'analyst' })).json();
    await t.api('PATCH', `/groups/${group.id}`, { name: 'Front desk', role: 'editor' });
    await t.api('PUT', `/groups/${group.id}/members`, { user_ids: [ada.uuid] });
    await t.api('PUT', `/groups/${group.id}/members`, { user_ids: [ada.uuid] }); // no change: no row
    await t.api('PUT', `/groups/${group.id}/members`, { user_ids: [bob.uuid] });
    const refused = await t.api('PUT', `/groups/${group.id}/members`, { user_ids: ['nobody'] });
    assert.equal(refused.statusCode, 400);
    assert.equal((await t.api('DELETE', `/groups/${group.id}`)).statusCode, 200);

    const rows = await rowsOf('group.');
    for (const row of rows) {
      assert.deepEqual([row.actor_kind, row.actor_name], ['key', 'test admin']);
      assert.deepEqual([row.target_kind, row.target_id], ['group', group.id]);
    }
    assert.deepEqual(
      rows.map((r: { action: string; detail: unknown }) => [r.action, r.detail]),
      [
        ['group.created', { name: 'Support', role: 'analyst', idp_group: null }],
        [
          'group.updated',
          { name: 'Front desk', role: 'editor', fields: ['name', 'role'], previous_role: 'analyst' },
        ],
        [
          'group.members_changed',
          { name: 'Front desk', role: 'editor', users_added: [ada.uuid], users_removed: [] },
        ],
        [
          'group.members_changed',
          { name: 'Front desk', role: 'editor', users_added: [bob.uuid], users_removed: [ada.uuid] },
        ],
        ['group.deleted', { name: 'Front desk', role: 'editor' }],
      ],
    );
  });

  test('a connection disconnected by its owner and one revoked by an administrator: whose, which server, no token', async () => {
    const auth: PerUserAuth = {
      type: 'oauth2-authorization-code',
      authorization_url: 'https://id.example.com/authorize',
      token_url: 'https://id.example.com/token',
      client_id: 'toolgate',
      client_secret: CLIENT_SECRET,
    };
    const res = await t.api('POST', '/servers', { name: 'Mail', auth_type: 'oauth', auth_credentials: auth });
    assert.equal(res.statusCode, 201, res.body);
    const server = (await findServer(t.ctx.store.db, res.json().uuid))!;
    const tokens = {
      access_token: 'upstream-access-1',
      refresh_token: 'upstream-refresh-1',
      expires_in: 3600,
    };
    const secrets = [tokens.access_token, tokens.refresh_token, adaKey];
    await vaultOf(t.ctx).connect(ada, server, auth, tokens);
    await vaultOf(t.ctx).connect(bob, server, auth, tokens);

    const mine = await t.api('DELETE', `/me/connections/${server.uuid}`, undefined, adaKey);
    assert.equal(mine.statusCode, 200, mine.body);
    const [disconnected] = await rowsOf('connection.disconnected', secrets);
    assert.deepEqual([disconnected.actor_kind, disconnected.actor_name], ['key', 'ada laptop']);
    assert.equal(disconnected.target_kind, 'connection');
    assert.equal(disconnected.server_uuid, server.uuid);
    assert.deepEqual(disconnected.detail, {
      user: ada.uuid,
      email: 'ada@example.com',
      kind: 'oauth2-authorization-code',
      provider: 'id.example.com',
    });

    const revoked = await t.api('DELETE', `/servers/${server.uuid}/connections/${bob.uuid}`);
    assert.equal(revoked.statusCode, 200, revoked.body);
    const [row] = await rowsOf('connection.revoked', secrets);
    assert.deepEqual([row.actor_kind, row.actor_name], ['key', 'test admin']);
    assert.equal(row.target_kind, 'connection');
    assert.notEqual(row.target_id, disconnected.target_id);
    assert.equal(row.server_uuid, server.uuid);
    assert.equal(row.detail.user, bob.uuid);
    // Nothing left to revoke: 404, no row.
    assert.equal((await t.api('DELETE', `/servers/${server.uuid}/connections/${bob.uuid}`)).statusCode, 404);
    assert.equal((await rowsOf('connection.')).length, 2);
    assert.deepEqual((await t.api('GET', '/audit/verify')).json().ok, true);
  });
});
