import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { call, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import { estimateContentTokens, estimateTokens } from '../discovery/tokens.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { presentMcpTool } from '../tools/mcp-view.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

/*
 * Issue 16 point 5: results within `max_output_tokens` after response mapping — lists cut with a
 * note naming the paging argument, text cut at a line, `fields` projection — and structuredContent
 * that stays valid against the outputSchema clients are served.
 */

const textOf = (o: ExecutionOutcome, i = 0) => (o.result.content[i] as { text: string }).text;

const customers = Array.from({ length: 200 }, (_, i) => ({
  id: `cus_${String(i).padStart(4, '0')}`,
  object: 'customer',
  email: `person${i}@example.com`,
  name: `Person number ${i}`,
  metadata: { plan: i % 2 ? 'pro' : 'free', note: 'x'.repeat(40) },
}));

/** The JSON before the note, and the note. */
function splitNote(text: string): { json: unknown; note: string } {
  const at = text.lastIndexOf('\n\n[… ');
  assert.ok(at > 0, `a note is appended: ${text.slice(-200)}`);
  return { json: JSON.parse(text.slice(0, at)), note: text.slice(at + 2) };
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
/** structuredContent checked with Ajv against the outputSchema tools/list serves for the tool. */
function assertValidAgainstServed(tool: Parameters<typeof presentMcpTool>[0], value: unknown) {
  const served = presentMcpTool(tool).outputSchema as Record<string, unknown>;
  assert.ok(served, 'an outputSchema is served');
  assert.ok(!JSON.stringify(served).includes('"$ref"'));
  const validate = ajv.compile(served);
  assert.equal(validate(value), true, JSON.stringify(validate.errors));
}

describe('executor: responses sized for a model (max_output_tokens, fields)', () => {
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness({ executor: { settingsTtlMs: 0 } }, (h) => {
    ({ up, ex, server } = h);
  });
  const answer = (body: unknown, type = 'application/json') =>
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': type });
      res.end(typeof body === 'string' ? body : JSON.stringify(body));
    });

  test('a JSON array keeps its first items that fit and names the argument that pages (after_id)', async () => {
    answer(customers);
    const tool = makeTool({
      endpoint_url: `${up.origin}/customers`,
      max_output_tokens: 1_000,
      response_mapping: { pagination: { param: 'starting_after', kind: 'after_id', limit_param: 'limit' } },
    });
    const out = await ex.execute(call(server, tool));
    assert.equal(out.ok, true);
    const text = textOf(out);
    assert.ok(estimateTokens(text) <= 1_000, `within budget: ${estimateTokens(text)}`);
    const { json, note } = splitNote(text);
    const shown = json as typeof customers;
    assert.ok(shown.length > 5 && shown.length < 200, `kept ${shown.length}`);
    assert.deepEqual(shown, customers.slice(0, shown.length));
    const last = shown.at(-1)!.id;
    assert.equal(
      note,
      `[… ${200 - shown.length} more items not shown: the first ${shown.length} of 200 fit this tool's output limit of 1,000 tokens. Call again with starting_after="${last}" to get the next items.]`,
    );
  });

  test("an object's largest list is cut (Stripe's {data, has_more}); offset counts on from the call's own", async () => {
    answer({ object: 'list', has_more: true, url: '/v1/customers', data: customers });
    const tool = makeTool({
      endpoint_url: `${up.origin}/customers`,
      input_schema: { type: 'object', properties: { offset: { type: 'integer' } } },
      max_output_tokens: 800,
      response_mapping: { pagination: { param: 'offset', kind: 'offset' } },
    });
    const out = await ex.execute(call(server, tool, { offset: 40 }));
    const { json, note } = splitNote(textOf(out));
    const page = json as { object: string; has_more: boolean; data: unknown[] };
    assert.equal(page.object, 'list');
    assert.equal(page.has_more, true);
    const n = page.data.length;
    assert.ok(n > 0 && n < 200);
    assert.match(note, new RegExp(`^\\[… ${200 - n} more items of "data" not shown`));
    assert.match(note, new RegExp(`Call again with offset=${40 + n} to get the next items\\.\\]$`));
    assert.ok(estimateContentTokens(out.result.content) <= 800);
  });

  test('without a paging hint the note says to narrow the request; page and cursor hints name their argument', async () => {
    answer(customers);
    const base = { endpoint_url: `${up.origin}/customers`, max_output_tokens: 600 };
    const plain = splitNote(textOf(await ex.execute(call(server, makeTool(base))))).note;
    assert.match(plain, /Narrow the request \(filters, a smaller page\) to see the rest\.\]$/);
    const paged = splitNote(
      textOf(
        await ex.execute(
          call(
            server,
            makeTool({
              ...base,
              input_schema: { type: 'object', properties: { page: { type: 'integer' } } },
              response_mapping: { pagination: { param: 'page', kind: 'page', limit_param: 'per_page' } },
            }),
            { page: 3 },
          ),
        ),
      ),
    ).note;
    assert.match(
      paged,
      /Call again with per_page=\d+ \(and page=…\) to get every item in parts, or page=4 for the next page\.\]$/,
    );
    const cursor = splitNote(
      textOf(
        await ex.execute(
          call(
            server,
            makeTool({ ...base, response_mapping: { pagination: { param: 'page_token', kind: 'cursor' } } }),
          ),
        ),
      ),
    ).note;
    assert.match(cursor, /next-page token goes in page_token/);
  });

  test('a long text answer is cut after a whole line, with a note', async () => {
    const lines = Array.from({ length: 3_000 }, (_, i) => `line ${i}: ${'lorem ipsum '.repeat(3)}`);
    answer(lines.join('\n'), 'text/plain');
    const out = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/log`, max_output_tokens: 500 })),
    );
    const text = textOf(out);
    assert.ok(estimateTokens(text) <= 500);
    const [kept, note] = text.split('\n\n[');
    const keptLines = kept!.split('\n');
    assert.deepEqual(keptLines, lines.slice(0, keptLines.length), 'only whole lines');
    assert.equal(
      `[${note}`,
      `[Output cut at this tool's limit of 500 tokens: the first ${keptLines.length} of 3000 lines are shown. Narrow the request to see the rest.]`,
    );
  });

  test("max_output_tokens null takes the server's settings.max_output_tokens; 0 means no token limit", async () => {
    answer(customers);
    const tool = makeTool({ endpoint_url: `${up.origin}/c`, max_output_tokens: null });
    const small = { ...server, settings: { ...server.settings, max_output_tokens: 300 } };
    assert.ok(estimateTokens(textOf(await ex.execute(call(small, tool)))) <= 300);
    // Default 10,000 tokens: the 200 customers (~12,000 tokens pretty) are cut too.
    const byDefault = textOf(await ex.execute(call(server, tool)));
    assert.ok(estimateTokens(byDefault) <= 10_000 && byDefault.includes('more items not shown'));
    const unlimited = textOf(await ex.execute(call(server, { ...tool, max_output_tokens: 0 })));
    assert.deepEqual(JSON.parse(unlimited), customers);
  });

  test('fields project an object answer, keeping its shape', async () => {
    answer({
      id: 7,
      name: 'repo',
      owner: { login: 'ann', id: 1, avatar: 'x' },
      items: [{ name: 'a', size: 1 }, { size: 2 }, { name: 'c' }],
    });
    const tool = makeTool({
      endpoint_url: `${up.origin}/repo`,
      response_mapping: { fields: ['$.id', '$.owner.login', '$.items[*].name', '$.missing'] },
    });
    assert.deepEqual(JSON.parse(textOf(await ex.execute(call(server, tool)))), {
      id: 7,
      owner: { login: 'ann' },
      items: [{ name: 'a' }, { name: 'c' }],
    });
  });

  test('projection with an output_schema: structuredContent is valid against the served (projected) outputSchema', async () => {
    answer({ id: 'cus_1', email: 'a@b.c', balance: 12, address: { city: 'Oslo', line1: 'Street 1' } });
    const tool = makeTool({
      endpoint_url: `${up.origin}/customer`,
      output_schema: {
        type: 'object',
        required: ['id', 'email', 'balance', 'address'],
        additionalProperties: false,
        properties: {
          id: { type: 'string' },
          email: { type: 'string' },
          balance: { type: 'integer' },
          address: { $ref: '#/$defs/address' },
        },
        $defs: {
          address: {
            type: 'object',
            required: ['city', 'line1'],
            properties: { city: { type: 'string' }, line1: { type: 'string' } },
          },
        },
      },
      response_mapping: { fields: ['$.id', '$.address.city'] },
    });
    const out = await ex.execute(call(server, tool));
    assert.equal(out.ok, true, out.ok ? '' : out.message);
    assert.deepEqual(out.result.structuredContent, { id: 'cus_1', address: { city: 'Oslo' } });
    assert.deepEqual(presentMcpTool(tool).outputSchema, {
      type: 'object',
      properties: {
        id: { type: 'string' },
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
      required: ['id'],
    });
    assertValidAgainstServed(tool, out.result.structuredContent);
  });

  test('a cut with an output_schema: structuredContent is the cut list (still valid), the note a second text block', async () => {
    answer({ object: 'list', has_more: false, data: customers });
    const tool = makeTool({
      endpoint_url: `${up.origin}/customers`,
      max_output_tokens: 1_500,
      output_schema: {
        type: 'object',
        required: ['object', 'data'],
        properties: {
          object: { const: 'list' },
          has_more: { type: 'boolean' },
          data: {
            type: 'array',
            items: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
          },
        },
      },
      response_mapping: {
        fields: ['$.object', '$.data[*].id', '$.data[*].email'],
        pagination: { param: 'starting_after', kind: 'after_id' },
      },
    });
    const out = await ex.execute(call(server, tool));
    assert.equal(out.ok, true, out.ok ? '' : out.message);
    const structured = out.result.structuredContent as {
      object: string;
      data: Array<{ id: string; email: string }>;
    };
    const n = structured.data.length;
    assert.ok(n > 0 && n < 200, `kept ${n}`);
    assert.deepEqual(
      structured.data,
      customers.slice(0, n).map((c) => ({ id: c.id, email: c.email })),
    );
    assert.equal(out.result.content.length, 2);
    assert.deepEqual(JSON.parse(textOf(out, 0)), structured);
    assert.match(textOf(out, 1), new RegExp(`starting_after="${structured.data.at(-1)!.id}"`));
    assert.ok(estimateTokens(textOf(out, 0)) <= 1_500);
    assertValidAgainstServed(tool, structured);
  });

  test('fields on a list answer served as {result: …}: projected under result, valid against the served schema', async () => {
    answer(customers.slice(0, 3));
    const tool = makeTool({
      endpoint_url: `${up.origin}/customers`,
      output_schema: {
        type: 'object',
        required: ['result'],
        properties: {
          result: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'email'],
              properties: { id: { type: 'string' }, email: { type: 'string' } },
            },
          },
        },
      },
      response_mapping: { fields: ['$[*].id'] },
    });
    const out = await ex.execute(call(server, tool));
    assert.equal(out.ok, true, out.ok ? '' : out.message);
    assert.deepEqual(out.result.structuredContent, {
      result: customers.slice(0, 3).map((c) => ({ id: c.id })),
    });
    assertValidAgainstServed(tool, out.result.structuredContent);
  });
});
