import assert from 'node:assert/strict';
import { createServer as createHttpServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import {
  applyPlan,
  checkSource,
  createServer,
  entryOf,
  importTracked,
  readSourceFixture,
} from '../../test/sources-kit.ts';

/*
 * A URL source: imported from a local server that answers ETag and Last-Modified, checked again
 * with If-None-Match / If-Modified-Since (304 = no change), and a Postman collection with and
 * without item ids.
 */

/** A document server: `current` is served with its ETag; a matching If-None-Match gets 304. */
function startDocuments() {
  const state = {
    current: readSourceFixture('petstore-v1.yaml'),
    etag: '"v1"',
    requests: [] as IncomingHttpHeaders[],
  };
  const server: Server = createHttpServer((req, res) => {
    state.requests.push(req.headers);
    if (req.headers['if-none-match'] === state.etag) {
      res.writeHead(304, { etag: state.etag });
      res.end();
      return;
    }
    res.writeHead(200, {
      'content-type': 'application/yaml',
      etag: state.etag,
      'last-modified': 'Wed, 01 Jan 2025 00:00:00 GMT',
    });
    res.end(state.current);
  });
  return { server, state };
}

describe('a URL source', () => {
  let t: TestApp;
  let docs: ReturnType<typeof startDocuments>;
  let url: string;
  before(async () => {
    t = await buildTestApp({ config: { importAllowPrivate: true } });
    docs = startDocuments();
    await new Promise<void>((r) => docs.server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(docs.server.address() as AddressInfo).port}/openapi.yaml`;
  });
  after(async () => {
    await t.close();
    docs.server.close();
  });

  test('is checked with its validators: 304 is no change; a new ETag brings the plan', async () => {
    const server = await createServer(t, 'URL source');
    const { sourceId } = await importTracked(t, server.uuid, 'import-openapi', { source: 'url', url });
    const source = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.deepEqual([source.origin, source.url, source.etag], ['url', url, '"v1"']);
    assert.equal(source.last_modified, 'Wed, 01 Jan 2025 00:00:00 GMT');

    docs.state.requests.length = 0;
    const same = await checkSource(t, server.uuid, sourceId);
    assert.equal(same.upstream, 'not_modified');
    assert.equal(same.summary_text, 'No changes.');
    assert.equal(docs.state.requests[0]?.['if-none-match'], '"v1"');
    assert.equal(docs.state.requests[0]?.['if-modified-since'], 'Wed, 01 Jan 2025 00:00:00 GMT');
    const checked = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.equal(checked.last_check_status, 'not_modified');

    docs.state.current = readSourceFixture('petstore-v2.yaml');
    docs.state.etag = '"v2"';
    const plan = await checkSource(t, server.uuid, sourceId);
    assert.equal(plan.upstream, 'changed');
    assert.equal(plan.summary_text, '4 to change, 1 to move, 1 to remove');
    const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
      removals: [{ entry: entryOf(plan, 'deletePet').id, action: 'deactivate' }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const applied = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.equal(applied.etag, '"v2"');
    assert.equal((await checkSource(t, server.uuid, sourceId)).upstream, 'not_modified');
  });

  test('a schedule is for URL sources; a failed check is recorded on the source', async () => {
    const server = await createServer(t, 'Schedules');
    const { sourceId } = await importTracked(t, server.uuid, 'import-openapi', { source: 'url', url });
    const path = `/servers/${server.uuid}/sources/${sourceId}`;
    const set = await t.api('PATCH', path, { schedule_minutes: 60 });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().schedule_minutes, 60);
    assert.equal((await t.api('PATCH', path, { schedule_minutes: 1 })).statusCode, 400);
    assert.equal((await t.api('PATCH', path, { schedule_minutes: 'hourly' })).statusCode, 400);
    assert.equal((await t.api('PATCH', path, { schedule_minutes: null })).json().schedule_minutes, null);

    const text = await createServer(t, 'Text schedule');
    const tracked = await importTracked(t, text.uuid, 'import-openapi', {
      content: readSourceFixture('petstore-v1.yaml'),
    });
    const refused = await t.api('PATCH', `/servers/${text.uuid}/sources/${tracked.sourceId}`, {
      schedule_minutes: 60,
    });
    assert.equal(refused.statusCode, 400);
    assert.match(refused.body, /only a URL source/);
    const content = await t.api('POST', `${path}/check`, { content: 'openapi: 3.0.0' });
    assert.equal(content.statusCode, 400);

    docs.state.etag = '"broken"';
    docs.state.current = 'openapi: 3.0.0\ninfo: [not, a, map';
    const failed = await t.api('POST', `${path}/check`, {});
    assert.equal(failed.statusCode, 400);
    assert.equal(failed.json().code, 'invalid_spec');
    const after = (await t.api('GET', path)).json();
    assert.equal(after.last_check_status, 'error');
    assert.match(after.last_check_error, /\S/);
  });
});

describe('a tracked Postman collection', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  const collection = (name: string) => JSON.parse(readSourceFixture(`${name}.postman_collection.json`));

  test('with item ids: the moved request is a move, the renamed one a change, the deleted one a removal', async () => {
    const server = await createServer(t, 'Postman ids');
    const { sourceId, tools } = await importTracked(t, server.uuid, 'import-collection', {
      content: collection('petstore-ids-v1'),
    });
    const source = (await t.api('GET', `/servers/${server.uuid}/sources/${sourceId}`)).json();
    assert.equal(source.kind, 'postman');
    assert.deepEqual(
      source.operations.map((o: { key: string }) => o.key),
      [
        'id:a1c0e7f2-0001-4d1e-8a00-000000000001',
        'id:a1c0e7f2-0002-4d1e-8a00-000000000002',
        'id:a1c0e7f2-0003-4d1e-8a00-000000000003',
        'id:a1c0e7f2-0004-4d1e-8a00-000000000004',
      ],
    );
    const plan = await checkSource(t, server.uuid, sourceId, { content: collection('petstore-ids-v2') });
    assert.deepEqual(
      plan.entries.map((e) => [e.action, e.tool?.slug]),
      [
        ['move', 'list_pets'],
        ['change', 'get_pet'],
        ['change', 'create_pet'],
        ['remove', 'delete_pet'],
      ],
    );
    assert.equal(entryOf(plan, 'list_pets').operation.path, '/v1/pets/all');
    const renamed = entryOf(plan, 'get_pet');
    assert.equal(renamed.fields.find((f) => f.field === 'name')?.theirs, 'Fetch pet');
    assert.ok(renamed.breaking.some((b) => b.kind === 'argument_removed' && b.argument === 'petId'));
    const res = await applyPlan(t, server.uuid, sourceId, plan.id, {
      removals: [{ entry: entryOf(plan, 'delete_pet').id, action: 'delete' }],
    });
    assert.equal(res.statusCode, 200, res.body);
    const moved = (await t.api('GET', `/servers/${server.uuid}/tools/${tools.list_pets}`)).json();
    assert.equal(moved.endpoint_url, 'https://petstore.example.com/v1/pets/all');
  });

  test('without item ids: requests are matched by method and path, so the moved one is a removal and an addition', async () => {
    const server = await createServer(t, 'Postman no ids');
    const { sourceId } = await importTracked(t, server.uuid, 'import-collection', {
      content: collection('petstore-noids-v1'),
    });
    const plan = await checkSource(t, server.uuid, sourceId, { content: collection('petstore-noids-v2') });
    assert.deepEqual(
      plan.entries.map((e) => [e.action, e.tool?.slug ?? e.candidate?.slug]),
      [
        ['add', 'list_pets'],
        ['change', 'get_pet'],
        ['change', 'create_pet'],
        ['remove', 'list_pets'],
        ['remove', 'delete_pet'],
      ],
    );
    // GET /pets/:petId and GET /pets/:id are one route: the renamed request is still the same tool.
    assert.equal(entryOf(plan, 'get_pet').operation.key, 'route:GET /v1/pets/{}');
    const skip = plan.entries.find((e) => e.action === 'add')!.id;
    const removals = plan.entries
      .filter((e) => e.action === 'remove')
      .map((e) => ({ entry: e.id, action: 'flag' }));
    const res = await applyPlan(t, server.uuid, sourceId, plan.id, { removals, skip: [skip] });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().skipped, [{ entry: skip, reason: 'left out by the operator' }]);
    const again = await checkSource(t, server.uuid, sourceId, { content: collection('petstore-noids-v2') });
    assert.equal(again.upstream, 'unchanged');
  });
});
