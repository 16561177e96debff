import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { corpusFile } from '../../test/kit/corpus.ts';
import { createMcpKit, listenLocal, type McpKit } from '../../test/mcp-kit.ts';
import { estimateTokens } from '../discovery/tokens.ts';

/** Issue 16's "done when": Stripe imported and activated in discovery mode, found and called through the SDK client. */
describe('discovery mode with Stripe', () => {
  let k: McpKit;
  let upstream: Awaited<ReturnType<typeof listenLocal>>;
  const received: Array<{ method: string; url: string; body: string }> = [];
  let sid: string;

  before(async () => {
    upstream = await listenLocal((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ method: req.method ?? '', url: req.url ?? '', body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'cus_123', object: 'customer', email: 'ada@example.com' }));
      });
    });
    k = await createMcpKit({ name: 'Stripe', tool_exposure: 'discovery' });
    const imported = await k.t.api('POST', `/servers/${k.serverUuid}/tools/import-openapi`, {
      content: corpusFile('openapi', 'valid', 'stripe-spec3.json'),
      base_url: upstream.url,
    });
    assert.equal(imported.statusCode, 200);
    const ids = imported.json().candidates.map((c: { temp_id: string }) => c.temp_id);
    const committed = await k.t.api('POST', `/servers/${k.serverUuid}/tools/import-openapi`, {
      content: corpusFile('openapi', 'valid', 'stripe-spec3.json'),
      base_url: upstream.url,
      commit: true,
      selected_temp_ids: ids,
      imported_status: 'active',
    });
    assert.equal(committed.statusCode, 200);
    sid = await k.initialize();
  });
  after(async () => {
    await k.close();
    await new Promise<void>((r) => upstream.server.close(() => r()));
  });

  test('tools/list is the three meta-tools, under 1,500 tokens', async () => {
    const res = await k.rpc(sid, 'tools/list');
    const tools = res.json().result.tools as Array<{ name: string }>;
    assert.deepEqual(
      tools.map((t) => t.name),
      ['search_tools', 'describe_tools', 'call_tool'],
    );
    assert.ok(estimateTokens(res.json().result) < 1_500, `${estimateTokens(res.json().result)} tokens`);
  });

  test('the server read shows tools/list tokens of all mode and of the mode served', async () => {
    const server = (await k.t.api('GET', `/servers/${k.serverUuid}`)).json();
    assert.equal(server.tool_exposure, 'discovery');
    assert.equal(server.tools_list_tokens.mode, 'discovery');
    assert.ok(server.tools_list_tokens.all > 100_000);
    assert.ok(server.tools_list_tokens.current < 1_500);
  });

  test('the SDK client finds PostCustomers with search_tools, reads it with describe_tools and runs it with call_tool', async () => {
    const base = await k.listen();
    const client = new Client({ name: 'discovery-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${k.url}`)));
    try {
      const found = await client.callTool({
        name: 'search_tools',
        arguments: { query: 'create a customer' },
      });
      const hits = (
        found.structuredContent as { tools: Array<{ name: string; method: string; path: string }> }
      ).tools;
      assert.equal(hits[0]?.name, 'PostCustomers');
      assert.equal(hits[0]?.method, 'POST');
      assert.equal(hits[0]?.path, '/v1/customers');

      const described = await client.callTool({
        name: 'describe_tools',
        arguments: { names: ['PostCustomers'] },
      });
      const [definition] = (described.structuredContent as { tools: Array<Record<string, unknown>> }).tools;
      assert.equal(definition?.name, 'PostCustomers');
      const props = (definition!.inputSchema as { properties: Record<string, unknown> }).properties;
      assert.ok('email' in props);

      const called = await client.callTool({
        name: 'call_tool',
        arguments: { name: 'PostCustomers', arguments: { email: 'ada@example.com' } },
      });
      assert.equal(called.isError, false);
      assert.match(JSON.stringify(called.content), /cus_123/);
      const last = received.at(-1)!;
      assert.equal(last.method, 'POST');
      assert.equal(last.url, '/v1/customers');
      assert.match(last.body, /email=ada%40example\.com/);
    } finally {
      await client.close();
    }
    await k.t.ctx.callLogs.flush();
    const row = await k.t.ctx.store.db
      .selectFrom('call_logs')
      .select(['tool_name', 'method', 'args_tokens', 'result_tokens'])
      .where('method', 'like', 'tools/call via%')
      .executeTakeFirstOrThrow();
    assert.equal(row.method, 'tools/call via call_tool');
    assert.equal(row.tool_name, 'PostCustomers');
    assert.equal(row.args_tokens, estimateTokens({ email: 'ada@example.com' }));
    assert.ok(Number(row.result_tokens) > 0);
  });

  test('a real tool name called directly keeps working in discovery mode', async () => {
    const res = await k.rpc(sid, 'tools/call', { name: 'GetBalance', arguments: {} });
    assert.equal(res.json().result.isError, false);
    assert.equal(received.at(-1)?.url, '/v1/balance');
  });

  test('meta-tool mistakes are isError results; an unknown name suggests the closest ones', async () => {
    const unknown = await k.rpc(sid, 'tools/call', {
      name: 'call_tool',
      arguments: { name: 'PostCustomer', arguments: {} },
    });
    assert.equal(unknown.json().result.isError, true);
    assert.match(
      unknown.json().result.content[0].text,
      /Unknown or inactive tool "PostCustomer"\. Closest: .*PostCustomers/,
    );
    const noQuery = await k.rpc(sid, 'tools/call', { name: 'search_tools', arguments: { limit: 3 } });
    assert.equal(noQuery.json().result.content[0].text, 'query must be a non-empty string');
    const tooMany = await k.rpc(sid, 'tools/call', {
      name: 'search_tools',
      arguments: { query: 'x', limit: 21 },
    });
    assert.equal(tooMany.json().result.content[0].text, 'limit must be an integer from 1 to 20');
    const badNames = await k.rpc(sid, 'tools/call', {
      name: 'describe_tools',
      arguments: { names: 'PostCustomers' },
    });
    assert.equal(badNames.json().result.content[0].text, 'names must be a non-empty array of tool names');
    const missing = await k.rpc(sid, 'tools/call', {
      name: 'describe_tools',
      arguments: { names: ['nope_tool'] },
    });
    assert.equal(missing.json().result.isError, true);
    const badArgs = await k.rpc(sid, 'tools/call', {
      name: 'call_tool',
      arguments: { name: 'PostCustomers', arguments: [1] },
    });
    assert.equal(badArgs.json().result.content[0].text, 'arguments must be an object');
  });

  test('search_tools honours limit and tags', async () => {
    const res = await k.rpc(sid, 'tools/call', {
      name: 'search_tools',
      arguments: { query: 'customer', limit: 2 },
    });
    assert.equal(res.json().result.structuredContent.tools.length, 2);
    const none = await k.rpc(sid, 'tools/call', {
      name: 'search_tools',
      arguments: { query: 'customer', tags: ['no-such-tag'] },
    });
    assert.deepEqual(none.json().result.structuredContent.tools, []);
  });
});

describe('auto exposure', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit({ name: 'Auto' });
  });
  after(() => k.close());

  async function addTool(slug: string) {
    const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: slug,
      slug,
      description: `Does ${slug}. ${'A long explanation of what it does. '.repeat(5)}`,
      endpoint_url: 'https://api.example.com/x',
      status: 'active',
    });
    assert.equal(res.statusCode, 201, res.body);
    return res.json() as { uuid: string; token_estimate: number };
  }

  test('new servers are auto; they switch to discovery past the budget and back, and tools/list follows', async () => {
    const server = (await k.t.api('GET', `/servers/${k.serverUuid}`)).json();
    assert.equal(server.tool_exposure, 'auto');
    const first = await addTool('first_tool');
    assert.ok(first.token_estimate > 50);
    // A budget the first tool fits in and four do not.
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, {
      settings: { token_budget: first.token_estimate + 40 },
    });
    const sid = await k.initialize();
    const names = async () =>
      ((await k.rpc(sid, 'tools/list')).json().result.tools as Array<{ name: string }>).map((t) => t.name);
    assert.deepEqual(await names(), ['first_tool']);
    const extra: string[] = [];
    for (const slug of ['second_tool', 'third_tool', 'fourth_tool']) extra.push((await addTool(slug)).uuid);
    assert.deepEqual(await names(), ['search_tools', 'describe_tools', 'call_tool']);
    for (const uuid of extra)
      await k.t.api('PATCH', `/servers/${k.serverUuid}/tools/${uuid}`, { status: 'inactive' });
    assert.deepEqual(await names(), ['first_tool']);
  });

  test('changing tool_exposure tells open streams the tool list changed', async () => {
    const events: string[] = [];
    const off = k.t.ctx.events.subscribe((e) => events.push(e.type));
    const res = await k.t.api('PATCH', `/servers/${k.serverUuid}`, { tool_exposure: 'discovery' });
    off();
    assert.equal(res.json().tool_exposure, 'discovery');
    assert.ok(events.includes('tools_changed'));
  });

  test('tool_exposure rejects unknown values', async () => {
    const res = await k.t.api('PATCH', `/servers/${k.serverUuid}`, { tool_exposure: 'some' });
    assert.equal(res.statusCode, 400);
  });
});

describe('names and descriptions within the server limits', () => {
  let k: McpKit;
  const longSlug = 'list_organization_members_of_the_engineering_team_today';
  before(async () => {
    k = await createMcpKit({
      name: 'Limits',
      tool_exposure: 'all',
      settings: { tool_name_limit: 40, description_budget: 120 },
    });
    const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Members',
      slug: longSlug,
      description: `Lists the members. ${'They are many and this sentence keeps going on. '.repeat(6)}`,
      endpoint_url: 'https://api.example.com/members',
      status: 'active',
    });
    assert.equal(res.statusCode, 201, res.body);
  });
  after(() => k.close());

  test('tools/list serves the name within the limit and the description cut at a sentence; both are callable', async () => {
    const sid = await k.initialize();
    const [tool] = (await k.rpc(sid, 'tools/list')).json().result.tools;
    assert.ok(tool.name.length <= 40, tool.name);
    assert.match(tool.name, /^list_organization_members_[a-z_]*_[0-9a-f]{8}$/);
    assert.ok(tool.description.length <= 120);
    assert.match(tool.description, /\. …$/);
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { tool_exposure: 'discovery' });
    const described = await k.rpc(sid, 'tools/call', {
      name: 'describe_tools',
      arguments: { names: [tool.name] },
    });
    const full = described.json().result.structuredContent.tools[0];
    assert.equal(full.name, tool.name);
    assert.ok(full.description.length > 200);
  });
});

describe('import phase 1', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit({ name: 'Phase one' });
  });
  after(() => k.close());

  test('each candidate carries its token estimate and the answer their total', async () => {
    const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools/import-openapi`, {
      content: corpusFile('openapi', 'valid', 'discourse-openapi.yml'),
    });
    const body = res.json() as { candidates: Array<{ token_estimate: number }>; tokens_total: number };
    assert.equal(body.candidates.length, 93);
    assert.ok(body.candidates.every((c) => c.token_estimate > 10));
    assert.equal(
      body.tokens_total,
      body.candidates.reduce((s, c) => s + c.token_estimate, 0),
    );
  });
});
