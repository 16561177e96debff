import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { fuzzes, total } from './fuzz/suite.ts';
import { buildTestApp, createPgSchema, type TestApp } from './helpers.ts';

/* The fuzz suite's PostgreSQL share (test/fuzz.test.ts has the SQLite one and the rules). */

const pg = await createPgSchema();

describe('fuzzing on PostgreSQL', () => {
  let t: TestApp;
  before(async () => {
    if ('url' in pg) t = await buildTestApp({ databaseUrl: pg.url });
  });
  after(async () => {
    if ('url' in pg) {
      await t.close();
      await pg.drop();
    }
  });

  test('1,500 generated requests get no 5xx, no -32603 and no hang', {
    skip: 'skip' in pg && pg.skip,
  }, async () => {
    const byStatus = await fuzzes(t, 1_500);
    console.log(`PostgreSQL fuzz by status: ${JSON.stringify(byStatus)}`);
    assert.ok(total(byStatus, 'management') > 500);
  });
});
