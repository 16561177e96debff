import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startUpstream, type Upstream } from '../../test/executor-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('POST /servers/{server_id}/tools/{id}/test', () => {
  let t: TestApp;
  let up: Upstream;
  let server: { id: number; uuid: string };
  before(async () => {
    t = await buildTestApp();
    up = await startUpstream();
    server = (
      await t.api('POST', '/servers', {
        name: 'Test target',
        outbound_auth_type: 'bearer',
        auth_credentials: JSON.stringify({ token: 'prod-token' }),
        test_auth_credentials: JSON.stringify({ token: 'test-token' }),
      })
    ).json();
  });
  after(async () => {
    await up.close();
    await t.close();
  });
  beforeEach(() => {
    up.reset();
    up.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-upstream': 'yes' });
      res.end(JSON.stringify({ path: req.url, items: [{ name: 'Lamp' }] }));
    });
  });

  async function createTool(fields: Record<string, unknown> = {}): Promise<{ id: number; uuid: string }> {
    const res = await t.api('POST', `/servers/${server.uuid}/tools`, {
      name: `Tool ${Math.random().toString(36).slice(2, 8)}`,
      endpoint_url: `${up.origin}/things/{{id}}`,
      http_method: 'GET',
      input_schema: { type: 'object', properties: { id: { type: 'string' }, q: { type: 'string' } } },
      response_mapping: { selector: '$.items[*].name', format: 'json' },
      ...fields,
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json();
  }

  test('runs the tool live and answers the spec shape with credentials masked', async () => {
    const tool = await createTool();
    const res = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { id: 'a/1', q: 'x' },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.deepEqual(Object.keys(body).sort(), ['mcp_output', 'outbound_request', 'raw_response', 'timing']);
    assert.deepEqual(body.outbound_request, {
      method: 'GET',
      url: `${up.origin}/things/a%2F1?q=x`,
      headers: { authorization: 'Bearer ****' },
      body: null,
    });
    assert.equal(up.received[0]!.headers.authorization, 'Bearer test-token');
    assert.equal(body.raw_response.status_code, 200);
    assert.equal(body.raw_response.headers['x-upstream'], 'yes');
    assert.equal(typeof body.raw_response.body, 'string');
    assert.deepEqual(JSON.parse(body.raw_response.body), {
      path: '/things/a%2F1?q=x',
      items: [{ name: 'Lamp' }],
    });
    assert.deepEqual(body.mcp_output, {
      content: [{ type: 'text', text: '[\n  "Lamp"\n]' }],
      isError: false,
    });
    assert.ok(Number.isInteger(body.timing.total_ms));
    assert.ok(!res.body.includes('test-token'));

    const stored = (await t.api('GET', `/servers/${server.uuid}/tools/${tool.uuid}`)).json();
    assert.match(stored.last_tested_at, /^\d{4}-\d\d-\d\dT.*Z$/);
    assert.equal(stored.last_test_response_ms, body.timing.total_ms);
  });

  test('defaults to no arguments and test credentials; false uses production credentials', async () => {
    const tool = await createTool({ endpoint_url: `${up.origin}/plain`, input_schema: { type: 'object' } });
    const res = await t.api('POST', `/servers/${server.id}/tools/${tool.id}/test`, {
      use_test_credentials: false,
    });
    assert.equal(res.statusCode, 200);
    assert.equal(up.received[0]!.headers.authorization, 'Bearer prod-token');
    const empty = await t.api('POST', `/servers/${server.id}/tools/${tool.id}/test`);
    assert.equal(empty.statusCode, 200);
    assert.equal(up.received[1]!.headers.authorization, 'Bearer test-token');
  });

  test('a non-2xx answer is still 200 with isError true and the raw response', async () => {
    up.handle((_req, res) => {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('boom');
    });
    const tool = await createTool();
    const before = (await t.api('GET', `/servers/${server.uuid}/tools/${tool.uuid}`)).json();
    const res = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { id: '1' },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.mcp_output.isError, true);
    assert.deepEqual(body.raw_response, {
      status_code: 500,
      headers: body.raw_response.headers,
      body: 'boom',
    });
    assert.equal(body.outbound_request.method, 'GET');
    const after = (await t.api('GET', `/servers/${server.uuid}/tools/${tool.uuid}`)).json();
    assert.equal(after.last_tested_at, before.last_tested_at, 'a failed run records nothing');
  });

  test('a transport failure answers 200 with nulls, isError true and total_ms 0', async () => {
    up.handle((req) => req.socket.destroy());
    const tool = await createTool();
    const res = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { id: '1' },
    });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.outbound_request, null);
    assert.equal(body.raw_response, null);
    assert.equal(body.mcp_output.isError, true);
    assert.match(body.mcp_output.content[0].text, /upstream connection failed/);
    assert.deepEqual(body.timing, { total_ms: 0 });
  });

  test('invalid arguments are an isError result; unknown argument keys are a 400 naming them', async () => {
    const tool = await createTool({
      input_schema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] },
    });
    const invalid = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { id: 'x' },
    });
    assert.equal(invalid.statusCode, 200);
    assert.equal(invalid.json().mcp_output.isError, true);
    assert.match(invalid.json().mcp_output.content[0].text, /id must be integer/);
    assert.equal(up.received.length, 0);
    const unknown = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { id: 1, nope: true },
    });
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().code, 'rest_invalid_param');
    assert.deepEqual(Object.keys(unknown.json().data.params), ['arguments.nope']);
    const badType = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: 'x',
    });
    assert.equal(badType.statusCode, 400);
  });

  test('rejects draft and inactive tools with 422 svc_tool_not_testable', async () => {
    for (const status of ['draft', 'inactive']) {
      const tool = await createTool({ status });
      const res = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {});
      assert.equal(res.statusCode, 422, status);
      assert.equal(res.json().code, 'svc_tool_not_testable');
      assert.equal(res.json().data.status, 422);
    }
    assert.equal(up.received.length, 0);
  });

  test('answers 404 svc_not_found for an unknown server or tool', async () => {
    const tool = await createTool();
    const noServer = await t.api('POST', `/servers/999999/tools/${tool.id}/test`, {});
    assert.equal(noServer.statusCode, 404);
    assert.equal(noServer.json().code, 'svc_not_found');
    const noTool = await t.api('POST', `/servers/${server.uuid}/tools/999999/test`, {});
    assert.equal(noTool.statusCode, 404);
    assert.equal(noTool.json().code, 'svc_not_found');
  });

  test('writes an admin_test call log', async () => {
    const tool = await createTool();
    await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, { arguments: { id: '9' } });
    await t.ctx.callLogs.flush();
    const row = await t.ctx.store.db
      .selectFrom('call_logs')
      .selectAll()
      .where('tool_id', '=', tool.id)
      .executeTakeFirstOrThrow();
    assert.equal(row.client_type, 'admin_test');
    assert.equal(row.method, 'tools/call');
    assert.equal(row.response_status, 'success');
    assert.deepEqual(JSON.parse(row.request_args!), { id: '9' });
  });

  test('rejects without a key (401) and without svc_manage_servers (403)', async () => {
    const tool = await createTool();
    const path = `/servers/${server.uuid}/tools/${tool.uuid}/test`;
    assert.equal((await t.api('POST', path, {}, null)).statusCode, 401);
    const analyst = await t.keyFor('analyst');
    const res = await t.api('POST', path, {}, analyst);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'rest_forbidden');
    assert.equal(up.received.length, 0);
  });
  test('fills a stored body_template with the arguments, keeping JSON types', async () => {
    const tool = await createTool({
      endpoint_url: `${up.origin}/search`,
      http_method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      input_schema: { type: 'object', properties: { q: { type: 'string' }, limit: { type: 'integer' } } },
      body_template: '{"query":"{{q}}","limit":"{{limit}}","label":"item-{{q}}"}',
      response_mapping: { format: 'text' },
    });
    const stored = (await t.api('GET', `/servers/${server.uuid}/tools/${tool.uuid}`)).json();
    assert.equal(stored.body_template, '{"query":"{{q}}","limit":"{{limit}}","label":"item-{{q}}"}');
    const res = await t.api('POST', `/servers/${server.uuid}/tools/${tool.uuid}/test`, {
      arguments: { q: 'lamp', limit: 3 },
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(up.received.length, 1);
    assert.equal(up.received[0]!.method, 'POST');
    assert.deepEqual(JSON.parse(up.received[0]!.body), { query: 'lamp', limit: 3, label: 'item-lamp' });
  });
});
