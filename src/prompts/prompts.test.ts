import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import type { GatewayEvent } from '../events.ts';

describe('prompts API', () => {
  let t: TestApp;
  let server: { id: number; uuid: string };
  const events: GatewayEvent[] = [];
  const path = (suffix = '') => `/servers/${server.id}/prompts${suffix}`;

  before(async () => {
    t = await buildTestApp();
    server = (await t.api('POST', '/servers', { name: 'Prompt host' })).json();
    t.ctx.events.subscribe((e) => events.push(e));
  });
  after(() => t.close());

  test('creates a prompt (201) with the spec fields and argument defaults', async () => {
    events.length = 0;
    const res = await t.api('POST', path(), {
      name: 'summarise',
      description: 'Summarise a text',
      arguments: [
        { name: 'text', description: 'what to summarise', required: true },
        { name: 'tone', values: ['formal', 'casual'] },
      ],
      template_content: 'Summarise {{text}} in a {{tone}} tone.',
    });
    assert.equal(res.statusCode, 201);
    const p = res.json();
    assert.equal(typeof p.id, 'number');
    assert.equal(p.server_id, server.id);
    assert.equal(p.server_uuid, server.uuid);
    assert.equal(p.name, 'summarise');
    assert.equal(p.description, 'Summarise a text');
    assert.deepEqual(p.arguments, [
      { name: 'text', description: 'what to summarise', required: true },
      { name: 'tone', description: '', required: false, values: ['formal', 'casual'] },
    ]);
    assert.equal(p.template_content, 'Summarise {{text}} in a {{tone}} tone.');
    assert.match(p.created_at, /Z$/);
    assert.match(p.updated_at, /Z$/);
    assert.deepEqual(events, [{ type: 'prompts_changed', serverId: server.id }]);
    const minimal = (await t.api('POST', path(), { name: 'bare' })).json();
    assert.deepEqual([minimal.description, minimal.arguments, minimal.template_content], ['', [], '']);
  });

  test('gets a prompt by numeric id with the server by numeric id or UUID', async () => {
    const created = (await t.api('POST', path(), { name: 'greet' })).json();
    const byId = await t.api('GET', path(`/${created.id}`));
    assert.equal(byId.statusCode, 200);
    assert.deepEqual(byId.json(), created);
    const byUuid = await t.api('GET', `/servers/${server.uuid}/prompts/${created.id}`);
    assert.equal(byUuid.json().name, 'greet');
  });

  test('answers 404 svc_not_found "prompt not found"', async () => {
    for (const ref of ['999999', 'abc']) {
      const res = await t.api('GET', path(`/${ref}`));
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), {
        code: 'svc_not_found',
        message: 'prompt not found',
        data: { status: 404 },
      });
    }
    assert.equal((await t.api('PATCH', path('/999999'), { name: 'x' })).statusCode, 404);
    assert.equal((await t.api('DELETE', path('/999999'))).statusCode, 404);
    assert.equal((await t.api('GET', '/servers/999999/prompts')).statusCode, 404);
  });

  test('validates the arguments shape, naming the bad field', async () => {
    const cases: Array<[unknown, string]> = [
      ['text', 'arguments'],
      [[{ description: 'no name' }], 'arguments.0.name'],
      [[{ name: '' }], 'arguments.0.name'],
      [[{ name: 'a', required: 'yes' }], 'arguments.0.required'],
      [[{ name: 'a', values: [1] }], 'arguments.0.values.0'],
      [[{ name: 'a' }, { name: 'a' }], 'arguments.1.name'],
    ];
    for (const [args, field] of cases) {
      const res = await t.api('POST', path(), { name: 'bad', arguments: args });
      assert.equal(res.statusCode, 400, field);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field}: ${res.body}`);
    }
    const noName = await t.api('POST', path(), { template_content: 'x' });
    assert.ok('name' in noName.json().data.params);
    const dupName = await t.api('POST', path(), { name: 'summarise' });
    assert.equal(dupName.statusCode, 400);
    assert.ok(dupName.json().data.params.name);
  });

  test('PATCH changes only the given fields and publishes prompts_changed', async () => {
    const created = (
      await t.api('POST', path(), { name: 'edit-me', description: 'keep', template_content: 'old' })
    ).json();
    events.length = 0;
    const res = await t.api('PATCH', path(`/${created.id}`), {
      template_content: 'new {{x}}',
      arguments: [{ name: 'x', required: true }],
    });
    assert.equal(res.statusCode, 200);
    const p = res.json();
    assert.equal(p.template_content, 'new {{x}}');
    assert.equal(p.description, 'keep');
    assert.equal(p.name, 'edit-me');
    assert.deepEqual(p.arguments, [{ name: 'x', description: '', required: true }]);
    assert.deepEqual(events, [{ type: 'prompts_changed', serverId: server.id }]);
    const bad = await t.api('PATCH', path(`/${created.id}`), { arguments: [{ name: 1 }] });
    assert.equal(bad.statusCode, 400);
  });

  test('lists prompts with pagination headers', async () => {
    const res = await t.api('GET', `${path()}?per_page=2`);
    assert.equal(res.statusCode, 200);
    const total = Number(res.headers['x-svc-total']);
    assert.ok(total >= 4);
    assert.equal(res.headers['x-svc-totalpages'], String(Math.ceil(total / 2)));
    assert.equal(res.json().length, 2);
  });

  test('deletes a prompt ({deleted:true}) and answers 500 svc_delete_failed on a store failure', async () => {
    const created = (await t.api('POST', path(), { name: 'doomed' })).json();
    events.length = 0;
    const res = await t.api('DELETE', path(`/${created.id}`));
    assert.deepEqual(res.json(), { deleted: true });
    assert.deepEqual(events, [{ type: 'prompts_changed', serverId: server.id }]);
    assert.equal((await t.api('GET', path(`/${created.id}`))).statusCode, 404);

    const stuck = (await t.api('POST', path(), { name: 'stuck' })).json();
    await sql
      .raw(`CREATE TRIGGER refuse_prompt BEFORE DELETE ON prompts BEGIN SELECT RAISE(ABORT, 'no'); END`)
      .execute(t.ctx.store.db);
    try {
      const failed = await t.api('DELETE', path(`/${stuck.id}`));
      assert.equal(failed.statusCode, 500);
      assert.equal(failed.json().code, 'svc_delete_failed');
    } finally {
      await sql.raw('DROP TRIGGER refuse_prompt').execute(t.ctx.store.db);
    }
  });

  test('rejects without a key (401) and without svc_manage_servers (403) on every prompt route', async () => {
    const created = (await t.api('POST', path(), { name: 'guarded' })).json();
    const analyst = await t.keyFor('analyst');
    const routes: Array<[string, string, unknown]> = [
      ['GET', path(), undefined],
      ['POST', path(), { name: 'n' }],
      ['GET', path(`/${created.id}`), undefined],
      ['PATCH', path(`/${created.id}`), { name: 'n' }],
      ['DELETE', path(`/${created.id}`), undefined],
    ];
    for (const [method, url, body] of routes) {
      assert.equal((await t.api(method as 'GET', url, body, null)).statusCode, 401);
      const res = await t.api(method as 'GET', url, body, analyst);
      assert.equal(res.statusCode, 403, `${method} ${url}`);
      assert.equal(res.json().code, 'rest_forbidden');
    }
  });
});
