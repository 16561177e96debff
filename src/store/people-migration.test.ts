import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { sql } from 'kysely';
import { createPgSchema } from '../../test/helpers.ts';
import { openDatabase } from './db.ts';
import { createMigrator, migrateToLatest } from './migrations.ts';

type Opened = { url: string; drop(): Promise<void> } | { skip: string };

function sqlite(): Opened {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-people-'));
  return {
    url: `sqlite:${join(dir, 'db.sqlite')}`,
    drop: async () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** Migrates a fresh database to 008, lets `seed` write, then migrates to the latest. */
async function upgrade(url: string, seed: (db: ReturnType<typeof openDatabase>['db']) => Promise<void>) {
  const { db, dialect } = openDatabase(url);
  const schema =
    dialect === 'postgres'
      ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s
      : undefined;
  const { error } = await createMigrator(db, dialect, schema).migrateTo('008_credential_origins');
  assert.equal(error, undefined);
  await seed(db);
  assert.equal(await migrateToLatest(db, dialect), '018');
  return db;
}

const key = (n: number) => ({
  uuid: `00000000-0000-4000-8000-00000000000${n}`,
  name: `key ${n}`,
  prefix: `tgk_${n}`,
  key_hash: `hash${n}`,
  role: 'editor',
  capabilities: '["svc_manage_servers"]',
  created_at: '2026-01-01T00:00:00.000Z',
});

for (const [label, open] of [
  ['SQLite', async () => sqlite()],
  ['PostgreSQL', createPgSchema],
] as const) {
  describe(`migration 009_people on ${label}`, () => {
    test('a database with keys gets its first administrator (admin@localhost, no password), who owns every key', async (t) => {
      const opened = await open();
      if ('skip' in opened) return t.skip(opened.skip);
      const db = await upgrade(opened.url, async (db) => {
        // biome-ignore lint/suspicious/noExplicitAny: the table as it was before 009
        await (db as any)
          .insertInto('api_keys')
          .values([key(1), key(2)])
          .execute();
      });
      try {
        const users = await db.selectFrom('users').selectAll().execute();
        assert.equal(users.length, 1);
        const admin = users[0]!;
        assert.equal(admin.email, 'admin@localhost');
        assert.equal(admin.role, 'administrator');
        assert.equal(admin.password_hash, null);
        assert.equal(admin.disabled_at, null);
        const owners = await db.selectFrom('api_keys').select(['name', 'user_id']).orderBy('name').execute();
        assert.deepEqual(
          owners.map((k) => [k.name, Number(k.user_id)]),
          [
            ['key 1', Number(admin.id)],
            ['key 2', Number(admin.id)],
          ],
        );
        // The new tables take rows with their constraints.
        const group = await db
          .insertInto('user_groups')
          .values({
            uuid: 'g1',
            name: 'Ops',
            role: 'editor',
            idp_group: 'ops',
            created_at: 'x',
            updated_at: 'x',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.insertInto('user_group_members').values({ group_id: group.id, user_id: admin.id }).execute();
        await assert.rejects(
          db.insertInto('user_group_members').values({ group_id: group.id, user_id: admin.id }).execute(),
          'a member once',
        );
        await assert.rejects(
          db
            .insertInto('users')
            .values({ ...admin, id: undefined as never, uuid: 'other' })
            .execute(),
          'e-mail is unique',
        );
        await db
          .insertInto('oauth_records')
          .values({
            kind: 'Grant',
            id: 'g',
            payload: '{}',
            grant_id: null,
            user_code: null,
            uid: null,
            expires_at: null,
            consumed_at: null,
          })
          .execute();
        await db.deleteFrom('users').where('id', '=', admin.id).execute();
        const left = await db.selectFrom('user_group_members').selectAll().execute();
        assert.deepEqual(left, [], 'memberships go with the user');
      } finally {
        await db.destroy();
        await opened.drop();
      }
    });

    test('a database without keys gets no user (the first start creates one)', async (t) => {
      const opened = await open();
      if ('skip' in opened) return t.skip(opened.skip);
      const db = await upgrade(opened.url, async () => {});
      try {
        assert.deepEqual(await db.selectFrom('users').selectAll().execute(), []);
      } finally {
        await db.destroy();
        await opened.drop();
      }
    });
  });
}
