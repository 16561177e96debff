import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('keys API', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('creates a key and shows its secret once, with no-store', async () => {
    const res = await t.api('POST', '/keys', { name: 'ci', role: 'editor' });
    assert.equal(res.statusCode, 201);
    assert.equal(res.headers['cache-control'], 'no-store');
    const key = res.json();
    assert.match(key.secret, /^tgk_[A-Za-z0-9_-]{43}$/);
    assert.equal(key.name, 'ci');
    assert.equal(key.role, 'editor');
    assert.deepEqual(key.capabilities, ['svc_manage_servers', 'svc_view_analytics']);
    assert.equal(key.prefix, key.secret.slice(0, 12));
    assert.equal(key.key_hash, undefined);
    const works = await t.api('GET', '/servers', undefined, key.secret);
    assert.equal(works.statusCode, 200);
  });

  test('creates a key with an explicit capability list', async () => {
    const res = await t.api('POST', '/keys', { name: 'custom', capabilities: ['svc_manage_settings'] });
    assert.equal(res.statusCode, 201);
    assert.equal(res.json().role, 'custom');
    assert.equal((await t.api('GET', '/settings', undefined, res.json().secret)).statusCode, 200);
    assert.equal((await t.api('GET', '/servers', undefined, res.json().secret)).statusCode, 403);
  });

  test('lists keys without secrets or hashes', async () => {
    const created = (await t.api('POST', '/keys', { name: 'listed' })).json();
    const res = await t.api('GET', '/keys');
    assert.equal(res.statusCode, 200);
    assert.ok(Number(res.headers['x-svc-total']) >= 2);
    assert.ok(!res.body.includes(created.secret));
    assert.ok(!res.body.includes(t.adminKey));
    for (const key of res.json()) {
      assert.equal(key.secret, undefined);
      assert.equal(key.key_hash, undefined);
      assert.equal(typeof key.prefix, 'string');
    }
    const listed = res.json().find((k: { uuid: string }) => k.uuid === created.uuid);
    assert.equal(listed.name, 'listed');
    assert.equal(listed.revoked_at, null);
  });

  test("a key's last_used_at is recorded when it authenticates, at most once a minute", async (ctx) => {
    const created = (await t.api('POST', '/keys', { name: 'used', role: 'analyst' })).json();
    const lastUsed = async (): Promise<string | null> =>
      (await t.api('GET', '/keys')).json().find((k: { uuid: string }) => k.uuid === created.uuid)
        .last_used_at;
    /** The touch is written after the request: wait for it to land. */
    const settled = async (before: string | null) => {
      for (let i = 0; i < 50 && (await lastUsed()) === before; i++)
        await new Promise((r) => setTimeout(r, 20));
      return lastUsed();
    };
    assert.equal(await lastUsed(), null, 'never used yet');
    ctx.mock.timers.enable({ apis: ['Date'], now: Date.parse('2030-01-01T10:00:00.000Z') });
    assert.equal((await t.api('GET', '/analytics/overview', undefined, created.secret)).statusCode, 200);
    assert.equal(await settled(null), '2030-01-01T10:00:00.000Z');
    ctx.mock.timers.tick(59_000);
    await t.api('GET', '/analytics/overview', undefined, created.secret);
    await new Promise((r) => setTimeout(r, 50));
    assert.equal(await lastUsed(), '2030-01-01T10:00:00.000Z', 'not rewritten within the minute');
    ctx.mock.timers.tick(2_000);
    await t.api('GET', '/analytics/overview', undefined, created.secret);
    assert.equal(await settled('2030-01-01T10:00:00.000Z'), '2030-01-01T10:01:01.000Z');
  });

  test('revokes a key: that key then gets 401; unknown keys are 404', async () => {
    const created = (await t.api('POST', '/keys', { name: 'short-lived' })).json();
    assert.equal((await t.api('GET', '/keys', undefined, created.secret)).statusCode, 200);
    const res = await t.api('DELETE', `/keys/${created.uuid}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().revoked, true);
    const after = await t.api('GET', '/keys', undefined, created.secret);
    assert.equal(after.statusCode, 401);
    assert.equal(after.json().code, 'rest_not_logged_in');
    assert.match(String(after.headers['www-authenticate']), /^Bearer/);
    const listed = (await t.api('GET', '/keys'))
      .json()
      .find((k: { uuid: string }) => k.uuid === created.uuid);
    assert.match(listed.revoked_at, /Z$/);
    assert.equal((await t.api('DELETE', `/keys/${created.uuid}`)).statusCode, 404);
    assert.equal((await t.api('DELETE', '/keys/999999')).json().code, 'svc_not_found');
  });

  test('a key is addressed by its uuid, prefix or canonical id only: "01" and "1.0" are not key 1', async () => {
    const created = (await t.api('POST', '/keys', { name: 'by-id' })).json();
    for (const ref of [`0${created.id}`, `${created.id}.0`, ` ${created.id}`, `+${created.id}`])
      assert.equal((await t.api('DELETE', `/keys/${encodeURIComponent(ref)}`)).statusCode, 404, ref);
    assert.equal((await t.api('GET', '/keys', undefined, created.secret)).statusCode, 200);
    assert.equal((await t.api('DELETE', `/keys/${created.id}`)).statusCode, 200);
  });

  test('an expired key is refused with 401', async () => {
    const created = (
      await t.api('POST', '/keys', { name: 'old', expires_at: '2000-01-01T00:00:00Z' })
    ).json();
    assert.equal((await t.api('GET', '/keys', undefined, created.secret)).statusCode, 401);
  });

  test('validates the body, naming the bad field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: 'x', role: 'overlord' }, 'role'],
      [{ name: 'x', capabilities: ['fly'] }, 'capabilities.0'],
      [{ name: 'x', expires_at: 'tomorrow' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', '/keys', body);
      assert.equal(res.statusCode, 400, field);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field}: ${res.body}`);
    }
  });

  test('rejects unknown or malformed keys (401) and keys without manage_options (403)', async () => {
    for (const header of ['Bearer tgk_unknown', 'Basic abc', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${t.base}/keys`,
        headers: header ? { authorization: header } : {},
      });
      assert.equal(res.statusCode, 401, header);
      assert.equal(res.json().code, 'rest_not_logged_in');
    }
    for (const role of ['editor', 'analyst', 'settings']) {
      const key = await t.keyFor(role);
      for (const [method, path, body] of [
        ['GET', '/keys', undefined],
        ['POST', '/keys', { name: 'x' }],
        ['DELETE', '/keys/1', undefined],
      ] as const) {
        const res = await t.api(method, path, body, key);
        assert.equal(res.statusCode, 403, `${role} ${method} ${path}`);
        assert.equal(res.json().code, 'rest_forbidden');
      }
    }
  });

  test('tells any key its own name, role, effective capabilities and prefix at GET /keys/me', async () => {
    const analyst = (await t.api('POST', '/keys', { name: 'reader', role: 'analyst' })).json();
    const res = await t.api('GET', '/keys/me', undefined, analyst.secret);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      name: 'reader',
      role: 'analyst',
      capabilities: ['svc_view_analytics'],
      prefix: analyst.prefix,
    });
    assert.ok(!res.body.includes(analyst.secret));
    const custom = (await t.api('POST', '/keys', { name: 'root', capabilities: ['manage_options'] })).json();
    const me = (await t.api('GET', '/keys/me', undefined, custom.secret)).json();
    assert.deepEqual(me.capabilities, [
      'manage_options',
      'svc_manage_servers',
      'svc_manage_settings',
      'svc_view_analytics',
    ]);
    assert.equal((await t.api('GET', '/keys/me', undefined, 'tgk_unknown')).statusCode, 401);
  });
});

describe('keys owned by people', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('a key an administrator creates while signed in is theirs: it stops with their role', async () => {
    const { signedInPerson } = await import('../../test/people-kit.ts');
    const admin = await signedInPerson(t, { email: 'owner@example.com', role: 'administrator' });
    await t.api('POST', '/users', { email: 'another-admin@example.com', role: 'administrator' });
    const created = await admin.call('POST', '/keys', { name: 'owned', role: 'administrator' });
    assert.equal(created.statusCode, 201, created.body);
    const key = created.json();
    assert.deepEqual(key.owner, { id: admin.userId, email: 'owner@example.com', display_name: 'owner' });
    assert.equal(key.user_id, undefined, 'the internal id stays in');
    const listed = (await t.api('GET', '/keys')).json();
    assert.equal(listed.find((k: { uuid: string }) => k.uuid === key.uuid).owner.email, 'owner@example.com');
    assert.equal(listed.find((k: { name: string }) => k.name === 'test admin').owner, null);
    assert.equal((await t.api('GET', '/keys', undefined, key.secret)).statusCode, 200);
    assert.equal((await t.api('PATCH', `/users/${admin.userId}`, { role: 'analyst' })).statusCode, 200);
    assert.equal(
      (await t.api('GET', '/keys', undefined, key.secret)).statusCode,
      403,
      'bounded by the owner',
    );
    assert.equal((await t.api('GET', '/analytics/overview', undefined, key.secret)).statusCode, 200);
  });
});
