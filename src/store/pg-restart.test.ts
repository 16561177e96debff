import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { isStoreUnavailable } from './db.ts';

/*
 * PostgreSQL restarted under load, simulated by terminating this app's backend connections
 * (pg_terminate_backend, matched by an application_name of the test's own: the shared server
 * and other tests' connections are never touched). Calls in flight fail with a clear answer;
 * the next ones succeed on fresh connections, without restarting the process.
 */

describe('PostgreSQL connections terminated under load', { timeout: 60_000 }, () => {
  let schema: PgSchema;
  let t: TestApp;
  let upstream: Server;
  let slug: string;
  let sid: string;
  const appName = `tg-fault-${randomUUID().slice(0, 8)}`;

  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    t = await buildTestApp({ databaseUrl: `${schema.url}&application_name=${appName}` });
    const server = (
      await t.api('POST', '/servers', { name: 'Under load', rate_limit_per_min: 100_000 })
    ).json();
    slug = server.slug;
    const tool = await t.api('POST', `/servers/${server.uuid}/tools`, {
      name: 'ping',
      slug: 'ping',
      endpoint_url: `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`,
      http_method: 'GET',
      rate_limit_per_min: 0,
    });
    assert.equal(tool.statusCode, 201, tool.body);
    const init = await mcp({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'load', version: '1' } },
    });
    sid = String(init.headers['mcp-session-id']);
  });
  after(async () => {
    if ('skip' in schema) return;
    await t.close();
    await new Promise<void>((r) => upstream.close(() => r()));
    await schema.drop();
  });

  function mcp(body: unknown): Promise<LightMyRequestResponse> {
    return t.app.inject({
      method: 'POST',
      url: `/mcp/${slug}`,
      payload: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(sid ? { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' } : {}),
      },
    });
  }
  const call = (id: number) =>
    mcp({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'ping', arguments: {} } });

  async function terminateBackends(): Promise<number> {
    const admin = new pg.Client({ connectionString: (schema as { url: string }).url });
    await admin.connect();
    try {
      const r = await admin.query(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE application_name = $1',
        [appName],
      );
      return r.rows[0].n as number;
    } finally {
      await admin.end();
    }
  }

  /** 'ok', or how the failure was reported: an HTTP status and a JSON-RPC code, never a hang. */
  function outcome(res: LightMyRequestResponse): string {
    if (res.statusCode !== 200) return `http ${res.statusCode}`;
    const body = res.json() as { error?: { code: number }; result?: { isError?: boolean } };
    if (body.error) return `rpc ${body.error.code}`;
    return body.result?.isError ? `tool error: ${JSON.stringify(body.result).slice(0, 200)}` : 'ok';
  }

  test('calls in flight fail clearly, then every call succeeds again with no restart', async (t0) => {
    if ('skip' in schema) return t0.skip(schema.skip);
    const outcomes: string[] = [];
    let next = 1;
    // Four clients calling in a loop (bounded: 25 calls each) while the connections are cut twice.
    const worker = async () => {
      for (let i = 0; i < 25; i++) outcomes.push(outcome(await call(next++)));
    };
    const load = Promise.all([worker(), worker(), worker(), worker()]);
    await new Promise((r) => setTimeout(r, 30));
    const cut1 = await terminateBackends();
    await new Promise((r) => setTimeout(r, 30));
    const cut2 = await terminateBackends();
    await new Promise((r) => setTimeout(r, 20));
    await terminateBackends();
    await load;
    assert.ok(cut1 + cut2 >= 1, 'the app had connections to cut');
    // Whatever failed said so (no hang, no crash); the only failures are database ones.
    const failures = outcomes.filter((o) => o !== 'ok');
    for (const f of failures)
      assert.match(f, /^(http 503|rpc -32603|rpc -32000|tool error: .*)$/, failures.join());
    const after: string[] = [];
    for (let i = 0; i < 20; i++) after.push(outcome(await call(next++)));
    assert.deepEqual(after, Array(20).fill('ok'));
    assert.equal((await t.api('GET', '/servers')).statusCode, 200);
    // Every answered call has its call-log row: a batch cut off by the termination is retried.
    await t.ctx.callLogs.flush();
    const rows = await t.ctx.store.db
      .selectFrom('call_logs')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('tool_name', '=', 'ping')
      .executeTakeFirstOrThrow();
    const executed = outcomes.filter((o) => o === 'ok' || o.startsWith('tool error')).length;
    assert.equal(Number(rows.n), executed + after.length, `outcomes: ${failures.join()}`);
    const health = await t.api('GET', '/health');
    assert.equal(health.json().checks.db.status === 'fail', false);
  });

  test('a lost connection is told apart from a failing query (503 and retry, not 500)', () => {
    assert.equal(
      isStoreUnavailable({ code: '57P01', message: 'terminating connection due to administrator command' }),
      true,
    );
    assert.equal(isStoreUnavailable(new Error('Connection terminated unexpectedly')), true);
    assert.equal(isStoreUnavailable({ code: 'ECONNREFUSED' }), true);
    assert.equal(isStoreUnavailable({ code: '23505', message: 'duplicate key value' }), false);
    assert.equal(isStoreUnavailable(new Error('boom')), false);
  });
});
