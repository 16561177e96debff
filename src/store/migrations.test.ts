import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createPgSchema, DEFAULT_TEST_DATABASE_URL, type PgSchema } from '../../test/helpers.ts';
import { openDatabase } from './db.ts';
import { migrateToLatest, readDbVersion } from './migrations.ts';

// Other schemas of the same database come and go (a second Toolgate, another test run): migrating
// one schema must not read the others. kysely's own introspection looked every schema up by name
// and failed with "schema … does not exist" when one was dropped while it ran.
describe('PostgreSQL migrations beside schemas that are dropped meanwhile', () => {
  let schema: PgSchema;
  let churn: pg.Client;

  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    churn = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL ?? DEFAULT_TEST_DATABASE_URL });
    await churn.connect();
  });
  after(async () => {
    if ('skip' in schema) return;
    await churn.end();
    await schema.drop();
  });

  test('migrating to the latest version succeeds while other schemas with tables are created and dropped', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const prefix = `tg_churn_${Date.now().toString(36)}`;
    let stop = false;
    let cycles = 0;
    const churning = (async () => {
      for (let i = 0; !stop; i++) {
        const name = `${prefix}_${i}`;
        await churn.query(`create schema ${name}`);
        await churn.query(`create table ${name}.t (id serial primary key, v text)`);
        await churn.query(`drop schema ${name} cascade`);
        cycles++;
      }
    })();
    const { db, dialect } = openDatabase(schema.url);
    try {
      // Fresh migrations, then the version read, each through the migrator's table checks.
      for (let round = 0; round < 5; round++) {
        assert.equal(await migrateToLatest(db, dialect), '018');
        assert.equal(await readDbVersion(db, dialect), '018');
      }
    } finally {
      stop = true;
      await churning;
      await db.destroy();
    }
    assert.ok(cycles > 0, 'no schema was dropped while the migrations ran');
  });
});
