import assert from 'node:assert/strict';
import { after, before, describe, test as nodeTest } from 'node:test';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';

/*
 * The servers API's key flows (and the items that hang off a server) once more, on PostgreSQL:
 * the same HTTP answers whatever the database.
 */
describe('management API on PostgreSQL', () => {
  let t: TestApp;
  let skip: string | undefined;
  let drop: () => Promise<void> = async () => {};
  // Set up in a hook, not at module top level, so the runner sees every test before it starts.
  before(async () => {
    const pg = await createPgSchema();
    if ('skip' in pg) {
      skip = pg.skip;
      return;
    }
    drop = () => pg.drop();
    t = await buildTestApp({ databaseUrl: pg.url });
  });
  after(async () => {
    if (skip) return;
    await t?.close();
    await drop();
  });
  const test = (name: string, body: () => Promise<void>) =>
    nodeTest(name, async (ctx) => {
      if (skip) return ctx.skip(skip);
      await body();
    });

  test('creates, reads, patches, lists and deletes servers with the same answers as on SQLite', async () => {
    const res = await t.api('POST', '/servers', {
      name: 'Pet Store',
      description: 'pets',
      settings: { color: 'red' },
    });
    assert.equal(res.statusCode, 201);
    const s = res.json();
    assert.equal(typeof s.id, 'number');
    assert.equal(s.slug, 'pet-store');
    assert.match(s.server_id, /^[0-9a-f]{16}$/);
    assert.deepEqual([s.tool_count, s.prompt_count, s.resource_count], [0, 0, 0]);
    const patched = await t.api('PATCH', `/servers/${s.uuid}`, {
      description: 'new',
      status: 'paused',
      test_auth_credentials: JSON.stringify({ token: 'pg-secret' }),
    });
    assert.equal(patched.statusCode, 200);
    assert.deepEqual(patched.json().settings, { color: 'red', description: 'new' });
    assert.ok(!patched.body.includes('pg-secret'));
    const creds = await t.api('GET', `/servers/${s.id}/credentials`);
    assert.deepEqual(creds.json().test_auth_credentials, { type: 'bearer', token: 'pg-secret' });
    await t.api('POST', '/servers', { name: 'Pet Store' });
    const list = await t.api('GET', '/servers?per_page=1');
    assert.equal(list.headers['x-svc-total'], '2');
    assert.equal(list.headers['x-svc-totalpages'], '2');
    assert.equal((await t.api('GET', '/servers?search=pet-store-2')).json()[0].slug, 'pet-store-2');
    assert.equal((await t.api('GET', '/servers/999999')).statusCode, 404);
    const analyst = await t.keyFor('analyst');
    assert.equal((await t.api('GET', '/servers', undefined, analyst)).statusCode, 403);
  });

  test('manages tools, prompts and resources, counts them, and cascades on delete', async () => {
    const s = (await t.api('POST', '/servers', { name: 'Cascade' })).json();
    const tool = await t.api('POST', `/servers/${s.uuid}/tools`, {
      name: 'Get pet',
      endpoint_url: 'https://api.example/pets/{{id}}',
      input_schema: { type: 'object', properties: { id: { type: 'integer' } } },
      annotations: { readOnlyHint: true },
      tags: ['pets'],
    });
    assert.equal(tool.statusCode, 201, tool.body);
    assert.deepEqual(tool.json().annotations, { readOnlyHint: true });
    const dup = await t.api('POST', `/servers/${s.uuid}/tools`, {
      name: 'x',
      slug: 'get_pet',
      endpoint_url: 'https://a.example',
    });
    assert.equal(dup.statusCode, 400);
    assert.deepEqual(
      (await t.api('GET', `/servers/${s.uuid}/tools?tag=pets`)).json().map((x: { slug: string }) => x.slug),
      ['get_pet'],
    );
    const patched = await t.api('PATCH', `/servers/${s.uuid}/tools/${tool.json().id}`, {
      status: 'inactive',
    });
    assert.equal(patched.json().status, 'inactive');
    const prompt = await t.api('POST', `/servers/${s.id}/prompts`, {
      name: 'p',
      arguments: [{ name: 'a', required: true }],
    });
    assert.equal(prompt.statusCode, 201);
    assert.deepEqual(prompt.json().arguments, [{ name: 'a', description: '', required: true }]);
    const resource = await t.api('POST', `/servers/${s.slug}/resources`, {
      uri: 'docs://r',
      data_source_config: { content: 'hi' },
    });
    assert.equal(resource.statusCode, 201);
    const got = (await t.api('GET', `/servers/${s.uuid}`)).json();
    assert.deepEqual([got.tool_count, got.prompt_count, got.resource_count], [1, 1, 1]);
    assert.deepEqual((await t.api('DELETE', `/servers/${s.uuid}/tools/${tool.json().uuid}`)).json(), {
      deleted: true,
    });
    assert.equal((await t.api('DELETE', `/servers/${s.uuid}`)).json().deleted, true);
    const left = await t.ctx.store.db
      .selectFrom('prompts')
      .select('id')
      .where('server_id', '=', s.id)
      .execute();
    assert.deepEqual(left, []);
  });

  test('reads and updates settings', async () => {
    const res = await t.api('PATCH', '/settings', { log_response_data: true, default_timeout: 10 });
    assert.equal(res.statusCode, 200);
    const got = (await t.api('GET', '/settings')).json();
    assert.equal(got.log_response_data, true);
    assert.equal(got.default_timeout, 10);
  });
});
