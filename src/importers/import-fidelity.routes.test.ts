import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { corpusFile } from '../../test/kit/corpus.ts';

async function newServer(t: TestApp, name: string): Promise<{ uuid: string; id: number }> {
  return (await t.api('POST', '/servers', { name })).json();
}

describe('imports keep what the source says: names, statuses, methods', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('import-curl names the tool from its method and path and honours name, status and description', async () => {
    const s = await newServer(t, 'curl names');
    const named = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
      curl_command: `curl https://api.openai.com/v1/chat/completions --json '{"model":"m"}'`,
    });
    assert.equal(named.statusCode, 201, named.body);
    assert.deepEqual(
      [named.json().name, named.json().slug],
      ['post_v1_chat_completions', 'post_v1_chat_completions'],
    );
    const root = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
      curl_command: 'curl https://api.example.com/',
    });
    assert.equal(root.json().name, 'imported_tool');
    const chosen = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
      curl_command: 'curl -X PURGE https://cdn.example.com/assets/logo.png',
      name: 'Purge logo',
      status: 'active',
    });
    assert.equal(chosen.statusCode, 201, chosen.body);
    assert.deepEqual(
      [chosen.json().name, chosen.json().status, chosen.json().http_method],
      ['Purge logo', 'active', 'PURGE'],
    );
    for (const [extra, field] of [
      [{ status: 'deleted' }, 'status'],
      [{ name: '' }, 'name'],
      [{ name: 7 }, 'name'],
    ] as const) {
      const bad = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
        curl_command: 'curl https://api.example.com/x',
        ...extra,
      });
      assert.equal(bad.statusCode, 400, bad.body);
      assert.equal(bad.json().code, 'rest_invalid_param');
      assert.ok(bad.json().data.params[field], field);
    }
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools`)).json();
    assert.equal(tools.length, 3, 'refused imports change nothing');
  });

  test('a collection with custom methods (LINK, PROPFIND, VIEW, PURGE) commits every request with its method', async () => {
    const s = await newServer(t, 'custom methods');
    const content = corpusFile('postman', 'v2.1', 'postman-codegen-sample.postman_collection.json');
    const parsed = (await t.api('POST', `/servers/${s.uuid}/tools/import-collection`, { content })).json();
    const ids = parsed.candidates.map((c: { temp_id: string }) => c.temp_id);
    const res = await t.api('POST', `/servers/${s.uuid}/tools/import-collection`, {
      content,
      commit: true,
      selected_temp_ids: ids,
      on_conflict: 'duplicate',
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json().failed, []);
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools?per_page=100`)).json() as Array<{
      http_method: string;
    }>;
    const methods = new Set(tools.map((tool) => tool.http_method));
    for (const m of ['LINK', 'PROPFIND', 'VIEW', 'PURGE']) assert.ok(methods.has(m), m);
  });
});
