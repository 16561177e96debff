// biome-ignore-all lint/suspicious/noExplicitAny: JSON-RPC answers are read loosely in these assertions
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  type ALL_CAPS,
  type InteractionKit,
  meta,
  type Seen,
  startInteractionKit,
  V,
} from '../../../test/interaction-kit.ts';
import { JSON_AND_SSE, type McpKit } from '../../../test/mcp-kit.ts';

describe('multi-round tool calls (interaction settings), 2026-07-28', () => {
  let kit: InteractionKit;
  let k: McpKit;
  let seen: Seen[];
  let upstream: { url: string };
  const call: InteractionKit['call'] = (...args) => kit.call(...args);

  before(async () => {
    kit = await startInteractionKit();
    ({ k, seen } = kit);
    upstream = { url: kit.upstreamUrl };
  });
  after(() => kit.close());

  test('bad interaction settings are 400 rest_invalid_param naming the field, and nothing is created', async () => {
    const base = {
      name: 'Bad',
      endpoint_url: `${upstream.url}/x`,
      input_schema: { type: 'object', properties: { a: { type: 'string' } } },
    };
    const cases = [
      { inputs: [{ key: 'k', kind: 'user', message: 'm', arguments: ['nope'] }] },
      {
        inputs: [
          { key: 'k', kind: 'user', message: 'm', arguments: ['a'] },
          { key: 'k', kind: 'roots', argument: 'a' },
        ],
      },
      { inputs: [{ key: 'k', kind: 'telepathy', argument: 'a' }] },
      { confirm: 'sometimes' },
      { summary: { instruction: 1 } },
    ];
    for (const interaction of cases) {
      const r = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, { ...base, interaction });
      assert.equal(r.statusCode, 400, JSON.stringify(interaction));
      assert.equal(r.json().code, 'rest_invalid_param');
      assert.ok(
        Object.keys(r.json().data.params).some((p) => p.startsWith('interaction')),
        r.body,
      );
    }
    const list = await k.t.api('GET', `/servers/${k.serverUuid}/tools`);
    assert.ok(!JSON.stringify(list.json()).includes('"Bad"'));
  });

  test('tools/list hides the arguments the person supplies and keeps the others', async () => {
    const sid = await k.initialize();
    const tools = (await k.rpc(sid, 'tools/list')).json().result.tools as Array<Record<string, any>>;
    const approve = tools.find((t) => t.name === 'approve')!;
    assert.deepEqual(Object.keys(approve.inputSchema.properties), ['order']);
    assert.deepEqual(approve.inputSchema.required, ['order']);
  });

  test('a DELETE tool asks for confirmation showing the request; accepted → one upstream call', async () => {
    seen.length = 0;
    const first = (await call('delete_item', { arguments: { id: 7 } })).result!;
    assert.equal(first.resultType, 'input_required');
    const ask = first.inputRequests.confirm;
    assert.equal(ask.method, 'elicitation/create');
    assert.match(ask.params.message, new RegExp(`DELETE ${upstream.url}/items/7`));
    assert.equal(seen.length, 0, 'nothing is sent before the confirmation');
    const done = (
      await call('delete_item', {
        arguments: { id: 7 },
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
        requestState: first.requestState,
      })
    ).result!;
    assert.equal(done.resultType, 'complete');
    assert.equal(done.isError, false);
    assert.deepEqual(
      seen.map((s) => `${s.method} ${s.url}`),
      ['DELETE /items/7'],
    );
  });

  test('declined confirmation → no upstream request and a clear, non-error result', async () => {
    seen.length = 0;
    const first = (await call('delete_item', { arguments: { id: 8 } })).result!;
    const done = (
      await call('delete_item', {
        arguments: { id: 8 },
        inputResponses: { confirm: { action: 'decline' } },
        requestState: first.requestState,
      })
    ).result!;
    assert.equal(done.content[0].text, 'The user did not confirm; the request was not sent.');
    assert.equal(done.isError, false);
    assert.equal(seen.length, 0);
  });

  test('a confirmation answered without the signed state is asked again, never trusted', async () => {
    seen.length = 0;
    const r = (
      await call('delete_item', {
        arguments: { id: 9 },
        inputResponses: { confirm: { action: 'accept', content: { confirm: true } } },
      })
    ).result!;
    assert.equal(r.resultType, 'input_required');
    assert.equal(seen.length, 0);
  });

  test('requestState: tampered, replayed, or sent for another tool or other arguments is -32602', async () => {
    const first = (await call('delete_item', { arguments: { id: 10 } })).result!;
    const accept = { confirm: { action: 'accept', content: { confirm: true } } };
    const tampered = await call('delete_item', {
      arguments: { id: 10 },
      inputResponses: accept,
      requestState: `${first.requestState}x`,
    });
    assert.equal(tampered.error?.code, -32602);
    assert.match(tampered.error!.message, /integrity/);
    const otherArgs = await call('delete_item', {
      arguments: { id: 11 },
      inputResponses: accept,
      requestState: first.requestState,
    });
    assert.match(otherArgs.error!.message, /arguments changed/);
    const otherTool = await call('approve', { arguments: { order: 'A' }, requestState: first.requestState });
    assert.match(otherTool.error!.message, /another tool/);
    const ok = await call('delete_item', {
      arguments: { id: 10 },
      inputResponses: accept,
      requestState: first.requestState,
    });
    assert.equal(ok.result?.resultType, 'complete');
    const replay = await call('delete_item', {
      arguments: { id: 10 },
      inputResponses: accept,
      requestState: first.requestState,
    });
    assert.equal(replay.error?.code, -32602);
    assert.match(replay.error!.message, /already used/);
  });

  test('the state carries no readable answer: the approval code of round 1 travels sealed to the confirmation', async () => {
    const first = (await call('approve_confirmed')).result!;
    const second = (
      await call('approve_confirmed', {
        inputResponses: { approval: { action: 'accept', content: { code: 'SECRET-4711' } } },
        requestState: first.requestState,
      })
    ).result!;
    assert.equal(second.resultType, 'input_required');
    assert.match(
      second.inputRequests.confirm.params.message,
      /SECRET-4711/,
      'the person sees what will be sent',
    );
    const state = String(second.requestState);
    assert.doesNotMatch(Buffer.from(state.split('.')[0]!, 'base64url').toString('utf8'), /SECRET-4711/);
    assert.doesNotMatch(state, /SECRET-4711/);
  });

  test('asked-for inputs: the person gives the approval code, the upstream receives it', async () => {
    seen.length = 0;
    const first = (await call('approve', { arguments: { order: 'A-1' } })).result!;
    const req = first.inputRequests.approval;
    assert.equal(req.params.message, 'Approval code for A-1?');
    assert.deepEqual(req.params.requestedSchema, {
      type: 'object',
      properties: { code: { type: 'string', description: 'Approval code' } },
      required: ['code'],
    });
    const done = (
      await call('approve', {
        arguments: { order: 'A-1' },
        inputResponses: { approval: { action: 'accept', content: { code: '4711' } } },
        requestState: first.requestState,
      })
    ).result!;
    assert.equal(done.isError, false);
    assert.deepEqual(JSON.parse(seen[0]!.body), { order: 'A-1', code: '4711' });
  });

  test('a client without the elicitation capability gets -32021 naming it (HTTP 400)', async () => {
    const res = await k.post(
      {
        jsonrpc: '2.0',
        id: 4,
        method: 'tools/call',
        params: { name: 'approve', arguments: { order: 'A' }, _meta: meta({}) },
      },
      { accept: JSON_AND_SSE, 'mcp-protocol-version': V, 'mcp-method': 'tools/call', 'mcp-name': 'approve' },
    );
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().error.data, { requiredCapabilities: { elicitation: {} } });
  });

  test('a call missing required inputs gets a form built from input_schema instead of failing', async () => {
    seen.length = 0;
    const first = (await call('create_ticket', { arguments: {} })).result!;
    assert.deepEqual(first.inputRequests.missing_arguments.params.requestedSchema, {
      type: 'object',
      properties: { title: { type: 'string' } },
      required: ['title'],
    });
    const done = (
      await call('create_ticket', {
        arguments: {},
        inputResponses: { missing_arguments: { action: 'accept', content: { title: 'Printer on fire' } } },
        requestState: first.requestState,
      })
    ).result!;
    assert.equal(done.isError, false);
    assert.deepEqual(JSON.parse(seen[0]!.body), { title: 'Printer on fire' });
  });

  test('sampling summary: a long answer is condensed by the client model, with the operator instruction', async () => {
    const first = (await call('long_report')).result!;
    const req = first.inputRequests.summary;
    assert.equal(req.method, 'sampling/createMessage');
    assert.equal(req.params.maxTokens, 80);
    assert.match(req.params.messages[0].content.text, /^Summarise in one line\.\n\nxxxx/);
    const done = (
      await call('long_report', {
        inputResponses: {
          summary: { role: 'assistant', content: { type: 'text', text: 'Many x.' }, model: 'm' },
        },
        requestState: first.requestState,
      })
    ).result!;
    assert.deepEqual(done.content, [{ type: 'text', text: 'Many x.' }]);
    // A client without sampling gets the full answer.
    const plain = (await call('long_report', {}, { elicitation: {} } as typeof ALL_CAPS)).result!;
    assert.equal(plain.content[0].text.length, 5000);
  });

  test('prompts: an ask_user argument is asked of the person (2026 input_required), then the prompt renders', async () => {
    const created = await k.t.api('POST', `/servers/${k.serverUuid}/prompts`, {
      name: 'incident',
      description: 'Incident summary',
      arguments: [
        { name: 'service', required: true },
        { name: 'ticket', description: 'Ticket number', required: true, ask_user: true },
      ],
      template_content: 'Summarise incident {{ticket}} on {{service}}.',
    });
    assert.equal(created.statusCode, 201, created.body);
    const get = (extra: Record<string, unknown>) =>
      k
        .post(
          {
            jsonrpc: '2.0',
            id: 2,
            method: 'prompts/get',
            params: { name: 'incident', arguments: { service: 'db' }, ...extra, _meta: meta() },
          },
          {
            accept: JSON_AND_SSE,
            'mcp-protocol-version': V,
            'mcp-method': 'prompts/get',
            'mcp-name': 'incident',
          },
        )
        .then((r) => r.json().result as Record<string, any>);
    const first = await get({});
    assert.equal(first.resultType, 'input_required');
    const req = Object.values(first.inputRequests)[0] as Record<string, any>;
    assert.deepEqual(req.params.requestedSchema.properties, {
      ticket: { type: 'string', description: 'Ticket number' },
    });
    const done = await get({
      inputResponses: {
        [Object.keys(first.inputRequests)[0]!]: { action: 'accept', content: { ticket: 'INC-9' } },
      },
      requestState: first.requestState,
    });
    assert.equal(done.messages[0].content.text, 'Summarise incident INC-9 on db.');
    const sid = await k.initialize();
    const listed = (await k.rpc(sid, 'prompts/list')).json().result.prompts as Array<Record<string, any>>;
    assert.deepEqual(
      listed.find((p) => p.name === 'incident')!.arguments.map((a: { name: string }) => a.name),
      ['service'],
    );
  });

  test('hostile multi-round input: wrong types are -32602, a huge or garbage state is refused, nothing is sent', async () => {
    seen.length = 0;
    for (const extra of [
      { inputResponses: [1, 2] },
      { inputResponses: 'yes' },
      { requestState: 42 },
      { requestState: 'x'.repeat(30_000) },
      { requestState: '..' },
      { inputResponses: { approval: 12345 } },
      { inputResponses: { approval: { action: 'accept', content: 'not an object' } } },
    ]) {
      const r = await call('approve', { arguments: { order: 'Z' }, ...extra });
      assert.equal(r.error?.code, -32602, JSON.stringify(extra).slice(0, 80));
    }
    assert.equal(seen.length, 0);
  });
});
