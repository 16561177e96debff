import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { modernRpc } from '../../test/kit/modern-rpc.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { redisReachable, TEST_REDIS_URL } from '../../test/kit/redis.ts';
import { startSmtpSink } from '../../test/kit/smtp-sink.ts';
import { listenLocal } from '../../test/mcp-kit.ts';
import { type Browser, signedInPerson, signIn } from '../../test/people-kit.ts';

/*
 * The approval queue with real parts: people signed in to the management API, an MCP client (the
 * official SDK v2) holding a call while a member of the approver group decides, a local API
 * counting what reaches it, and — on PostgreSQL with Redis — the decision taken on another
 * instance than the one holding the call.
 */

type Era = '2025-11-25' | '2026-07-28';
type CallResult = Awaited<ReturnType<Client['callTool']>>;

const POLICY =
  '@ask("group:managers")\n@reason("refunds above 500 need a manager")\nforbid(principal, action == Action::"call_tool", resource == Tool::"create_refund")\nwhen { context.arguments has amount && context.arguments.amount > 500 };';

const textOf = (r: CallResult) => (r.content as Array<{ text?: string }>).map((c) => c.text ?? '').join('');

interface Approval {
  id: string;
  status: string;
  tool: { slug: string };
  caller: { email: string } | null;
  reason: string;
  arguments: Record<string, unknown>;
  decided_by: { display_name: string } | null;
  note: string | null;
  used_at: string | null;
  can_decide: boolean;
}

async function mcpClient(era: Era, url: string, token?: string): Promise<Client> {
  const c = new Client(
    { name: 'approvals-test', version: '1.0.0' },
    era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {},
  );
  await c.connect(
    new StreamableHTTPClientTransport(
      new URL(url),
      token ? { requestInit: { headers: { authorization: `Bearer ${token}` } } } : {},
    ),
  );
  return c;
}

/** The upstream API: every request, with its body. */
async function countingApi() {
  const seen: string[] = [];
  const api = await listenLocal((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${body}`);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"refunded":true}');
    });
  });
  return { seen, api };
}

async function addRefundTool(t: TestApp, serverUuid: string, base: string) {
  const res = await t.api('POST', `/servers/${serverUuid}/tools`, {
    name: 'Create refund',
    slug: 'create_refund',
    description: 'Refunds a charge',
    endpoint_url: `${base}/refunds`,
    http_method: 'POST',
    input_schema: {
      type: 'object',
      properties: { charge: { type: 'string' }, amount: { type: 'integer' } },
      required: ['charge', 'amount'],
    },
  });
  assert.equal(res.statusCode, 201, res.body);
}

/** Polls the queue as `who` until `count` approvals are pending (the waiting call put them there). */
async function pendingFor(who: Browser, count = 1): Promise<Approval[]> {
  for (let i = 0; i < 200; i++) {
    const res = await who.call('GET', '/approvals');
    assert.equal(res.statusCode, 200, res.body);
    const items = res.json() as Approval[];
    if (items.length >= count) return items;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('no approval appeared');
}

describe('approvals: a member of the approver group decides', () => {
  let g: OAuthGateway;
  let seen: string[];
  let api: { server: Server; url: string };
  let server: { uuid: string; url: string };
  let ada: Browser;
  let bob: Browser;
  let carol: Browser;
  const tokens = new Map<string, string>();
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;

  before(async () => {
    smtp = await startSmtpSink();
    g = await startOAuthGateway({ config: { approvalHoldSeconds: 20, smtpUrl: smtp.url } });
    ({ seen, api } = await countingApi());
    const created = await g.t.api('POST', '/servers', {
      name: 'Payments',
      auth_type: 'oauth',
      rate_limit_per_min: 10_000,
    });
    assert.equal(created.statusCode, 201, created.body);
    const { uuid, slug } = created.json() as { uuid: string; slug: string };
    server = { uuid, url: `${g.origin}/mcp/${slug}` };
    await addRefundTool(g.t, uuid, api.url);
    ada = await signIn(g.t, g.person.email, g.person.password);
    bob = await signedInPerson(g.t, { email: 'bob@example.com', role: 'analyst' });
    carol = await signedInPerson(g.t, { email: 'carol@example.com', role: 'analyst' });
    await g.t.api('PATCH', `/users/${bob.userId}`, { display_name: 'Bob' });
    const group = await g.t.api('POST', '/groups', { name: 'managers' });
    assert.equal(group.statusCode, 201, group.body);
    // Ada is a manager too: she still cannot approve her own call.
    const members = await g.t.api('PUT', `/groups/${group.json().id}/members`, {
      user_ids: [bob.userId, ada.userId],
    });
    assert.equal(members.statusCode, 200, members.body);
    const saved = await g.t.api('POST', '/policies', { name: 'big-refunds', server_id: uuid, text: POLICY });
    assert.equal(saved.statusCode, 201, saved.body);
  });
  after(async () => {
    api?.server.close();
    await g?.close();
    await smtp?.close();
  });

  async function adaClient(era: Era): Promise<Client> {
    let token = tokens.get('ada');
    if (!token) {
      const issued = await obtainCode(g, g.person, server.url, new CookieBrowser(g.origin));
      token = ((await (await redeem(g.issuer, issued, server.url)).json()) as { access_token: string })
        .access_token;
      tokens.set('ada', token);
    }
    return mcpClient(era, server.url, token);
  }

  test('a small refund runs at once; a big one waits, and runs once with the arguments the approver saw', async () => {
    const c = await adaClient('2025-11-25');
    const small = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_1', amount: 100 } });
    assert.equal(small.isError, false, textOf(small));
    assert.equal(seen.length, 1);

    const waiting = c.callTool({ name: 'create_refund', arguments: { charge: 'ch_2', amount: 900 } });
    const [approval] = await pendingFor(bob);
    assert.equal(approval!.status, 'pending');
    assert.equal(approval!.tool.slug, 'create_refund');
    assert.equal(approval!.caller?.email, 'ada@example.com');
    assert.equal(approval!.reason, 'refunds above 500 need a manager');
    assert.deepEqual(approval!.arguments, { charge: 'ch_2', amount: 900 });
    assert.equal(approval!.can_decide, true);
    assert.equal(seen.length, 1, 'nothing reached the API while it waits');

    // Who may not decide: the caller, someone outside the group, a key of no person.
    const own = await ada.call('POST', `/approvals/${approval!.id}/approve`, {});
    assert.equal(own.statusCode, 403);
    assert.match(own.json().message, /cannot decide your own call/);
    assert.equal((await ada.call('GET', `/approvals/${approval!.id}`)).json().can_decide, false);
    assert.deepEqual((await carol.call('GET', '/approvals')).json(), [], 'not her group, not her call');
    assert.equal((await carol.call('GET', `/approvals/${approval!.id}`)).statusCode, 404);
    assert.equal((await carol.call('POST', `/approvals/${approval!.id}/approve`, {})).statusCode, 404);
    const keyOfNoOne = await g.t.api('POST', `/approvals/${approval!.id}/approve`, {});
    assert.equal(keyOfNoOne.statusCode, 403);
    assert.match(keyOfNoOne.json().message, /belongs to no one/);
    assert.equal(
      (await bob.call('POST', `/approvals/${approval!.id}/approve`, {}, { csrf: null })).statusCode,
      403,
    );

    const approved = await bob.call('POST', `/approvals/${approval!.id}/approve`, {
      note: 'customer is right',
    });
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.json().status, 'approved');
    assert.equal(approved.json().decided_by.display_name, 'Bob');
    const done = await waiting;
    assert.equal(done.isError, false, textOf(done));
    assert.equal(seen.length, 2);
    assert.match(seen[1]!, /^POST \/refunds .*"amount":900/);
    assert.equal((await bob.call('POST', `/approvals/${approval!.id}/approve`, {})).statusCode, 409);
    assert.equal((await bob.call('POST', `/approvals/${approval!.id}/deny`, {})).statusCode, 409);
    const after = (await bob.call('GET', `/approvals/${approval!.id}`)).json() as Approval;
    assert.ok(after.used_at, 'the approval was used by the call');
    await c.close();
  });

  test('a denial reaches the waiting call (2026-07-28) as a tool error with the note; nothing is sent', async () => {
    const c = await adaClient('2026-07-28');
    const before = seen.length;
    const waiting = c.callTool({ name: 'create_refund', arguments: { charge: 'ch_3', amount: 700 } });
    const [approval] = await pendingFor(bob);
    const denied = await bob.call('POST', `/approvals/${approval!.id}/deny`, {
      note: 'not for this customer',
    });
    assert.equal(denied.statusCode, 200, denied.body);
    const answer = await waiting;
    assert.equal(answer.isError, true);
    assert.equal(
      textOf(answer),
      'Denied by Bob (group "managers"): not for this customer. No request was sent.',
    );
    assert.equal(seen.length, before);
    await c.close();
  });

  test('a client with MCP tasks gets a task that waits for the approver: approved it runs once, denied it completes with the note', async () => {
    await adaClient('2026-07-28').then((c) => c.close());
    const token = tokens.get('ada')!;
    const rpc = async (method: string, params: Record<string, unknown>) =>
      (await modernRpc(server.url, method, params, { token })).body.result as Record<string, unknown>;
    const settle = async (taskId: string) => {
      for (let i = 0; i < 100; i++) {
        const task = await rpc('tasks/get', { taskId });
        if (['completed', 'failed', 'cancelled'].includes(String(task.status))) return task;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`task ${taskId} did not settle`);
    };
    const before = seen.length;
    const created = await rpc('tools/call', {
      name: 'create_refund',
      arguments: { charge: 'ch_t1', amount: 950 },
    });
    assert.equal(created.resultType, 'task', JSON.stringify(created));
    assert.equal(created.status, 'working');
    assert.match(
      String(created.statusMessage),
      /Waiting for a member of "managers" to approve: refunds above 500/,
    );
    const [approval] = await pendingFor(bob);
    assert.deepEqual(approval!.arguments, { charge: 'ch_t1', amount: 950 });
    assert.equal(seen.length, before, 'nothing sent while it waits');
    assert.equal((await bob.call('POST', `/approvals/${approval!.id}/approve`, {})).statusCode, 200);
    const done = await settle(String(created.taskId));
    assert.equal(done.status, 'completed');
    assert.match(JSON.stringify(done.result), /refunded/);
    assert.equal(seen.length, before + 1);
    assert.match(seen.at(-1)!, /"amount":950/);

    const second = await rpc('tools/call', {
      name: 'create_refund',
      arguments: { charge: 'ch_t2', amount: 990 },
    });
    const [next] = await pendingFor(bob);
    await bob.call('POST', `/approvals/${next!.id}/deny`, { note: 'too much' });
    const denied = await settle(String(second.taskId));
    assert.equal(denied.status, 'completed');
    assert.deepEqual(denied.result, {
      content: [{ type: 'text', text: 'Denied by Bob (group "managers"): too much. No request was sent.' }],
      isError: true,
    });
    assert.equal(seen.length, before + 1);
  });

  test('a call not decided in time answers "pending"; the same call made again runs once approved, then asks again', async () => {
    g.t.ctx.config.approvalHoldSeconds = 0;
    try {
      const c = await adaClient('2026-07-28');
      const before = seen.length;
      const first = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_4', amount: 800 } });
      assert.equal(first.isError, true);
      assert.match(
        textOf(first),
        /^Waiting for approval: refunds above 500 need a manager\. A member of "managers" must approve/,
      );
      assert.match(textOf(first), /call this tool again with the same arguments later/);
      const [approval] = await pendingFor(bob);
      assert.equal((await bob.call('POST', `/approvals/${approval!.id}/approve`, {})).statusCode, 200);
      // The retry names the arguments in another order: the same call.
      const retry = await c.callTool({ name: 'create_refund', arguments: { amount: 800, charge: 'ch_4' } });
      assert.equal(retry.isError, false, textOf(retry));
      assert.equal(seen.length, before + 1);
      const again = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_4', amount: 800 } });
      assert.match(textOf(again), /^Waiting for approval/, 'an approval runs its call once');
      assert.equal(seen.length, before + 1);

      // Expiry: nobody answered in time (the clock is moved by rewriting the row's deadline).
      const [next] = await pendingFor(bob);
      await g.t.ctx.store.db
        .updateTable('approvals')
        .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .where('uuid', '=', next!.id)
        .execute();
      const expired = await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_4', amount: 800 } });
      assert.match(textOf(expired), /^No member of "managers" approved this call before .*; it was not sent/);
      assert.equal(seen.length, before + 1);
      const late = await bob.call('POST', `/approvals/${next!.id}/approve`, {});
      assert.equal(late.statusCode, 409);
      const list = (await bob.call('GET', '/approvals?status=expired')).json() as Approval[];
      assert.deepEqual(
        list.map((a) => a.id),
        [next!.id],
      );
      await c.close();
    } finally {
      g.t.ctx.config.approvalHoldSeconds = 20;
    }
  });

  test('bad input is refused and changes nothing; one caller cannot flood the approvers', async () => {
    assert.equal((await bob.call('GET', '/approvals?status=maybe')).statusCode, 400);
    assert.equal((await bob.call('GET', '/approvals/not-a-uuid')).statusCode, 404);
    assert.equal(
      (await bob.call('POST', '/approvals/00000000-0000-4000-8000-000000000000/approve', {})).statusCode,
      404,
    );
    g.t.ctx.config.approvalHoldSeconds = 0;
    try {
      const c = await adaClient('2026-07-28');
      const answers: string[] = [];
      for (let i = 0; i < 11; i++)
        answers.push(
          textOf(
            await c.callTool({ name: 'create_refund', arguments: { charge: `flood_${i}`, amount: 600 + i } }),
          ),
        );
      assert.equal(answers.filter((a) => a.startsWith('Waiting for approval')).length, 10);
      assert.equal(
        answers[10],
        'Refused: 10 of your calls on this server already wait for an approver; wait for their decisions. No request was sent.',
      );
      const [one] = await pendingFor(bob, 10);
      const long = await bob.call('POST', `/approvals/${one!.id}/deny`, { note: 'x'.repeat(501) });
      assert.equal(long.statusCode, 400);
      const unknown = await bob.call('POST', `/approvals/${one!.id}/deny`, { reason: 'no' });
      assert.equal(unknown.statusCode, 400);
      assert.equal(((await bob.call('GET', `/approvals/${one!.id}`)).json() as Approval).status, 'pending');
      await c.close();
      // The approvers clear the queue.
      for (const a of await pendingFor(bob, 10))
        assert.equal((await bob.call('POST', `/approvals/${a.id}/deny`, {})).statusCode, 200);
    } finally {
      g.t.ctx.config.approvalHoldSeconds = 20;
    }
  });

  test('the group is mailed, the webhook hears each step; neither carries the arguments', async () => {
    const hooks: Array<Record<string, unknown>> = [];
    const hook = await listenLocal((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        hooks.push(JSON.parse(body) as Record<string, unknown>);
        res.writeHead(204).end();
      });
    });
    try {
      const set = await g.t.api('POST', '/settings', { approval_webhook_url: `${hook.url}/approvals` });
      assert.equal(set.statusCode, 200, set.body);
      g.t.ctx.config.approvalHoldSeconds = 0;
      const mailsBefore = smtp.mails.length;
      const c = await adaClient('2026-07-28');
      await c.callTool({ name: 'create_refund', arguments: { charge: 'ch_secret_77', amount: 612 } });
      await c.close();
      const waitFor = async (done: () => boolean) => {
        for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
        assert.ok(done());
      };
      const [mine] = await pendingFor(bob);
      assert.equal(mine!.arguments.charge, 'ch_secret_77');
      type Hook = { type: string; approval: { id: string; tool: string; caller: string } };
      const about = () => hooks.filter((h) => (h as Hook).approval.id === mine!.id) as Hook[];
      // Earlier tests' mails may still be on their way (each announcement mails, then posts).
      await waitFor(() => about().length >= 1 && smtp.mails.length > mailsBefore);
      const requested = about()[0]!;
      assert.equal(requested.type, 'approval.requested');
      assert.equal(requested.approval.tool, 'create_refund');
      assert.equal(requested.approval.caller, 'ada@example.com');
      const mail = smtp.mails.at(-1)!;
      assert.deepEqual(mail.to, ['bob@example.com'], 'the group but the caller');
      assert.match(mail.body, /ada@example\.com asks to call create_refund on Payments/);
      assert.match(mail.body, /\/admin\/#\/approvals/);
      const denied = await bob.call('POST', `/approvals/${requested.approval.id}/deny`, {});
      assert.equal(denied.statusCode, 200, denied.body);
      await waitFor(() => about().length >= 2);
      assert.equal(about()[1]!.type, 'approval.denied');
      // The arguments (charge ch_secret_77, amount 612) appear nowhere; a time stamp's ".612Z" is not the amount.
      assert.doesNotMatch(JSON.stringify(hooks) + mail.body, /ch_secret_77|(?<![.\d])612(?!\d)/);
    } finally {
      g.t.ctx.config.approvalHoldSeconds = 20;
      await g.t.api('POST', '/settings', { approval_webhook_url: '' });
      hook.server.close();
    }
  });

  test('every request, approval, denial and expiry is in the audit trail, and the chain verifies', async () => {
    const rows = (await g.t.api('GET', '/audit?action=approval.&per_page=100')).json() as Array<{
      action: string;
      actor_kind: string;
      actor_name: string;
      decision: string;
      policy_ids: string[];
    }>;
    const count = (action: string) => rows.filter((r) => r.action === action).length;
    assert.equal(count('approval.requested'), 17);
    assert.equal(count('approval.approved'), 3);
    assert.equal(count('approval.denied'), 13);
    assert.equal(count('approval.expired'), 1);
    const approvedBy = rows.find((r) => r.action === 'approval.approved')!;
    assert.deepEqual(
      [approvedBy.actor_kind, approvedBy.actor_name, approvedBy.decision, approvedBy.policy_ids],
      ['user', 'Bob', 'approved', ['big-refunds']],
    );
    assert.equal((await g.t.api('GET', '/audit/verify')).json().ok, true);
  });
});

const redisUp = await redisReachable();

describe('approvals across instances (PostgreSQL + Redis)', { timeout: 60_000 }, () => {
  let schema: PgSchema;
  let one: TestApp;
  let two: TestApp;
  let origin: string;
  let api: { server: Server; url: string };
  let seen: string[];

  before(async () => {
    if (!redisUp && process.env.CI === 'true') throw new Error('Redis must be reachable under CI=true');
    schema = await createPgSchema();
    if ('skip' in schema || !redisUp) return;
    const prefix = `tg-approvals-${Date.now().toString(36)}`;
    const shared = { redisUrl: TEST_REDIS_URL, redisPrefix: prefix, approvalHoldSeconds: 20 };
    ({ seen, api } = await countingApi());
    one = await buildTestApp({ databaseUrl: schema.url, config: shared });
    await one.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(one.app.server.address() as { port: number }).port}`;
    two = await buildTestApp({ databaseUrl: schema.url, config: shared });
  });
  after(async () => {
    api?.server.close();
    await one?.close();
    await two?.close();
    if (schema && 'drop' in schema) await schema.drop();
  });

  test('the call waits on one instance, the approver decides on the other, the call runs', async (t) => {
    if ('skip' in schema) return t.skip(schema.skip);
    const created = await one.api('POST', '/servers', {
      name: 'Shared payments',
      rate_limit_per_min: 10_000,
    });
    const { uuid, slug } = created.json() as { uuid: string; slug: string };
    await addRefundTool(one, uuid, api.url);
    const bobOnOne = await signedInPerson(one, { email: 'bob@example.com', role: 'analyst' });
    const group = await one.api('POST', '/groups', { name: 'managers' });
    await one.api('PUT', `/groups/${group.json().id}/members`, { user_ids: [bobOnOne.userId] });
    const saved = await one.api('POST', '/policies', { name: 'big-refunds', server_id: uuid, text: POLICY });
    assert.equal(saved.statusCode, 201, saved.body);

    const c = await mcpClient('2026-07-28', `${origin}/mcp/${slug}`);
    const waiting = c.callTool({ name: 'create_refund', arguments: { charge: 'ch_9', amount: 999 } });
    const bobOnTwo = await signIn(two, 'bob@example.com', 'correct horse battery staple');
    const [approval] = await pendingFor(bobOnTwo);
    assert.equal(approval!.caller, null, 'the shared identity of a server without sign-in');
    const approved = await bobOnTwo.call('POST', `/approvals/${approval!.id}/approve`, {});
    assert.equal(approved.statusCode, 200, approved.body);
    const done = await waiting;
    assert.equal(done.isError, false, textOf(done));
    assert.deepEqual(
      seen.map((s) => s.split(' ').slice(0, 2).join(' ')),
      ['POST /refunds'],
    );
    await c.close();
  });
});
