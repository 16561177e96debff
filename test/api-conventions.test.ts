import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from './helpers.ts';

describe('management API conventions', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { bodyLimitBytes: 2048 } });
  });
  after(() => t.close());

  test('answers 413 for a body over the size limit', async () => {
    const res = await t.api('POST', '/servers', { name: 'x'.repeat(4096) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().data.status, 413);
    assert.equal(typeof res.json().code, 'string');
  });

  test('answers 400 rest_invalid_json for a body that is not JSON, on every route group', async () => {
    for (const path of [
      '/servers',
      '/servers/1/tools',
      '/servers/1/prompts',
      '/servers/1/resources',
      '/settings',
      '/keys',
    ]) {
      const res = await t.api('POST', path, '{"name": nope');
      assert.equal(res.statusCode, 400, path);
      assert.equal(res.json().code, 'rest_invalid_json', path);
      assert.equal(res.json().data.status, 400);
    }
  });

  test('serves its own OpenAPI document with every route group', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.base}/openapi.json` });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.match(doc.openapi, /^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/servers',
      '/servers/{server_id}/tools',
      '/servers/{server_id}/tools/{id}',
      '/servers/{server_id}/prompts',
      '/servers/{server_id}/prompts/{id}',
      '/servers/{server_id}/resources',
      '/servers/{server_id}/resources/{id}',
      '/settings',
      '/keys',
      '/health',
    ])
      assert.ok(paths.includes(p), `${p} missing from ${paths.join(' ')}`);
    const create = doc.paths['/servers/{server_id}/tools'].post;
    assert.ok(create.requestBody.content['application/json'].schema.properties.input_schema);
    assert.deepEqual(
      doc.paths['/servers/{server_id}/tools'].get.parameters.map((p: { name: string }) => p.name).sort(),
      ['page', 'per_page', 'search', 'server_id', 'status', 'tag'],
    );
  });

  test('renders the reference at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.body, /swagger/i);
  });
});
