import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import {
  ResourceUpdatedNotificationSchema,
  ToolListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import pg from 'pg';
import { createPgSchema, type PgSchema } from '../helpers.ts';
import type { Running } from '../kit/cli.ts';
import { redisReachable } from '../kit/redis.ts';
import { type Balancer, freePort, haproxyInstalled, startHaproxy, startInstance } from './cluster.ts';

/*
 * Scale-out, proven end to end: two `toolgate serve` processes on PostgreSQL + Redis behind
 * HAProxy (deploy/haproxy.cfg: round-robin, no stickiness), driven through the balancer by the
 * official MCP SDK client. Call logs are durable (TOOLGATE_CALL_LOG_DURABILITY=sync) so the
 * kill -9 test can count every answered call in the database.
 */

const installed = haproxyInstalled();
if (!installed && process.env.CI === 'true')
  throw new Error('haproxy must be installed under CI=true (.ci/run installs it)');
const redisUp = await redisReachable();
if (!redisUp && process.env.CI === 'true') throw new Error('Redis must be reachable under CI=true');
const skip = !installed
  ? 'haproxy not installed (apt-get install haproxy)'
  : !redisUp
    ? 'Redis not reachable'
    : false;

const ADMIN_KEY = 'tgk_scaleout_admin_key_for_tests_only_0123456789';
const API = '/api/svc/v1';

describe('two instances behind HAProxy', { skip, timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-scaleout-'));
  let schema: PgSchema;
  let upstream: Server;
  let upstreamUrl: string;
  let ports: { lb: number; a: number; b: number };
  let env: Record<string, string>;
  const instances: Record<'a' | 'b', Running | undefined> = { a: undefined, b: undefined };
  let lb: Balancer;
  const clients: Client[] = [];

  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${lb.url}${API}${path}`, {
      method,
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${path} → ${res.status}: ${text}`);
    return JSON.parse(text);
  };

  /** An SDK client on `base` (the balancer or one instance); `served` collects X-Served-By. */
  async function connect(base: string, slug: string, served: Set<string> = new Set()): Promise<Client> {
    const client = new Client({ name: 'scaleout-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp/${slug}`), {
      fetch: async (input, init) => {
        const res = await fetch(input, init);
        const by = res.headers.get('x-served-by');
        if (by) served.add(by);
        return res;
      },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  async function createServer_(name: string, rate: number) {
    const server = await api('POST', '/servers', { name, rate_limit_per_min: rate });
    return server as { uuid: string; slug: string };
  }
  async function createTool(serverUuid: string, slug: string, rate = 0) {
    return api('POST', `/servers/${serverUuid}/tools`, {
      name: slug,
      slug,
      endpoint_url: `${upstreamUrl}/echo`,
      http_method: 'GET',
      rate_limit_per_min: rate,
    });
  }
  async function countRows(tool: string): Promise<number> {
    const c = new pg.Client({ connectionString: (schema as { url: string }).url });
    await c.connect();
    try {
      const r = await c.query('SELECT count(*)::int AS n FROM call_logs WHERE tool_name = $1', [tool]);
      return r.rows[0].n as number;
    } finally {
      await c.end();
    }
  }
  /** Bounded wait for a condition (count and time), polled every 50 ms. */
  async function until(what: string, check: () => boolean | Promise<boolean>, tries = 200): Promise<void> {
    for (let i = 0; i < tries; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.fail(`timed out waiting for ${what}`);
  }
  async function redisReady(port: number): Promise<boolean> {
    const res = await fetch(`http://127.0.0.1:${port}${API}/health`).catch(() => undefined);
    if (!res) return false;
    const body = (await res.json().catch(() => ({}))) as { checks?: { redis?: { status?: string } } };
    return body.checks?.redis?.status === 'ok';
  }

  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ ok: true, path: req.url }));
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    ports = { lb: await freePort(), a: await freePort(), b: await freePort() };
    env = {
      DATABASE_URL: schema.url,
      REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      TOOLGATE_SECRET_KEY: 'c'.repeat(64),
      TOOLGATE_ADMIN_KEY: ADMIN_KEY,
      PUBLIC_URL: `http://127.0.0.1:${ports.lb}`,
      TRUST_PROXY: '127.0.0.1',
      TOOLGATE_CALL_LOG_DURABILITY: 'sync',
    };
    // One after the other: the first one migrates the database.
    instances.a = await startInstance(join(dir, 'a'), ports.a, env);
    instances.b = await startInstance(join(dir, 'b'), ports.b, env);
    lb = await startHaproxy(ports.lb, ports.a, ports.b);
    await until(
      'both instances on Redis',
      async () => (await redisReady(ports.a)) && (await redisReady(ports.b)),
    );
  });

  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await lb?.stop();
    for (const i of Object.values(instances)) if (i && i.child.exitCode === null) await i.stop('SIGTERM');
    if (upstream) await new Promise<void>((r) => upstream.close(() => r()));
    if (schema && !('skip' in schema)) await schema.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  test('a session started through the balancer continues on both instances', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer_('Sessions', 10_000);
    await createTool(server.uuid, 'echo');
    const served = new Set<string>();
    const client = await connect(lb.url, server.slug, served);
    for (let i = 0; i < 10; i++) {
      const result = await client.callTool({ name: 'echo', arguments: {} });
      assert.notEqual(result.isError, true, JSON.stringify(result));
    }
    assert.deepEqual([...served].sort(), ['a', 'b']);
  });

  test('list_changed and resource updates reach a stream on either instance, wherever the change is made', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer_('Notified', 10_000);
    await api('POST', `/servers/${server.uuid}/resources`, {
      uri: 'docs://status',
      name: 'Status',
      data_source_config: { content: 'v0' },
    });
    const seen = { a: { tools: 0, updated: 0 }, b: { tools: 0, updated: 0 } };
    for (const at of ['a', 'b'] as const) {
      // A client per instance (its GET stream is there); its session was created there too.
      const client = await connect(`http://127.0.0.1:${ports[at]}`, server.slug);
      client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
        seen[at].tools++;
      });
      client.setNotificationHandler(ResourceUpdatedNotificationSchema, () => {
        seen[at].updated++;
      });
      await client.subscribeResource({ uri: 'docs://status' });
    }
    // The SDK opens its GET stream after `initialized`: a first change tells when both listen.
    await createTool(server.uuid, 'probe');
    await until('both streams open', () => seen.a.tools >= 1 && seen.b.tools >= 1);
    const base = { a: seen.a.tools, b: seen.b.tools };
    // Changes through the balancer: round-robin puts them on both instances.
    for (let i = 0; i < 6; i++) await createTool(server.uuid, `tool-${i}`);
    await until(
      '6 list_changed on each stream',
      () => seen.a.tools - base.a >= 6 && seen.b.tools - base.b >= 6,
    );
    const resources = await api('GET', `/servers/${server.uuid}/resources`);
    const resource = (resources.data ?? resources)[0] as { uuid?: string; id: number };
    for (let i = 1; i <= 4; i++)
      await api('PATCH', `/servers/${server.uuid}/resources/${resource.uuid ?? resource.id}`, {
        data_source_config: { content: `v${i}` },
      });
    await until('4 resource updates on each stream', () => seen.a.updated >= 4 && seen.b.updated >= 4);
    await new Promise((r) => setTimeout(r, 200)); // nothing more arrives (no duplicates)
    assert.deepEqual(
      { a: [seen.a.tools - base.a, seen.a.updated], b: [seen.b.tools - base.b, seen.b.updated] },
      { a: [6, 4], b: [6, 4] },
    );
  });

  test('server and tool rate limits are exact across the two instances', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const limited = await createServer_('Limited', 10);
    await createTool(limited.uuid, 'echo');
    const served = new Set<string>();
    const client = await connect(lb.url, limited.slug, served);
    let ok = 0;
    for (let i = 0; i < 30; i++) {
      const result = await client.callTool({ name: 'echo', arguments: {} }).catch(() => undefined);
      if (result && result.isError !== true) ok++;
    }
    // The initialize took one of the ten.
    assert.equal(ok, 9);
    assert.deepEqual([...served].sort(), ['a', 'b']);

    const open = await createServer_('Tool limited', 10_000);
    await createTool(open.uuid, 'five', 5);
    const other = await connect(lb.url, open.slug);
    let toolOk = 0;
    for (let i = 0; i < 15; i++) {
      const result = await other.callTool({ name: 'five', arguments: {} }).catch(() => undefined);
      if (result && result.isError !== true) toolOk++;
    }
    assert.equal(toolOk, 5);
  });

  // MCP 2026-07-28: no session, every request self-describing; the balancer may send each anywhere.
  const MODERN_META = {
    'io.modelcontextprotocol/protocolVersion': '2026-07-28',
    'io.modelcontextprotocol/clientInfo': { name: 'scaleout-2026', version: '1.0.0' },
    'io.modelcontextprotocol/clientCapabilities': {},
  };
  async function modernCall(base: string, slug: string, method: string, params: Record<string, unknown>) {
    const res = await fetch(`${base}/mcp/${slug}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': method,
        ...(typeof params.name === 'string' ? { 'mcp-name': params.name } : {}),
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { _meta: MODERN_META, ...params } }),
    });
    const body = (await res.json().catch(() => ({}))) as { result?: { isError?: boolean }; error?: unknown };
    return { status: res.status, servedBy: res.headers.get('x-served-by'), body };
  }

  test('2026-07-28 stateless calls through the balancer: both instances answer, the server limit is exact', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer_('Modern', 10);
    await createTool(server.uuid, 'echo');
    const served = new Set<string>();
    let ok = 0;
    let limited = 0;
    for (let i = 0; i < 30; i++) {
      const r = await modernCall(lb.url, server.slug, 'tools/call', { name: 'echo', arguments: {} });
      if (r.servedBy) served.add(r.servedBy);
      if (r.status === 200 && r.body.result && r.body.result.isError !== true) ok++;
      else if (r.status === 429) limited++;
    }
    assert.deepEqual([ok, limited], [10, 20]);
    assert.deepEqual([...served].sort(), ['a', 'b']);
  });

  test('2026-07-28 subscriptions/listen held by one instance hears a tool added through the other', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer_('Modern listen', 10_000);
    const controller = new AbortController();
    const res = await fetch(`http://127.0.0.1:${ports.a}/mcp/${server.slug}`, {
      method: 'POST',
      signal: controller.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2026-07-28',
        'mcp-method': 'subscriptions/listen',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'listen-a',
        method: 'subscriptions/listen',
        params: { _meta: MODERN_META, notifications: { toolsListChanged: true } },
      }),
    });
    assert.equal(res.headers.get('content-type'), 'text/event-stream');
    const reader = res.body!.getReader();
    let buffer = '';
    const methods: string[] = [];
    const readFrame = async () => {
      for (;;) {
        const line = buffer.split('\n').find((l) => l.startsWith('data: '));
        if (line) {
          buffer = buffer.slice(buffer.indexOf(line) + line.length + 1);
          methods.push((JSON.parse(line.slice(6)) as { method: string }).method);
          return;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('listen stream ended');
        buffer += Buffer.from(value).toString('utf8');
      }
    };
    try {
      await readFrame(); // the acknowledgement
      const viaB = await fetch(`http://127.0.0.1:${ports.b}${API}/servers/${server.uuid}/tools`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'late', endpoint_url: `${upstreamUrl}/echo`, http_method: 'GET' }),
      });
      assert.equal(viaB.status, 201);
      await readFrame();
      assert.deepEqual(methods, [
        'notifications/subscriptions/acknowledged',
        'notifications/tools/list_changed',
      ]);
    } finally {
      controller.abort();
      await reader.cancel().catch(() => undefined);
    }
  });

  test('a session DELETEd through the balancer is refused by both instances at once', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer_('Deleted sessions', 10_000);
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const client = await connect(lb.url, server.slug);
      await client.ping();
      await client.ping(); // both instances have now read (and cached) the session
      const transport = client.transport as StreamableHTTPClientTransport;
      const sid = transport.sessionId!;
      await transport.terminateSession();
      for (const port of [ports.a, ports.b]) {
        const res = await fetch(`http://127.0.0.1:${port}/mcp/${server.slug}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
            'mcp-session-id': sid,
            'mcp-protocol-version': '2025-06-18',
          },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
        });
        statuses.push(res.status);
        await res.body?.cancel();
      }
    }
    assert.deepEqual(statuses, Array(20).fill(404));
  });

  test('kill -9 of one instance mid-run: the next calls succeed on the other; its restart loses no committed row', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const server = await createServer_('Survivor', 10_000);
    await createTool(server.uuid, 'survive');
    const served = new Set<string>();
    const client = await connect(lb.url, server.slug, served);
    let answered = 0;
    for (let i = 0; i < 40; i++) {
      if (i === 15) {
        const killed = instances.a!.stop('SIGKILL');
        assert.equal(await killed, null); // killed by the signal, no exit code
      }
      const result = await client.callTool({ name: 'survive', arguments: {} });
      assert.notEqual(result.isError, true, `call ${i}: ${JSON.stringify(result)}`);
      answered++;
    }
    assert.equal(answered, 40);
    // Durable call logs: every answered call has its committed row, whichever instance answered.
    assert.equal(await countRows('survive'), 40);

    instances.a = await startInstance(join(dir, 'a'), ports.a, env);
    await until('the restarted instance on Redis', () => redisReady(ports.a));
    assert.equal(await countRows('survive'), 40);
    served.clear();
    // HAProxy's check brings it back (inter 500 ms, rise 1): bounded number of further calls.
    for (let i = 0; i < 60 && !served.has('a'); i++) {
      const result = await client.callTool({ name: 'survive', arguments: {} });
      assert.notEqual(result.isError, true);
      answered++;
      if (!served.has('a')) await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(served.has('a'), 'the restarted instance serves again');
    assert.equal(await countRows('survive'), answered);
  });
});
