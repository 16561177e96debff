import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { call, makeServer, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import { executorPorts } from '../bootstrap.ts';
import { Cancellation } from '../shared/cancellation.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import { createExecutor } from './executor.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

const reasonOf = (o: ExecutionOutcome) => (o.ok ? 'ok' : o.reason);

describe('executor: limits and resilience', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness(
    {
      executor: { maxRetryAfterMs: 5_000, maxResponseBytes: 1024 * 1024 },
      server: { rate_limit_per_min: 0 },
    },
    (h) => {
      ({ t, up, ex, server } = h);
    },
  );

  test('retries 502/503/504/429 for GET with backoff and succeeds', async () => {
    const statuses = [502, 503, 504, 429];
    up.handle((_req, res) => {
      const status = statuses.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status }));
    });
    const tool = makeTool({
      endpoint_url: `${up.origin}/flaky`,
      retry_count: 4,
      retry_backoff: 'exponential',
    });
    const out = await ex.execute(call(server, tool));
    assert.equal(reasonOf(out), 'ok');
    assert.equal(out.attempts, 5);
    assert.equal(up.received.length, 5);
    assert.deepEqual(JSON.parse(out.response!.body), { status: 200 });
  });

  test('gives up after retry_count and reports the last status; 500 is not retried', async () => {
    up.handle((req, res) => {
      res.writeHead(req.url === '/down' ? 503 : 500, { 'content-type': 'text/plain' });
      res.end('unavailable');
    });
    const down = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/down`, retry_count: 2, retry_backoff: 'linear' })),
    );
    assert.equal(reasonOf(down), 'http_status');
    assert.equal(down.attempts, 3);
    assert.equal(down.response?.status_code, 503);
    assert.equal(down.result.isError, true);
    assert.match((down.result.content[0] as { text: string }).text, /HTTP 503\n\nunavailable/);
    up.received.length = 0;
    const broken = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/broken`, retry_count: 2, retry_backoff: 'fixed' })),
    );
    assert.equal(broken.attempts, 1);
    assert.equal(up.received.length, 1);
  });

  test('honours Retry-After, and stops when it asks for longer than the cap', async () => {
    let first = true;
    up.handle((req, res) => {
      if (req.url === '/slowdown') {
        res.writeHead(429, { 'retry-after': '120' }).end();
        return;
      }
      if (first) {
        first = false;
        res.writeHead(503, { 'retry-after': '1' }).end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
    const ok = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/later`, retry_count: 1 })),
    );
    assert.equal(reasonOf(ok), 'ok');
    assert.equal(ok.attempts, 2);
    const capped = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/slowdown`, retry_count: 3 })),
    );
    assert.equal(capped.attempts, 1);
    assert.equal(capped.response?.status_code, 429);
  });

  test('never repeats a POST the upstream received, but does retry one that could not connect', async () => {
    up.handle((_req, res) => {
      res.writeHead(503).end();
    });
    const post = makeTool({
      endpoint_url: `${up.origin}/orders`,
      http_method: 'POST',
      retry_count: 3,
      input_schema: { type: 'object', properties: { n: { type: 'integer' } } },
    });
    const out = await ex.execute(call(server, post, { n: 1 }));
    assert.equal(out.attempts, 1);
    assert.equal(up.received.length, 1);
    assert.equal(reasonOf(out), 'http_status');

    up.handle((req) => req.socket.destroy());
    const reset = await ex.execute(call(server, post, { n: 2 }));
    assert.equal(reasonOf(reset), 'network');
    assert.equal(reset.attempts, 1);

    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const refused = await ex.execute(
      call(server, { ...post, endpoint_url: `http://127.0.0.1:${port}/orders` }, { n: 3 }),
    );
    assert.equal(reasonOf(refused), 'network');
    assert.equal(refused.attempts, 4, 'connection refused: nothing was sent, so POST is retried');
    assert.match(refused.ok ? '' : refused.message, /ECONNREFUSED/);
  });

  test('retries a GET whose connection is reset, then reports a network failure', async () => {
    up.handle((req) => req.socket.destroy());
    const out = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/reset`, retry_count: 2, retry_backoff: 'none' })),
    );
    assert.equal(reasonOf(out), 'network');
    assert.equal(out.attempts, 3);
    assert.equal(up.received.length, 3);
    assert.equal(out.result.isError, true);
    assert.equal(out.response, null);
  });

  test('times out an upstream that never answers and one whose body stalls', async () => {
    up.handle((req, res) => {
      if (req.url === '/stall-body') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"partial":');
      }
      // Otherwise: never answer.
    });
    const silent = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/silent`, timeout: 1 })),
    );
    assert.equal(reasonOf(silent), 'timeout');
    assert.match(silent.ok ? '' : silent.message, /within 1 s/);
    const stalled = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/stall-body`, timeout: 1 })),
    );
    assert.equal(reasonOf(stalled), 'timeout');
    assert.equal(stalled.result.isError, true);
  });

  test('reads a slow but steady body completely', async () => {
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      let n = 0;
      const tick = setInterval(() => {
        res.write(`chunk${n} `);
        if (++n === 5) {
          clearInterval(tick);
          res.end();
        }
      }, 20);
    });
    const out = await ex.execute(call(server, makeTool({ endpoint_url: `${up.origin}/drip`, timeout: 5 })));
    assert.equal(reasonOf(out), 'ok');
    assert.equal((out.result.content[0] as { text: string }).text, 'chunk0 chunk1 chunk2 chunk3 chunk4 ');
  });

  test('answers the start of a body over the read limit with a notice of its size and the cut, declared or streamed', async () => {
    up.handle((req, res) => {
      // 'é' is two bytes: the 1 MiB cut falls in the middle of a character.
      const big = Buffer.from(`a${'é'.repeat(1024 * 1024)}`);
      if (req.url === '/declared') res.writeHead(200, { 'content-length': String(big.length) });
      else res.writeHead(200, { 'content-type': 'text/plain' });
      if (req.url === '/declared') res.end(big);
      else {
        res.write(big.subarray(0, 700_000));
        res.end(big.subarray(700_000));
      }
    });
    for (const [path, size] of [
      ['/declared', String(1 + 2 * 1024 * 1024)],
      ['/streamed', 'more than 1048576'],
    ] as const) {
      const out = await ex.execute(
        call(server, makeTool({ endpoint_url: `${up.origin}${path}`, retry_count: 2 })),
      );
      assert.equal(reasonOf(out), 'ok');
      const text = (out.result.content[0] as { text: string }).text;
      assert.ok(text.startsWith('aéé'), text.slice(0, 20));
      assert.ok(!text.includes('\uFFFD'), 'cut on a character boundary');
      assert.ok(
        text.endsWith(
          `[Upstream body truncated: it is ${size} bytes; only the first 1048576 bytes were read (read limit 1048576 bytes).]`,
        ),
        text.slice(-200),
      );
      assert.equal(out.attempts, 1, 'a cut answer is an answer: not retried');
    }
  });

  test('applies the tool rate limit (the server limit is counted per client at the MCP endpoint); 0 means unlimited', async () => {
    const tool = makeTool({ endpoint_url: `${up.origin}/limited`, rate_limit_per_min: 2 });
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await ex.execute(call(server, tool)));
    assert.deepEqual(results.map(reasonOf), ['ok', 'ok', 'rate_limited']);
    const refused = results[2]!;
    assert.equal(refused.outbound, null);
    assert.ok(!refused.ok && (refused.retryAfterMs ?? 0) > 0);
    assert.match((refused.result.content[0] as { text: string }).text, /allows 2 calls per minute/);
    assert.equal(up.received.length, 2);

    const tight = await makeServer(t, { rate_limit_per_min: 1 });
    const free = makeTool({ endpoint_url: `${up.origin}/free`, rate_limit_per_min: 0 });
    const a = await ex.execute(call(tight, free));
    const b = await ex.execute(call(tight, free));
    assert.deepEqual([reasonOf(a), reasonOf(b)], ['ok', 'ok']);

    const unlimited = makeTool({ endpoint_url: `${up.origin}/free`, rate_limit_per_min: 0 });
    for (let i = 0; i < 5; i++) assert.equal(reasonOf(await ex.execute(call(server, unlimited))), 'ok');
  });

  test('a cancelled call stops at once and reports hooks along the way', async () => {
    up.handle(() => {
      // Never answers: only the abort ends this call.
    });
    const controller = new AbortController();
    const logs: string[] = [];
    const progress: number[] = [];
    const pending = ex.execute(
      call(
        server,
        makeTool({ endpoint_url: `${up.origin}/hang`, timeout: 30, retry_count: 3 }),
        {},
        {
          cancel: Cancellation.from(controller.signal),
          onLog: (level, data) => logs.push(`${level} ${(data as { message: string }).message}`),
          onProgress: (p) => progress.push(p),
        },
      ),
    );
    while (up.received.length === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort();
    const out = await pending;
    assert.equal(reasonOf(out), 'network');
    assert.match(out.ok ? '' : out.message, /cancelled/);
    assert.equal(out.attempts, 1);
    assert.deepEqual(logs, ['debug calling upstream']);
    assert.deepEqual(progress, [0, 1]);
  });

  test('denies loopback and private upstreams when the egress policy says so', async () => {
    const strict = createExecutor(
      { ...t.ctx, config: { ...t.ctx.config, upstreamAllowPrivate: false } },
      executorPorts(t.ctx),
      { retryBaseMs: 1 },
    );
    try {
      for (const url of [
        `${up.origin}/x`,
        `http://localhost:${new URL(up.origin).port}/x`,
        'http://[::1]:9/x',
      ]) {
        const out = await strict.execute(call(server, makeTool({ endpoint_url: url, retry_count: 2 })));
        assert.equal(reasonOf(out), 'network', url);
        assert.match(out.ok ? '' : out.message, /egress denied/);
        assert.equal(out.attempts, 1);
      }
      assert.equal(up.received.length, 0);
    } finally {
      await strict.close();
    }
  });
});
