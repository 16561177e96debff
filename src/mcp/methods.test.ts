import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';

describe('MCP methods over the store', () => {
  let k: McpKit;
  let sid: string;
  const api = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    k.t.api(method, `/servers/${k.serverUuid}${path}`, body).then((r) => {
      assert.ok(r.statusCode < 300, r.body);
      return r.json();
    });

  before(async () => {
    k = await createMcpKit();
    sid = await k.initialize();
    const tool = (slug: string, http_method: string, extra: Record<string, unknown> = {}) =>
      api('POST', '/tools', {
        name: `Tool ${slug}`,
        slug,
        endpoint_url: 'http://127.0.0.1:9/x',
        http_method,
        ...extra,
      });
    await tool('b_get', 'GET', { sort_order: 1, description: 'Reads' });
    await tool('a_delete', 'DELETE', { sort_order: 2 });
    await tool('c_put', 'PUT', { sort_order: 0 });
    await tool('d_post', 'POST', {
      sort_order: 3,
      input_schema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
      output_schema: { type: 'object', properties: { n: { type: 'number' } } },
      annotations: { readOnlyHint: true, title: 'Custom' },
    });
    await tool('e_draft', 'GET', { status: 'draft' });
    await tool('f_inactive', 'GET', { status: 'inactive' });
    await api('POST', '/prompts', {
      name: 'greet',
      description: 'Greets',
      arguments: [
        { name: 'who', description: 'Name', required: true, values: ['Ada', 'Alan', 'Grace'] },
        { name: 'tone', description: 'Tone', required: false },
      ],
      template_content: 'Hello {{who}}, in a {{ tone }} tone.',
    });
    await api('POST', '/prompts', {
      name: 'picture',
      description: 'Messages template',
      arguments: [{ name: 'uri', description: 'URI', required: true }],
      template_content: JSON.stringify({
        messages: [
          {
            role: 'user',
            content: {
              type: 'resource',
              resource: { uri: '{{uri}}', mimeType: 'text/plain', text: 'x "{{uri}}"' },
            },
          },
          { role: 'assistant', content: { type: 'text', text: 'ok' } },
        ],
      }),
    });
    await api('POST', '/resources', {
      uri: 'docs://readme',
      name: 'readme',
      description: 'Read me',
      mime_type: 'text/markdown',
      data_source_type: 'static',
      data_source_config: { content: '# Hello' },
    });
    await api('POST', '/resources', {
      uri: 'docs://logo',
      name: 'logo',
      mime_type: 'image/png',
      data_source_type: 'static',
      data_source_config: { content: 'iVBORw0KGgo=', encoding: 'base64' },
    });
    await api('POST', '/resources', {
      uri: 'items://{id}',
      template_uri: 'items://{id}',
      name: 'item',
      mime_type: 'application/json',
      data_source_type: 'static',
      data_source_config: { content: '{"id":"{id}"}' },
    });
  });
  after(() => k.close());

  test('tools/list: active tools only, by sort_order then name, with inferred annotations', async () => {
    const { tools } = (await k.rpc(sid, 'tools/list')).json().result;
    assert.deepEqual(
      tools.map((t: { name: string }) => t.name),
      ['c_put', 'b_get', 'a_delete', 'd_post'],
    );
    const byName = Object.fromEntries(tools.map((t: { name: string }) => [t.name, t]));
    assert.deepEqual(byName.b_get, {
      name: 'b_get',
      title: 'Tool b_get',
      description: 'Reads',
      inputSchema: { type: 'object', additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: true },
    });
    assert.equal(byName.a_delete.annotations.destructiveHint, true);
    assert.equal(byName.c_put.annotations.idempotentHint, true);
    assert.deepEqual(byName.d_post.inputSchema, {
      type: 'object',
      properties: { q: { type: 'string' } },
      required: ['q'],
    });
    assert.deepEqual(byName.d_post.outputSchema, { type: 'object', properties: { n: { type: 'number' } } });
    assert.deepEqual(byName.d_post.annotations, { readOnlyHint: true, title: 'Custom' });
  });

  test('tools/call on a draft or inactive tool is -32602', async () => {
    for (const name of ['e_draft', 'f_inactive', 'nope']) {
      const res = await k.rpc(sid, 'tools/call', { name, arguments: {} });
      assert.equal(res.json().error.code, -32602, name);
      assert.match(res.json().error.message, /Unknown tool/);
    }
  });

  test('tools/list pages with an opaque cursor past 100 tools', async () => {
    const other = await createMcpKit();
    try {
      for (let i = 0; i < 105; i++)
        await other.t.api('POST', `/servers/${other.serverUuid}/tools`, {
          name: `t${String(i).padStart(3, '0')}`,
          endpoint_url: 'http://127.0.0.1:9/x',
          http_method: 'GET',
        });
      const s = await other.initialize();
      const first = (await other.rpc(s, 'tools/list')).json().result;
      assert.equal(first.tools.length, 100);
      assert.equal(typeof first.nextCursor, 'string');
      const second = (await other.rpc(s, 'tools/list', { cursor: first.nextCursor })).json().result;
      assert.equal(second.tools.length, 5);
      assert.equal(second.nextCursor, undefined);
      assert.equal(second.tools[4].title, 't104');
    } finally {
      await other.close();
    }
  });

  test('prompts/list and prompts/get render {{arguments}}', async () => {
    const { prompts } = (await k.rpc(sid, 'prompts/list')).json().result;
    assert.deepEqual(prompts[0], {
      name: 'greet',
      description: 'Greets',
      arguments: [
        { name: 'who', description: 'Name', required: true },
        { name: 'tone', description: 'Tone', required: false },
      ],
    });
    const res = (
      await k.rpc(sid, 'prompts/get', { name: 'greet', arguments: { who: 'Ada', tone: 'warm' } })
    ).json();
    assert.deepEqual(res.result, {
      description: 'Greets',
      messages: [{ role: 'user', content: { type: 'text', text: 'Hello Ada, in a warm tone.' } }],
    });
    const optionalLeftOut = (
      await k.rpc(sid, 'prompts/get', { name: 'greet', arguments: { who: 'Ada' } })
    ).json();
    assert.equal(optionalLeftOut.result.messages[0].content.text, 'Hello Ada, in a  tone.');
  });

  test('prompts/get: a missing required argument and an unknown prompt are -32602', async () => {
    const missing = (await k.rpc(sid, 'prompts/get', { name: 'greet', arguments: {} })).json();
    assert.equal(missing.error.code, -32602);
    assert.deepEqual(missing.error.data, { missing: ['who'] });
    const unknown = (await k.rpc(sid, 'prompts/get', { name: 'nope' })).json();
    assert.equal(unknown.error.code, -32602);
  });

  test('a JSON messages template yields those messages, placeholders filled safely', async () => {
    const res = (await k.rpc(sid, 'prompts/get', { name: 'picture', arguments: { uri: 'a://"b"' } })).json();
    assert.deepEqual(res.result.messages, [
      {
        role: 'user',
        content: {
          type: 'resource',
          resource: { uri: 'a://"b"', mimeType: 'text/plain', text: 'x "a://"b""' },
        },
      },
      { role: 'assistant', content: { type: 'text', text: 'ok' } },
    ]);
  });

  test('prompts/get and resources/read are written to the call log', async () => {
    await k.rpc(sid, 'prompts/get', { name: 'greet', arguments: { who: 'Log' } });
    await k.rpc(sid, 'resources/read', { uri: 'docs://readme' });
    await k.t.ctx.callLogs.flush();
    const rows = await k.t.ctx.store.db
      .selectFrom('call_logs')
      .select(['method', 'tool_name', 'client_type', 'session_id', 'response_status'])
      .where('session_id', '=', sid)
      .execute();
    assert.ok(
      rows.some((r) => r.method === 'prompts/get' && r.tool_name === 'greet' && r.client_type === 'mcp'),
    );
    assert.ok(rows.some((r) => r.method === 'resources/read' && r.tool_name === 'docs://readme'));
  });

  test('completion/complete offers the argument values by prefix', async () => {
    const res = (
      await k.rpc(sid, 'completion/complete', {
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'who', value: 'a' },
      })
    ).json();
    assert.deepEqual(res.result, { completion: { values: ['Ada', 'Alan'], total: 2, hasMore: false } });
    const none = (
      await k.rpc(sid, 'completion/complete', {
        ref: { type: 'ref/prompt', name: 'greet' },
        argument: { name: 'tone', value: '' },
      })
    ).json();
    assert.deepEqual(none.result.completion.values, []);
    const unknown = await k.rpc(sid, 'completion/complete', {
      ref: { type: 'ref/prompt', name: 'zzz' },
      argument: { name: 'a', value: '' },
    });
    assert.equal(unknown.json().error.code, -32602);
  });

  test('resources/list, templates/list and read (text, blob, template expansion)', async () => {
    const { resources } = (await k.rpc(sid, 'resources/list')).json().result;
    assert.deepEqual(resources, [
      { uri: 'docs://readme', name: 'readme', description: 'Read me', mimeType: 'text/markdown' },
      { uri: 'docs://logo', name: 'logo', mimeType: 'image/png' },
    ]);
    const { resourceTemplates } = (await k.rpc(sid, 'resources/templates/list')).json().result;
    assert.deepEqual(resourceTemplates, [
      { uriTemplate: 'items://{id}', name: 'item', mimeType: 'application/json' },
    ]);
    const text = (await k.rpc(sid, 'resources/read', { uri: 'docs://readme' })).json().result;
    assert.deepEqual(text, {
      contents: [{ uri: 'docs://readme', mimeType: 'text/markdown', text: '# Hello' }],
    });
    const blob = (await k.rpc(sid, 'resources/read', { uri: 'docs://logo' })).json().result;
    assert.deepEqual(blob, {
      contents: [{ uri: 'docs://logo', mimeType: 'image/png', blob: 'iVBORw0KGgo=' }],
    });
    const item = (await k.rpc(sid, 'resources/read', { uri: 'items://42' })).json().result;
    assert.deepEqual(item, {
      contents: [{ uri: 'items://42', mimeType: 'application/json', text: '{"id":"42"}' }],
    });
  });

  test('resources/subscribe and unsubscribe keep the list in the session row', async () => {
    assert.deepEqual((await k.rpc(sid, 'resources/subscribe', { uri: 'docs://readme' })).json().result, {});
    const row = () => k.sessionRow(sid);
    assert.deepEqual(JSON.parse((await row()).subscriptions), ['docs://readme']);
    assert.deepEqual((await k.rpc(sid, 'resources/unsubscribe', { uri: 'docs://readme' })).json().result, {});
    assert.deepEqual(JSON.parse((await row()).subscriptions), []);
  });

  test('logging/setLevel stores the level on the session', async () => {
    assert.deepEqual((await k.rpc(sid, 'logging/setLevel', { level: 'warning' })).json().result, {});
    const row = await k.sessionRow(sid);
    assert.equal(row.log_level, 'warning');
  });
});
