import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import type { GatewayEvent } from '../events.ts';

describe('resources API', () => {
  let t: TestApp;
  let server: { id: number; uuid: string; slug: string };
  const events: GatewayEvent[] = [];
  const path = (suffix = '') => `/servers/${server.uuid}/resources${suffix}`;

  before(async () => {
    t = await buildTestApp();
    server = (await t.api('POST', '/servers', { name: 'Resource host' })).json();
    t.ctx.events.subscribe((e) => events.push(e));
  });
  after(() => t.close());

  test('creates a static resource (201) with the spec fields and defaults', async () => {
    events.length = 0;
    const res = await t.api('POST', path(), {
      uri: 'docs://readme',
      name: 'Readme',
      data_source_config: { content: 'hello' },
    });
    assert.equal(res.statusCode, 201, res.body);
    const r = res.json();
    assert.equal(typeof r.id, 'number');
    assert.equal(r.server_id, server.id);
    assert.equal(r.server_uuid, server.uuid);
    assert.equal(r.uri, 'docs://readme');
    assert.equal(r.name, 'Readme');
    assert.equal(r.description, '');
    assert.equal(r.mime_type, 'text/plain');
    assert.equal(r.data_source_type, 'static');
    assert.deepEqual(r.data_source_config, { content: 'hello' });
    assert.equal(r.template_uri, null);
    assert.match(r.created_at, /Z$/);
    assert.deepEqual(events, [{ type: 'resources_changed', serverId: server.id }]);
  });

  test('creates http and template resources', async () => {
    const http = await t.api('POST', path(), {
      uri: 'https-doc://remote',
      name: 'Remote',
      mime_type: 'application/json',
      data_source_type: 'http',
      data_source_config: { url: 'http://127.0.0.1:1/doc.json' },
    });
    assert.equal(http.statusCode, 201, http.body);
    const tpl = await t.api('POST', path(), {
      uri: 'test://template/all',
      name: 'Templated',
      template_uri: 'test://template/{id}/data',
      data_source_config: { content: 'item {id}' },
    });
    assert.equal(tpl.statusCode, 201, tpl.body);
    assert.equal(tpl.json().template_uri, 'test://template/{id}/data');
  });

  test('rejects invalid resources with rest_invalid_param naming each field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ uri: 'no scheme' }, 'uri'],
      [{ uri: 'docs://x', data_source_type: 'ftp' }, 'data_source_type'],
      [{ uri: 'docs://x', data_source_config: {} }, 'data_source_config.content'],
      [{ uri: 'docs://x', data_source_config: { content: 1 } }, 'data_source_config.content'],
      [
        { uri: 'docs://x', data_source_config: { content: 'x', encoding: 'hex' } },
        'data_source_config.encoding',
      ],
      [
        { uri: 'docs://x', data_source_config: { content: '%%%', encoding: 'base64' } },
        'data_source_config.content',
      ],
      [
        { uri: 'docs://x', data_source_type: 'http', data_source_config: { url: 'file:///etc' } },
        'data_source_config.url',
      ],
      [{ uri: 'docs://x', data_source_type: 'http', data_source_config: {} }, 'data_source_config.url'],
      [{ uri: 'docs://x', data_source_config: { content: 'x', extra: 1 } }, 'data_source_config.extra'],
      [{ uri: 'docs://x', mime_type: 'plain', data_source_config: { content: '' } }, 'mime_type'],
      [
        { uri: 'docs://x', template_uri: 'test://{unclosed', data_source_config: { content: '' } },
        'template_uri',
      ],
      [
        { uri: 'docs://x', template_uri: 'test://{a,b}', data_source_config: { content: '' } },
        'template_uri',
      ],
      [{ uri: 'docs://x', name: 5, data_source_config: { content: '' } }, 'name'],
      [{ name: 'no uri' }, 'uri'],
      [{ uri: 'docs://readme', data_source_config: { content: 'dup' } }, 'uri'],
    ];
    for (const [body, field] of cases) {
      const res = await t.api('POST', path(), body);
      assert.equal(res.statusCode, 400, `${field}: ${res.body}`);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(field in res.json().data.params, `${field}: ${res.body}`);
    }
  });

  test('lists resources by server UUID, slug or numeric id with X-Svc-Total', async () => {
    for (const ref of [server.uuid, server.slug, String(server.id)]) {
      const res = await t.api('GET', `/servers/${ref}/resources?per_page=2`);
      assert.equal(res.statusCode, 200, ref);
      assert.equal(res.headers['x-svc-total'], '3');
      assert.equal(res.headers['x-svc-totalpages'], '2');
      assert.deepEqual(
        res.json().map((r: { uri: string }) => r.uri),
        ['docs://readme', 'https-doc://remote'],
      );
    }
    assert.equal((await t.api('GET', '/servers/no-such-slug/resources')).statusCode, 404);
  });

  test('gets a resource by numeric id; unknown is 404 "resource not found"', async () => {
    const list = (await t.api('GET', path())).json();
    const res = await t.api('GET', path(`/${list[0].id}`));
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), list[0]);
    for (const ref of ['999999', 'docs']) {
      const missing = await t.api('GET', path(`/${ref}`));
      assert.equal(missing.statusCode, 404);
      assert.deepEqual(missing.json(), {
        code: 'svc_not_found',
        message: 'resource not found',
        data: { status: 404 },
      });
    }
  });

  test('PATCH and PUT update; content changes publish resource_updated, list changes resources_changed', async () => {
    const created = (
      await t.api('POST', path(), { uri: 'docs://changing', data_source_config: { content: 'v1' } })
    ).json();
    assert.equal(created.name, 'docs://changing');
    events.length = 0;
    const content = await t.api('PATCH', path(`/${created.id}`), { data_source_config: { content: 'v2' } });
    assert.equal(content.statusCode, 200);
    assert.deepEqual(content.json().data_source_config, { content: 'v2' });
    assert.deepEqual(events, [{ type: 'resource_updated', serverId: server.id, uri: 'docs://changing' }]);
    events.length = 0;
    const renamed = await t.api('PUT', path(`/${created.id}`), { name: 'Changing', description: 'd' });
    assert.equal(renamed.statusCode, 200);
    assert.equal(renamed.json().name, 'Changing');
    assert.deepEqual(renamed.json().data_source_config, { content: 'v2' });
    assert.deepEqual(events, [{ type: 'resources_changed', serverId: server.id }]);
    const toHttp = await t.api('PATCH', path(`/${created.id}`), { data_source_type: 'http' });
    assert.equal(toHttp.statusCode, 400);
    assert.ok(toHttp.json().data.params['data_source_config.url']);
    const dupUri = await t.api('PATCH', path(`/${created.id}`), { uri: 'docs://readme' });
    assert.equal(dupUri.statusCode, 400);
    assert.ok(dupUri.json().data.params.uri);
    assert.equal((await t.api('PATCH', path('/999999'), { name: 'x' })).statusCode, 404);
  });

  test('deletes a resource ({deleted:true}) then answers 404', async () => {
    const created = (
      await t.api('POST', path(), { uri: 'docs://doomed', data_source_config: { content: '' } })
    ).json();
    events.length = 0;
    const res = await t.api('DELETE', `/servers/${server.slug}/resources/${created.id}`);
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), { deleted: true });
    assert.deepEqual(events, [{ type: 'resources_changed', serverId: server.id }]);
    const again = await t.api('DELETE', path(`/${created.id}`));
    assert.equal(again.statusCode, 404);
    assert.equal(again.json().message, 'resource not found');
  });

  test('rejects without a key (401) and without svc_manage_servers (403) on every resource route', async () => {
    const created = (
      await t.api('POST', path(), { uri: 'docs://guarded', data_source_config: { content: '' } })
    ).json();
    const settingsKey = await t.keyFor('settings');
    const routes: Array<[string, string, unknown]> = [
      ['GET', path(), undefined],
      ['POST', path(), { uri: 'docs://n', data_source_config: { content: '' } }],
      ['GET', path(`/${created.id}`), undefined],
      ['PATCH', path(`/${created.id}`), { name: 'n' }],
      ['PUT', path(`/${created.id}`), { name: 'n' }],
      ['DELETE', path(`/${created.id}`), undefined],
    ];
    for (const [method, url, body] of routes) {
      assert.equal((await t.api(method as 'GET', url, body, null)).statusCode, 401);
      const res = await t.api(method as 'GET', url, body, settingsKey);
      assert.equal(res.statusCode, 403, `${method} ${url}`);
      assert.equal(res.json().code, 'rest_forbidden');
    }
  });
});
