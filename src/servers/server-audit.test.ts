import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { createUser } from '../people/users.service.ts';

const SECRET = 'sekret-token-0123456789';
const TEST_SECRET = 'test-secret-9876543210';

describe('server changes are audited', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  /** The server's rows of this action, oldest first, as the API lists them. */
  async function rowsOf(action: string, serverUuid: string) {
    const res = await t.api('GET', `/audit?action=${action}&server=${serverUuid}&per_page=100`);
    assert.equal(res.statusCode, 200, res.body);
    const rows = res.json().reverse();
    for (const row of rows) {
      assert.ok(!JSON.stringify(row).includes(SECRET), 'no secret in the row');
      assert.ok(!JSON.stringify(row).includes(TEST_SECRET), 'no secret in the row');
    }
    return rows;
  }

  test('credentials set, changed, rebound and deleted: which fields and type, never the values', async () => {
    const created = await t.api('POST', '/servers', {
      name: 'Billing',
      outbound_auth_type: 'bearer',
      auth_credentials: { token: SECRET },
    });
    assert.equal(created.statusCode, 201, created.body);
    const uuid = created.json().uuid;
    const [set] = await rowsOf('server.credentials_changed', uuid);
    assert.equal(set.actor_kind, 'key');
    assert.equal(set.actor_name, 'test admin');
    assert.deepEqual([set.target_kind, set.target_id, set.server_uuid], ['server', uuid, uuid]);
    // No tools yet: the set is bound to no origin, so its origins did not change.
    assert.deepEqual(set.detail, { fields: ['auth_credentials'], type: 'bearer', removed: [] });

    await t.api('PATCH', `/servers/${uuid}`, { test_auth_credentials: { token: TEST_SECRET } });
    await t.api('PATCH', `/servers/${uuid}`, { auth_credentials_origins: ['https://api.example.com'] });
    await t.api('PATCH', `/servers/${uuid}`, { auth_credentials: null });
    // A change that touches no credential leaves no credentials row.
    await t.api('PATCH', `/servers/${uuid}`, { description: 'invoices', test_auth_credentials: undefined });
    const rows = await rowsOf('server.credentials_changed', uuid);
    assert.deepEqual(
      rows.map((r: { detail: unknown }) => r.detail),
      [
        { fields: ['auth_credentials'], type: 'bearer', removed: [] },
        { fields: ['test_auth_credentials'], type: 'bearer', removed: [] },
        { fields: ['auth_credentials_origins'], type: 'bearer', removed: [] },
        {
          fields: ['auth_credentials', 'auth_credentials_origins'],
          type: 'bearer',
          removed: ['auth_credentials'],
        },
      ],
    );
    assert.deepEqual((await t.api('GET', '/audit/verify')).json().ok, true);
  });

  test('test credentials an import found are recorded with who imported, never the token', async () => {
    const uuid = (await t.api('POST', '/servers', { name: 'Imported' })).json().uuid;
    const res = await t.api('POST', `/servers/${uuid}/tools/import-curl`, {
      curl_command: `curl https://api.example.com/v1/charges -H "Authorization: Bearer ${TEST_SECRET}"`,
    });
    assert.equal(res.statusCode, 201, res.body);
    const [kept] = await rowsOf('server.credentials_changed', uuid);
    assert.deepEqual([kept.actor_kind, kept.actor_name], ['key', 'test admin']);
    assert.deepEqual(kept.detail.fields, ['test_auth_credentials', 'test_auth_credentials_origins']);
  });

  test('a server without credentials leaves no credentials row; its deletion is recorded', async () => {
    const uuid = (await t.api('POST', '/servers', { name: 'Plain' })).json().uuid;
    await t.api('PATCH', `/servers/${uuid}`, { auth_credentials: null });
    assert.deepEqual(await rowsOf('server.credentials_changed', uuid), []);
    const res = await t.api('DELETE', `/servers/${uuid}`);
    assert.equal(res.statusCode, 200, res.body);
    const [deleted] = await rowsOf('server.deleted', uuid);
    assert.equal(deleted.actor_name, 'test admin');
    assert.deepEqual(deleted.detail, { name: 'Plain', slug: 'plain', deleted_fields: [] });
  });

  test('access list changes name the people and groups added and removed, and the list now', async () => {
    const ada = await createUser(t.ctx, {
      email: 'ada@example.com',
      display_name: 'Ada',
      password: 'x'.repeat(12),
    });
    const bob = await createUser(t.ctx, {
      email: 'bob@example.com',
      display_name: 'Bob',
      password: 'x'.repeat(12),
    });
    const group = (await t.api('POST', '/groups', { name: 'Support' })).json();
    const uuid = (
      await t.api('POST', '/servers', { name: 'Private', access_list: { users: [ada.uuid], groups: [] } })
    ).json().uuid;
    await t.api('PATCH', `/servers/${uuid}`, { access_list: { users: [bob.uuid], groups: [group.id] } });
    // The same list again is no change.
    await t.api('PATCH', `/servers/${uuid}`, { access_list: { users: [bob.uuid], groups: [group.id] } });
    await t.api('PATCH', `/servers/${uuid}`, { access_list: null });
    const rows = await rowsOf('server.access_changed', uuid);
    for (const row of rows) {
      assert.equal(row.actor_name, 'test admin');
      assert.equal(row.target_id, uuid);
    }
    assert.deepEqual(
      rows.map((r: { detail: unknown }) => r.detail),
      [
        {
          users_added: [ada.uuid],
          users_removed: [],
          groups_added: [],
          groups_removed: [],
          access_list: { users: [ada.uuid], groups: [] },
        },
        {
          users_added: [bob.uuid],
          users_removed: [ada.uuid],
          groups_added: [group.id],
          groups_removed: [],
          access_list: { users: [bob.uuid], groups: [group.id] },
        },
        {
          users_added: [],
          users_removed: [bob.uuid],
          groups_added: [],
          groups_removed: [group.id],
          access_list: null,
        },
      ],
    );
  });
});
