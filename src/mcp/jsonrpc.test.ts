import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';

describe('MCP JSON-RPC errors and batches', () => {
  let k: McpKit;
  let sid: string;
  before(async () => {
    k = await createMcpKit({}, { bodyLimitBytes: 64 * 1024 });
    sid = await k.initialize();
  });
  after(() => k.close());

  test('malformed JSON is 400 -32700', async () => {
    const res = await k.post('{"jsonrpc": "2.0", "id": 1, "method": ', { 'mcp-session-id': sid });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json().error.code, -32700);
    assert.equal(res.json().id, null);
    const empty = await k.post('', { 'mcp-session-id': sid });
    assert.equal(empty.json().error.code, -32700);
  });

  test('arguments nested thousands of levels deep are a parse error, and the session keeps working', async () => {
    const deep = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
    const body = `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"x","arguments":${deep}}}`;
    const res = await k.post(body, { 'mcp-session-id': sid });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, -32700);
    assert.match(res.json().error.message, /deeper than 256/);
    const ping = await k.post({ jsonrpc: '2.0', id: 10, method: 'ping' }, { 'mcp-session-id': sid });
    assert.deepEqual(ping.json(), { jsonrpc: '2.0', id: 10, result: {} });
  });

  test('invalid requests are 400 -32600: wrong jsonrpc, null or object ids, no method, a scalar', async () => {
    for (const body of [
      { jsonrpc: '1.0', id: 1, method: 'ping' },
      { id: 1, method: 'ping' },
      { jsonrpc: '2.0', id: null, method: 'ping' },
      { jsonrpc: '2.0', id: { a: 1 }, method: 'ping' },
      { jsonrpc: '2.0', id: true, method: 'ping' },
      { jsonrpc: '2.0', id: 1, method: 42 },
      { jsonrpc: '2.0', id: 1 },
      42,
      '"ping"',
    ]) {
      const res = await k.post(body, { 'mcp-session-id': sid });
      assert.equal(res.statusCode, 400, JSON.stringify(body));
      assert.equal(res.json().error.code, -32600, JSON.stringify(body));
    }
  });

  test('an unknown method is -32601 with the id echoed', async () => {
    const res = await k.post(
      { jsonrpc: '2.0', id: 'abc', method: 'tools/explode' },
      { 'mcp-session-id': sid },
    );
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      jsonrpc: '2.0',
      id: 'abc',
      error: { code: -32601, message: 'Method not found: tools/explode' },
    });
  });

  test('wrong parameter types are -32602', async () => {
    const cases: Array<[string, unknown]> = [
      ['ping', [1, 2]],
      ['tools/list', 'x'],
      ['tools/list', { cursor: 12 }],
      ['tools/list', { cursor: 'not-a-cursor' }],
      ['tools/call', { name: 5 }],
      ['tools/call', { name: 'missing_tool' }],
      ['tools/call', { name: 'x', arguments: [1] }],
      ['prompts/get', { name: 'missing_prompt' }],
      ['prompts/get', {}],
      ['resources/read', { uri: 7 }],
      ['resources/subscribe', {}],
      ['logging/setLevel', { level: 'loud' }],
      ['completion/complete', { ref: 'x' }],
    ];
    for (const [method, params] of cases) {
      const res = await k.rpc(sid, method, params);
      assert.equal(res.statusCode, 200, method);
      assert.equal(res.json().error?.code, -32602, `${method} ${JSON.stringify(params)}: ${res.body}`);
    }
  });

  test('an unknown resource URI is -32002', async () => {
    const res = await k.rpc(sid, 'resources/read', { uri: 'test://nothing' });
    assert.equal(res.json().error.code, -32002);
    assert.deepEqual(res.json().error.data, { uri: 'test://nothing' });
  });

  test('an oversized body is 413 with a JSON-RPC body', async () => {
    const big = { jsonrpc: '2.0', id: 1, method: 'ping', params: { pad: 'x'.repeat(100_000) } };
    const res = await k.post(big, { 'mcp-session-id': sid });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().jsonrpc, '2.0');
  });

  test('a wrong Content-Type is 415, an Accept naming neither type 406', async () => {
    const res = await k.post('{}', { 'mcp-session-id': sid, 'content-type': 'text/plain' });
    assert.equal(res.statusCode, 415);
    assert.equal(res.json().jsonrpc, '2.0');
    const bad = await k.post(
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { 'mcp-session-id': sid, accept: 'text/html' },
    );
    assert.equal(bad.statusCode, 406);
  });

  test('client responses and unknown notifications are accepted with 202', async () => {
    const res = await k.post({ jsonrpc: '2.0', id: 99, result: {} }, { 'mcp-session-id': sid });
    assert.equal(res.statusCode, 202);
    const note = await k.post(
      { jsonrpc: '2.0', method: 'notifications/whatever' },
      { 'mcp-session-id': sid },
    );
    assert.equal(note.statusCode, 202);
  });

  test('batches work on 2025-03-26 sessions: responses for requests, errors for invalid members', async () => {
    const old = await k.initialize('2025-03-26');
    const res = await k.post(
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 2, method: 'nope' },
        { jsonrpc: '2.0', id: null, method: 'ping' },
        { jsonrpc: '2.0', id: 3, method: 'tools/list' },
      ],
      { 'mcp-session-id': old },
    );
    assert.equal(res.statusCode, 200);
    const out = res.json() as Array<{ id: unknown; result?: unknown; error?: { code: number } }>;
    assert.equal(out.length, 4);
    assert.deepEqual(out[0], { jsonrpc: '2.0', id: 1, result: {} });
    assert.equal(out[1]!.error!.code, -32601);
    assert.deepEqual(out[2]!.result, { tools: [] });
    assert.equal(out[3]!.error!.code, -32600);
    const onlyNotes = await k.post([{ jsonrpc: '2.0', method: 'notifications/initialized' }], {
      'mcp-session-id': old,
    });
    assert.equal(onlyNotes.statusCode, 202);
  });

  test('batches are refused on other versions, empty batches everywhere, initialize never batched', async () => {
    const res = await k.post([{ jsonrpc: '2.0', id: 1, method: 'ping' }], { 'mcp-session-id': sid });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error.code, -32600);
    const empty = await k.post([], { 'mcp-session-id': sid });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().error.code, -32600);
    const init = await k.post([
      { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-03-26' } },
    ]);
    assert.equal(init.statusCode, 400);
  });

  test('hostile input never yields a 500', async () => {
    const bodies = [
      '[[[[[[[[[[]]]]]]]]]]',
      '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"__proto__"}}',
      '{"jsonrpc":"2.0","id":1,"method":"constructor"}',
      '{"jsonrpc":"2.0","id":1,"method":"toString"}',
      '{"jsonrpc":"2.0","id":1,"method":"prompts/get","params":{"name":"x","arguments":"str"}}',
      'null',
      '\u0000',
    ];
    for (const body of bodies) {
      const res = await k.post(body, { 'mcp-session-id': sid });
      assert.ok(res.statusCode < 500, `${body}: ${res.statusCode} ${res.body}`);
    }
  });
});
