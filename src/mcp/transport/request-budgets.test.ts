import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { request } from 'undici';
import { createMcpKit, JSON_AND_SSE, listenCountingUpstream, type McpKit } from '../../../test/mcp-kit.ts';
import { MAX_SUBSCRIPTION_CHARS } from '../methods/resources.ts';
import { MAX_CLIENT_CAPABILITIES_CHARS } from '../sessions.ts';
import { MCP_BODY_LIMIT_BYTES } from './mcp.routes.ts';
import { MAX_BATCH_MESSAGES } from './messages.ts';

/*
 * Issue 31, point 2: every MCP request is under a budget. Batches have a length, bodies a size,
 * stored client capabilities a size, and the handshake counts against the server's rate limit
 * on every transport.
 */

const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' });
const initialize = (capabilities: unknown = {}, clientName = 'budget') => ({
  jsonrpc: '2.0',
  id: 0,
  method: 'initialize',
  params: { protocolVersion: '2025-03-26', capabilities, clientInfo: { name: clientName, version: '1' } },
});

describe('MCP request budgets: batches, bodies, capabilities', () => {
  let k: McpKit;
  let upstream: Awaited<ReturnType<typeof listenCountingUpstream>>;
  let sid: string;
  before(async () => {
    upstream = await listenCountingUpstream();
    k = await createMcpKit();
    const tool = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Hit',
      slug: 'hit',
      endpoint_url: `${upstream.url}/hit`,
      http_method: 'GET',
      rate_limit_per_min: 0,
    });
    assert.equal(tool.statusCode, 201, tool.body);
    sid = await k.initialize('2025-03-26');
  });
  after(async () => {
    await k.close();
    upstream.server.close();
  });

  const batchOf = (count: number, member: (i: number) => unknown) =>
    k.post(
      Array.from({ length: count }, (_, i) => member(i)),
      { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-03-26' },
    );

  test(`a batch of ${MAX_BATCH_MESSAGES} requests is answered whole`, async () => {
    const res = await batchOf(MAX_BATCH_MESSAGES, ping);
    assert.equal(res.statusCode, 200);
    const answers = res.json() as Array<{ id: number; result: unknown }>;
    assert.equal(answers.length, MAX_BATCH_MESSAGES);
    assert.deepEqual(answers[99], { jsonrpc: '2.0', id: 99, result: {} });
  });

  test('a batch one longer is 400 -32600 and none of its members runs', async () => {
    const before = upstream.calls();
    const call = (i: number) => ({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name: 'hit' } });
    const res = await batchOf(MAX_BATCH_MESSAGES + 1, call);
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      jsonrpc: '2.0',
      id: null,
      error: {
        code: -32600,
        message: `Invalid Request: a batch may hold at most ${MAX_BATCH_MESSAGES} messages`,
      },
    });
    assert.equal(upstream.calls(), before);
    // Notifications are members too; the same batch shape with fewer members runs.
    const notes = await batchOf(MAX_BATCH_MESSAGES + 1, () => ({
      jsonrpc: '2.0',
      method: 'notifications/x',
    }));
    assert.equal(notes.statusCode, 400);
    const fine = await batchOf(2, call);
    assert.equal(fine.statusCode, 200);
    assert.equal(upstream.calls(), before + 2);
  });

  test('a batch whose members hold commas and brackets in strings is counted by its members', async () => {
    const tricky = (i: number) => ({ jsonrpc: '2.0', id: `a,b,[c],{d},"${i}"`, method: 'ping' });
    const res = await batchOf(MAX_BATCH_MESSAGES, tricky);
    assert.equal(res.statusCode, 200, res.body.slice(0, 200));
    assert.equal((res.json() as unknown[]).length, MAX_BATCH_MESSAGES);
  });

  test('a 270,000-ping batch (12 MB) is 413, and one that fits the body limit is 400 unparsed', async () => {
    const member = '{"jsonrpc":"2.0","id":1,"method":"ping"}';
    const huge = `[${Array(270_000).fill(member).join(',')}]`;
    const tooBig = await k.post(huge, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-03-26' });
    assert.equal(tooBig.statusCode, 413);
    assert.equal(tooBig.json().error.code, -32600);
    const fits = `[${Array(Math.floor(MCP_BODY_LIMIT_BYTES / (member.length + 1)))
      .fill(member)
      .join(',')}]`;
    assert.ok(fits.length <= MCP_BODY_LIMIT_BYTES);
    const refused = await k.post(fits, { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-03-26' });
    assert.equal(refused.statusCode, 400);
    assert.equal(refused.json().error.code, -32600);
  });

  test('the MCP body limit is 4 MB on every route: the POST over a socket or inject(), legacy messages', async () => {
    const body = JSON.stringify({ ...ping(1), params: { pad: 'x'.repeat(MCP_BODY_LIMIT_BYTES) } });
    const origin = await k.listen();
    const headers = { 'content-type': 'application/json', accept: JSON_AND_SSE, 'mcp-session-id': sid };
    for (const url of [k.url, `${k.url}?x=1`, `${k.url}/messages?sessionId=x`]) {
      const res = await request(`${origin}${url}`, { method: 'POST', headers, body });
      assert.equal(res.statusCode, 413, url);
      const answer = (await res.body.json()) as { jsonrpc: string; error: { code: number; message: string } };
      assert.deepEqual(answer.error, { code: -32600, message: 'Request body is too large' }, url);
    }
    const injected = await k.t.app.inject({ method: 'POST', url: k.url, headers, payload: body });
    assert.equal(injected.statusCode, 413);
    assert.deepEqual(injected.json().error, { code: -32600, message: 'Request body is too large' });
    // Just under the limit is read and answered.
    const under = JSON.stringify({ ...ping(2), params: { pad: 'x'.repeat(MCP_BODY_LIMIT_BYTES - 200) } });
    assert.equal((await k.post(under, { 'mcp-session-id': sid })).statusCode, 200);
  });

  test('initialize with 3 MB of capabilities.experimental is -32602 and stores nothing', async () => {
    const countRows = async () =>
      (
        await k.t.ctx.store.db
          .selectFrom('mcp_sessions')
          .select('id')
          .where('client_name', '=', 'bloated')
          .execute()
      ).length;
    for (let i = 0; i < 3; i++) {
      const res = await k.post(
        initialize({ experimental: { blob: 'x'.repeat(3 * 1024 * 1024) } }, 'bloated'),
      );
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['mcp-session-id'], undefined);
      assert.deepEqual(res.json().error, {
        code: -32602,
        message: `params.capabilities is too large: at most ${MAX_CLIENT_CAPABILITIES_CHARS} characters of JSON`,
      });
    }
    // Many small keys are measured too.
    const wide = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, i]));
    assert.equal((await k.post(initialize({ experimental: wide }, 'bloated'))).json().error.code, -32602);
    assert.equal(await countRows(), 0);
  });

  test('capabilities up to the limit are stored as sent; one character more is refused', async () => {
    const shaped = (pad: string) => ({ sampling: {}, experimental: { pad } });
    const overhead = JSON.stringify(shaped('')).length;
    const capabilities = shaped('y'.repeat(MAX_CLIENT_CAPABILITIES_CHARS - overhead));
    const text = JSON.stringify(capabilities);
    assert.equal(text.length, MAX_CLIENT_CAPABILITIES_CHARS);
    const res = await k.post(initialize(capabilities, 'at-limit'));
    const stored = await k.sessionRow(String(res.headers['mcp-session-id']));
    assert.equal(stored.client_capabilities, text);
    const over = shaped('y'.repeat(MAX_CLIENT_CAPABILITIES_CHARS - overhead + 1));
    assert.equal((await k.post(initialize(over, 'over-limit'))).json().error.code, -32602);
  });

  test('subscribed URIs are stored up to 64 KB a session; past it -32602 and the stored list unchanged', async () => {
    const session = await k.initialize('2025-11-25');
    const subscribe = (uri: string) => k.rpc(session, 'resources/subscribe', { uri });
    // Each URI under MAX_RESOURCE_URI_CHARS; eight of ~8,000 characters fill the 64 KB.
    const uris = Array.from({ length: 8 }, (_, i) => `docs://${String(i).repeat(8_000)}`);
    for (const uri of uris) assert.deepEqual((await subscribe(uri)).json().result, {});
    const refused = await subscribe(`docs://${'b'.repeat(8_000)}`);
    assert.deepEqual(refused.json().error, {
      code: -32602,
      message: `A session's subscribed URIs may hold at most ${MAX_SUBSCRIPTION_CHARS} characters`,
    });
    const row = await k.sessionRow(session);
    assert.deepEqual(JSON.parse(row.subscriptions), uris);
    assert.equal((await subscribe('docs://small')).json().error, undefined);
  });

  test('clientInfo is kept as name and version only, cut to 200 and 100 characters', async () => {
    const res = await k.post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion: '2025-11-25',
        clientInfo: {
          name: 'n'.repeat(5000),
          version: 'v'.repeat(5000),
          icons: [{ src: `data:,${'i'.repeat(5000)}` }],
        },
      },
    });
    const row = await k.sessionRow(String(res.headers['mcp-session-id']));
    assert.equal(row.client_name, 'n'.repeat(200));
    assert.equal(row.client_version, 'v'.repeat(100));
  });
});

describe('MCP request budgets: the handshake counts against the server rate limit', () => {
  let k: McpKit;
  before(async () => {
    k = await createMcpKit({ rate_limit_per_min: 3 });
  });
  after(() => k.close());

  test('a fourth initialize from one client is 429 and creates no session', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await k.post(initialize({}, 'limited'))).statusCode);
    assert.deepEqual(statuses, [200, 200, 200, 429]);
    const rows = await k.t.ctx.store.db
      .selectFrom('mcp_sessions')
      .select('id')
      .where('client_name', '=', 'limited')
      .execute();
    assert.equal(rows.length, 3);
  });

  test('2026 server/discover counts like any request', async () => {
    const other = await createMcpKit({ rate_limit_per_min: 2 });
    try {
      const meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
      };
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push(
          (
            await other.post(
              { jsonrpc: '2.0', id: i, method: 'server/discover', params: { _meta: meta } },
              { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'server/discover', accept: JSON_AND_SSE },
            )
          ).statusCode,
        );
      assert.deepEqual(statuses, [200, 200, 429]);
    } finally {
      await other.close();
    }
  });

  test('a batch counts as its requests', async () => {
    const other = await createMcpKit({ rate_limit_per_min: 5 });
    try {
      const sid = await other.initialize('2025-03-26');
      const headers = { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-03-26' };
      // initialize took one; three pings and a notification fit the four left, a fifth request does not.
      const fits = await other.post(
        [ping(1), ping(2), ping(3), { jsonrpc: '2.0', method: 'notifications/x' }],
        headers,
      );
      assert.equal(fits.statusCode, 200);
      assert.equal((await other.post([ping(4), ping(5)], headers)).statusCode, 429);
    } finally {
      await other.close();
    }
  });
});
