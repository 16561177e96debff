import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { call, makeTool, useExecutorHarness } from '../../test/executor-kit.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

/*
 * Upstream faults under concurrency: an upstream that hangs, one that resets, one that is slow.
 * Timeouts and retries behave as configured, and the gateway never piles up sockets: at most
 * `connectionsPerOrigin` are open at once, and none stays open after a timed-out call.
 */

const CONNECTIONS = 8;
const reasonOf = (o: ExecutionOutcome) => (o.ok ? 'ok' : o.reason);

/** An upstream that counts its open sockets (now and at most) and the requests it received. */
function startCountingUpstream(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const sockets = new Set<Socket>();
  const stats = { peak: 0, requests: 0 };
  const server: Server = createServer((req, res) => {
    stats.requests++;
    handler(req, res);
  });
  server.on('connection', (s: Socket) => {
    sockets.add(s);
    stats.peak = Math.max(stats.peak, sockets.size);
    s.on('close', () => sockets.delete(s));
  });
  return {
    stats,
    open: () => sockets.size,
    async listen(): Promise<string> {
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

/** Bounded wait (about 5 s). */
async function until(what: string, check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
  assert.ok(check(), `timed out waiting for ${what}`);
}

describe('upstream faults', () => {
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness(
    { executor: { connectionsPerOrigin: CONNECTIONS }, server: { rate_limit_per_min: 0 } },
    (h) => {
      ({ ex, server } = h);
    },
  );

  describe('an upstream that never answers', () => {
    const up = startCountingUpstream(() => undefined);
    let origin: string;
    before(async () => {
      origin = await up.listen();
    });
    after(() => up.close());

    test('30 concurrent calls all time out as configured; sockets stay within the pool and are all closed', async () => {
      const tool = makeTool({ endpoint_url: `${origin}/hang`, timeout: 1, retry_count: 0 });
      const outcomes = await Promise.all(Array.from({ length: 30 }, () => ex.execute(call(server, tool))));
      assert.deepEqual(new Set(outcomes.map(reasonOf)), new Set(['timeout']));
      assert.ok(up.stats.peak <= CONNECTIONS, `peak ${up.stats.peak} sockets`);
      await until('every timed-out socket closed', () => up.open() === 0);
    });
  });

  describe('an upstream that resets the connection', () => {
    const up = startCountingUpstream((req) => req.socket.destroy());
    let origin: string;
    before(async () => {
      origin = await up.listen();
    });
    after(() => up.close());

    test('each GET is tried 1 + retry_count times, then reported; nothing is left open', async () => {
      const tool = makeTool({ endpoint_url: `${origin}/reset`, retry_count: 2, retry_backoff: 'none' });
      const outcomes = await Promise.all(Array.from({ length: 10 }, () => ex.execute(call(server, tool))));
      assert.deepEqual(
        outcomes.map((o) => [reasonOf(o), o.attempts]),
        Array(10).fill(['network', 3]),
      );
      assert.equal(up.stats.requests, 30);
      assert.ok(up.stats.peak <= CONNECTIONS, `peak ${up.stats.peak} sockets`);
      await until('reset sockets gone', () => up.open() === 0);
    });
  });

  describe('a slow upstream', () => {
    const up = startCountingUpstream((_req, res) => {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"slow":true}');
      }, 200);
    });
    let origin: string;
    before(async () => {
      origin = await up.listen();
    });
    after(() => up.close());

    test('answers within the timeout succeed, 40 calls over a pool of 8 kept-alive sockets', async () => {
      const tool = makeTool({ endpoint_url: `${origin}/slow`, timeout: 10 });
      const outcomes = await Promise.all(Array.from({ length: 40 }, () => ex.execute(call(server, tool))));
      assert.deepEqual(new Set(outcomes.map(reasonOf)), new Set(['ok']));
      assert.equal(up.stats.requests, 40);
      assert.ok(up.stats.peak <= CONNECTIONS, `peak ${up.stats.peak} sockets`);
      assert.ok(up.open() <= CONNECTIONS);
    });
  });
});
