import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('the Test body points at the "arguments" wrapper', () => {
  let t: TestApp;
  let path: string;
  before(async () => {
    t = await buildTestApp();
    const server = (await t.api('POST', '/servers', { name: 'Wrapper' })).json();
    const tool = (
      await t.api('POST', `/servers/${server.uuid}/tools`, {
        name: 'Get thing',
        endpoint_url: 'http://127.0.0.1:9/things/{{id}}',
        input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
      })
    ).json();
    path = `/servers/${server.uuid}/tools/${tool.uuid}/test`;
  });
  after(() => t.close());

  test('flat arguments ({"id": 3}) get 400 naming the field and showing the wrapper, without echoing values', async () => {
    const res = await t.api('POST', path, { id: 3, api_key: 'sk-should-not-echo' });
    assert.equal(res.statusCode, 400);
    const body = res.json();
    assert.equal(body.code, 'rest_invalid_param');
    assert.equal(
      body.message,
      'The tool\'s arguments go inside "arguments": send {"arguments": {"id": …, "api_key": …}}.',
    );
    assert.deepEqual(body.data.params, {
      id: 'is not a field of the Test body; did you mean arguments.id?',
      api_key: 'is not a field of the Test body; did you mean arguments.api_key?',
    });
    assert.ok(!res.body.includes('sk-should-not-echo'));
  });

  test('a mistyped field beside a proper "arguments" is 400 with a did-you-mean, not the wrapper hint', async () => {
    const res = await t.api('POST', path, { arguments: { id: 3 }, use_test_credential: true });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().data.params, {
      use_test_credential: 'is not a known field; did you mean `use_test_credentials`?',
    });
  });

  test('a wrapped body passes the check (and reaches the executor)', async () => {
    const res = await t.api('POST', path, { arguments: { id: 3 } });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().mcp_output.isError, true, 'nothing listens on port 9');
  });
});
