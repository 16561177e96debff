import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';
import { findOAuthRecord, findOAuthRecordBy, upsertOAuthRecord } from './oauth-records.repo.ts';

/* An id with U+0000 (a hostile path segment, /grants/%00) finds nothing, on either database. */
const pg = await createPgSchema();

for (const [label, url] of [
  ['SQLite', undefined],
  ['PostgreSQL', 'url' in pg ? pg.url : undefined],
] as const) {
  describe(`oauth records on ${label}`, {
    skip: label === 'PostgreSQL' && 'skip' in pg ? pg.skip : false,
  }, () => {
    let t: TestApp;
    before(async () => {
      t = await buildTestApp(url ? { databaseUrl: url } : {});
    });
    after(() => t.close());

    test('a NUL in an id or a looked-up column finds nothing instead of failing the query', async () => {
      await upsertOAuthRecord(t.ctx.store.db, {
        kind: 'Grant',
        id: 'g1',
        payload: '{"accountId":"a"}',
        grant_id: 'g1',
        uid: 'u1',
        user_code: null,
        expires_at: null,
      });
      assert.equal((await findOAuthRecord(t.ctx.store.db, 'Grant', 'g1'))?.id, 'g1');
      assert.equal(await findOAuthRecord(t.ctx.store.db, 'Grant', 'g1\u0000'), undefined);
      assert.equal(await findOAuthRecordBy(t.ctx.store.db, 'Grant', 'uid', 'u\u00001'), undefined);
      const refused = await t.api('DELETE', '/grants/%00');
      assert.equal(refused.statusCode, 400, refused.body);
    });
  });
}
after(async () => {
  if (!('skip' in pg)) await pg.drop();
});
