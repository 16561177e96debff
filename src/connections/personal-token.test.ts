import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  Client,
  StreamableHTTPClientTransport,
  UrlElicitationRequiredError,
} from '@modelcontextprotocol/client';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { listenLocal } from '../../test/mcp-kit.ts';
import { createUser } from '../people/users.service.ts';

/*
 * Personal tokens through the official SDK client v2, two people, both eras: the first call asks
 * for a connection by URL-mode elicitation, the person types their token on Toolgate's page, the
 * retry answers with their own data; a cached answer never reaches the other person; a token the
 * upstream refuses leads back to consent; the link works once and only for its person.
 */

type Era = '2025-11-25' | '2026-07-28';

interface Person {
  email: string;
  password: string;
  token: string;
  browser: CookieBrowser;
}

describe('personal tokens, each person their own', () => {
  let g: OAuthGateway;
  let serverUrl: string;
  let serverUuid: string;
  let toolUuid: string;
  const valid = new Map<string, string>();
  const seenKeys: string[] = [];
  let ada: Person;
  let bob: Person;

  before(async () => {
    g = await startOAuthGateway();
    const resource = await listenLocal((req, res) => {
      const key = String(req.headers['x-api-key'] ?? '');
      seenKeys.push(key);
      const user = valid.get(key);
      res.writeHead(user ? 200 : 401, { 'content-type': 'application/json' });
      res.end(JSON.stringify(user ? { user, items: [`${user}-1`] } : { error: 'bad key' }));
    });
    g.t.ctx.onClose.push(() => new Promise<void>((r) => resource.server.close(() => r())));
    const created = await g.t.api('POST', '/servers', {
      name: 'Notes',
      auth_type: 'oauth',
      auth_credentials: {
        type: 'personal-token',
        location: 'header',
        name: 'X-Api-Key',
        instructions: 'Settings → Tokens',
      },
      auth_credentials_origins: [new URL(resource.url).origin],
    });
    assert.equal(created.statusCode, 201, created.body);
    const server = created.json() as {
      uuid: string;
      slug: string;
      outbound_auth_type: string;
      per_user_auth: unknown;
    };
    assert.equal(server.outbound_auth_type, 'personal-token');
    assert.deepEqual(server.per_user_auth, {
      type: 'personal-token',
      location: 'header',
      name: 'X-Api-Key',
      instructions: 'Settings → Tokens',
    });
    serverUuid = server.uuid;
    serverUrl = `${g.origin}/mcp/${server.slug}`;
    const tool = await g.t.api('POST', `/servers/${server.uuid}/tools`, {
      name: 'My notes',
      slug: 'my_notes',
      description: 'The caller’s own notes',
      endpoint_url: `${resource.url}/notes`,
      http_method: 'GET',
      cache_ttl: 300,
    });
    assert.equal(tool.statusCode, 201, tool.body);
    toolUuid = (tool.json() as { uuid: string }).uuid;
    await createUser(g.t.ctx, {
      email: 'bob@example.com',
      display_name: 'Bob',
      password: 'another long passphrase',
      role: null,
    });
    ada = {
      email: g.person.email,
      password: g.person.password,
      token: 'ada-token-1',
      browser: new CookieBrowser(g.origin),
    };
    bob = {
      email: 'bob@example.com',
      password: 'another long passphrase',
      token: 'bob-token-1',
      browser: new CookieBrowser(g.origin),
    };
    valid.set('ada-token-1', 'ada');
    valid.set('bob-token-1', 'bob');
  });
  after(async () => {
    await g?.close();
  });

  async function accessToken(person: Person): Promise<string> {
    const issued = await obtainCode(g, person, serverUrl, person.browser);
    const res = await redeem(g.issuer, issued, serverUrl);
    assert.equal(res.status, 200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function connectClient(era: Era, token: string, urlMode = true): Promise<Client> {
    const client = new Client(
      { name: 'pat-test', version: '1.0.0' },
      {
        capabilities: { elicitation: urlMode ? { form: {}, url: {} } : { form: {} } },
        ...(era === '2026-07-28' ? { versionNegotiation: { mode: { pin: '2026-07-28' } } } : {}),
      },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL(serverUrl), {
        requestInit: { headers: { authorization: `Bearer ${token}` } },
      }),
    );
    assert.equal(client.getNegotiatedProtocolVersion(), era);
    return client;
  }

  /** The person opens the link in their browser and saves their token. */
  async function enterToken(person: Person, link: string): Promise<string> {
    const page = await person.browser.open(link);
    assert.equal(page.status, 200, page.html.slice(0, 300));
    assert.match(page.html, /Enter your token/);
    assert.match(page.html, /Settings → Tokens/);
    const done = await person.browser.submit(person.browser.form(page), {
      token: person.token,
      decision: 'connect',
    });
    assert.match(done.html, /Connected/);
    return done.html;
  }

  async function connectionOf(person: Person) {
    const res = await g.t.api('GET', `/servers/${serverUuid}/connections`);
    assert.equal(res.statusCode, 200);
    return (
      res.json() as Array<{ user_id: string; email: string; status: string; last_error: string | null }>
    ).find((r) => r.email === person.email);
  }

  /** An administrator revokes the person's connection (if any). */
  async function disconnect(person: Person): Promise<void> {
    const row = await connectionOf(person);
    if (row)
      assert.equal(
        (await g.t.api('DELETE', `/servers/${serverUuid}/connections/${row.user_id}`)).statusCode,
        200,
      );
  }

  const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
    (result.content as Array<{ type: string; text?: string }>).map((c) => c.text ?? '').join('');

  test('2025-11-25: URL elicitation required (-32042), the token typed on the page, the retry answers as Ada', async () => {
    const client = await connectClient('2025-11-25', await accessToken(ada));
    const refused = await client.callTool({ name: 'my_notes', arguments: {} }).catch((e: unknown) => e);
    assert.ok(refused instanceof UrlElicitationRequiredError, String(refused));
    const [elicitation] = refused.elicitations;
    assert.equal(elicitation?.mode, 'url');
    assert.ok(elicitation?.elicitationId);
    assert.ok(elicitation.url.startsWith(`${g.origin}/connect/`), elicitation.url);
    assert.doesNotMatch(
      elicitation.url,
      /ada|example\.com|token/i,
      'the link names nobody and holds no secret',
    );
    assert.equal(seenKeys.length, 0, 'nothing was sent upstream');

    // Bob's browser cannot use Ada's link, and does not spend it.
    await bob.browser.open(`${g.origin}/admin/`);
    const signedInBob = await bob.browser.open(elicitation.url);
    assert.match(signedInBob.html, /Sign in/);
    const bobSignIn = await bob.browser.submit(bob.browser.form(signedInBob), {
      email: bob.email,
      password: bob.password,
    });
    assert.equal(bobSignIn.status, 403);
    assert.match(bobSignIn.html, /not yours/);

    await enterToken(ada, elicitation.url);
    const reused = await ada.browser.open(elicitation.url);
    assert.equal(reused.status, 410, 'a link works once');

    const result = await client.callTool({ name: 'my_notes', arguments: {} });
    assert.equal(result.isError, false, textOf(result));
    assert.match(textOf(result), /"user": "ada"/);
    assert.deepEqual(seenKeys, ['ada-token-1']);
    await client.close();

    // The admin Test action runs as the tester: this key is nobody's, and Ada's connection is never used.
    const tested = await g.t.api('POST', `/servers/${serverUuid}/tools/${toolUuid}/test`, { arguments: {} });
    assert.equal(tested.statusCode, 200, tested.body);
    const output = tested.json() as {
      mcp_output: { isError: boolean; content: Array<{ text: string }> };
      outbound_request: unknown;
    };
    assert.equal(output.mcp_output.isError, true);
    assert.match(
      output.mcp_output.content[0]!.text,
      /the Test action uses the tester's own connection, and this key belongs to no person\. No request was sent\./,
    );
    assert.equal(output.outbound_request, null);
    assert.deepEqual(seenKeys, ['ada-token-1']);
  });

  test('2026-07-28: input_required with a URL request, the handler connects Bob, the SDK retry answers as Bob — never Ada’s cached answer', async () => {
    const client = await connectClient('2026-07-28', await accessToken(bob));
    const asked: string[] = [];
    client.setRequestHandler('elicitation/create', async (request) => {
      const params = request.params as { mode?: string; url?: string };
      assert.equal(params.mode, 'url');
      asked.push(params.url!);
      await enterToken(bob, params.url!);
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'my_notes', arguments: {} });
    assert.equal(asked.length, 1);
    assert.equal(result.isError, false, textOf(result));
    // Same tool, same arguments, a cached answer of Ada's for 300 s: Bob gets his own.
    assert.match(textOf(result), /"user": "bob"/);
    assert.equal(seenKeys.at(-1), 'bob-token-1');
    const again = await client.callTool({ name: 'my_notes', arguments: {} });
    assert.match(textOf(again), /"user": "bob"/);
    await client.close();
  });

  for (const era of ['2025-11-25', '2026-07-28'] as const)
    test(`${era}: a client without URL elicitation gets a tool error naming My connections`, async () => {
      const person: Person = { ...bob, browser: new CookieBrowser(g.origin) };
      await disconnect(bob);
      const client = await connectClient(era, await accessToken(person), false);
      const result = await client.callTool({ name: 'my_notes', arguments: {} });
      assert.equal(result.isError, true);
      assert.match(textOf(result), new RegExp(`${g.origin}/admin/#/connections`));
      assert.match(textOf(result), /Nothing was sent/);
      await client.close();
    });

  test('a token the upstream refuses turns the connection to needs consent and asks again (2025-11-25)', async () => {
    await disconnect(ada);
    ada.token = 'ada-token-2';
    valid.set('ada-token-2', 'ada');
    const client = await connectClient('2025-11-25', await accessToken(ada));
    const first = await client.callTool({ name: 'my_notes', arguments: {} }).catch((e: unknown) => e);
    assert.ok(first instanceof UrlElicitationRequiredError);
    await enterToken(ada, first.elicitations[0]!.url);
    // A tool without cache, so the upstream is asked each time.
    const tool = await g.t.api('PATCH', `/servers/${serverUuid}/tools/${toolUuid}`, { cache_ttl: 0 });
    assert.equal(tool.statusCode, 200, tool.body);
    const ok = await client.callTool({ name: 'my_notes', arguments: {} });
    assert.match(textOf(ok), /"user": "ada"/);
    assert.equal((await connectionOf(ada))?.status, 'connected');

    valid.delete('ada-token-2');
    const before = seenKeys.length;
    const refused = await client.callTool({ name: 'my_notes', arguments: {} }).catch((e: unknown) => e);
    assert.ok(refused instanceof UrlElicitationRequiredError, String(refused));
    assert.deepEqual(
      seenKeys.slice(before),
      ['ada-token-2'],
      'one refused attempt, no retry with anything else',
    );
    const row = await connectionOf(ada);
    assert.equal(row?.status, 'needs_consent');
    assert.match(row?.last_error ?? '', /refused/);
    await client.close();
  });

  test('2026-07-28: the SDK retries at once after accept; the retry waits until the person has finished in the browser', async () => {
    await disconnect(bob);
    bob.token = 'bob-token-2';
    valid.set('bob-token-2', 'bob');
    const client = await connectClient('2026-07-28', await accessToken(bob));
    let finished = false;
    client.setRequestHandler('elicitation/create', async (request) => {
      const url = (request.params as { url: string }).url;
      // The person is still in the browser when the client retries.
      setTimeout(() => void enterToken(bob, url).then(() => (finished = true)), 600);
      return { action: 'accept' };
    });
    const result = await client.callTool({ name: 'my_notes', arguments: {} });
    assert.equal(finished, true, 'the answer came after the person finished');
    assert.equal(result.isError, false, textOf(result));
    assert.match(textOf(result), /"user": "bob"/);
    await client.close();
  });

  test('2026-07-28: a person who declines gets an answer and no upstream call', async () => {
    await disconnect(bob);
    const client = await connectClient('2026-07-28', await accessToken(bob));
    const before = seenKeys.length;
    client.setRequestHandler('elicitation/create', async () => ({ action: 'decline' }));
    const result = await client.callTool({ name: 'my_notes', arguments: {} });
    assert.equal(result.isError, false);
    assert.match(textOf(result), /not connected; nothing was sent/);
    assert.equal(seenKeys.length, before);
    await client.close();
  });

  test('code mode: a program calls as its person — Ada’s program reads Ada’s notes; Bob, not connected, gets an ApiError to connect', async () => {
    // Ada connects (again, with a token the upstream takes) through an ordinary call; Bob stays disconnected.
    await disconnect(ada);
    ada.token = 'ada-token-3';
    valid.set('ada-token-3', 'ada');
    const connecting = await connectClient('2026-07-28', await accessToken(ada));
    connecting.setRequestHandler('elicitation/create', async (request) => {
      await enterToken(ada, (request.params as { url: string }).url);
      return { action: 'accept' };
    });
    assert.equal((await connecting.callTool({ name: 'my_notes', arguments: {} })).isError, false);
    await connecting.close();
    assert.equal((await connectionOf(ada))?.status, 'connected');
    assert.notEqual((await connectionOf(bob))?.status, 'connected');
    const code = await g.t.api('PATCH', `/servers/${serverUuid}`, { tool_exposure: 'code' });
    assert.equal(code.statusCode, 200, code.body);
    try {
      const program = 'try { return await api.my_notes({}) } catch (e) { return e.code + ": " + e.message }';
      const adaClient = await connectClient('2026-07-28', await accessToken(ada));
      const mine = await adaClient.callTool({ name: 'execute', arguments: { code: program } });
      assert.deepEqual((mine.structuredContent as { result: unknown }).result, {
        user: 'ada',
        items: ['ada-1'],
      });
      await adaClient.close();
      const before = seenKeys.length;
      const bobClient = await connectClient('2026-07-28', await accessToken(bob));
      const refused = await bobClient.callTool({ name: 'execute', arguments: { code: program } });
      assert.match(
        String((refused.structuredContent as { result: unknown }).result),
        /^connection_required: my_notes needs your own account connected first/,
      );
      assert.equal(seenKeys.length, before, 'nothing was sent for Bob');
      await bobClient.close();
    } finally {
      await g.t.api('PATCH', `/servers/${serverUuid}`, { tool_exposure: 'all' });
    }
  });

  test('no token leaves the vault: call logs, their export, the tool export, server records and connection lists', async () => {
    await g.t.ctx.callLogs.flush();
    const secrets = ['ada-token-1', 'ada-token-2', 'ada-token-3', 'bob-token-1', 'bob-token-2'];
    for (const path of [
      '/analytics/calls?per_page=100',
      '/analytics/calls/export?format=json',
      `/servers/${serverUuid}`,
      `/servers/${serverUuid}/connections`,
    ]) {
      const res = await g.t.api('GET', path);
      assert.equal(res.statusCode, 200, `${path}: ${res.body.slice(0, 200)}`);
      for (const secret of secrets) assert.ok(!res.body.includes(secret), `${path} shows ${secret}`);
    }
    const exported = await g.t.api('POST', `/servers/${serverUuid}/tools/export`, {});
    assert.equal(exported.statusCode, 200, exported.body.slice(0, 200));
    for (const secret of secrets)
      assert.ok(!exported.body.includes(secret), `the tool export shows ${secret}`);
    const calls = await g.t.api('GET', '/analytics/calls?per_page=100');
    assert.ok(
      calls.body.includes('my_notes') || calls.body.includes('My notes'),
      `the calls were logged: ${calls.body.slice(0, 300)}`,
    );
  });
});
