import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, test } from 'node:test';
import { call, makeServer, makeTool, type Upstream, useExecutorHarness } from '../../test/executor-kit.ts';
import type { TestApp } from '../../test/helpers.ts';
import { Cancellation } from '../shared/cancellation.ts';
import type { ServerRecord } from '../store/servers.repo.ts';
import type { ExecutionOutcome, Executor } from './types.ts';

/*
 * Asynchronous upstreams (follow-accepted.ts): 202 Accepted + Location polled with the tool's
 * credentials until the API answers otherwise; Retry-After honoured; 303 to the result; the
 * status URL kept to the request's origin; bounded by max wait; cancellable; resumable.
 */

const reasonOf = (o: ExecutionOutcome) => (o.ok ? 'ok' : o.reason);
const POLL = { intervalMs: 100, maxWaitMs: 10_000 };
const TOKEN = 'sk_async_test_token_4242';

describe('executor: 202 Accepted followed to the result', () => {
  let t: TestApp;
  let up: Upstream;
  let ex: Executor;
  let server: ServerRecord;
  useExecutorHarness({ server: { rate_limit_per_min: 0 } }, (h) => {
    ({ t, up, ex, server } = h);
  });

  /** A job API: POST → 202 Location; `runs` polls answer 202 (with `retryAfter`), then 303 → result. */
  function jobApi(runs: number, retryAfter?: string) {
    let polls = 0;
    up.handle((req, res) => {
      if (req.method === 'POST') {
        res.writeHead(202, { location: '/jobs/7', 'content-type': 'application/json' });
        return res.end('{"status":"queued"}');
      }
      if (req.url === '/jobs/7') {
        polls++;
        if (polls <= runs) {
          res.writeHead(202, retryAfter ? { 'retry-after': retryAfter } : {});
          return res.end('{"status":"running"}');
        }
        res.writeHead(303, { location: '/jobs/7/result' });
        return res.end();
      }
      if (req.url === '/jobs/7/result') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"rows":3}');
      }
      return res.writeHead(404).end();
    });
  }

  test('polls the Location with the credentials until done, then maps the result', async () => {
    const withCreds = await makeServer(t, {
      rate_limit_per_min: 0,
      outbound_auth_type: 'bearer',
      auth_credentials: { token: TOKEN },
      auth_credentials_origins: [up.origin],
    });
    jobApi(2);
    const tool = makeTool({ endpoint_url: `${up.origin}/exports`, http_method: 'POST' });
    const accepted: string[] = [];
    const out = await ex.execute(
      call(withCreds, tool, {}, { poll: POLL, onAccepted: (url) => void accepted.push(url) }),
    );
    assert.equal(reasonOf(out), 'ok');
    assert.deepEqual(JSON.parse(out.response!.body), { rows: 3 });
    assert.deepEqual(
      up.received.map((r) => `${r.method} ${r.url}`),
      ['POST /exports', 'GET /jobs/7', 'GET /jobs/7', 'GET /jobs/7', 'GET /jobs/7/result'],
    );
    // Every poll carried the tool's credential, and no body.
    for (const r of up.received) assert.equal(r.headers.authorization, `Bearer ${TOKEN}`);
    for (const r of up.received.slice(1)) assert.equal(r.body, '');
    assert.deepEqual(accepted, [`${up.origin}/jobs/7`, `${up.origin}/jobs/7/result`]);
    assert.equal(out.attempts, 5);
  });

  test('without poll settings a 202 is the answer, as before', async () => {
    jobApi(0);
    const out = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'POST' })),
    );
    assert.equal(reasonOf(out), 'ok');
    assert.equal(out.response?.status_code, 202);
    assert.equal(up.received.length, 1);
  });

  test('Retry-After sets the wait between polls', async () => {
    jobApi(1, '1');
    const started = Date.now();
    const out = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'POST' }), {}, { poll: POLL }),
    );
    assert.equal(reasonOf(out), 'ok');
    // The 202 of the POST has no Retry-After (100 ms); the first poll's asks for 1 s.
    assert.ok(Date.now() - started >= 1_000, `took ${Date.now() - started} ms`);
  });

  test('a 202 without Location, or one on another origin, is an async_protocol failure; nothing goes there', async () => {
    up.handle((_req, res) => res.writeHead(202).end());
    const none = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'POST' }), {}, { poll: POLL }),
    );
    assert.equal(reasonOf(none), 'async_protocol');
    assert.match(none.result.content[0]!.type === 'text' ? none.result.content[0]!.text : '', /no Location/);

    let elsewhere = 0;
    const other = createServer((_req, res) => {
      elsewhere++;
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const otherOrigin = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    up.handle((_req, res) => res.writeHead(202, { location: `${otherOrigin}/steal` }).end());
    const cross = await ex.execute(
      call(server, makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'POST' }), {}, { poll: POLL }),
    );
    await new Promise<void>((r) => other.close(() => r()));
    assert.equal(reasonOf(cross), 'async_protocol');
    assert.match(cross.ok ? '' : cross.message, /another origin/);
    assert.equal(elsewhere, 0);
  });

  test('gives up after max wait with a timeout; a cancellation stops the polling', async () => {
    up.handle((req, res) => res.writeHead(202, req.method === 'POST' ? { location: '/jobs/1' } : {}).end());
    const tool = makeTool({ endpoint_url: `${up.origin}/x`, http_method: 'POST' });
    const slow = await ex.execute(call(server, tool, {}, { poll: { intervalMs: 100, maxWaitMs: 400 } }));
    assert.equal(reasonOf(slow), 'timeout');
    assert.match(slow.ok ? '' : slow.message, /had not finished after/);

    up.received.length = 0;
    const cancel = new Cancellation();
    setTimeout(() => cancel.cancel(), 250);
    const cancelled = await ex.execute(call(server, tool, {}, { poll: POLL, cancel }));
    assert.equal(reasonOf(cancelled), 'cancelled');
    const polls = up.received.length;
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(up.received.length, polls, 'no poll after the cancellation');
  });

  test('resumeAt polls where a call left off: the request is not sent again', async () => {
    jobApi(0);
    const tool = makeTool({ endpoint_url: `${up.origin}/exports`, http_method: 'POST' });
    const out = await ex.execute(call(server, tool, {}, { poll: POLL, resumeAt: `${up.origin}/jobs/7` }));
    assert.equal(reasonOf(out), 'ok');
    assert.deepEqual(
      up.received.map((r) => `${r.method} ${r.url}`),
      ['GET /jobs/7', 'GET /jobs/7/result'],
    );
    // A stored status URL on another origin is refused like a fresh one.
    up.received.length = 0;
    const forged = await ex.execute(
      call(server, tool, {}, { poll: POLL, resumeAt: 'http://169.254.169.254/x' }),
    );
    assert.equal(reasonOf(forged), 'async_protocol');
    assert.equal(up.received.length, 0);
  });
});
