import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { signedInPerson, signIn } from '../../test/people-kit.ts';

const PASSWORD = 'correct horse battery staple';

function peopleApi(
  label: string,
  open: () => Promise<{ t: TestApp; done(): Promise<void> } | { skip: string }>,
) {
  describe(`people API on ${label}`, () => {
    let t: TestApp;
    let done: () => Promise<void> = async () => {};
    let skip: string | undefined;
    before(async () => {
      const opened = await open();
      if ('skip' in opened) skip = opened.skip;
      else ({ t, done } = opened);
    });
    after(() => done());
    const it = (name: string, body: () => Promise<void>) =>
      test(name, async (c) => {
        if (skip) return c.skip(skip);
        await body();
      });

    it('creates, lists (paginated), reads, changes and deletes users; never a hash', async () => {
      const created = await t.api('POST', '/users', {
        email: ' Grace@Example.com ',
        display_name: 'Grace',
        role: 'analyst',
        password: PASSWORD,
      });
      assert.equal(created.statusCode, 201, created.body);
      const grace = created.json();
      assert.deepEqual(Object.keys(grace).sort(), [
        'capabilities',
        'created_at',
        'disabled',
        'display_name',
        'email',
        'external',
        'groups',
        'has_password',
        'id',
        'last_sign_in_at',
        'role',
      ]);
      assert.equal(grace.email, 'grace@example.com');
      assert.deepEqual(grace.capabilities, ['svc_view_analytics']);
      assert.equal(grace.has_password, true);
      assert.equal(grace.external, false);
      await t.api('POST', '/users', { email: 'linus@example.com' });
      const page = await t.api('GET', '/users?per_page=1');
      assert.equal(page.statusCode, 200);
      assert.equal(page.json().length, 1);
      assert.ok(Number(page.headers['x-svc-total']) >= 2);
      const all = await t.api('GET', '/users?per_page=100');
      assert.ok(!all.body.includes('scrypt$'));
      assert.equal((await t.api('GET', `/users/${grace.id}`)).json().display_name, 'Grace');
      const patched = await t.api('PATCH', `/users/${grace.id}`, { role: 'editor', display_name: 'G. H.' });
      assert.equal(patched.statusCode, 200);
      assert.deepEqual(patched.json().capabilities, ['svc_manage_servers', 'svc_view_analytics']);
      assert.equal((await t.api('DELETE', `/users/${grace.id}`)).json().deleted, true);
      assert.equal((await t.api('GET', `/users/${grace.id}`)).statusCode, 404);
      assert.equal((await t.api('GET', '/users/not-a-uuid')).json().code, 'svc_not_found');
    });

    it('refuses a taken e-mail (409), an unknown role, a short password and unknown fields (400)', async () => {
      await t.api('POST', '/users', { email: 'taken@example.com' });
      const dup = await t.api('POST', '/users', { email: 'TAKEN@example.com' });
      assert.equal(dup.statusCode, 409);
      assert.equal(dup.json().code, 'rest_conflict');
      for (const [body, field] of [
        [{ email: 'r@example.com', role: 'overlord' }, 'role'],
        [{ email: 'p@example.com', password: 'short' }, 'password'],
        [{ email: 'not an e-mail' }, 'email'],
        [{ email: 'x@example.com', password_hash: 'scrypt$…' }, 'password_hash'],
      ] as const) {
        const res = await t.api('POST', '/users', body);
        assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
        assert.ok(field in res.json().data.params, res.body);
      }
    });

    it('is for administrators only: editor keys and editor sessions get 403', async () => {
      const editorKey = await t.keyFor('editor');
      const editor = await signedInPerson(t, { email: 'ed@example.com', role: 'editor' });
      for (const [method, path, body] of [
        ['GET', '/users', undefined],
        ['POST', '/users', { email: 'no@example.com' }],
        ['GET', '/groups', undefined],
        ['POST', '/groups', { name: 'nope' }],
        ['DELETE', `/users/${editor.userId}/sessions`, undefined],
      ] as const) {
        assert.equal((await t.api(method, path, body, editorKey)).statusCode, 403, `key ${method} ${path}`);
        const res = await editor.call(method, path, body);
        assert.equal(res.statusCode, 403, `session ${method} ${path}`);
        assert.equal(res.json().code, 'rest_forbidden');
      }
    });

    it('never removes the last administrator, and nobody deletes or disables themselves (409)', async () => {
      const boss = await signedInPerson(t, { email: 'boss@example.com', role: 'administrator' });
      const self = `/users/${boss.userId}`;
      for (const [method, body] of [
        ['DELETE', undefined],
        ['PATCH', { disabled: true }],
      ] as const) {
        const res = await boss.call(method, self, body);
        assert.equal(res.statusCode, 409, `${method}: ${res.body}`);
        assert.equal(res.json().code, 'rest_conflict');
      }
      // Other administrators exist (earlier tests may have made some): make boss the only one.
      const admins = (await t.api('GET', '/users?per_page=100'))
        .json()
        .filter((u: { role: string; id: string }) => u.role === 'administrator' && u.id !== boss.userId);
      for (const a of admins) assert.equal((await boss.call('DELETE', `/users/${a.id}`)).statusCode, 200);
      const demote = await boss.call('PATCH', self, { role: 'editor' });
      assert.equal(demote.statusCode, 409, demote.body);
      assert.match(demote.json().message, /last administrator/);
      // Through a group: an administrators group with another member lets boss step down.
      const second = await t.api('POST', '/users', { email: 'second@example.com', password: PASSWORD });
      const group = (await boss.call('POST', '/groups', { name: 'Admins', role: 'administrator' })).json();
      const members = await boss.call('PUT', `/groups/${group.id}/members`, { user_ids: [second.json().id] });
      assert.equal(members.statusCode, 200, members.body);
      assert.deepEqual(
        members.json().members.map((m: { email: string }) => m.email),
        ['second@example.com'],
      );
      assert.deepEqual((await t.api('GET', `/users/${second.json().id}`)).json().capabilities.length, 4);
      // Emptying or deleting that group would leave no administrator once boss stepped down.
      assert.equal((await boss.call('PATCH', self, { role: 'editor' })).statusCode, 200);
      assert.equal((await t.api('DELETE', `/groups/${group.id}`)).statusCode, 409);
      assert.equal((await t.api('PUT', `/groups/${group.id}/members`, { user_ids: [] })).statusCode, 409);
      assert.equal((await t.api('PATCH', `/groups/${group.id}`, { role: 'analyst' })).statusCode, 409);
      assert.equal((await t.api('PATCH', `/users/${second.json().id}`, { disabled: true })).statusCode, 409);
      // Restore an administrator for the other tests.
      assert.equal((await t.api('PATCH', self, { role: 'administrator' })).statusCode, 200);
    });

    it('groups: create, rename, members by UUID (unknown 400), role union in capabilities, delete', async () => {
      const dup = await t.api('POST', '/groups', {
        name: 'Analysts',
        role: 'analyst',
        idp_group: 'analysts',
      });
      assert.equal(dup.statusCode, 201, dup.body);
      const g = dup.json();
      assert.equal(g.idp_group, 'analysts');
      assert.equal((await t.api('POST', '/groups', { name: 'Analysts' })).statusCode, 409);
      const u = (await t.api('POST', '/users', { email: 'member@example.com', role: 'settings' })).json();
      const bad = await t.api('PUT', `/groups/${g.id}/members`, { user_ids: [u.id, 'nobody'] });
      assert.equal(bad.statusCode, 400);
      assert.ok('user_ids.1' in bad.json().data.params);
      assert.equal((await t.api('PUT', `/groups/${g.id}/members`, { user_ids: [u.id] })).statusCode, 200);
      const editors = (await t.api('POST', '/groups', { name: 'Editors', role: 'editor' })).json();
      await t.api('PUT', `/groups/${editors.id}/members`, { user_ids: [u.id] });
      const member = (await t.api('GET', `/users/${u.id}`)).json();
      assert.deepEqual(
        member.groups.map((x: { name: string }) => x.name),
        ['Analysts', 'Editors'],
      );
      assert.deepEqual(member.capabilities, [
        'svc_manage_servers',
        'svc_manage_settings',
        'svc_view_analytics',
      ]);
      const renamed = await t.api('PATCH', `/groups/${g.id}`, { name: 'Readers', idp_group: null });
      assert.equal(renamed.json().name, 'Readers');
      assert.equal(renamed.json().idp_group, null);
      assert.equal((await t.api('GET', '/groups')).headers['x-svc-total'] !== undefined, true);
      assert.equal((await t.api('DELETE', `/groups/${editors.id}`)).statusCode, 200);
      assert.deepEqual((await t.api('GET', `/users/${u.id}`)).json().capabilities, [
        'svc_manage_settings',
        'svc_view_analytics',
      ]);
      assert.equal((await t.api('GET', `/groups/${editors.id}`)).statusCode, 404);
    });

    it('my keys: role at most my capabilities (403 above), bounded by my current capabilities, revocable', async () => {
      const ed = await signedInPerson(t, { email: 'keys@example.com', role: 'editor' });
      const above = await ed.call('POST', '/me/keys', { name: 'too much', role: 'administrator' });
      assert.equal(above.statusCode, 403);
      assert.equal(above.json().code, 'rest_forbidden');
      assert.equal(
        (await ed.call('POST', '/me/keys', { name: 'settings', role: 'settings' })).statusCode,
        403,
      );
      const made = await ed.call('POST', '/me/keys', { name: 'laptop' });
      assert.equal(made.statusCode, 201, made.body);
      assert.equal(made.headers['cache-control'], 'no-store');
      const key = made.json();
      assert.equal(key.role, 'editor', 'the widest role I hold');
      assert.match(key.secret, /^tgk_/);
      assert.equal((await t.api('GET', '/servers', undefined, key.secret)).statusCode, 200);
      // The key's own session view names its owner.
      const viaKey = (await t.api('GET', '/auth/session', undefined, key.secret)).json();
      assert.equal(viaKey.via, 'key');
      assert.equal(viaKey.user.email, 'keys@example.com');
      const listed = (await ed.call('GET', '/me/keys')).json();
      assert.deepEqual(
        listed.map((k: { name: string }) => k.name),
        ['laptop'],
      );
      assert.ok(!JSON.stringify(listed).includes(key.secret));
      // Demoted to analyst: the editor key now only reads analytics.
      await t.api('PATCH', `/users/${ed.userId}`, { role: 'analyst' });
      assert.equal((await t.api('GET', '/servers', undefined, key.secret)).statusCode, 403);
      assert.equal((await t.api('GET', '/analytics/overview', undefined, key.secret)).statusCode, 200);
      // Disabled: the key stops working at all.
      await t.api('PATCH', `/users/${ed.userId}`, { disabled: true });
      assert.equal((await t.api('GET', '/analytics/overview', undefined, key.secret)).statusCode, 401);
      await t.api('PATCH', `/users/${ed.userId}`, { disabled: false, role: 'editor' });
      const again = await signIn(t, 'keys@example.com', PASSWORD);
      // Someone else's key is not mine to revoke.
      const other = await signedInPerson(t, { email: 'other-keys@example.com', role: 'editor' });
      assert.equal((await other.call('DELETE', `/me/keys/${key.uuid}`)).statusCode, 404);
      assert.equal((await again.call('DELETE', `/me/keys/${key.uuid}`)).statusCode, 200);
      assert.equal((await t.api('GET', '/servers', undefined, key.secret)).statusCode, 401);
    });

    it('my sessions: listed with the current one marked; another person’s session id is 404', async () => {
      const a1 = await signedInPerson(t, { email: 'sessions@example.com', role: 'analyst' });
      const a2 = await signIn(t, 'sessions@example.com', PASSWORD);
      const b = await signedInPerson(t, { email: 'sessions-b@example.com', role: 'analyst' });
      const mine = (await a1.call('GET', '/me/sessions')).json();
      assert.equal(mine.length, 2);
      assert.equal(mine.filter((s: { current: boolean }) => s.current).length, 1);
      assert.match(mine[0].ip, /^10\.200\./);
      const bSessions = (await b.call('GET', '/me/sessions')).json();
      const refused = await a1.call('DELETE', `/me/sessions/${bSessions[0].id}`);
      assert.equal(refused.statusCode, 404);
      assert.equal((await b.call('GET', '/me')).statusCode, 200, "b's session still works");
      const a2Id = mine.find((s: { current: boolean }) => !s.current).id;
      assert.equal((await a1.call('DELETE', `/me/sessions/${a2Id}`)).statusCode, 200);
      assert.equal((await a2.call('GET', '/me')).statusCode, 401);
      // An administrator lists and ends them.
      const listed = await t.api('GET', `/users/${a1.userId}/sessions`);
      assert.equal(listed.json().length, 1);
      assert.equal((await t.api('DELETE', `/users/${a1.userId}/sessions`)).json().revoked, 1);
      assert.equal((await a1.call('GET', '/me')).statusCode, 401);
    });

    it('PATCH /me: a new password needs the current one; the other sessions end', async () => {
      const me = await signedInPerson(t, { email: 'pw@example.com', role: 'analyst' });
      const elsewhere = await signIn(t, 'pw@example.com', PASSWORD);
      const missing = await me.call('PATCH', '/me', { password: 'a brand new passphrase' });
      assert.equal(missing.statusCode, 400);
      assert.ok('current_password' in missing.json().data.params);
      const wrong = await me.call('PATCH', '/me', {
        password: 'a brand new passphrase',
        current_password: 'not it at all',
      });
      assert.equal(wrong.statusCode, 400);
      const ok = await me.call('PATCH', '/me', {
        password: 'a brand new passphrase',
        current_password: PASSWORD,
        display_name: 'Pat',
      });
      assert.equal(ok.statusCode, 200, ok.body);
      assert.equal(ok.json().display_name, 'Pat');
      assert.equal((await me.call('GET', '/me')).statusCode, 200, 'this session stays');
      assert.equal((await elsewhere.call('GET', '/me')).statusCode, 401, 'the other ended');
      await signIn(t, 'pw@example.com', 'a brand new passphrase');
    });

    it('the first administrator of a migrated database sets a password with their key (PATCH /me, no current one)', async () => {
      const { createApiKey } = await import('../auth/api-keys.ts');
      const owner = (
        await t.api('POST', '/users', { email: 'keyed@example.com', role: 'administrator' })
      ).json();
      const row = await t.ctx.store.db
        .selectFrom('users')
        .select('id')
        .where('uuid', '=', owner.id)
        .executeTakeFirstOrThrow();
      const { secret } = await createApiKey(t.ctx.store, {
        name: 'migrated',
        role: 'administrator',
        user_id: Number(row.id),
      });
      const me = await t.api('GET', '/me', undefined, secret);
      assert.equal(me.json().email, 'keyed@example.com');
      const set = await t.api('PATCH', '/me', { password: 'first password ever' }, secret);
      assert.equal(set.statusCode, 200, set.body);
      assert.equal(set.json().has_password, true);
      await signIn(t, 'keyed@example.com', 'first password ever');
      const again = await t.api('PATCH', '/me', { password: 'second password here' }, secret);
      assert.equal(again.statusCode, 400, 'now the current one is needed');
    });

    it('a password set by an administrator ends the person’s sessions', async () => {
      const p = await signedInPerson(t, { email: 'reset@example.com', role: 'analyst' });
      assert.equal(
        (await t.api('PATCH', `/users/${p.userId}`, { password: 'reset by the admin' })).statusCode,
        200,
      );
      assert.equal((await p.call('GET', '/me')).statusCode, 401);
      await signIn(t, 'reset@example.com', 'reset by the admin');
    });

    it('deleting a person revokes their keys and ends their sessions', async () => {
      const gone = await signedInPerson(t, { email: 'gone@example.com', role: 'editor' });
      const key = (await gone.call('POST', '/me/keys', { name: 'k' })).json();
      assert.equal((await t.api('DELETE', `/users/${gone.userId}`)).statusCode, 200);
      assert.equal((await t.api('GET', '/servers', undefined, key.secret)).statusCode, 401);
      assert.equal((await gone.call('GET', '/me')).statusCode, 401);
    });

    it('no read answers a password, a hash, a cookie secret or a key secret', async () => {
      const password = 'leak probe passphrase';
      const p = await signedInPerson(t, { email: 'leak@example.com', role: 'administrator', password });
      const key = (await p.call('POST', '/me/keys', { name: 'leak' })).json();
      const hashes = await t.ctx.store.db
        .selectFrom('web_sessions')
        .select(['token_hash', 'csrf_token_hash'])
        .execute();
      const user = await t.ctx.store.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', 'leak@example.com')
        .executeTakeFirstOrThrow();
      const forbidden = [
        password,
        p.cookie,
        key.secret,
        user.password_hash!,
        ...hashes.flatMap((h) => [h.token_hash, h.csrf_token_hash]),
      ];
      for (const path of [
        '/users?per_page=100',
        `/users/${p.userId}`,
        `/users/${p.userId}/sessions`,
        '/me',
        '/me/keys',
        '/me/sessions',
        '/auth/session',
        '/keys',
        '/groups',
      ]) {
        const res = await p.call('GET', path);
        assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
        for (const value of forbidden) assert.ok(!res.body.includes(value), `${path} answers a secret`);
        assert.ok(!res.body.includes('scrypt$'), path);
      }
    });

    it('a key of no person has no /me (403)', async () => {
      const res = await t.api('GET', '/me');
      assert.equal(res.statusCode, 403);
      assert.equal((await t.api('GET', '/me/keys')).statusCode, 403);
    });
  });
}

peopleApi('SQLite', async () => {
  const t = await buildTestApp();
  return { t, done: () => t.close() };
});

peopleApi('PostgreSQL', async () => {
  const schema: PgSchema = await createPgSchema();
  if ('skip' in schema) return schema;
  const t = await buildTestApp({ databaseUrl: schema.url });
  return {
    t,
    async done() {
      await t.close();
      await schema.drop();
    },
  };
});
