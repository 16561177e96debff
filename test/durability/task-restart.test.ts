import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import pg from 'pg';
import { z } from 'zod';
import { createPgSchema, type PgSchema } from '../helpers.ts';
import { type Running, serve } from '../kit/cli.ts';
import { modernRpc } from '../kit/modern-rpc.ts';

/*
 * A task outlives the instance holding it (issue 38): two `toolgate serve` processes on one
 * PostgreSQL database; a long-running tool's call is accepted upstream (202 + Location) through
 * instance A, which is killed with SIGKILL while it polls; instance B — which never saw the call —
 * takes the task over once A's lease lapses, polls the stored Location and completes it. The API
 * received the request once. A non-idempotent request cut off in flight is not sent again: the
 * task fails, saying so.
 */

const ADMIN_KEY = 'tgk_task_restart_admin_key_for_tests_only_01234567';
const TASKS = 'io.modelcontextprotocol/tasks';
const loose = z.object({}).passthrough();
type Json = Record<string, unknown>;

describe('a task survives kill -9 of its instance (PostgreSQL, two instances)', { timeout: 180_000 }, () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-task-restart-'));
  let schema: PgSchema;
  let upstream: Server;
  let upstreamUrl: string;
  const posts: string[] = [];
  const polls: number[] = [];
  let a: Running | undefined;
  let b: Running | undefined;
  let slug = '';

  before(async () => {
    schema = await createPgSchema();
    if ('skip' in schema) return;
    let jobs = 0;
    const doneAt = new Map<string, number>();
    upstream = createServer((req, res) => {
      const path = req.url ?? '/';
      if (req.method === 'POST' && path === '/exports') {
        posts.push(path);
        const id = `job${++jobs}`;
        doneAt.set(id, Date.now() + 4_000);
        res.writeHead(202, { location: `/exports/${id}`, 'retry-after': '1' });
        return res.end('{"status":"queued"}');
      }
      if (req.method === 'POST' && path === '/hang') {
        posts.push(path);
        return; // never answers: the instance is killed while the request is in flight
      }
      const job = /^\/exports\/(job\d+)$/.exec(path);
      if (job) {
        polls.push(Date.now());
        if (Date.now() < (doneAt.get(job[1]!) ?? 0)) return res.writeHead(202).end('{"status":"running"}');
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ job: job[1], rows: 1234 }));
      }
      return res.writeHead(404).end();
    });
    await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
    upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    const env = {
      DATABASE_URL: (schema as { url: string }).url,
      TOOLGATE_SECRET_KEY: 'd'.repeat(64),
      TOOLGATE_ADMIN_KEY: ADMIN_KEY,
      TOOLGATE_TASK_LEASE_SECONDS: '1',
    };
    // One after the other: the first one migrates the database.
    a = await serve(join(dir, 'a'), env);
    b = await serve(join(dir, 'b'), env);
    const api = async (path: string, body: unknown) => {
      const res = await fetch(`${a!.url}/api/svc/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      assert.equal(res.status, 201, await res.clone().text());
      return (await res.json()) as { uuid: string; slug: string };
    };
    const server = await api('/servers', { name: 'Exports', rate_limit_per_min: 0 });
    slug = server.slug;
    for (const [toolSlug, path] of [
      ['export', '/exports'],
      ['hang', '/hang'],
    ] as const)
      await api(`/servers/${server.uuid}/tools`, {
        name: toolSlug,
        slug: toolSlug,
        endpoint_url: `${upstreamUrl}${path}`,
        http_method: 'POST',
        rate_limit_per_min: 0,
        timeout: 120,
        execution: { poll_interval_ms: 200 },
      });
  });

  after(async () => {
    await a?.stop('SIGKILL');
    await b?.stop();
    if (upstream) {
      upstream.closeAllConnections();
      await new Promise<void>((r) => upstream.close(() => r()));
    }
    if (schema && 'drop' in schema) await schema.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The tools/call that creates a task, as raw 2026-07-28 JSON-RPC (SDK 2.4 rejects resultType "task"). */
  async function createTask(base: string, tool: string): Promise<string> {
    const { body } = await modernRpc(`${base}/mcp/${slug}`, 'tools/call', { name: tool, arguments: {} });
    const result = body.result as Json;
    assert.equal(result.resultType, 'task', JSON.stringify(body));
    return String(result.taskId);
  }

  /** The official SDK client v2 on one instance, declaring the Tasks extension. */
  async function sdk(base: string): Promise<Client> {
    const client = new Client(
      { name: 'restart-test', version: '1.0.0' },
      { capabilities: { extensions: { [TASKS]: {} } }, versionNegotiation: { mode: { pin: '2026-07-28' } } },
    );
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp/${slug}`)));
    return client;
  }

  async function until(
    client: Client,
    taskId: string,
    done: (t: Json) => boolean,
    ms = 30_000,
  ): Promise<Json> {
    const deadline = Date.now() + ms;
    for (;;) {
      const task = (await client.request({ method: 'tasks/get', params: { taskId } }, loose)) as Json;
      if (done(task)) return task;
      if (Date.now() > deadline) assert.fail(`task ${taskId} stuck at ${JSON.stringify(task)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const terminal = (t: Json) => ['completed', 'failed', 'cancelled'].includes(String(t.status));

  async function taskRow(taskId: string): Promise<Json> {
    const c = new pg.Client({ connectionString: (schema as { url: string }).url });
    await c.connect();
    try {
      const r = await c.query('SELECT phase, lease_owner, poll_url FROM tasks WHERE task_id = $1', [taskId]);
      return r.rows[0] as Json;
    } finally {
      await c.end();
    }
  }

  test('accepted upstream, instance killed while polling: the other instance finishes it, the API got one request', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const taskId = await createTask(a!.url, 'export');
    const onA = await sdk(a!.url);
    await until(onA, taskId, (task) => /accepted/.test(String(task.statusMessage)));
    const row = await taskRow(taskId);
    assert.equal(row.phase, 'polling');
    assert.match(String(row.poll_url), /\/exports\/job\d+$/);
    await a!.stop('SIGKILL');
    a = undefined;
    const killedAt = Date.now();

    const onB = await sdk(b!.url);
    const done = await until(onB, taskId, terminal);
    assert.equal(done.status, 'completed', JSON.stringify(done));
    const result = done.result as { content: Array<{ text: string }>; isError: boolean };
    assert.equal(result.isError, false);
    assert.deepEqual(JSON.parse(result.content[0]!.text), { job: 'job1', rows: 1234 });
    assert.deepEqual(posts, ['/exports'], 'the request was sent once');
    assert.ok(
      polls.some((at) => at > killedAt),
      'the status URL was polled after the kill (by instance B)',
    );
    const finished = await taskRow(taskId);
    assert.equal(finished.phase, 'done');
    assert.equal(finished.lease_owner, null);
    await onB.close();
    await onA.close().catch(() => undefined);
  });

  test('a non-idempotent request cut off in flight is not sent again: the task fails and says why', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const c = await serve(join(dir, 'c'), {
      DATABASE_URL: (schema as { url: string }).url,
      TOOLGATE_SECRET_KEY: 'd'.repeat(64),
      TOOLGATE_TASK_LEASE_SECONDS: '1',
    });
    const taskId = await createTask(c.url, 'hang');
    const deadline = Date.now() + 10_000;
    while (!posts.includes('/hang') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal((await taskRow(taskId)).phase, 'calling');
    await c.stop('SIGKILL');
    const onB = await sdk(b!.url);
    const failed = await until(onB, taskId, terminal);
    assert.equal(failed.status, 'failed');
    assert.equal((failed.error as Json).code, -32603);
    assert.match(String((failed.error as Json).message), /may have received it, so it is not sent again/);
    assert.equal(posts.filter((p) => p === '/hang').length, 1);
    await onB.close();
  });
});
