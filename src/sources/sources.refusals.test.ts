import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { checkSource, createServer, importTracked, readSourceFixture } from '../../test/sources-kit.ts';

/** The sources routes refuse: a role without svc_manage_servers, unknown ids, malformed bodies, another server's source. */

describe('the sources routes refuse', () => {
  let t: TestApp;
  let server: { uuid: string };
  let other: { uuid: string };
  let sourceId: string;
  let planId: string;
  before(async () => {
    t = await buildTestApp();
    server = await createServer(t, 'Refusals');
    other = await createServer(t, 'Another');
    ({ sourceId } = await importTracked(t, server.uuid, 'import-openapi', {
      content: readSourceFixture('petstore-v1.yaml'),
    }));
    planId = (await checkSource(t, server.uuid, sourceId, { content: readSourceFixture('petstore-v2.yaml') }))
      .id;
  });
  after(() => t.close());

  const routes = () => {
    const one = `/servers/${server.uuid}/sources/${sourceId}`;
    return [
      ['GET', `/servers/${server.uuid}/sources`, undefined],
      ['GET', one, undefined],
      ['PATCH', one, { schedule_minutes: null }],
      ['POST', `${one}/check`, {}],
      ['GET', `${one}/plans/${planId}`, undefined],
      ['POST', `${one}/plans/${planId}/apply`, {}],
      ['DELETE', one, undefined],
    ] as const;
  };

  test('403 for a role that may not manage servers, 401 without a key', async () => {
    const analyst = await t.keyFor('analyst');
    for (const [method, path, body] of routes()) {
      const res = await t.api(method, path, body, analyst);
      assert.equal(res.statusCode, 403, `${method} ${path}`);
      assert.equal(res.json().code, 'rest_forbidden');
      assert.equal((await t.api(method, path, body, null)).statusCode, 401, `${method} ${path}`);
    }
    const editor = await t.keyFor('editor');
    assert.equal((await t.api('GET', `/servers/${server.uuid}/sources`, undefined, editor)).statusCode, 200);
  });

  test('404 for unknown servers, sources and plans, and for another server’s source', async () => {
    const one = `/servers/${server.uuid}/sources/${sourceId}`;
    const cases = [
      `/servers/${randomUUID()}/sources`,
      `/servers/${server.uuid}/sources/${randomUUID()}`,
      `/servers/${server.uuid}/sources/not-a-uuid`,
      `${one}/plans/${randomUUID()}`,
      `/servers/${other.uuid}/sources/${sourceId}`,
      `/servers/${other.uuid}/sources/${sourceId}/plans/${planId}`,
    ];
    for (const path of cases) {
      const res = await t.api('GET', path);
      assert.equal(res.statusCode, 404, path);
      assert.match(res.json().code, /^(svc_not_found|server_not_found)$/, path);
    }
    const check = await t.api('POST', `/servers/${other.uuid}/sources/${sourceId}/check`, {});
    assert.equal(check.statusCode, 404);
    const apply = await t.api('POST', `/servers/${other.uuid}/sources/${sourceId}/plans/${planId}/apply`, {});
    assert.equal(apply.statusCode, 404);
    assert.equal((await t.api('DELETE', `/servers/${other.uuid}/sources/${sourceId}`)).statusCode, 404);
  });

  test('400 for malformed bodies, naming the field; nothing applied', async () => {
    const one = `/servers/${server.uuid}/sources/${sourceId}`;
    const bad: Array<[string, string, unknown]> = [
      ['PATCH', one, { schedule_minutes: 'hourly' }],
      ['PATCH', one, { schedule: 60 }],
      ['POST', `${one}/check`, { content: 'openapi: [' }],
      ['POST', `${one}/plans/${planId}/apply`, { resolutions: 'all theirs' }],
      ['POST', `${one}/plans/${planId}/apply`, { resolutions: [{ entry: 'e1', field: 'description' }] }],
      ['POST', `${one}/plans/${planId}/apply`, { removals: [{ entry: 'e6', action: 'shred' }] }],
      ['POST', `${one}/plans/${planId}/apply`, { removals: [{ entry: 'e99', action: 'flag' }] }],
      ['POST', `${one}/plans/${planId}/apply`, { skip: ['e1'], removals: [{ entry: 'e6', action: 'flag' }] }],
      ['POST', `${one}/plans/${planId}/apply`, '{"resolutions": ['],
    ];
    for (const [method, path, body] of bad) {
      const res = await t.api(method as 'POST', path, body);
      assert.equal(res.statusCode, 400, `${method} ${path} ${JSON.stringify(body)}: ${res.body}`);
      assert.match(res.json().code, /^(rest_invalid_param|rest_invalid_json|invalid_spec)$/);
    }
    const plan = (await t.api('GET', `${one}/plans/${planId}`)).json();
    assert.equal(plan.status, 'open');
  });
});
