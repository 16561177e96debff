import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { CookieBrowser } from '../../test/kit/cookie-browser.ts';
import { obtainCode, redeem } from '../../test/kit/oauth-client.ts';
import { type OAuthGateway, startOAuthGateway } from '../../test/kit/oauth-gateway.ts';
import { createGroup, createUser, setGroupMembers } from './users.service.ts';

/*
 * The person behind an MCP call (issue 34, items 4 and 5): a Toolgate-issued token names them,
 * call logs keep them, a server's access list admits them or not, and limits may count per person.
 */

interface Person {
  email: string;
  password: string;
  uuid: string;
}

/** An access token for `person` at `resource`, through registration, sign-in, consent and the code. */
async function tokenFor(
  g: OAuthGateway,
  person: Person,
  resource: string,
): Promise<{ token: string; clientId: string }> {
  const issued = await obtainCode(g, person, resource, new CookieBrowser(g.origin));
  const res = await redeem(g.issuer, issued, resource);
  assert.equal(res.status, 200, await res.clone().text());
  return { token: ((await res.json()) as { access_token: string }).access_token, clientId: issued.clientId };
}

/** One 2026-07-28 stateless request at an MCP endpoint with a bearer token. */
async function mcp(url: string, token: string, method: string, params: Record<string, unknown> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
      'mcp-protocol-version': '2026-07-28',
      'mcp-method': method,
      ...(method === 'tools/call' ? { 'mcp-name': String(params.name) } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method,
      params: {
        ...params,
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
          'io.modelcontextprotocol/clientInfo': { name: 'people-test', version: '1' },
        },
      },
    }),
  });
  return { status: res.status, text: await res.text() };
}

describe('the person behind an MCP call', () => {
  let g: OAuthGateway;
  let ada: Person;
  let bob: Person;
  let adaA: { token: string; clientId: string };
  let bobA: { token: string; clientId: string };
  before(async () => {
    g = await startOAuthGateway({ config: { logLevel: 'error' } });
    ada = g.person;
    const password = 'a different long password';
    const created = await createUser(g.t.ctx, { email: 'bob@example.com', password, role: 'analyst' });
    bob = { email: 'bob@example.com', password, uuid: created.uuid };
    adaA = await tokenFor(g, ada, g.a.url);
    bobA = await tokenFor(g, bob, g.a.url);
  });
  after(() => g.close());

  test('call logs name the person and the OAuth client; the list filters by person, the breakdown counts per person', async () => {
    assert.equal((await mcp(g.a.url, adaA.token, 'tools/call', { name: 'echo', arguments: {} })).status, 200);
    assert.equal((await mcp(g.a.url, bobA.token, 'tools/call', { name: 'echo', arguments: {} })).status, 200);
    await g.t.ctx.callLogs.flush();
    const all = (await g.t.api('GET', `/analytics/calls?server_id=${g.a.uuid}`)).json() as Array<{
      user_uuid: string | null;
      oauth_client_id: string | null;
      method: string;
    }>;
    const calls = all.filter((c) => c.method === 'tools/call');
    assert.deepEqual(
      calls.map((c) => [c.user_uuid, c.oauth_client_id]).sort(),
      [
        [ada.uuid, adaA.clientId],
        [bob.uuid, bobA.clientId],
      ].sort(),
    );
    const adas = (await g.t.api('GET', `/analytics/calls?user_id=${ada.uuid}`)).json() as Array<{
      user_uuid: string;
    }>;
    assert.ok(adas.length >= 1);
    assert.ok(adas.every((c) => c.user_uuid === ada.uuid));
    const perPerson = (await g.t.api('GET', '/analytics/breakdown?by=user&days=1')).json() as Array<{
      user_uuid: string;
      email: string | null;
      calls: number;
      errors: number;
    }>;
    const byUuid = new Map(perPerson.map((p) => [p.user_uuid, p]));
    assert.equal(byUuid.get(ada.uuid)?.email, 'ada@example.com');
    assert.equal(byUuid.get(bob.uuid)?.email, 'bob@example.com');
    assert.ok((byUuid.get(ada.uuid)?.calls ?? 0) >= 1);
    assert.equal(byUuid.get(ada.uuid)?.errors, 0);
    assert.equal(perPerson.length, 2, 'calls with no person are left out');
    const bad = await g.t.api('GET', '/analytics/calls?user_id=ada@example.com');
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /user_id/);
  });

  test('an access list admits the people and groups it names; anyone else gets 403, not an empty server', async () => {
    const set = await g.t.api('PATCH', `/servers/${g.a.uuid}`, {
      access_list: { users: [ada.uuid], groups: [] },
    });
    assert.equal(set.statusCode, 200, set.body);
    assert.deepEqual(set.json().access_list, { users: [ada.uuid], groups: [] });
    assert.equal((await mcp(g.a.url, adaA.token, 'tools/list')).status, 200);
    const denied = await mcp(g.a.url, bobA.token, 'tools/list');
    assert.equal(denied.status, 403);
    assert.match(denied.text, /may not use this server/);
    const call = await mcp(g.a.url, bobA.token, 'tools/call', { name: 'echo', arguments: {} });
    assert.equal(call.status, 403);

    // Through a group: Bob joins it, and his next request is admitted.
    const group = await createGroup(g.t.ctx, { name: 'Support' });
    await g.t.api('PATCH', `/servers/${g.a.uuid}`, {
      access_list: { users: [ada.uuid], groups: [group.uuid] },
    });
    assert.equal((await mcp(g.a.url, bobA.token, 'tools/list')).status, 403);
    await setGroupMembers(g.t.ctx, group.uuid, [bob.uuid]);
    assert.equal((await mcp(g.a.url, bobA.token, 'tools/list')).status, 200);

    // A disabled person is refused at once, wherever they are listed.
    const disabled = await g.t.api('PATCH', `/users/${ada.uuid}`, { disabled: true });
    assert.equal(disabled.statusCode, 200, disabled.body);
    assert.equal((await mcp(g.a.url, adaA.token, 'tools/list')).status, 403);
    await g.t.api('PATCH', `/users/${ada.uuid}`, { disabled: false });

    // Back to everyone signed in.
    await g.t.api('PATCH', `/servers/${g.a.uuid}`, { access_list: null });
    assert.equal((await mcp(g.a.url, bobA.token, 'tools/list')).status, 200);
  });

  test("a 2025 session is its opener's: another person's token with its id finds no session, and cannot end it", async () => {
    const post = (token: string, body: unknown, session?: string) =>
      fetch(g.a.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
          ...(session ? { 'mcp-session-id': session, 'mcp-protocol-version': '2025-11-25' } : {}),
        },
        body: JSON.stringify(body),
      });
    const init = await post(adaA.token, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    assert.equal(init.status, 200);
    const session = init.headers.get('mcp-session-id')!;
    const list = { jsonrpc: '2.0', id: 2, method: 'tools/list' };
    assert.equal((await post(adaA.token, list, session)).status, 200);
    const hijack = await post(bobA.token, list, session);
    assert.equal(hijack.status, 404);
    const ended = await fetch(g.a.url, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${bobA.token}`, 'mcp-session-id': session },
    });
    assert.equal(ended.status, 404);
    assert.equal((await post(adaA.token, list, session)).status, 200, 'still open for its person');
  });

  test('an access list naming a user or group that does not exist is refused, nothing changed', async () => {
    const ghost = '00000000-0000-4000-8000-000000000000';
    for (const list of [
      { users: [ghost], groups: [] },
      { users: [], groups: [ghost] },
    ]) {
      const res = await g.t.api('PATCH', `/servers/${g.a.uuid}`, { access_list: list });
      assert.equal(res.statusCode, 400, res.body);
      assert.match(res.body, /access_list/);
    }
    const wrongShape = await g.t.api('PATCH', `/servers/${g.a.uuid}`, { access_list: { users: ['x'] } });
    assert.equal(wrongShape.statusCode, 400);
    assert.equal((await g.t.api('GET', `/servers/${g.a.uuid}`)).json().access_list, null);
  });

  test('the server limit counts per signed-in person, not per address they share', async () => {
    await g.t.api('PATCH', `/servers/${g.b.uuid}`, { rate_limit_per_min: 2 });
    const adaB = await tokenFor(g, ada, g.b.url);
    const bobB = await tokenFor(g, bob, g.b.url);
    assert.equal((await mcp(g.b.url, adaB.token, 'tools/list')).status, 200);
    assert.equal((await mcp(g.b.url, adaB.token, 'tools/list')).status, 200);
    assert.equal((await mcp(g.b.url, adaB.token, 'tools/list')).status, 429);
    // Bob calls from the same address: his own budget.
    assert.equal((await mcp(g.b.url, bobB.token, 'tools/list')).status, 200);
  });

  test("with tool_limit_scope user, a tool's limit counts per person", async () => {
    await g.t.api('PATCH', `/servers/${g.a.uuid}`, { settings: { tool_limit_scope: 'user' } });
    const tools = (await g.t.api('GET', `/servers/${g.a.uuid}/tools`)).json() as Array<{ uuid: string }>;
    await g.t.api('PATCH', `/servers/${g.a.uuid}/tools/${tools[0]!.uuid}`, { rate_limit_per_min: 1 });
    const call = (token: string) => mcp(g.a.url, token, 'tools/call', { name: 'echo', arguments: {} });
    assert.match((await call(adaA.token)).text, /"isError":false/);
    assert.match((await call(adaA.token)).text, /Rate limit exceeded/);
    assert.match((await call(bobA.token)).text, /"isError":false/);
    const wrong = await g.t.api('PATCH', `/servers/${g.a.uuid}`, { settings: { tool_limit_scope: 'team' } });
    assert.equal(wrong.statusCode, 400);
  });
});
