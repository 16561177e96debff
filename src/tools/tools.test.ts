import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'kysely';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import type { GatewayEvent } from '../events.ts';

describe('tools API', () => {
  let t: TestApp;
  let server: { id: number; uuid: string; server_id: string };
  const events: GatewayEvent[] = [];
  const path = (suffix = '') => `/servers/${server.uuid}/tools${suffix}`;

  before(async () => {
    t = await buildTestApp();
    server = (await t.api('POST', '/servers', { name: 'Tool host' })).json();
    t.ctx.events.subscribe((e) => events.push(e));
  });
  after(() => t.close());

  test('creates a tool by hand with the spec defaults (201)', async () => {
    events.length = 0;
    const res = await t.api('POST', path(), { name: 'List Pets', endpoint_url: 'https://api.example/pets' });
    assert.equal(res.statusCode, 201);
    const tool = res.json();
    assert.equal(tool.name, 'List Pets');
    assert.equal(tool.slug, 'list_pets');
    assert.match(tool.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(tool.server_id, server.id);
    assert.equal(tool.server_uuid, server.uuid);
    assert.equal(tool.server_hex, server.server_id);
    assert.equal(tool.description, '');
    assert.equal(tool.http_method, 'GET');
    assert.deepEqual(tool.input_schema, { type: 'object', properties: {} });
    assert.deepEqual(tool.parameter_mapping, {});
    assert.deepEqual(tool.response_mapping, { selector: '', format: 'json', template: '' });
    assert.equal(tool.headers, null);
    assert.equal(tool.output_schema, null);
    assert.equal(tool.annotations, null);
    assert.deepEqual(
      [tool.timeout, tool.rate_limit_per_min, tool.retry_count, tool.cache_ttl, tool.sort_order],
      [30, 60, 0, 0, 0],
    );
    assert.equal(tool.retry_backoff, 'exponential');
    assert.equal(tool.status, 'active');
    assert.deepEqual(tool.tags, []);
    assert.equal(tool.last_tested_at, null);
    assert.equal(tool.last_test_response_ms, null);
    assert.match(tool.created_at, /Z$/);
    assert.deepEqual(events, [{ type: 'tools_changed', serverId: server.id }]);
  });

  test('a partial update changes only the fields sent: documented defaults are never filled in', async () => {
    const created = (
      await t.api('POST', path(), {
        name: 'Partial update',
        endpoint_url: 'https://api.example/notes',
        http_method: 'POST',
        status: 'draft',
        cache_ttl: 30,
        retry_backoff: 'linear',
        tags: ['notes'],
      })
    ).json();
    const res = await t.api('PATCH', path(`/${created.uuid}`), { status: 'active' });
    assert.equal(res.statusCode, 200, res.body);
    const tool = res.json();
    assert.deepEqual(
      [tool.status, tool.http_method, tool.cache_ttl, tool.retry_backoff, tool.tags],
      ['active', 'POST', 30, 'linear', ['notes']],
    );
  });

  test('accepts any method token (PURGE, PROPFIND, wHat) and keeps it as written', async () => {
    for (const method of ['PURGE', 'PROPFIND', 'LINK', 'VIEW', 'wHat', 'M-SEARCH']) {
      const res = await t.api('POST', path(), {
        name: `Method ${method}`,
        endpoint_url: 'https://api.example/m',
        http_method: method,
      });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().http_method, method);
    }
  });

  test('takes the timeout default from the settings', async () => {
    await t.api('PATCH', '/settings', { default_timeout: 12 });
    const res = await t.api('POST', path(), { name: 'Timed', endpoint_url: 'https://api.example/t' });
    assert.equal(res.json().timeout, 12);
    await t.api('PATCH', '/settings', { default_timeout: 30 });
  });

  test('stores every field given, including 2020-12 schemas, mappings and annotations', async () => {
    const body = {
      name: 'Get pet',
      slug: 'get.pet',
      description: 'one pet',
      endpoint_url: 'https://api.example/pets/{{id}}',
      http_method: 'POST',
      input_schema: {
        $schema: 'https://json-schema.org/draft/2020-12/schema',
        type: 'object',
        properties: { id: { type: 'integer' }, q: { type: 'string', format: 'email' } },
        required: ['id'],
        dependentRequired: { q: ['id'] },
      },
      output_schema: { type: 'object', properties: { name: { type: 'string' } } },
      parameter_mapping: {
        id: { target: 'path', key: 'id' },
        q: { target: 'query', key: 'q', style: 'comma' },
      },
      response_mapping: { selector: '$.data', format: 'template', template: '{{name}}' },
      headers: { 'X-Trace': '1' },
      annotations: { title: 'Get a pet', readOnlyHint: true },
      cache_ttl: 60,
      timeout: 5,
      rate_limit_per_min: 10,
      retry_count: 2,
      retry_backoff: 'linear',
      sort_order: 3,
      status: 'draft',
      tags: ['pets', 'pets', 'read'],
    };
    const res = await t.api('POST', path(), body);
    assert.equal(res.statusCode, 201, res.body);
    const tool = res.json();
    for (const key of Object.keys(body) as Array<keyof typeof body>) {
      if (key === 'tags') continue;
      assert.deepEqual(tool[key], body[key], key);
    }
    assert.deepEqual(tool.tags, ['pets', 'read']);
    const again = await t.api('GET', path(`/${tool.id}`));
    assert.deepEqual(again.json(), tool);
  });

  test('compiles input_schema as draft 2020-12 unless $schema names draft-07', async () => {
    const schema = { type: 'object', prefixItems: [] };
    const as2020 = await t.api('POST', path(), {
      name: 'D2020',
      endpoint_url: 'https://a.example',
      input_schema: schema,
    });
    assert.equal(as2020.statusCode, 400);
    assert.match(as2020.json().data.params.input_schema, /prefixItems/);
    const as07 = await t.api('POST', path(), {
      name: 'D7',
      endpoint_url: 'https://a.example',
      input_schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...schema },
    });
    assert.equal(as07.statusCode, 201, as07.body);
  });

  test('refuses the draft-07 tuple items without $schema instead of saving a tool no call can validate', async () => {
    const tuple = { type: 'object', properties: { tags: { type: 'array', items: [{ type: 'string' }] } } };
    const refused = await t.api('POST', path(), {
      name: 'Tuple',
      endpoint_url: 'https://a.example',
      input_schema: tuple,
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.match(refused.json().data.params.input_schema, /items/);
    const declared = await t.api('POST', path(), {
      name: 'Tuple 07',
      endpoint_url: 'https://a.example',
      input_schema: { $schema: 'http://json-schema.org/draft-07/schema#', ...tuple },
    });
    assert.equal(declared.statusCode, 201, declared.body);
    const tested = await t.api('POST', path(`/${declared.json().uuid}/test`), { arguments: { tags: [1] } });
    assert.equal(tested.statusCode, 200, tested.body);
    assert.match(tested.json().mcp_output.content[0].text, /^Invalid arguments: tags\.0 must be string/);
  });

  test('gets a tool by UUID or numeric id with the server by numeric id too', async () => {
    const created = (
      await t.api('POST', path(), { name: 'Lookup', endpoint_url: 'http://api.example/' })
    ).json();
    const byUuid = await t.api('GET', `/servers/${server.id}/tools/${created.uuid}`);
    assert.equal(byUuid.statusCode, 200);
    assert.equal(byUuid.json().id, created.id);
    const byId = await t.api('GET', path(`/${created.id}`));
    assert.equal(byId.json().uuid, created.uuid);
  });

  test('answers 404 svc_not_found "tool not found" for an unknown tool or one of another server', async () => {
    const other = (await t.api('POST', '/servers', { name: 'Other host' })).json();
    const foreign = (
      await t.api('POST', `/servers/${other.uuid}/tools`, { name: 'x', endpoint_url: 'https://a.example' })
    ).json();
    for (const ref of ['999999', foreign.uuid, 'not-an-id']) {
      const res = await t.api('GET', path(`/${ref}`));
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), {
        code: 'svc_not_found',
        message: 'tool not found',
        data: { status: 404 },
      });
    }
    const noServer = await t.api('GET', '/servers/999999/tools');
    assert.equal(noServer.statusCode, 404);
    assert.equal(noServer.json().code, 'svc_not_found');
  });

  test('rejects invalid input with rest_invalid_param naming each field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ input_schema: { type: 'string' } }, 'input_schema'],
      [{ input_schema: { type: 'object', properties: { a: { type: 'nonsense' } } } }, 'input_schema'],
      [{ input_schema: { type: 'object', required: 'a' } }, 'input_schema'],
      [{ output_schema: { type: 'array' } }, 'output_schema'],
      [{ http_method: 'GE T' }, 'http_method'],
      [{ http_method: 'GET\r\n' }, 'http_method'],
      [{ endpoint_url: 'ftp://files.example/x' }, 'endpoint_url'],
      [{ endpoint_url: '/relative/path' }, 'endpoint_url'],
      [{ slug: 'has space' }, 'slug'],
      [{ parameter_mapping: { id: { target: 'nowhere', key: 'id' } } }, 'parameter_mapping.id.target'],
      [{ parameter_mapping: { id: { target: 'path' } } }, 'parameter_mapping.id.key'],
      [{ response_mapping: { format: 'xml' } }, 'response_mapping.format'],
      [{ retry_backoff: 'random' }, 'retry_backoff'],
      [{ status: 'deleted' }, 'status'],
      [{ timeout: '30' }, 'timeout'],
      [{ tags: 'a,b' }, 'tags'],
      [{ annotations: { readOnlyHint: 'yes' } }, 'annotations.readOnlyHint'],
    ];
    for (const [extra, field] of cases) {
      const res = await t.api('POST', path(), {
        name: 'Bad',
        endpoint_url: 'https://api.example/',
        ...extra,
      });
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field} in ${JSON.stringify(res.json().data.params)}`);
    }
    const missing = await t.api('POST', path(), {});
    assert.deepEqual(Object.keys(missing.json().data.params).sort(), ['endpoint_url', 'name']);
  });

  test('accepts {{var}} placeholders in the URL, including a placeholder origin', async () => {
    for (const url of ['https://{{host}}.example/v1/{{path}}', '{{baseUrl}}/pets']) {
      const res = await t.api('POST', path(), { name: 'Templated', endpoint_url: url });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal(res.json().endpoint_url, url);
    }
  });

  test('keeps slugs unique per server: explicit duplicates are 400, derived ones get a suffix', async () => {
    const first = await t.api('POST', path(), {
      name: 'Dup',
      slug: 'dup',
      endpoint_url: 'https://a.example',
    });
    assert.equal(first.statusCode, 201);
    const clash = await t.api('POST', path(), {
      name: 'Dup 2',
      slug: 'dup',
      endpoint_url: 'https://a.example',
    });
    assert.equal(clash.statusCode, 400);
    assert.ok(clash.json().data.params.slug);
    const derived = await t.api('POST', path(), { name: 'dup', endpoint_url: 'https://a.example' });
    assert.equal(derived.json().slug, 'dup-2');
    const other = (await t.api('POST', '/servers', { name: 'Slug host 2' })).json();
    const elsewhere = await t.api('POST', `/servers/${other.id}/tools`, {
      name: 'Dup',
      slug: 'dup',
      endpoint_url: 'https://a.example',
    });
    assert.equal(elsewhere.statusCode, 201);
    const renamed = await t.api('PATCH', path(`/${derived.json().uuid}`), { slug: 'dup' });
    assert.equal(renamed.statusCode, 400);
    assert.ok(renamed.json().data.params.slug);
  });

  test('PATCH and PUT change only the given fields and publish tools_changed', async () => {
    const created = (
      await t.api('POST', path(), { name: 'Mutable', endpoint_url: 'https://a.example', tags: ['x'] })
    ).json();
    events.length = 0;
    const patched = await t.api('PATCH', path(`/${created.uuid}`), {
      description: 'changed',
      status: 'inactive',
      response_mapping: { format: 'text' },
    });
    assert.equal(patched.statusCode, 200);
    const tool = patched.json();
    assert.equal(tool.description, 'changed');
    assert.equal(tool.status, 'inactive');
    assert.deepEqual(tool.response_mapping, { selector: '', format: 'text', template: '' });
    assert.deepEqual(tool.tags, ['x']);
    assert.equal(tool.name, 'Mutable');
    const put = await t.api('PUT', path(`/${created.id}`), { name: 'Renamed', http_method: 'DELETE' });
    assert.equal(put.statusCode, 200);
    assert.equal(put.json().name, 'Renamed');
    assert.equal(put.json().http_method, 'DELETE');
    assert.equal(put.json().description, 'changed');
    assert.deepEqual(events, [
      { type: 'tools_changed', serverId: server.id },
      { type: 'tools_changed', serverId: server.id },
    ]);
    const bad = await t.api('PATCH', path(`/${created.id}`), { input_schema: { type: 'number' } });
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().data.params.input_schema);
    const missing = await t.api('PATCH', path('/999999'), { name: 'x' });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().message, 'tool not found');
  });

  test('lists tools with status, tag and search filters and pagination headers', async () => {
    const host = (await t.api('POST', '/servers', { name: 'List host' })).json();
    const p = `/servers/${host.uuid}/tools`;
    await t.api('POST', p, { name: 'Alpha', endpoint_url: 'https://a.example', tags: ['red'] });
    await t.api('POST', p, {
      name: 'Beta',
      endpoint_url: 'https://a.example',
      tags: ['blue'],
      status: 'draft',
    });
    await t.api('POST', p, { name: 'Gamma', description: 'finds alphas', endpoint_url: 'https://a.example' });
    const all = await t.api('GET', `${p}?per_page=2`);
    assert.equal(all.statusCode, 200);
    assert.equal(all.headers['x-svc-total'], '3');
    assert.equal(all.headers['x-svc-totalpages'], '2');
    assert.deepEqual(
      all.json().map((x: { name: string }) => x.name),
      ['Alpha', 'Beta'],
    );
    const page2 = await t.api('GET', `${p}?per_page=2&page=2`);
    assert.deepEqual(
      page2.json().map((x: { name: string }) => x.name),
      ['Gamma'],
    );
    const names = async (q: string) =>
      (await t.api('GET', `${p}?${q}`)).json().map((x: { name: string }) => x.name);
    assert.deepEqual(await names('status=draft'), ['Beta']);
    assert.deepEqual(await names('tag=red'), ['Alpha']);
    assert.deepEqual(await names('search=ALPHA'), ['Alpha', 'Gamma']);
    const bad = await t.api('GET', `${p}?status=gone`);
    assert.equal(bad.statusCode, 400);
    assert.ok(bad.json().data.params.status);
  });

  test('deletes a tool ({deleted:true}), then 404, and publishes tools_changed', async () => {
    const created = (
      await t.api('POST', path(), { name: 'Doomed', endpoint_url: 'https://a.example' })
    ).json();
    events.length = 0;
    const res = await t.api('DELETE', path(`/${created.uuid}`));
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { deleted: true });
    assert.deepEqual(events, [{ type: 'tools_changed', serverId: server.id }]);
    const again = await t.api('DELETE', path(`/${created.uuid}`));
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().code, 'svc_not_found');
  });

  test('answers 500 svc_delete_failed when the store refuses the delete', async () => {
    const created = (
      await t.api('POST', path(), { name: 'Stuck', endpoint_url: 'https://a.example' })
    ).json();
    await sql
      .raw(
        `CREATE TRIGGER refuse_stuck BEFORE DELETE ON tools WHEN old.name = 'Stuck'
         BEGIN SELECT RAISE(ABORT, 'refused by trigger'); END`,
      )
      .execute(t.ctx.store.db);
    try {
      const res = await t.api('DELETE', path(`/${created.id}`));
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().code, 'svc_delete_failed');
      assert.ok(!res.body.includes('trigger'));
    } finally {
      await sql.raw('DROP TRIGGER refuse_stuck').execute(t.ctx.store.db);
    }
  });

  test('rejects without a key (401) and without svc_manage_servers (403) on every tool route', async () => {
    const created = (
      await t.api('POST', path(), { name: 'Guarded', endpoint_url: 'https://a.example' })
    ).json();
    const analyst = await t.keyFor('analyst');
    const settingsKey = await t.keyFor('settings');
    const editor = await t.keyFor('editor');
    const routes: Array<[string, string, unknown]> = [
      ['GET', path(), undefined],
      ['POST', path(), { name: 'n', endpoint_url: 'https://a.example' }],
      ['GET', path(`/${created.id}`), undefined],
      ['PATCH', path(`/${created.id}`), { name: 'n' }],
      ['PUT', path(`/${created.id}`), { name: 'n' }],
      ['DELETE', path(`/${created.id}`), undefined],
    ];
    for (const [method, url, body] of routes) {
      assert.equal((await t.api(method as 'GET', url, body, null)).statusCode, 401, `${method} ${url}`);
      for (const key of [analyst, settingsKey]) {
        const res = await t.api(method as 'GET', url, body, key);
        assert.equal(res.statusCode, 403, `${method} ${url}`);
        assert.equal(res.json().code, 'rest_forbidden');
      }
    }
    const allowed = await t.api('GET', path(`/${created.id}`), undefined, editor);
    assert.equal(allowed.statusCode, 200);
  });
});
