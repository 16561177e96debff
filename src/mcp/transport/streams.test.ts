import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { createMcpKit, JSON_AND_SSE, listenLocal, type McpKit } from '../../../test/mcp-kit.ts';

interface SseEvent {
  id?: string;
  data: string;
}

/** Reads SSE events from a fetch response until `until` says stop (or the stream ends). */
async function readEvents(res: Response, until: (events: SseEvent[]) => boolean): Promise<SseEvent[]> {
  const events: SseEvent[] = [];
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    while (!until(events)) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut >= 0) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        if (block.startsWith(':')) continue;
        const event: SseEvent = { data: '' };
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) event.id = line.slice(4);
          else if (line.startsWith('data: ')) event.data += line.slice(6);
        }
        events.push(event);
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return events;
}

const messages = (events: SseEvent[]) =>
  events.filter((e) => e.data.trim() !== '').map((e) => JSON.parse(e.data) as Record<string, unknown>);

describe('MCP streams over a real listening server', () => {
  let k: McpKit;
  let base: string;
  let upstream: Server;
  let upstreamUrl: string;

  before(async () => {
    ({ server: upstream, url: upstreamUrl } = await listenLocal((req, res) => {
      const delay = req.url?.startsWith('/slow') ? 300 : 0;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ pets: ['Rex', 'Tom'], path: req.url }));
      }, delay);
    }));
    k = await createMcpKit();
    await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'List pets',
      slug: 'list_pets',
      endpoint_url: `${upstreamUrl}/pets`,
      http_method: 'GET',
      description: 'Lists pets',
    });
    await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Slow',
      slug: 'slow',
      endpoint_url: `${upstreamUrl}/slow`,
      http_method: 'GET',
    });
    await k.t.api('POST', `/servers/${k.serverUuid}/resources`, {
      uri: 'docs://watched',
      name: 'watched',
      mime_type: 'text/plain',
      data_source_type: 'static',
      data_source_config: { content: 'v1' },
    });
    base = await k.listen();
  });
  after(async () => {
    await k.close();
    upstream.close();
  });

  async function initialize(version = '2025-11-25'): Promise<string> {
    const res = await fetch(`${base}${k.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_AND_SSE },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: version },
      }),
    });
    return res.headers.get('mcp-session-id')!;
  }

  const openGet = (sid: string, extra: Record<string, string> = {}, signal?: AbortSignal) =>
    fetch(`${base}${k.url}`, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': sid, ...extra },
      signal,
    });

  test('the official SDK client lists and calls tools, with progress and log notifications', async () => {
    const client = new Client({ name: 'sdk-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}${k.url}`));
    await client.connect(transport);
    const logs: unknown[] = [];
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(n.params);
    });
    await client.setLoggingLevel('debug');
    const { tools } = await client.listTools();
    assert.deepEqual(
      tools.map((t) => t.name),
      ['list_pets', 'slow'],
    );
    const progress: number[] = [];
    const result = await client.callTool({ name: 'list_pets', arguments: {} }, undefined, {
      onprogress: (p) => progress.push(p.progress),
    });
    assert.equal(result.isError, false);
    const content = result.content as Array<{ type: string; text: string }>;
    assert.deepEqual(JSON.parse(content[0]!.text), { pets: ['Rex', 'Tom'], path: '/pets' });
    assert.deepEqual(progress, [0, 1, 2, 3]);
    assert.ok(logs.length >= 3, JSON.stringify(logs));
    const sid = transport.sessionId!;
    await transport.terminateSession();
    await client.close();
    const row = await k.sessionRow(sid);
    assert.ok(row.ended_at);
  });

  test('notifications/cancelled ends the running call it names, and only that one', async () => {
    const sid = await initialize();
    const post = (body: unknown) =>
      fetch(`${base}${k.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: JSON_AND_SSE, 'mcp-session-id': sid },
        body: JSON.stringify(body),
      });
    const call = (id: number) =>
      post({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: {} } }).then(
        (r) =>
          r.json() as Promise<{ id: number; result: { isError: boolean; content: Array<{ text: string }> } }>,
      );
    const cancelled = call(7);
    const kept = call(8);
    // Both are waiting on the 300 ms upstream when the notification arrives.
    await new Promise((r) => setTimeout(r, 100));
    const note = await post({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 7 } });
    assert.equal(note.status, 202);
    const [a, b] = await Promise.all([cancelled, kept]);
    assert.equal(a.id, 7);
    assert.equal(a.result.isError, true);
    assert.match(a.result.content[0]!.text, /cancelled/);
    assert.equal(b.id, 8);
    assert.equal(b.result.isError, false);
    assert.equal(JSON.parse(b.result.content[0]!.text).path, '/slow');
  });

  test('GET opens the stream with a priming event; list changes arrive on it', async () => {
    const sid = await initialize();
    const res = await openGet(sid);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const got = readEvents(res, (e) => messages(e).length >= 3);
    // A second GET on the same session is refused while the first is open.
    await new Promise((r) => setTimeout(r, 50));
    const second = await openGet(sid);
    assert.equal(second.status, 409);
    await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'New tool',
      endpoint_url: `${upstreamUrl}/new`,
      http_method: 'GET',
    });
    await k.t.api('POST', `/servers/${k.serverUuid}/prompts`, {
      name: 'p1',
      template_content: 'hi',
      arguments: [],
    });
    await k.t.api('POST', `/servers/${k.serverUuid}/resources`, {
      uri: 'docs://more',
      name: 'more',
      mime_type: 'text/plain',
      data_source_type: 'static',
      data_source_config: { content: 'x' },
    });
    const events = await got;
    assert.equal(events[0]!.data, '');
    assert.ok(events[0]!.id);
    assert.deepEqual(
      messages(events).map((m) => m.method),
      [
        'notifications/tools/list_changed',
        'notifications/prompts/list_changed',
        'notifications/resources/list_changed',
      ],
    );
    const ids = events.map((e) => e.id);
    assert.equal(new Set(ids).size, ids.length);
  });

  test('a subscribed session hears notifications/resources/updated', async () => {
    const sid = await initialize();
    await fetch(`${base}${k.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'mcp-session-id': sid },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'resources/subscribe',
        params: { uri: 'docs://watched' },
      }),
    });
    const res = await openGet(sid);
    const got = readEvents(res, (e) =>
      messages(e).some((m) => m.method === 'notifications/resources/updated'),
    );
    await new Promise((r) => setTimeout(r, 50));
    const list = await k.t.api('GET', `/servers/${k.serverUuid}/resources`);
    const watched = (list.json() as Array<{ id: number; uri: string }>).find(
      (r) => r.uri === 'docs://watched',
    )!;
    const patched = await k.t.api('PATCH', `/servers/${k.serverUuid}/resources/${watched.id}`, {
      data_source_config: { content: 'v2' },
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const updated = messages(await got).find((m) => m.method === 'notifications/resources/updated');
    assert.deepEqual(updated?.params, { uri: 'docs://watched' });
  });

  test('a tools/call that wants neither progress nor log lines is one plain JSON answer', async () => {
    const sid = await initialize();
    const res = await fetch(`${base}${k.url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: JSON_AND_SSE, 'mcp-session-id': sid },
      body: JSON.stringify({ jsonrpc: '2.0', id: 40, method: 'tools/call', params: { name: 'slow' } }),
    });
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/json; charset=utf-8');
    const answer = (await res.json()) as { id: number; result: { isError: boolean } };
    assert.equal(answer.id, 40);
    assert.equal(answer.result.isError, false);
  });

  test('a tools/call answered as SSE resumes with Last-Event-ID after the connection drops', async () => {
    const sid = await initialize();
    const abort = new AbortController();
    const res = await fetch(`${base}${k.url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: JSON_AND_SSE,
        'mcp-session-id': sid,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 41,
        method: 'tools/call',
        // A progress token makes the answer a stream from the start.
        params: { name: 'slow', arguments: {}, _meta: { progressToken: 'p41' } },
      }),
      signal: abort.signal,
    });
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const first = await readEvents(res, (e) => e.length >= 1);
    abort.abort();
    const primingId = first[0]!.id!;
    assert.equal(first[0]!.data, '');
    await new Promise((r) => setTimeout(r, 500)); // the call finishes while nobody listens
    const resumed = await openGet(sid, { 'last-event-id': primingId });
    assert.equal(resumed.status, 200);
    const events = await readEvents(resumed, () => false); // the stream ends after the response
    const response = messages(events).find((m) => m.id === 41) as {
      result: { content: Array<{ text: string }> };
    };
    assert.ok(response, JSON.stringify(events));
    assert.match(response.result.content[0]!.text, /"path": "\/slow"/);
  });

  test('GET needs Accept: text/event-stream (406); resuming needs a session (400)', async () => {
    const sid = await initialize();
    const noAccept = await fetch(`${base}${k.url}`, {
      headers: { 'mcp-session-id': sid, accept: 'application/json' },
    });
    assert.equal(noAccept.status, 406);
    // Without Mcp-Session-Id a GET opens the legacy HTTP+SSE stream (legacy-sse.test.ts), unless
    // it carries Last-Event-ID: a Streamable HTTP resumption that lost its session.
    const noSession = await fetch(`${base}${k.url}`, {
      headers: { accept: 'text/event-stream', 'last-event-id': 'abc_1' },
    });
    assert.equal(noSession.status, 400);
    const emptySession = await fetch(`${base}${k.url}`, {
      headers: { accept: 'text/event-stream', 'mcp-session-id': '' },
    });
    assert.equal(emptySession.status, 400);
  });
});
