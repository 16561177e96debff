import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { listenLocal } from '../../test/mcp-kit.ts';

/*
 * Policies with real parts: Cedar (the official wasm build) over real tools of a real gateway,
 * the official SDK client v2 in both eras, upstream requests counted at a local API.
 */

type Era = '2025-11-25' | '2026-07-28';
type CallResult = Awaited<ReturnType<Client['callTool']>>;

describe('policies: forbid, hide, ask', () => {
  let g: OAuthGateway;
  const upstream: string[] = [];
  let billing: { uuid: string; url: string };
  let people: { uuid: string; url: string };

  async function makeServer(name: string, extra: Record<string, unknown> = {}) {
    const res = await g.t.api('POST', '/servers', { name, rate_limit_per_min: 10_000, ...extra });
    assert.equal(res.statusCode, 201, res.body);
    const { uuid, slug } = res.json() as { uuid: string; slug: string };
    return { uuid, url: `${g.origin}/mcp/${slug}` };
  }
  async function addTool(serverUuid: string, tool: Record<string, unknown>, base: string) {
    const res = await g.t.api('POST', `/servers/${serverUuid}/tools`, {
      description: 'a tool',
      endpoint_url: `${base}/${tool.slug}`,
      ...tool,
    });
    assert.equal(res.statusCode, 201, res.body);
  }

  before(async () => {
    g = await startOAuthGateway();
    const api = await listenLocal((req, res) => {
      upstream.push(`${req.method} ${req.url}`);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    g.t.ctx.onClose.push(() => new Promise<void>((r) => api.server.close(() => r())));
    billing = await makeServer('Billing');
    await addTool(billing.uuid, { name: 'List charges', slug: 'list_charges', http_method: 'GET' }, api.url);
    await addTool(
      billing.uuid,
      {
        name: 'Create refund',
        slug: 'create_refund',
        http_method: 'POST',
        input_schema: {
          type: 'object',
          properties: { charge: { type: 'string' }, amount: { type: 'integer' } },
          required: ['charge', 'amount'],
        },
      },
      api.url,
    );
    await addTool(
      billing.uuid,
      { name: 'Delete customer', slug: 'delete_customer', http_method: 'DELETE' },
      api.url,
    );
    people = await makeServer('People', { auth_type: 'oauth' });
    await addTool(people.uuid, { name: 'Read profile', slug: 'read_profile', http_method: 'GET' }, api.url);
    await addTool(
      people.uuid,
      { name: 'Update profile', slug: 'update_profile', http_method: 'PATCH' },
      api.url,
    );
  });
  after(async () => {
    await g?.close();
  });

  async function client(era: Era, url: string, opts: { token?: string; elicitation?: boolean } = {}) {
    const c = new Client(
      { name: 'policy-test', version: '1.0.0' },
      {
        capabilities: opts.elicitation === false ? {} : { elicitation: { form: {} } },
        ...(era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
      },
    );
    await c.connect(
      new StreamableHTTPClientTransport(new URL(url), {
        ...(opts.token ? { requestInit: { headers: { authorization: `Bearer ${opts.token}` } } } : {}),
      }),
    );
    return c;
  }
  const textOf = (r: CallResult) => (r.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');
  const policy = (body: Record<string, unknown>) => g.t.api('POST', '/policies', body);

  test('a policy naming an unknown attribute or argument, or that does not parse, is refused with the reason; nothing is saved', async () => {
    const unknownAttribute = await policy({
      name: 'bad-attr',
      server_id: billing.uuid,
      text: 'forbid(principal, action, resource) when { resource.methd == "DELETE" };',
    });
    assert.equal(unknownAttribute.statusCode, 400);
    assert.match(unknownAttribute.body, /attribute `methd` on entity type `Tool` not found/);
    assert.match(unknownAttribute.body, /did you mean `method`/);
    const unknownArgument = await policy({
      name: 'bad-arg',
      server_id: billing.uuid,
      text: 'forbid(principal, action == Action::"call_tool", resource) when { context.arguments has amont && context.arguments.amont > 5 };',
    });
    assert.equal(unknownArgument.statusCode, 400);
    assert.match(unknownArgument.body, /impossible/);
    const typeError = await policy({
      name: 'bad-type',
      server_id: billing.uuid,
      text: 'forbid(principal, action == Action::"call_tool", resource) when { context.arguments has charge && context.arguments.charge > 5 };',
    });
    assert.equal(typeError.statusCode, 400);
    assert.match(typeError.body, /type/i);
    const unscoped = await policy({
      name: 'bad-scope',
      server_id: billing.uuid,
      text: 'forbid(principal, action, resource) when { context.arguments has amount };',
    });
    assert.equal(unscoped.statusCode, 400, 'arguments exist only for call_tool');
    assert.match(unscoped.body, /attribute `arguments` in context for Action::\\"list_tools\\" not found/);
    const syntax = await policy({
      name: 'bad-syntax',
      server_id: billing.uuid,
      text: 'forbid(principal action, resource);',
    });
    assert.equal(syntax.statusCode, 400);
    const problems = (syntax.json() as { data: { problems: Array<{ start?: number }> } }).data.problems;
    assert.equal(problems[0]?.start, 17, 'the place in the text');
    const approver = await policy({
      name: 'bad-ask',
      server_id: billing.uuid,
      text: '@ask("managers") forbid(principal, action, resource);',
    });
    assert.equal(approver.statusCode, 400);
    assert.match(
      (approver.json() as { message: string }).message,
      /write @ask\("caller"\) .* or @ask\("group:<name>"\)/,
    );
    const noGroup = await policy({
      name: 'bad-group',
      server_id: billing.uuid,
      text: '@ask("group:nobody") forbid(principal, action, resource);',
    });
    assert.equal(noGroup.statusCode, 400);
    assert.match((noGroup.json() as { message: string }).message, /names no group; create it first/);
    assert.deepEqual((await g.t.api('GET', `/policies?server_id=${billing.uuid}`)).json(), []);
  });

  test('forbid: the tool error carries the reason, no upstream request; a tool forbidden whatever the arguments leaves tools/list', async () => {
    const saved = await policy({
      name: 'no-deletes',
      server_id: billing.uuid,
      text: '@reason("customers are deleted in the billing console, not by assistants")\nforbid(principal, action == Action::"call_tool", resource) when { resource.method == "DELETE" };',
    });
    assert.equal(saved.statusCode, 201, saved.body);
    for (const era of ['2025-11-25', '2026-07-28'] as const) {
      const c = await client(era, billing.url);
      const { tools } = await c.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['create_refund', 'list_charges']);
      const before = upstream.length;
      const refused = await c.callTool({ name: 'delete_customer', arguments: {} });
      assert.equal(refused.isError, true);
      assert.equal(
        textOf(refused),
        'Refused (policy no-deletes): customers are deleted in the billing console, not by assistants. No request was sent.',
      );
      assert.equal(upstream.length, before, 'nothing reached the API');
      const listed = await c.callTool({ name: 'list_charges', arguments: {} });
      assert.equal(listed.isError, false);
      assert.equal(upstream.length, before + 1);
      await c.close();
    }
    // The refusals are in the audit trail, with the policy and the caller; the chain verifies.
    const audit = await g.t.api('GET', '/audit?action=policy.forbid');
    const rows = audit.json() as Array<{
      decision: string;
      policy_ids: string[];
      tool: string;
      actor_kind: string;
    }>;
    assert.equal(rows.length, 2);
    assert.deepEqual(
      rows.map((r) => [r.decision, r.policy_ids, r.tool, r.actor_kind]),
      [
        ['forbid', ['no-deletes'], 'delete_customer', 'mcp'],
        ['forbid', ['no-deletes'], 'delete_customer', 'mcp'],
      ],
    );
    const created = await g.t.api('GET', '/audit?action=policy.created');
    assert.ok(
      (created.json() as Array<{ target_id: string }>).some(
        (r) => r.target_id === (saved.json() as { id: string }).id,
      ),
    );
    assert.deepEqual((await g.t.api('GET', '/audit/verify')).json(), {
      ok: true,
      rows: (await g.t.api('GET', '/audit?per_page=100')).json().length,
    });
  });

  test('a rule on arguments: the tool stays listed, the call is refused only above the limit; try-it agrees', async () => {
    const saved = await policy({
      name: 'refund-limit',
      server_id: billing.uuid,
      text: '@reason("refunds above 5000 are made by the finance team")\nforbid(principal, action == Action::"call_tool", resource == Tool::"create_refund") when { context.arguments has amount && context.arguments.amount > 5000 };',
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const c = await client('2026-07-28', billing.url);
    assert.ok((await c.listTools()).tools.some((t) => t.name === 'create_refund'));
    const big = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_1', amount: 9000 } });
    assert.match(textOf(big), /Refused \(policy refund-limit\): refunds above 5000/);
    const small = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_1', amount: 90 } });
    assert.equal(small.isError, false, textOf(small));
    await c.close();
    // An argument shaped like Cedar's entity or extension JSON is not read as one.
    const smuggled = await g.t.api('POST', '/policies/evaluate', {
      server_id: billing.uuid,
      tool: 'create_refund',
      arguments: {
        charge: { __entity: { type: 'User', id: 'admin' } },
        amount: { __extn: { fn: 'no_such_function', arg: 'x' } },
      },
    });
    assert.equal(smuggled.json().decision, 'permit', smuggled.body);
    const tried = await g.t.api('POST', '/policies/evaluate', {
      server_id: billing.uuid,
      tool: 'create_refund',
      arguments: { charge: 'ch_1', amount: 9000 },
    });
    assert.deepEqual(tried.json(), {
      decision: 'forbid',
      policy_ids: ['refund-limit'],
      reason: 'refunds above 5000 are made by the finance team',
      approver_group: null,
      risk: 'write',
    });
  });

  for (const era of ['2025-11-25', '2026-07-28'] as const)
    test(`${era}: ask — the person confirms in the conversation, or declines and nothing is sent`, async () => {
      const saved = await policy({
        name: `refunds-ask-${era.slice(0, 4)}`,
        server_id: billing.uuid,
        text: '@ask("caller")\n@reason("refunds above 100 need a second look")\nforbid(principal, action == Action::"call_tool", resource == Tool::"create_refund") when { context.arguments has amount && context.arguments.amount > 100 };',
      });
      assert.equal(saved.statusCode, 201, saved.body);
      try {
        const asked: string[] = [];
        let answer: 'accept' | 'decline' = 'accept';
        const c = await client(era, billing.url);
        c.setRequestHandler('elicitation/create', async (request) => {
          asked.push(String((request.params as { message?: string }).message));
          return answer === 'accept'
            ? { action: 'accept', content: { confirm: true } }
            : { action: 'decline' };
        });
        const before = upstream.length;
        const ok = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_2', amount: 300 } });
        assert.equal(ok.isError, false, textOf(ok));
        assert.equal(asked.length, 1);
        assert.match(asked[0]!, /asks you to confirm: refunds above 100 need a second look/);
        assert.match(asked[0]!, /POST http:\/\/127\.0\.0\.1:\d+\/create_refund/);
        assert.equal(upstream.length, before + 1);
        answer = 'decline';
        const declined = await c.callTool({
          name: 'create_refund',
          arguments: { charge: 'ch_3', amount: 300 },
        });
        assert.match(textOf(declined), /did not confirm; the request was not sent/);
        assert.equal(upstream.length, before + 1);
        // Below the limit nobody is asked.
        await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_4', amount: 50 } });
        assert.equal(asked.length, 2);
        await c.close();
        // A client that cannot be asked gets a refusal, not a silent pass.
        const mute = await client(era, billing.url, { elicitation: false });
        const result = await mute
          .callTool({ name: 'create_refund', arguments: { charge: 'ch_5', amount: 300 } })
          .catch((e: Error) => e);
        const text = result instanceof Error ? result.message : textOf(result);
        assert.match(text, /elicitation/);
        assert.equal(upstream.length, before + 2);
        await mute.close();
      } finally {
        await g.t.api('DELETE', `/policies/${(saved.json() as { id: string }).id}`);
      }
    });

  test('principals: an analyst may only read (signed-in people, their role), the administrator writes', async () => {
    const saved = await policy({
      name: 'analysts-read-only',
      server_id: people.uuid,
      text: '@reason("analysts have read-only access")\nforbid(principal, action == Action::"call_tool", resource) when { principal is User && principal.role == "analyst" && resource.risk != "read" };',
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const browser = new CookieBrowser(g.origin);
    const issued = await obtainCode(g, g.person, people.url, browser);
    const token = ((await (await redeem(g.issuer, issued, people.url)).json()) as { access_token: string })
      .access_token;
    const c = await client('2026-07-28', people.url, { token });
    assert.deepEqual(
      (await c.listTools()).tools.map((t) => t.name),
      ['read_profile'],
    );
    const refused = await c.callTool({ name: 'update_profile', arguments: {} });
    assert.match(textOf(refused), /Refused \(policy analysts-read-only\): analysts have read-only access/);
    assert.equal((await c.callTool({ name: 'read_profile', arguments: {} })).isError, false);
    await c.close();
    const tried = await g.t.api('POST', '/policies/evaluate', {
      server_id: people.uuid,
      tool: 'update_profile',
      user_id: g.person.uuid,
    });
    assert.equal(tried.json().decision, 'forbid');
  });

  test('versions, the starter policy, and who may touch policies', async () => {
    const created = await policy({
      name: 'temp',
      server_id: billing.uuid,
      text: 'forbid(principal, action, resource) when { resource.slug == "nothing" };',
    });
    const id = (created.json() as { id: string }).id;
    const changed = await g.t.api('PATCH', `/policies/${id}`, { enabled: false, description: 'off for now' });
    assert.equal(changed.json().version, 2);
    await g.t.api('DELETE', `/policies/${id}`);
    const versions = await g.t.api('GET', `/policies/${id}/versions`);
    assert.deepEqual(
      (versions.json() as Array<{ version: number; change: string }>).map((v) => [v.version, v.change]),
      [
        [3, 'deleted'],
        [2, 'updated'],
        [1, 'created'],
      ],
    );
    const starter = await g.t.api('POST', '/policies/starter', { server_id: billing.uuid });
    assert.equal(starter.statusCode, 201, starter.body);
    const tried = await g.t.api('POST', '/policies/evaluate', {
      server_id: billing.uuid,
      tool: 'delete_customer',
    });
    assert.equal(tried.json().risk, 'destructive');
    const editor = await g.t.api('POST', '/keys', { name: 'editor', role: 'editor' });
    const editorKey =
      (editor.json() as { secret?: string; key?: string }).secret ?? (editor.json() as { key: string }).key;
    const asEditor = await g.t.app.inject({
      method: 'GET',
      url: '/api/svc/v1/policies',
      headers: { authorization: `Bearer ${editorKey}` },
    });
    assert.equal(asEditor.statusCode, 403);
    const anonymous = await g.t.app.inject({ method: 'GET', url: '/api/svc/v1/policies' });
    assert.equal(anonymous.statusCode, 401);
    const unknown = await g.t.api('GET', '/policies/00000000-0000-0000-0000-000000000000');
    assert.equal(unknown.statusCode, 404);
  });

  test('a tool edited to another risk is decided by its new attributes at once (each tool set is rebuilt)', async () => {
    const saved = await policy({
      name: 'no-destruction',
      server_id: billing.uuid,
      text: '@reason("nothing destructive here")\nforbid(principal, action == Action::"call_tool", resource) when { resource.risk == "destructive" };',
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const tools = (await g.t.api('GET', `/servers/${billing.uuid}/tools?per_page=100`)).json() as Array<{
      id: string;
      slug: string;
    }>;
    const refund = tools.find((t) => t.slug === 'create_refund')!;
    const c = await client('2026-07-28', billing.url);
    const call = async () =>
      textOf(await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_1', amount: 1 } }));
    try {
      assert.doesNotMatch(await call(), /Refused/);
      const marked = await g.t.api('PATCH', `/servers/${billing.uuid}/tools/${refund.id}`, {
        risk: 'destructive',
      });
      assert.equal(marked.statusCode, 200, marked.body);
      assert.match(await call(), /^Refused \(policy no-destruction[^)]*\): nothing destructive here/);
      await g.t.api('PATCH', `/servers/${billing.uuid}/tools/${refund.id}`, { risk: null });
      assert.doesNotMatch(await call(), /Refused/, 'derived again: a write');
    } finally {
      await g.t.api('PATCH', `/servers/${billing.uuid}/tools/${refund.id}`, { risk: null });
      await c.close();
      await g.t.api('DELETE', `/policies/${(saved.json() as { id: string }).id}`);
    }
  });

  test("the README's worked examples are valid policies", async () => {
    const readme = (await import('node:fs')).readFileSync(
      new URL('../../README.md', import.meta.url),
      'utf8',
    );
    const section = readme.slice(readme.indexOf('## Policies and approvals'));
    const examples = [...section.matchAll(/```cedar\n([\s\S]*?)```/g)].map((m) => m[1]!);
    assert.equal(examples.length, 4);
    // The approver group the first example names.
    assert.equal((await g.t.api('POST', '/groups', { name: 'managers' })).statusCode, 201);
    for (const [i, text] of examples.entries()) {
      const res = await policy({ name: `readme-${i}`, server_id: billing.uuid, text, enabled: false });
      assert.equal(res.statusCode, 201, `${text}\n${res.body}`);
    }
  });

  test('a permit is recorded on the call’s own call-log row: the policies that applied', async () => {
    const saved = await policy({
      name: 'charges-readable',
      server_id: billing.uuid,
      text: 'permit(principal, action == Action::"call_tool", resource == Tool::"list_charges");',
    });
    assert.equal(saved.statusCode, 201, saved.body);
    const c = await client('2026-07-28', billing.url);
    assert.equal((await c.callTool({ name: 'list_charges', arguments: {} })).isError, false);
    await c.close();
    await g.t.ctx.callLogs.flush();
    const logs = await g.t.api('GET', '/analytics/calls?per_page=1');
    const [row] = logs.json() as Array<{ tool_name: string; policy_ids: string[] | null }>;
    assert.equal(row?.tool_name, 'List charges');
    assert.deepEqual(row?.policy_ids, ['charges-readable']);
  });

  test('server-wide actions: a forbidden resources/read and prompts/get are JSON-RPC errors with the reason; list_tools forbidden lists nothing', async () => {
    const docs = await makeServer('Docs');
    assert.equal(
      (
        await g.t.api('POST', `/servers/${docs.uuid}/resources`, {
          uri: 'docs://salaries',
          name: 'Salaries',
          data_source_config: { content: 'secret' },
        })
      ).statusCode,
      201,
    );
    assert.equal(
      (
        await g.t.api('POST', `/servers/${docs.uuid}/resources`, {
          uri: 'docs://readme',
          name: 'Readme',
          data_source_config: { content: 'hello' },
        })
      ).statusCode,
      201,
    );
    assert.equal(
      (
        await g.t.api('POST', `/servers/${docs.uuid}/prompts`, {
          name: 'draft_layoffs',
          template_content: 'Draft it.',
        })
      ).statusCode,
      201,
    );
    for (const text of [
      '@reason("salaries are private")\nforbid(principal, action == Action::"read_resource", resource) when { context.uri == "docs://salaries" };',
      '@reason("not this prompt")\nforbid(principal, action == Action::"get_prompt", resource) when { context.name == "draft_layoffs" };',
    ]) {
      const saved = await policy({ name: `docs-${text.length}`, server_id: docs.uuid, text });
      assert.equal(saved.statusCode, 201, saved.body);
    }
    const c = await client('2026-07-28', docs.url);
    await assert.rejects(
      c.readResource({ uri: 'docs://salaries' }),
      /Refused \(policy docs-\d+\): salaries are private/,
    );
    const readme = await c.readResource({ uri: 'docs://readme' });
    assert.equal((readme.contents[0] as { text: string }).text, 'hello');
    await assert.rejects(c.getPrompt({ name: 'draft_layoffs' }), /not this prompt/);
    await c.close();
    await addTool(docs.uuid, { name: 'Search', slug: 'search', http_method: 'GET' }, 'http://127.0.0.1:9');
    const hidden = await policy({
      name: 'no-listing',
      server_id: docs.uuid,
      text: 'forbid(principal is Shared, action == Action::"list_tools", resource);',
    });
    assert.equal(hidden.statusCode, 201, hidden.body);
    const again = await client('2025-11-25', docs.url);
    assert.deepEqual((await again.listTools()).tools, []);
    await again.close();
  });

  test("a tool's risk is the operator's when set, and travels in the manifest", async () => {
    const tools = (await g.t.api('GET', `/servers/${billing.uuid}/tools?per_page=100`)).json() as
      | Array<{ uuid: string; slug: string }>
      | { items: Array<{ uuid: string; slug: string }> };
    const list = Array.isArray(tools) ? tools : tools.items;
    const charges = list.find((t) => t.slug === 'list_charges')!;
    const patched = await g.t.api('PATCH', `/servers/${billing.uuid}/tools/${charges.uuid}`, {
      risk: 'destructive',
    });
    assert.equal(patched.json().risk, 'destructive');
    const tried = await g.t.api('POST', '/policies/evaluate', {
      server_id: billing.uuid,
      tool: 'list_charges',
    });
    assert.equal(tried.json().risk, 'destructive');
    const bad = await g.t.api('PATCH', `/servers/${billing.uuid}/tools/${charges.uuid}`, {
      risk: 'catastrophic',
    });
    assert.equal(bad.statusCode, 400);
    const manifest = (await g.t.api('POST', `/servers/${billing.uuid}/tools/export`, {})).json() as {
      tools: Array<{ slug: string; risk?: string }>;
    };
    assert.equal(manifest.tools.find((t) => t.slug === 'list_charges')?.risk, 'destructive');
    assert.equal(manifest.tools.find((t) => t.slug === 'create_refund')?.risk, undefined);
    await g.t.api('PATCH', `/servers/${billing.uuid}/tools/${charges.uuid}`, { risk: null });
  });
});
