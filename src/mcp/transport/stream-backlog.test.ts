import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, describe, test } from 'node:test';
import type { FastifyReply } from 'fastify';
import { createMcpKit, type McpKit } from '../../../test/mcp-kit.ts';
import { MAX_SSE_BACKLOG_BYTES, sseSink } from './http-helpers.ts';

/*
 * Issue 31, point 2: an SSE stream whose client stopped reading is closed once what waits to be
 * sent passes MAX_SSE_BACKLOG_BYTES, instead of holding every later event in memory.
 */

/** A response double: what was written, and a write buffer the test fills as a stalled socket would. */
function fakeReply() {
  const written: string[] = [];
  const raw = {
    writableLength: 0,
    writableEnded: false,
    destroyed: false,
    headersSent: false,
    writeHead() {
      raw.headersSent = true;
    },
    flushHeaders() {},
    write(text: string) {
      written.push(text);
      raw.writableLength += text.length;
      return false;
    },
    end() {
      raw.writableEnded = true;
    },
    destroy() {
      raw.destroyed = true;
    },
    on() {},
  };
  const reply = { raw, hijack: () => reply } as unknown as FastifyReply;
  return { reply, raw, written };
}

describe('SSE back-pressure', () => {
  test('a stream keeps writing while its backlog is within the bound, however large one event is', () => {
    const { reply, raw, written } = fakeReply();
    const sink = sseSink(reply, {});
    sink.write('x'.repeat(3 * MAX_SSE_BACKLOG_BYTES));
    assert.equal(raw.destroyed, false);
    assert.equal(written.length, 1);
    raw.writableLength = MAX_SSE_BACKLOG_BYTES; // drained to the bound: still writable
    sink.write('y');
    assert.equal(raw.destroyed, false);
    assert.equal(written.length, 2);
  });

  test('a stream whose backlog passed the bound is closed at the next write, which is dropped', () => {
    const { reply, raw, written } = fakeReply();
    const sink = sseSink(reply, {});
    raw.writableLength = MAX_SSE_BACKLOG_BYTES + 1;
    sink.write('event: message\ndata: {}\n\n');
    assert.equal(raw.destroyed, true);
    assert.equal(written.length, 0);
    sink.write('more');
    assert.equal(written.length, 0);
  });
});

describe('SSE back-pressure over a real socket: a legacy stream that stops reading', () => {
  let k: McpKit;
  let base: string;
  before(async () => {
    k = await createMcpKit();
    const prompt = await k.t.api('POST', `/servers/${k.serverUuid}/prompts`, {
      name: 'big',
      template_content: 'y'.repeat(100 * 1024),
    });
    assert.equal(prompt.statusCode, 201, prompt.body);
    base = await k.listen();
  });
  after(() => k.close());

  test('is closed, and its session ended, once its backlog passes the bound', async () => {
    // Read up to the endpoint event, then never again.
    let response: IncomingMessage | undefined;
    const endpoint = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(`${base}${k.url}/sse`, { headers: { accept: 'text/event-stream' } }, (res) => {
        response = res;
        let seen = '';
        const onData = (chunk: Buffer) => {
          seen += chunk.toString();
          const found = /event: endpoint\ndata: (\S+)/.exec(seen);
          if (!found) return;
          res.off('data', onData);
          res.pause();
          resolve(found[1]!);
        };
        res.on('data', onData);
      });
      req.on('error', reject);
      req.end();
    });
    const post = (id: number, method: string, params: unknown) =>
      fetch(`${base}${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
      });
    const init = await post(0, 'initialize', {
      protocolVersion: '2024-11-05',
      capabilities: {},
      clientInfo: { name: 'stalled', version: '1' },
    });
    assert.equal(init.status, 202);
    let answered = 0;
    let refused: Response | undefined;
    // 100 KB answers; without the bound all 40 MB of them were queued for the stalled client.
    for (let i = 1; i <= 400 && !refused; i++) {
      const res = await post(i, 'prompts/get', { name: 'big' });
      if (res.status === 202) answered++;
      else refused = res;
    }
    assert.equal(refused?.status, 404, `still open after ${answered} answers of 100 KB`);
    // The kernel's socket buffers take a few MB first; then at most the bound is held.
    assert.ok(answered < 200, `${answered} answers of 100 KB before the stream closed`);
    const [session] = await k.t.ctx.store.db
      .selectFrom('mcp_sessions')
      .selectAll()
      .where('client_name', '=', 'stalled')
      .execute();
    assert.ok(session?.ended_at, 'the stream closing ended its session');
    response?.destroy();
  });

  test('the handshake on a legacy stream counts against the rate limit', async () => {
    const limited = await createMcpKit({ rate_limit_per_min: 2 });
    try {
      const origin = await limited.listen();
      const stream = await fetch(`${origin}${limited.url}/sse`, { headers: { accept: 'text/event-stream' } });
      const reader = stream.body!.getReader();
      let seen = '';
      while (!/data: (\S+)/.test(seen)) seen += new TextDecoder().decode((await reader.read()).value);
      const endpoint = /data: (\S+)/.exec(seen)![1]!;
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${origin}${endpoint}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            jsonrpc: '2.0',
            id: i,
            method: i === 2 ? 'ping' : 'initialize',
            params: i === 2 ? {} : { protocolVersion: '2024-11-05', capabilities: {} },
          }),
        });
        statuses.push(res.status);
      }
      assert.deepEqual(statuses, [202, 202, 429]);
      await reader.cancel();
    } finally {
      await limited.close();
    }
  });
});
