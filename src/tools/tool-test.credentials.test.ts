import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { startUpstream, type Upstream } from '../../test/executor-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

/*
 * Issue 31: the Test action of an `editor` key (svc_manage_servers without manage_options). The
 * upstream echoes the Authorization header it receives, as the repro's echo service did.
 */
describe('Test action: production credentials and undeclared arguments', () => {
  let t: TestApp;
  let up: Upstream;
  let editor: string;
  const echo = () =>
    up.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ authorization: req.headers.authorization ?? null }));
    });

  before(async () => {
    t = await buildTestApp();
    up = await startUpstream();
    editor = await t.keyFor('editor');
  });
  after(async () => {
    await up.close();
    await t.close();
  });
  beforeEach(() => {
    up.reset();
    echo();
  });

  async function serverWithTool(
    body: Record<string, unknown>,
    tool: Record<string, unknown> = {},
  ): Promise<{ server: string; tool: string }> {
    const server = await t.api('POST', '/servers', {
      name: `S ${Math.random().toString(36).slice(2, 8)}`,
      outbound_auth_type: 'bearer',
      ...body,
    });
    assert.equal(server.statusCode, 201, server.body);
    const created = await t.api(
      'POST',
      `/servers/${server.json().uuid}/tools`,
      { name: 'Echo', endpoint_url: `${up.origin}/echo`, input_schema: { type: 'object' }, ...tool },
      editor,
    );
    assert.equal(created.statusCode, 201, created.body);
    return { server: server.json().uuid, tool: created.json().uuid };
  }

  const prod = { auth_credentials: JSON.stringify({ token: 'prod-token-1234' }) };
  const testCreds = { test_auth_credentials: JSON.stringify({ token: 'test-token-5678' }) };

  test('repro 5: an editor cannot run a Test with production credentials (403), an administrator can', async () => {
    const ids = await serverWithTool({ ...prod, auth_credentials_origins: [up.origin], ...testCreds });
    const path = `/servers/${ids.server}/tools/${ids.tool}/test`;
    const refused = await t.api('POST', path, { use_test_credentials: false }, editor);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().code, 'rest_forbidden');
    assert.match(refused.json().message, /production credentials .* needs the manage_options capability/);
    assert.ok(!refused.body.includes('prod-token'));
    assert.equal(up.received.length, 0, 'nothing was sent');
    assert.equal(
      (await t.api('GET', `/servers/${ids.server}/credentials`, undefined, editor)).statusCode,
      403,
    );

    const admin = await t.api('POST', path, { use_test_credentials: false });
    assert.equal(admin.statusCode, 200);
    assert.equal(JSON.parse(admin.json().raw_response.body).authorization, 'Bearer prod-token-1234');
  });

  test('an editor Test uses test credentials, which need their own origins', async () => {
    const ids = await serverWithTool({
      ...prod,
      auth_credentials_origins: [up.origin],
      ...testCreds,
      test_auth_credentials_origins: [up.origin],
    });
    const res = await t.api('POST', `/servers/${ids.server}/tools/${ids.tool}/test`, {}, editor);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(JSON.parse(res.json().raw_response.body).authorization, 'Bearer test-token-5678');
  });

  test('with no test credentials to fall back from, an editor Test would send production ones: 403', async () => {
    const ids = await serverWithTool({ ...prod, auth_credentials_origins: [up.origin] });
    const res = await t.api('POST', `/servers/${ids.server}/tools/${ids.tool}/test`, {}, editor);
    assert.equal(res.statusCode, 403);
    assert.match(
      res.json().message,
      /no test credentials, so the Test would send its production credentials/,
    );
    assert.equal(up.received.length, 0);
  });

  test('a server without credentials is tested by an editor as before', async () => {
    const ids = await serverWithTool({});
    const res = await t.api('POST', `/servers/${ids.server}/tools/${ids.tool}/test`, {}, editor);
    assert.equal(res.statusCode, 200);
    assert.equal(JSON.parse(res.json().raw_response.body).authorization, null);
  });

  test('an editor pointing a tool elsewhere gets a tool error naming the origin and no request leaves', async () => {
    const elsewhere = await startUpstream();
    try {
      const ids = await serverWithTool(
        { ...testCreds, test_auth_credentials_origins: [up.origin] },
        { endpoint_url: `${elsewhere.origin}/echo` },
      );
      const res = await t.api('POST', `/servers/${ids.server}/tools/${ids.tool}/test`, {}, editor);
      assert.equal(res.statusCode, 200);
      const body = res.json();
      assert.equal(body.outbound_request, null);
      assert.equal(body.raw_response, null);
      assert.equal(body.mcp_output.isError, true);
      assert.match(body.mcp_output.content[0].text, new RegExp(`may not be sent to ${elsewhere.origin}`));
      assert.equal(elsewhere.received.length, 0);
    } finally {
      await elsewhere.close();
    }
  });

  test('undeclared arguments are 400 naming each; an open schema refuses only names the tool fixes', async () => {
    const ids = await serverWithTool(
      {},
      {
        endpoint_url: `${up.origin}/echo?tenant=acme`,
        http_method: 'POST',
        body_template: '{"model":"cheap","prompt":"{{prompt}}"}',
        input_schema: { type: 'object', properties: { prompt: { type: 'string' } } },
      },
    );
    const path = `/servers/${ids.server}/tools/${ids.tool}/test`;
    const closed = await t.api('POST', path, { arguments: { prompt: 'p', model: 'expensive' } });
    assert.equal(closed.statusCode, 400);
    assert.deepEqual(closed.json().data.params, {
      'arguments.model': 'is not declared in input_schema.properties',
    });
    await t.api('PATCH', `/servers/${ids.server}/tools/${ids.tool}`, {
      input_schema: {
        type: 'object',
        properties: { prompt: { type: 'string' } },
        additionalProperties: true,
      },
    });
    const open = await t.api('POST', path, { arguments: { prompt: 'p', model: 'x', tenant: 'y', extra: 1 } });
    assert.equal(open.statusCode, 400);
    assert.deepEqual(Object.keys(open.json().data.params).sort(), ['arguments.model', 'arguments.tenant']);
    assert.equal(up.received.length, 0);
    const ok = await t.api('POST', path, { arguments: { prompt: 'p', extra: 1 } });
    assert.equal(ok.statusCode, 200);
    assert.deepEqual(JSON.parse(up.received[0]!.body), { model: 'cheap', prompt: 'p', extra: 1 });
  });
});
