import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

/*
 * One rule for `http_method` on every way a tool is made (RFC 9110 §9.1: a method is a token;
 * custom ones such as PROPFIND or PURGE stay as written): create, update and every importer.
 */
describe('http_method is any RFC 9110 token on every path, anything else is 400', () => {
  let t: TestApp;
  let uuid: string;
  before(async () => {
    t = await buildTestApp();
    uuid = (await t.api('POST', '/servers', { name: 'methods' })).json().uuid;
  });
  after(() => t.close());

  const NOT_TOKENS = [
    'GE T',
    'GET\r\nX-Injected: 1',
    '',
    'GET/1',
    'DELETE(',
    '"POST"',
    'M\u00c9THODE',
    'A'.repeat(65),
  ];

  test('update refuses a value that is not a token and keeps the stored method; accepts a custom token', async () => {
    const tool = (
      await t.api('POST', `/servers/${uuid}/tools`, { name: 'upd', endpoint_url: 'https://api.example/x' })
    ).json();
    for (const method of NOT_TOKENS) {
      const res = await t.api('PATCH', `/servers/${uuid}/tools/${tool.uuid}`, { http_method: method });
      assert.equal(res.statusCode, 400, JSON.stringify(method));
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.match(res.json().data.params.http_method, /HTTP method token \(RFC 9110\)/, res.body);
    }
    assert.equal((await t.api('GET', `/servers/${uuid}/tools/${tool.uuid}`)).json().http_method, 'GET');
    const ok = await t.api('PUT', `/servers/${uuid}/tools/${tool.uuid}`, {
      http_method: "X-M!#$%&'*+.^_`|~9",
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().http_method, "X-M!#$%&'*+.^_`|~9");
  });

  test('a manifest with a method that is not a token is refused whole (400), naming the tool and the rule; custom methods import', async () => {
    const tool = (name: string, http_method: string) => ({
      name,
      slug: name,
      endpoint_url: 'https://dav.example/f',
      http_method,
    });
    const bad = await t.api('POST', `/servers/${uuid}/tools/import-svc`, {
      format: 'svc/tools-v1',
      tools: [tool('dav', 'PROPFIND'), tool('bad', 'GET /f HTTP/1.1')],
    });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match(bad.json().message, /tools\[1\]: http_method must be an HTTP method token \(RFC 9110\)/);
    const good = await t.api('POST', `/servers/${uuid}/tools/import-svc`, {
      format: 'svc/tools-v1',
      tools: [tool('dav', 'PROPFIND'), tool('purge_lower', 'purge')],
    });
    assert.equal(good.statusCode, 200, good.body);
    const methods = (await t.api('GET', `/servers/${uuid}/tools?per_page=100`)).json() as Array<{
      slug: string;
      http_method: string;
    }>;
    assert.deepEqual(
      methods.filter((m) => ['dav', 'purge_lower'].includes(m.slug)).map((m) => [m.slug, m.http_method]),
      [
        ['dav', 'PROPFIND'],
        ['purge_lower', 'purge'],
      ],
    );
  });

  test('a Postman collection keeps a custom method as written and refuses one that is not a token', async () => {
    const collection = {
      info: { name: 'm', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [
        { name: 'purge', request: { method: 'PURGE', url: 'https://cdn.example/a' } },
        { name: 'lower', request: { method: 'wHat', url: 'https://cdn.example/b' } },
        { name: 'broken', request: { method: 'GE T', url: 'https://cdn.example/c' } },
      ],
    };
    const parsed = (await t.api('POST', `/servers/${uuid}/tools/import-collection`, collection)).json();
    const ids = parsed.candidates.map((c: { temp_id: string }) => c.temp_id);
    const res = await t.api('POST', `/servers/${uuid}/tools/import-collection`, {
      content: JSON.stringify(collection),
      commit: true,
      selected_temp_ids: ids,
      on_conflict: 'duplicate',
    });
    assert.equal(res.statusCode, 200, res.body);
    const tools = (await t.api('GET', `/servers/${uuid}/tools?per_page=100`)).json() as Array<{
      name: string;
      http_method: string;
    }>;
    const byName = Object.fromEntries(tools.map((x) => [x.name, x.http_method]));
    assert.equal(byName.purge, 'PURGE');
    assert.equal(byName.lower, 'wHat');
    assert.equal(byName.broken, undefined);
    assert.match(JSON.stringify(res.json().failed), /http_method/);
  });

  test('cURL -X takes any token and refuses one that is not with a 400 naming the method', async () => {
    const ok = await t.api('POST', `/servers/${uuid}/tools/import-curl`, {
      curl_command: 'curl -X MKCOL https://dav.example/new/',
    });
    assert.equal(ok.statusCode, 201, ok.body);
    assert.equal(ok.json().http_method, 'MKCOL');
    const bad = await t.api('POST', `/servers/${uuid}/tools/import-curl`, {
      curl_command: `curl -X 'GE T' https://dav.example/new/`,
    });
    assert.equal(bad.statusCode, 400, bad.body);
    assert.match(bad.body, /GE T/);
  });
});
