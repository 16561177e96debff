import assert from 'node:assert/strict';
import { beforeEach, describe, test } from 'node:test';
import { call, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import { updateSettings } from '../settings/settings.service.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ResponseMapping } from '../store/tools.repo.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

const textOf = (o: ExecutionOutcome) => (o.result.content[0] as { text: string }).text;

const catalog = {
  data: {
    total: 2,
    items: [
      { id: 1, name: 'Lamp', price: 9.5, tags: ['home'] },
      { id: 2, name: 'Desk | Oak', price: 120, tags: [] },
    ],
  },
};

describe('executor: response mapping and call logs', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness(
    { app: { config: { maxOutputBytes: 2048, maxLoggedResponseBytes: 64 } }, executor: { settingsTtlMs: 0 } },
    (h) => {
      ({ t, up, ex, server } = h);
    },
  );
  beforeEach(() => {
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify(catalog));
    });
  });

  const run = (response_mapping: ResponseMapping, extra: Record<string, unknown> = {}) =>
    ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/items`, response_mapping, ...extra })));

  test('json (default): pretty JSON of the whole answer or of the selected part', async () => {
    assert.equal(textOf(await run({})), JSON.stringify(catalog, null, 2));
    assert.equal(
      textOf(await run({ selector: '$.data.items[*].name', format: 'json' })),
      JSON.stringify(['Lamp', 'Desk | Oak'], null, 2),
    );
    assert.equal(textOf(await run({ selector: '$.data.total' })), '2');
    assert.equal(textOf(await run({ selector: 'data.items[0].name' })), '"Lamp"');
    assert.equal(textOf(await run({ selector: '$.data.nothing' })), 'null');
  });

  test('text: strings as-is, scalar lists one per line', async () => {
    assert.equal(textOf(await run({ selector: '$.data.items[*].name', format: 'text' })), 'Lamp\nDesk | Oak');
    assert.equal(textOf(await run({ selector: '$.data.items[0].name', format: 'text' })), 'Lamp');
  });

  test('text with no selector passes the body through byte for byte; big integers survive a selector', async () => {
    const raw =
      '{\n  "id": 12345678901234567890,\n  "items": [ {"n": 9007199254740993}, {"n": 2} ],\n  "ok": 1.50\n}';
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(raw);
    });
    assert.equal(textOf(await run({ format: 'text' })), raw);
    assert.equal(textOf(await run({ format: 'text', selector: '$' })), raw);
    assert.equal(textOf(await run({ format: 'text', selector: '$.id' })), '12345678901234567890');
    assert.equal(textOf(await run({ format: 'text', selector: '$.items[*].n' })), '9007199254740993\n2');
    assert.equal(textOf(await run({ selector: '$.items[0]' })), '{\n  "n": 9007199254740993\n}');
    assert.match(textOf(await run({})), /"id": 12345678901234567890,/);
    assert.equal(textOf(await run({ format: 'template', template: 'id={{id}}' })), 'id=12345678901234567890');
    assert.match(textOf(await run({ format: 'markdown' })), /\*\*id\*\*: 12345678901234567890/);
    // A filter comparing numbers still works on a body with big integers.
    assert.equal(textOf(await run({ format: 'text', selector: '$.items[?(@.n < 5)].n' })), '2');
  });

  test('markdown: a table for arrays of objects, a list for scalars and objects', async () => {
    assert.equal(
      textOf(await run({ selector: '$.data.items', format: 'markdown' })),
      [
        '| id | name | price | tags |',
        '| --- | --- | --- | --- |',
        '| 1 | Lamp | 9.5 | ["home"] |',
        '| 2 | Desk \\| Oak | 120 | [] |',
      ].join('\n'),
    );
    assert.equal(textOf(await run({ selector: '$..name', format: 'markdown' })), '- Lamp\n- Desk | Oak');
    assert.equal(
      textOf(await run({ selector: '$.data.items[0]', format: 'markdown' })),
      '- **id**: 1\n- **name**: Lamp\n- **price**: 9.5\n- **tags**: ["home"]',
    );
  });

  test('template: fields, dotted paths, loops with this and @index, conditionals', async () => {
    const template =
      'Total {{data.total}}:\n{{#each data.items}}{{@number}}. {{name}} ({{this.price}}){{#if tags}} tags={{tags}}{{/if}}\n{{/each}}';
    assert.equal(
      textOf(await run({ format: 'template', template })),
      'Total 2:\n1. Lamp (9.5) tags=["home"]\n2. Desk | Oak (120)\n',
    );
    assert.equal(
      textOf(
        await run({
          selector: '$.data.items[*].name',
          format: 'template',
          template: '{{#each this}}<{{this}}>{{/each}}',
        }),
      ),
      '<Lamp><Desk | Oak>',
    );
  });

  test('non-JSON text passes through, and a template sees it as {{body}}', async () => {
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('plain words');
    });
    assert.equal(textOf(await run({ format: 'json' })), 'plain words');
    assert.equal(textOf(await run({ format: 'template', template: '[{{body}}]' })), '[plain words]');
  });

  test('image and audio answers become MCP image/audio content; other binaries a resource blob', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    up.handle((req, res) => {
      const type = req.url === '/img' ? 'image/png' : req.url === '/snd' ? 'audio/mpeg' : 'application/pdf';
      res.writeHead(200, { 'content-type': type });
      res.end(png);
    });
    const img = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/img` })));
    assert.deepEqual(img.result.content, [
      { type: 'image', data: png.toString('base64'), mimeType: 'image/png' },
    ]);
    assert.equal(img.response?.body, png.toString('base64'));
    const snd = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/snd` })));
    assert.deepEqual(snd.result.content, [
      { type: 'audio', data: png.toString('base64'), mimeType: 'audio/mpeg' },
    ]);
    const pdf = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/pdf` })));
    assert.deepEqual(pdf.result.content, [
      {
        type: 'resource',
        resource: { uri: `${up.origin}/pdf`, mimeType: 'application/pdf', blob: png.toString('base64') },
      },
    ]);
  });

  test('cuts output over the limit and says how much was cut', async () => {
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('é'.repeat(3000));
    });
    const out = await run({});
    const text = textOf(out);
    assert.ok(text.startsWith('é'.repeat(1024)));
    assert.match(text, /\n\n\[Output truncated: 3952 of 6000 bytes cut; limit is 2048 bytes\.\]$/);
    assert.equal(out.response?.body.length, 3000, 'raw response is not truncated');
  });

  test('non-2xx answers are http_status failures with the body in the error text', async () => {
    up.handle((_req, res) => {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"no such item"}');
    });
    const out = await run({ selector: '$.data' });
    assert.equal(out.ok, false);
    assert.equal(out.ok ? '' : out.reason, 'http_status');
    assert.equal(out.result.isError, true);
    assert.equal(textOf(out), 'Upstream answered HTTP 404\n\n{\n  "error": "no such item"\n}');
    assert.equal(out.response?.status_code, 404);
  });

  test('output_schema: structuredContent from an object, wrapped as {result} only when the schema says so', async () => {
    const objectSchema = {
      type: 'object',
      properties: { total: { type: 'integer' }, items: { type: 'array' } },
      required: ['total'],
    };
    const obj = await run({ selector: '$.data' }, { output_schema: objectSchema });
    assert.equal(obj.ok, true);
    assert.deepEqual(obj.result.structuredContent, catalog.data);
    assert.equal(textOf(obj), JSON.stringify(catalog.data, null, 2));

    const wrapSchema = {
      type: 'object',
      properties: { result: { type: 'array', items: { type: 'string' } } },
    };
    const wrapped = await run({ selector: '$.data.items[*].name' }, { output_schema: wrapSchema });
    assert.deepEqual(wrapped.result.structuredContent, { result: ['Lamp', 'Desk | Oak'] });

    const notObject = await run({ selector: '$.data.items[*].name' }, { output_schema: objectSchema });
    assert.equal(notObject.ok ? '' : notObject.reason, 'invalid_response');
    assert.equal(notObject.result.isError, true);
    assert.equal(notObject.result.structuredContent, undefined);

    const mismatch = await run({ selector: '$.data.items[0]' }, { output_schema: objectSchema });
    assert.equal(mismatch.ok ? '' : mismatch.reason, 'invalid_response');
    assert.match(textOf(mismatch), /does not conform to output_schema: .*total is required/);
  });

  test('writes one call-log row per execution, secrets redacted, response data only when enabled', async () => {
    const tool = makeTool({
      endpoint_url: `${up.origin}/items`,
      name: 'Logged tool',
      input_schema: {
        type: 'object',
        properties: { q: { type: 'string' }, api_key: { type: 'string' }, nested: { type: 'object' } },
      },
    });
    await ex.execute(
      call(
        server,
        tool,
        { q: 'lamp', api_key: 'k', nested: { password: 'p', keep: 1 } },
        {
          clientType: 'admin_test',
          clientIp: '10.0.0.1',
          sessionId: 'sess-1',
        },
      ),
    );
    await updateSettings(t.ctx, { log_response_data: true });
    await ex.execute(call(server, tool, { q: 'x', count: 'bad' }, { clientType: 'mcp' }));
    await ex.execute(call(server, tool, { q: 'y' }, { clientType: 'mcp', method: 'tools/call' }));
    await updateSettings(t.ctx, { log_response_data: false });
    await t.ctx.callLogs.flush();
    const rows = await t.ctx.store.db
      .selectFrom('call_logs')
      .selectAll()
      .where('tool_id', '=', tool.id)
      .orderBy('id')
      .execute();
    assert.equal(rows.length, 3);
    const [first, invalid, withData] = rows;
    assert.equal(first!.client_type, 'admin_test');
    assert.equal(first!.client_ip, '10.0.0.1');
    assert.equal(first!.session_id, 'sess-1');
    assert.equal(first!.method, 'tools/call');
    assert.equal(first!.server_name, server.name);
    assert.equal(first!.tool_name, 'Logged tool');
    assert.deepEqual(JSON.parse(first!.request_args!), {
      q: 'lamp',
      api_key: '[redacted]',
      nested: { password: '[redacted]', keep: 1 },
    });
    assert.equal(first!.response_status, 'success');
    assert.equal(first!.http_status, 200);
    assert.equal(first!.response_data, null);
    // An argument input_schema does not declare is refused before any request (issue 31).
    assert.equal(invalid!.response_status, 'error');
    assert.equal(invalid!.http_status, null);
    assert.match(invalid!.error_message ?? '', /^Invalid arguments: "count" is not declared in input_schema/);
    assert.equal(withData!.response_data, JSON.stringify(catalog).slice(0, 64));
    const failing = makeTool({
      endpoint_url: `${up.origin}/items`,
      input_schema: { type: 'object', properties: { n: { type: 'integer' } } },
    });
    await ex.execute(call(server, failing, { n: 'x' }));
    await t.ctx.callLogs.flush();
    const bad = await t.ctx.store.db
      .selectFrom('call_logs')
      .selectAll()
      .where('tool_id', '=', failing.id)
      .executeTakeFirstOrThrow();
    assert.equal(bad.response_status, 'error');
    assert.equal(bad.http_status, null);
    assert.match(bad.error_message ?? '', /n must be integer/);
  });
});
