import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpKit, listenLocal, type McpKit } from '../../../test/mcp-kit.ts';

/** An SSE client that offers 2024-11-05 in initialize, as the SDKs of that revision did. */
class OldSseClientTransport extends SSEClientTransport {
  override send(message: JSONRPCMessage): Promise<void> {
    if ('method' in message && message.method === 'initialize')
      message = { ...message, params: { ...message.params, protocolVersion: '2024-11-05' } };
    return super.send(message);
  }
}

interface SseEvent {
  event: string;
  data: string;
}

/** Reads a raw SSE response event by event; `take(n)` waits for the next n events. */
function eventReader(res: Response): { take(count: number): Promise<SseEvent[]> } {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const queue: SseEvent[] = [];
  let buffer = '';
  return {
    async take(count) {
      while (queue.length < count) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        for (let cut = buffer.indexOf('\n\n'); cut >= 0; cut = buffer.indexOf('\n\n')) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(':')) continue;
          const event = { event: 'message', data: '' };
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event.event = line.slice(7);
            else if (line.startsWith('data: ')) event.data += line.slice(6);
          }
          queue.push(event);
        }
      }
      return queue.splice(0, count);
    },
  };
}

const errorOf = async (res: Response) => ((await res.json()) as { error: { code: number } }).error;

async function until(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  assert.fail('condition never became true');
}

describe('MCP legacy HTTP+SSE transport (2024-11-05) over a real listening server', () => {
  let k: McpKit;
  let base: string;
  let upstream: Server;
  const api = (method: 'POST' | 'PATCH', path: string, body: unknown) =>
    k.t.api(method, `/servers/${k.serverUuid}${path}`, body).then((r) => {
      assert.ok(r.statusCode < 300, r.body);
      return r.json();
    });

  before(async () => {
    const local = await listenLocal((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ pets: ['Rex', 'Tom'], path: req.url }));
    });
    upstream = local.server;
    const upstreamUrl = local.url;
    k = await createMcpKit({}, { sessionTtlMinutes: 5 });
    await api('POST', '/tools', {
      name: 'List pets',
      slug: 'list_pets',
      endpoint_url: `${upstreamUrl}/pets`,
      http_method: 'GET',
    });
    await api('POST', '/prompts', {
      name: 'greet',
      arguments: [{ name: 'who', description: 'Name', required: true }],
      template_content: 'Hello {{who}}.',
    });
    await api('POST', '/resources', {
      uri: 'docs://readme',
      name: 'readme',
      mime_type: 'text/markdown',
      data_source_type: 'static',
      data_source_config: { content: '# Hello' },
    });
    base = await k.listen();
  });
  after(async () => {
    await k.close();
    upstream.close();
  });

  const sessionsOf = (clientName: string) =>
    k.t.ctx.store.db.selectFrom('mcp_sessions').selectAll().where('client_name', '=', clientName).execute();

  test('the SDK SSE client at /mcp/{slug}: 2024-11-05, tools, prompts, resources, list_changed', async () => {
    const client = new Client({ name: 'legacy-old', version: '1.0.0' });
    await client.connect(new OldSseClientTransport(new URL(`${base}${k.url}`)));
    assert.equal(client.getServerVersion()?.name, 'Demo Server');
    const [session] = await sessionsOf('legacy-old');
    assert.equal(session?.protocol_version, '2024-11-05');

    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['list_pets'],
    );
    const progress: number[] = [];
    const result = await client.callTool({ name: 'list_pets', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    assert.equal(result.isError, false);
    const content = result.content as Array<{ type: string; text: string }>;
    assert.deepEqual(JSON.parse(content[0]!.text), { pets: ['Rex', 'Tom'], path: '/pets' });
    // All four go out before the response (see the raw test); the SDK handles notifications a
    // tick later than responses, so the ones in the response's chunk can miss their handler.
    assert.ok(progress.length >= 1);
    assert.deepEqual(progress, [0, 1, 2, 3].slice(0, progress.length));

    const prompt = await client.getPrompt({ name: 'greet', arguments: { who: 'Ada' } });
    assert.deepEqual(prompt.messages, [{ role: 'user', content: { type: 'text', text: 'Hello Ada.' } }]);
    const resource = await client.readResource({ uri: 'docs://readme' });
    assert.deepEqual(resource.contents, [
      { uri: 'docs://readme', mimeType: 'text/markdown', text: '# Hello' },
    ]);
    await assert.rejects(client.getPrompt({ name: 'greet', arguments: {} }), /-32602|required/i);

    let changed = 0;
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      changed += 1;
    });
    await api('POST', '/tools', { name: 'Extra', endpoint_url: 'http://127.0.0.1:9/x', http_method: 'GET' });
    await until(async () => changed > 0);

    await k.t.ctx.callLogs.flush();
    const logged = await k.t.ctx.store.db
      .selectFrom('call_logs')
      .select(['method', 'tool_name', 'response_status'])
      .where('session_id', '=', session!.id)
      .execute();
    assert.ok(logged.some((r) => r.tool_name === 'List pets' && r.response_status === 'success'));
    assert.ok(logged.some((r) => r.method === 'prompts/get' && r.tool_name === 'greet'));

    await client.close();
    // The stream closing ends the session.
    await until(async () => (await sessionsOf('legacy-old'))[0]?.ended_at != null);
  });

  test('the SDK SSE client at /mcp/{slug}/sse, at the version it sends', async () => {
    const client = new Client({ name: 'legacy-new', version: '1.0.0' });
    await client.connect(new SSEClientTransport(new URL(`${base}${k.url}/sse`)));
    const [session] = await sessionsOf('legacy-new');
    assert.equal(session?.protocol_version, '2025-11-25');
    const result = await client.callTool({ name: 'list_pets', arguments: {} });
    assert.equal(result.isError, false);
    await client.close();
  });

  test('the endpoint event names the messages URL; POSTs are 202 and answers ride the stream', async () => {
    const controller = new AbortController();
    const stream = await fetch(`${base}${k.url}?tenant=a`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    assert.equal(stream.status, 200);
    assert.match(String(stream.headers.get('content-type')), /^text\/event-stream/);
    const events = eventReader(stream);
    const [endpoint] = await events.take(1);
    assert.equal(endpoint?.event, 'endpoint');
    assert.match(endpoint!.data, new RegExp(`^/mcp/${k.slug}/messages\\?tenant=a&sessionId=[\\w-]{32}`));
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(new URL(endpoint!.data, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const init = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2024-11-05', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    assert.equal(init.status, 202);
    assert.equal((await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).status, 202);
    assert.equal((await post({ jsonrpc: '2.0', id: 2, method: 'nope' })).status, 202);
    const answers = (await events.take(2)).map((e) => JSON.parse(e.data));
    assert.equal(answers[0].result.protocolVersion, '2024-11-05');
    assert.deepEqual(answers[1], {
      jsonrpc: '2.0',
      id: 2,
      error: { code: -32601, message: 'Method not found: nope' },
    });
    // Log lines come once the client asks for them (DECISIONS: JSON answers).
    await post({ jsonrpc: '2.0', id: 4, method: 'logging/setLevel', params: { level: 'info' } });
    assert.deepEqual(JSON.parse((await events.take(1))[0]!.data), { jsonrpc: '2.0', id: 4, result: {} });
    // Whole-request refusals are HTTP errors with JSON-RPC bodies, as on the Streamable HTTP path.
    await post({
      jsonrpc: '2.0',
      id: 5,
      method: 'tools/call',
      params: { name: 'list_pets', arguments: {}, _meta: { progressToken: 'p' } },
    });
    type Wire = {
      id?: number;
      method?: string;
      params?: { progress?: number };
      result?: { isError: boolean };
    };
    const call: Wire[] = [];
    while (call.at(-1)?.id !== 5) call.push(JSON.parse((await events.take(1))[0]!.data));
    // Progress and log lines ride the stream before the response.
    assert.deepEqual(
      call.filter((m) => m.method === 'notifications/progress').map((m) => m.params?.progress),
      [0, 1, 2, 3],
    );
    assert.ok(call.some((m) => m.method === 'notifications/message'));
    assert.equal(call.at(-1)?.result?.isError, false);
    const parse = await post('{oops');
    assert.equal(parse.status, 400);
    assert.equal((await errorOf(parse)).code, -32700);
    assert.equal(
      (await post({ jsonrpc: '2.0', id: 3, method: 'ping' }, { 'content-type': 'text/plain' })).status,
      415,
    );
    const batch = await post([{ jsonrpc: '2.0', id: 4, method: 'ping' }]);
    assert.equal(batch.status, 400);
    controller.abort();
  });

  test('a request before initialize (a reconnected client) gets a session; DELETE of it closes the stream', async () => {
    const stream = await fetch(`${base}${k.url}`, {
      headers: { accept: 'text/event-stream', 'mcp-protocol-version': '2025-06-18' },
    });
    const events = eventReader(stream);
    const [endpoint] = await events.take(1);
    const post = () =>
      fetch(new URL(endpoint!.data, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/list' }),
      });
    assert.equal((await post()).status, 202);
    const [answer] = await events.take(1);
    const listed = JSON.parse(answer!.data) as { id: number; result: { tools: Array<{ name: string }> } };
    assert.equal(listed.id, 7);
    assert.ok(listed.result.tools.some((t) => t.name === 'list_pets'));
    const session = await k.t.ctx.store.db
      .selectFrom('mcp_sessions')
      .selectAll()
      .where('protocol_version', '=', '2025-06-18')
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    const deleted = await fetch(`${base}${k.url}`, {
      method: 'DELETE',
      headers: { 'mcp-session-id': session.id },
    });
    assert.equal(deleted.status, 200);
    assert.deepEqual(await events.take(1), []); // the stream has ended
    assert.equal((await post()).status, 404);
  });

  test('unknown or missing sessionId: 404 and 400; another server cannot use a stream', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' };
    const postTo = (url: string) =>
      fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(ping),
      });
    const unknown = await postTo(`${k.url}/messages?sessionId=not-a-session`);
    assert.equal(unknown.status, 404);
    assert.equal((await errorOf(unknown)).code, -32001);
    assert.equal((await postTo(`${k.url}/messages`)).status, 400);

    const controller = new AbortController();
    const stream = await fetch(`${base}${k.url}/sse`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const [endpoint] = await eventReader(stream).take(1);
    const sessionId = new URL(endpoint!.data, base).searchParams.get('sessionId');
    const other = await k.t.api('POST', '/servers', { name: 'Other Server' });
    const otherSlug = other.json().slug as string;
    assert.equal((await postTo(`/mcp/${otherSlug}/messages?sessionId=${sessionId}`)).status, 404);
    controller.abort();
    // Once the stream is gone its sessionId is unknown.
    await until(async () => (await postTo(`${k.url}/messages?sessionId=${sessionId}`)).status === 404);
  });

  test('GETs that are neither legacy nor Streamable HTTP: 400 (resumption without a session, bad version), 406', async () => {
    const get = (headers: Record<string, string>, path = k.url) => fetch(`${base}${path}`, { headers });
    assert.equal((await get({ accept: 'text/event-stream', 'last-event-id': 'x_1' })).status, 400);
    assert.equal(
      (await get({ accept: 'text/event-stream', 'mcp-protocol-version': '1999-01-01' })).status,
      400,
    );
    assert.equal((await get({ accept: 'application/json' })).status, 406);
    assert.equal((await get({ accept: 'application/json' }, `${k.url}/sse`)).status, 406);
    assert.equal((await get({ accept: 'text/event-stream', 'mcp-session-id': 'gone' })).status, 404);
    const wrongMethod = await fetch(`${base}${k.url}/messages`, { method: 'DELETE' });
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers.get('allow'), 'POST, OPTIONS');
  });

  test('gatekeeping applies: disallowed Origin 403, paused 503, draft 404, CORS on the legacy paths', async () => {
    await api('PATCH', '', { cors_origins: 'https://app.example' });
    const stranger = await fetch(`${base}${k.url}/sse`, {
      headers: { accept: 'text/event-stream', origin: 'https://evil.example' },
    });
    assert.equal(stranger.status, 403);
    const preflight = await fetch(`${base}${k.url}/messages`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-origin'), 'https://app.example');
    await api('PATCH', '', { cors_origins: '' });

    const controller = new AbortController();
    const stream = await fetch(`${base}${k.url}/sse`, {
      headers: { accept: 'text/event-stream' },
      signal: controller.signal,
    });
    const [endpoint] = await eventReader(stream).take(1);
    const post = () =>
      fetch(new URL(endpoint!.data, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    await api('PATCH', '', { status: 'paused' });
    const paused = await post();
    assert.equal(paused.status, 503);
    assert.equal((await errorOf(paused)).code, -32000);
    await api('PATCH', '', { status: 'draft' });
    assert.equal((await post()).status, 404);
    await api('PATCH', '', { status: 'active' });
    assert.equal((await post()).status, 202);
    controller.abort();
  });

  test('inbound bearer auth on the stream and on every POST', async () => {
    await api('PATCH', '', { auth_type: 'bearer', auth_config: { token: 'legacy-token-0123456' } });
    try {
      const refused = new Client({ name: 'legacy-anon', version: '1.0.0' });
      await assert.rejects(
        refused.connect(new SSEClientTransport(new URL(`${base}${k.url}`))),
        (err: { code?: number }) => err.code === 401,
      );

      const headers = { Authorization: 'Bearer legacy-token-0123456' };
      const client = new Client({ name: 'legacy-auth', version: '1.0.0' });
      await client.connect(new SSEClientTransport(new URL(`${base}${k.url}`), { requestInit: { headers } }));
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'list_pets'));

      // The sessionId alone is not a credential: a POST without the token is refused.
      const controller = new AbortController();
      const stream = await fetch(`${base}${k.url}/sse`, {
        headers: { accept: 'text/event-stream', ...headers },
        signal: controller.signal,
      });
      const [endpoint] = await eventReader(stream).take(1);
      const ping = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });
      const post = (extra: Record<string, string>) =>
        fetch(new URL(endpoint!.data, base), {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...extra },
          body: ping,
        });
      const anonymous = await post({});
      assert.equal(anonymous.status, 401);
      assert.match(String(anonymous.headers.get('www-authenticate')), /^Bearer/);
      assert.equal((await post({ authorization: 'Bearer wrong' })).status, 401);
      assert.equal((await post(headers)).status, 202);
      controller.abort();
      await client.close();
    } finally {
      await api('PATCH', '', { auth_type: 'none' });
    }
  });

  test('api-key in the query string travels from the stream URL to the messages URL', async () => {
    await api('PATCH', '', {
      auth_type: 'api-key',
      auth_config: { name: 'api_key', location: 'query', value: 'qk-0123456789abcd' },
    });
    try {
      const client = new Client({ name: 'legacy-query', version: '1.0.0' });
      await client.connect(new SSEClientTransport(new URL(`${base}${k.url}/sse?api_key=qk-0123456789abcd`)));
      assert.equal((await client.ping()) !== undefined, true);
      await client.close();
    } finally {
      await api('PATCH', '', { auth_type: 'none' });
    }
  });

  test('Streamable HTTP still works beside the legacy transport', async () => {
    const client = new Client({ name: 'streamable', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}${k.url}`));
    await client.connect(transport);
    assert.ok(transport.sessionId);
    const result = await client.callTool({ name: 'list_pets', arguments: {} });
    assert.equal(result.isError, false);
    await transport.terminateSession();
    await client.close();
  });
});
