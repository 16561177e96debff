import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';

/* Migration 006 on PostgreSQL: a tool's max_output_tokens is stored, read, cleared and exported. */
const pg = await createPgSchema();

describe('max_output_tokens on PostgreSQL', { skip: 'skip' in pg ? pg.skip : false }, () => {
  let t: TestApp;
  before(async () => {
    if ('skip' in pg) return;
    t = await buildTestApp({ databaseUrl: pg.url });
  });
  after(async () => {
    if ('skip' in pg) return;
    await t.close();
    await pg.drop();
  });

  test('stores, updates, clears and exports the column', async () => {
    const server = (await t.api('POST', '/servers', { name: 'PG budget' })).json();
    const res = await t.api('POST', `/servers/${server.uuid}/tools`, {
      name: 'List',
      endpoint_url: 'https://api.example/list',
      max_output_tokens: 2_500,
      response_mapping: { fields: ['$.data[*].id'] },
    });
    assert.equal(res.statusCode, 201, res.body);
    const tool = res.json();
    assert.equal(tool.max_output_tokens, 2_500);
    const patched = (
      await t.api('PATCH', `/servers/${server.uuid}/tools/${tool.uuid}`, { max_output_tokens: 0 })
    ).json();
    assert.equal(patched.max_output_tokens, 0);
    const manifest = (await t.api('POST', `/servers/${server.uuid}/tools/export`, {})).json();
    assert.equal(manifest.tools[0].max_output_tokens, 0);
    assert.deepEqual(manifest.tools[0].response_mapping.fields, ['$.data[*].id']);
    const cleared = (
      await t.api('PATCH', `/servers/${server.uuid}/tools/${tool.uuid}`, { max_output_tokens: null })
    ).json();
    assert.equal(cleared.max_output_tokens, null);
  });
});
