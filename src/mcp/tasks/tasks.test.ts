import assert from 'node:assert/strict';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { CookieBrowser } from '../../../test/kit/cookie-browser.ts';
import { modernRpc } from '../../../test/kit/modern-rpc.ts';
import { obtainCode, redeem } from '../../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../../test/kit/oauth-gateway.ts';
import { listenLocal } from '../../../test/mcp-kit.ts';
import { createUser } from '../../people/users.service.ts';
import { createTask } from '../../tasks/tasks.service.ts';

/*
 * Long-running tools as MCP tasks (issue 38) through the whole gateway: a server whose people sign
 * in with Toolgate's OAuth, an asynchronous upstream (202 + Location, polled), the official SDK
 * client v2 (2026-07-28) polling, cancelling and answering tasks. The SDK 2.4 client cannot take
 * a `CreateTaskResult` itself (it rejects resultType "task"), so the tools/call that creates a
 * task is sent as raw JSON-RPC with the headers and `_meta` the 2026 transport asks for.
 */

const TASKS = 'io.modelcontextprotocol/tasks';
const UPSTREAM_TOKEN = 'sk_reports_upstream_77';
const loose = z.object({}).passthrough();
type Json = Record<string, unknown>;

interface Person {
  email: string;
  password: string;
  browser: CookieBrowser;
  token?: string;
}

describe('long-running tools as MCP tasks (2026-07-28)', () => {
  let g: OAuthGateway;
  let api: { url: string; close(): Promise<void> };
  const seen: Array<{ method: string; url: string; auth: string }> = [];
  let jobs = 0;
  const jobDone = new Map<string, number>();
  let ada: Person;
  let bob: Person;

  function upstream(req: IncomingMessage, res: ServerResponse) {
    seen.push({
      method: req.method ?? '',
      url: req.url ?? '',
      auth: String(req.headers.authorization ?? ''),
    });
    const url = new URL(req.url ?? '/', 'http://x');
    if (req.method === 'POST' && url.pathname.startsWith('/exports')) {
      const id = `e${++jobs}`;
      jobDone.set(id, Date.now() + Number(url.searchParams.get('ms') ?? 300));
      res.writeHead(202, { location: `/exports/status/${id}`, 'content-type': 'application/json' });
      return res.end(JSON.stringify({ id, status: 'queued' }));
    }
    const status = /^\/exports\/status\/(e\d+)$/.exec(url.pathname);
    if (status) {
      if (Date.now() < (jobDone.get(status[1]!) ?? 0)) {
        res.writeHead(202, { 'content-type': 'application/json' });
        return res.end('{"status":"running"}');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ id: status[1], rows: 42 }));
    }
    if (req.method === 'DELETE') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"purged":true}');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end('{"reports":[]}');
  }

  before(async () => {
    g = await startOAuthGateway();
    const local = await listenLocal(upstream);
    api = { url: local.url, close: () => new Promise<void>((r) => local.server.close(() => r())) };
    const patched = await g.t.api('PATCH', `/servers/${g.a.uuid}`, {
      outbound_auth_type: 'bearer',
      auth_credentials: { token: UPSTREAM_TOKEN },
      auth_credentials_origins: [api.url],
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const tool = async (body: Json) => {
      const res = await g.t.api('POST', `/servers/${g.a.uuid}/tools`, body);
      assert.equal(res.statusCode, 201, res.body);
    };
    const longRunning = { poll_interval_ms: 100 };
    await tool({
      name: 'Export report',
      slug: 'export_report',
      endpoint_url: `${api.url}/exports?ms={{ms}}`,
      http_method: 'POST',
      input_schema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
      parameter_mapping: {},
      execution: longRunning,
    });
    await tool({
      name: 'Export (tasks only)',
      slug: 'export_only_task',
      endpoint_url: `${api.url}/exports`,
      http_method: 'POST',
      execution: { ...longRunning, task: 'required' },
    });
    await tool({
      name: 'Export (continues)',
      slug: 'export_continues',
      endpoint_url: `${api.url}/exports?ms={{ms}}`,
      http_method: 'POST',
      input_schema: { type: 'object', properties: { ms: { type: 'integer' } }, required: ['ms'] },
      parameter_mapping: {},
      execution: { ...longRunning, continue_after_ms: 300 },
    });
    await tool({
      name: 'Purge cache',
      slug: 'purge_cache',
      endpoint_url: `${api.url}/cache`,
      http_method: 'DELETE',
      interaction: { confirm: 'always', confirm_message: 'Purge the report cache?' },
      execution: { ...longRunning, ask_in_task: true },
    });
    await createUser(g.t.ctx, {
      email: 'bob@example.com',
      display_name: 'Bob',
      password: 'another long passphrase',
      role: 'analyst',
    });
    ada = { email: g.person.email, password: g.person.password, browser: new CookieBrowser(g.origin) };
    bob = {
      email: 'bob@example.com',
      password: 'another long passphrase',
      browser: new CookieBrowser(g.origin),
    };
  });
  after(async () => {
    await api?.close();
    await g?.close();
  });

  async function tokenOf(person: Person, serverUrl = g.a.url): Promise<string> {
    const issued = await obtainCode(g, person, serverUrl, person.browser);
    const res = await redeem(g.issuer, issued, serverUrl);
    assert.equal(res.status, 200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  /** One 2026-07-28 request (test/kit/modern-rpc.ts) as Ada or Bob, to server A unless told. */
  function rpc(
    token: string,
    method: string,
    params: Json,
    opts: { tasks?: boolean; url?: string; headers?: Record<string, string> } = {},
  ) {
    return modernRpc(opts.url ?? g.a.url, method, params, {
      token,
      tasks: opts.tasks,
      headers: opts.headers,
      capabilities: { elicitation: { form: {} } },
    });
  }

  /** The official SDK client v2, pinned to 2026-07-28, declaring the Tasks extension (or not). */
  async function sdkClient(token: string, tasks = true): Promise<Client> {
    const client = new Client(
      { name: 'tasks-test', version: '1.0.0' },
      {
        capabilities: tasks ? { extensions: { [TASKS]: {} } } : {},
        versionNegotiation: { mode: { pin: '2026-07-28' } },
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(g.a.url), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    return client;
  }

  async function pollUntil(client: Client, taskId: string, done: (t: Json) => boolean): Promise<Json> {
    for (let i = 0; i < 100; i++) {
      const task = (await client.request({ method: 'tasks/get', params: { taskId } }, loose)) as Json;
      if (done(task)) return task;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.fail(`task ${taskId} did not settle`);
  }
  const terminal = (t: Json) => ['completed', 'failed', 'cancelled'].includes(String(t.status));

  test('server/discover advertises the extension; a call becomes a task the SDK client polls to its result', async () => {
    ada.token ??= await tokenOf(ada);
    const client = await sdkClient(ada.token);
    assert.deepEqual(client.getServerCapabilities()?.extensions, { [TASKS]: {} });
    seen.length = 0;
    const created = await rpc(ada.token, 'tools/call', { name: 'export_report', arguments: { ms: 400 } });
    assert.equal(created.status, 200);
    const task = created.body.result as Json;
    assert.equal(task.resultType, 'task');
    assert.equal(task.status, 'working');
    assert.match(String(task.taskId), /^[A-Za-z0-9_-]{24}$/);
    assert.ok(Number.isInteger(task.ttlMs) && Number.isInteger(task.pollIntervalMs));
    for (const key of ['result', 'error', 'inputRequests', 'requestState', 'task'])
      assert.equal(key in task, false, key);
    // Durable at once: the first tasks/get finds it.
    const first = (await client.request(
      { method: 'tasks/get', params: { taskId: task.taskId as string } },
      loose,
    )) as Json;
    assert.equal(first.taskId, task.taskId);
    const done = await pollUntil(client, String(task.taskId), terminal);
    assert.equal(done.status, 'completed');
    const result = done.result as { content: Array<{ text: string }>; isError: boolean };
    assert.equal(result.isError, false);
    assert.deepEqual(JSON.parse(result.content[0]!.text), { id: `e${jobs}`, rows: 42 });
    // One POST, then polls of the Location, each with the server's upstream credential.
    assert.equal(seen.filter((s) => s.method === 'POST').length, 1);
    assert.ok(seen.filter((s) => s.method === 'GET').length >= 2);
    for (const s of seen) assert.equal(s.auth, `Bearer ${UPSTREAM_TOKEN}`);
    // The credential never reaches the task's answers.
    assert.equal(JSON.stringify(done).includes(UPSTREAM_TOKEN), false);
    await g.t.ctx.callLogs.flush();
    const logs = (await g.t.api('GET', '/analytics/calls?per_page=100')).json() as Json[];
    assert.ok(
      logs.some((row) => row.tool_name === 'Export report' && row.method === 'tools/call (task)'),
      'the task’s call has its call-log row',
    );
    await client.close();
  });

  test('a client without the extension waits for the same result; task-only tools and tasks/* are -32021', async () => {
    ada.token ??= await tokenOf(ada);
    const client = await sdkClient(ada.token, false);
    const result = await client.callTool({ name: 'export_report', arguments: { ms: 300 } });
    assert.equal(result.isError, false);
    assert.match(JSON.stringify(result.content), /rows/);
    await assert.rejects(
      client.callTool({ name: 'export_only_task', arguments: {} }),
      (err: { code?: number }) => {
        assert.equal(err.code, -32021);
        return true;
      },
    );
    const get = await rpc(ada.token, 'tasks/get', { taskId: 'whatever' }, { tasks: false });
    assert.equal(get.status, 400);
    assert.equal((get.body.error as Json).code, -32021);
    assert.deepEqual((get.body.error as Json).data, {
      requiredCapabilities: { extensions: { [TASKS]: {} } },
    });
    // The 2025 revisions know no tasks: a task-only tool is a tool error there.
    const legacy = new Client({ name: 'legacy', version: '1.0.0' });
    await legacy.connect(
      new StreamableHTTPClientTransport(new URL(g.a.url), {
        requestInit: { headers: { authorization: `Bearer ${ada.token}` } },
      }),
    );
    const refused = await legacy.callTool({ name: 'export_only_task', arguments: {} });
    assert.equal(refused.isError, true);
    assert.match(JSON.stringify(refused.content), /runs as an MCP task/);
    await legacy.close();
    await client.close();
  });

  test('clients without tasks: past continue_after_ms the answer names a task; get_task_result fetches it (the caller’s own only)', async () => {
    ada.token ??= await tokenOf(ada);
    bob.token ??= await tokenOf(bob);
    const legacy = async (token: string) => {
      const c = new Client({ name: 'legacy', version: '1.0.0' });
      await c.connect(
        new StreamableHTTPClientTransport(new URL(g.a.url), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      );
      return c;
    };
    const c = await legacy(ada.token);
    const names = (await c.listTools()).tools.map((t) => t.name);
    assert.ok(names.includes('get_task_result'), names.join());
    const quick = await c.callTool({ name: 'export_continues', arguments: { ms: 20 } });
    assert.match(JSON.stringify(quick.content), /rows/, 'finished in time: the result itself');
    const slow = await c.callTool({ name: 'export_continues', arguments: { ms: 1_500 } });
    assert.equal(slow.isError, false);
    const taskId = (slow.structuredContent as { task_id: string }).task_id;
    assert.match(JSON.stringify(slow.content), new RegExp(`continues in the background as task ${taskId}`));
    const early = await c.callTool({ name: 'get_task_result', arguments: { task_id: taskId } });
    assert.match(JSON.stringify(early.content), /still running/);
    const other = await legacy(bob.token);
    const stolen = await other.callTool({ name: 'get_task_result', arguments: { task_id: taskId } });
    assert.equal(stolen.isError, true);
    assert.match(JSON.stringify(stolen.content), /No task/);
    const bad = await c.callTool({ name: 'get_task_result', arguments: { task_id: 7 } });
    assert.equal(bad.isError, true);
    await new Promise((r) => setTimeout(r, 1_800));
    const done = await c.callTool({ name: 'get_task_result', arguments: { task_id: taskId } });
    assert.equal(done.isError, false);
    assert.match(JSON.stringify(done.content), /rows/);
    await other.close();
    await c.close();
  });

  test('a caller has at most 100 unfinished tasks on a server; others are not held back', async () => {
    bob.token ??= await tokenOf(bob);
    ada.token ??= await tokenOf(ada);
    const bobUuid = (
      await g.t.ctx.store.db
        .selectFrom('users')
        .select('uuid')
        .where('email', '=', 'bob@example.com')
        .executeTakeFirstOrThrow()
    ).uuid;
    const server = (
      await g.t.ctx.store.db
        .selectFrom('servers')
        .select('id')
        .where('uuid', '=', g.a.uuid)
        .executeTakeFirstOrThrow()
    ).id;
    const tool = (
      await g.t.ctx.store.db
        .selectFrom('tools')
        .select('id')
        .where('slug', '=', 'purge_cache')
        .executeTakeFirstOrThrow()
    ).id;
    // 100 tasks waiting for Bob's answers (no instance works on them).
    for (let i = 0; i < 100; i++)
      await createTask(g.t.ctx, {
        serverId: Number(server),
        toolId: Number(tool),
        toolSlug: 'purge_cache',
        owner: bobUuid,
        request: {
          arguments: {},
          caller: null,
          clientIp: '127.0.0.1',
          clientName: null,
          protocolVersion: '2026-07-28',
          capabilities: {},
          policyIds: [],
        },
        phase: 'asking',
        status: 'input_required',
        statusMessage: null,
        ttlMs: 60_000,
        pollIntervalMs: 1_000,
      });
    const refused = await rpc(bob.token, 'tools/call', { name: 'export_report', arguments: { ms: 10 } });
    const result = refused.body.result as Json;
    assert.equal(result.isError, true);
    assert.match(
      JSON.stringify(result.content),
      /100 of your calls on this server are still running as tasks/,
    );
    const ok = await rpc(ada.token, 'tools/call', { name: 'export_report', arguments: { ms: 10 } });
    assert.equal((ok.body.result as Json).resultType, 'task');
  });

  test('refusals: another person, another server, an unknown or expired id, bad params, a mismatched Mcp-Name', async () => {
    ada.token ??= await tokenOf(ada);
    bob.token ??= await tokenOf(bob);
    const created = await rpc(ada.token, 'tools/call', { name: 'export_report', arguments: { ms: 100 } });
    const taskId = String((created.body.result as Json).taskId);
    const notFound = (r: { status: number; body: Json }) => {
      assert.equal(r.status, 200);
      assert.equal((r.body.error as Json).code, -32602);
      assert.match(String((r.body.error as Json).message), /Task not found/);
    };
    for (const method of ['tasks/get', 'tasks/cancel']) notFound(await rpc(bob.token, method, { taskId }));
    notFound(await rpc(bob.token, 'tasks/update', { taskId, inputResponses: {} }));
    notFound(await rpc(await tokenOf(ada, g.b.url), 'tasks/get', { taskId }, { url: g.b.url }));
    notFound(await rpc(ada.token, 'tasks/get', { taskId: 'AAAAAAAAAAAAAAAAAAAAAAAA' }));
    const badId = await rpc(ada.token, 'tasks/get', { taskId: 42 }, { headers: { 'mcp-name': '42' } });
    assert.equal((badId.body.error as Json).code, -32602);
    const badResponses = await rpc(ada.token, 'tasks/update', { taskId, inputResponses: [1] });
    assert.equal((badResponses.body.error as Json).code, -32602);
    const mismatch = await rpc(ada.token, 'tasks/get', { taskId }, { headers: { 'mcp-name': 'other' } });
    assert.equal(mismatch.status, 400);
    assert.equal((mismatch.body.error as Json).code, -32020);
    // Bob's attempts changed nothing: Ada's task runs to its end.
    const client = await sdkClient(ada.token);
    assert.equal((await pollUntil(client, taskId, terminal)).status, 'completed');
    await client.close();
    await g.t.ctx.store.db
      .updateTable('tasks')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('task_id', '=', taskId)
      .execute();
    const expired = await rpc(ada.token, 'tasks/get', { taskId });
    assert.match(String((expired.body.error as Json).message), /expired/);
  });

  test('tasks/cancel stops the polling: the task ends cancelled, the API is not polled again', async () => {
    ada.token ??= await tokenOf(ada);
    const client = await sdkClient(ada.token);
    const created = await rpc(ada.token, 'tools/call', { name: 'export_report', arguments: { ms: 60_000 } });
    const taskId = String((created.body.result as Json).taskId);
    await pollUntil(client, taskId, (t) => /accepted/.test(String(t.statusMessage)));
    const ack = (await client.request({ method: 'tasks/cancel', params: { taskId } }, loose)) as Json;
    assert.deepEqual(ack, {});
    const cancelled = await pollUntil(client, taskId, terminal);
    assert.equal(cancelled.status, 'cancelled');
    const polls = seen.length;
    await new Promise((r) => setTimeout(r, 400));
    assert.deepEqual(seen.slice(polls), [], 'no poll after the cancellation');
    // Cancelling a finished task is acknowledged the same way, and changes nothing.
    assert.deepEqual(await client.request({ method: 'tasks/cancel', params: { taskId } }, loose), {});
    assert.equal(
      ((await client.request({ method: 'tasks/get', params: { taskId } }, loose)) as Json).status,
      'cancelled',
    );
    await client.close();
  });

  test('questions inside the task: input_required, answered with tasks/update; a refusal sends nothing', async () => {
    ada.token ??= await tokenOf(ada);
    const client = await sdkClient(ada.token);
    const ask = async () => {
      const created = await rpc(ada.token!, 'tools/call', { name: 'purge_cache', arguments: {} });
      const task = created.body.result as Json;
      assert.equal(task.resultType, 'task');
      assert.equal(task.status, 'input_required');
      const waiting = (await client.request(
        { method: 'tasks/get', params: { taskId: String(task.taskId) } },
        loose,
      )) as Json;
      const requests = waiting.inputRequests as Record<string, { method: string; params: Json }>;
      assert.deepEqual(Object.keys(requests), ['1.confirm']);
      assert.equal(requests['1.confirm']!.method, 'elicitation/create');
      assert.match(String(requests['1.confirm']!.params.message), /Purge the report cache\?/);
      return String(task.taskId);
    };
    const deletes = () => seen.filter((s) => s.method === 'DELETE').length;
    const before = deletes();

    const declined = await ask();
    // An unknown key is ignored (acknowledged, nothing moves).
    assert.deepEqual(
      await client.request(
        {
          method: 'tasks/update',
          params: { taskId: declined, inputResponses: { nope: { action: 'accept' } } },
        },
        loose,
      ),
      {},
    );
    assert.equal(
      ((await client.request({ method: 'tasks/get', params: { taskId: declined } }, loose)) as Json).status,
      'input_required',
    );
    await client.request(
      {
        method: 'tasks/update',
        params: { taskId: declined, inputResponses: { '1.confirm': { action: 'decline' } } },
      },
      loose,
    );
    const no = await pollUntil(client, declined, terminal);
    assert.equal(no.status, 'completed');
    assert.match(JSON.stringify(no.result), /did not confirm/);
    assert.equal(deletes(), before, 'declined: nothing sent');

    const accepted = await ask();
    const answer = { '1.confirm': { action: 'accept', content: { confirm: true } } };
    await client.request(
      { method: 'tasks/update', params: { taskId: accepted, inputResponses: answer } },
      loose,
    );
    const yes = await pollUntil(client, accepted, terminal);
    assert.equal(yes.status, 'completed');
    assert.match(JSON.stringify(yes.result), /purged/);
    // A replayed answer is ignored: the call ran once.
    await client.request(
      { method: 'tasks/update', params: { taskId: accepted, inputResponses: answer } },
      loose,
    );
    await new Promise((r) => setTimeout(r, 200));
    assert.equal(deletes(), before + 1);
    await client.close();
  });

  test('notifications/tasks on subscriptions/listen: the caller’s own tasks only, and only with the extension', async () => {
    ada.token ??= await tokenOf(ada);
    bob.token ??= await tokenOf(bob);
    const created = await rpc(ada.token, 'tools/call', { name: 'export_report', arguments: { ms: 300 } });
    const taskId = String((created.body.result as Json).taskId);
    const listen = (token: string, tasks: boolean) =>
      fetch(g.a.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          'mcp-protocol-version': '2026-07-28',
          'mcp-method': 'subscriptions/listen',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 'listen-1',
          method: 'subscriptions/listen',
          params: {
            notifications: { taskIds: [taskId] },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': tasks ? { extensions: { [TASKS]: {} } } : {},
            },
          },
        }),
      });
    const refused = await listen(ada.token, false);
    assert.equal(refused.status, 400);
    assert.equal(((await refused.json()) as { error: Json }).error.code, -32021);

    const read = async (res: Response, until: (text: string) => boolean) => {
      const reader = res.body!.getReader();
      let text = '';
      const deadline = Date.now() + 8_000;
      while (!until(text) && Date.now() < deadline) {
        const chunk = await Promise.race([
          reader.read(),
          new Promise<{ done: true; value: undefined }>((r) =>
            setTimeout(() => r({ done: true, value: undefined }), 500),
          ),
        ]);
        if (chunk.value) text += new TextDecoder().decode(chunk.value);
      }
      await reader.cancel();
      return text;
    };
    const bobs = await read(await listen(bob.token, true), (t) => t.includes('acknowledged'));
    assert.match(bobs, /"taskIds":\[\]/, 'another person’s task is not followed');
    const adas = await read(await listen(ada.token, true), (t) => t.includes('"status":"completed"'));
    assert.match(adas, new RegExp(`"taskIds":\\["${taskId}"\\]`));
    const note = adas
      .split('\n')
      .filter((l) => l.startsWith('data: '))
      .map((l) => JSON.parse(l.slice(6)) as Json)
      .find((m) => m.method === 'notifications/tasks' && (m.params as Json).status === 'completed');
    assert.ok(note, adas);
    const params = note.params as Json;
    assert.equal(params.taskId, taskId);
    assert.match(JSON.stringify(params.result), /rows/);
  });
});
