import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

describe('servers API', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('creates a server with the spec fields and defaults', async () => {
    const res = await t.api('POST', '/servers', { name: 'Pet Store', description: 'pets' });
    assert.equal(res.statusCode, 201);
    const s = res.json();
    assert.equal(s.name, 'Pet Store');
    assert.equal(s.slug, 'pet-store');
    assert.match(s.server_id, /^[0-9a-f]{16}$/);
    assert.match(s.uuid, /^[0-9a-f-]{36}$/);
    assert.equal(s.status, 'active');
    assert.equal(s.transport_type, 'streamable-http');
    assert.equal(s.auth_type, 'none');
    assert.equal(s.outbound_auth_type, 'none');
    assert.equal(s.rate_limit_per_min, 60);
    assert.deepEqual(s.settings, { description: 'pets' });
    assert.equal(s.endpoint_url, 'http://gateway.test/mcp/pet-store');
    assert.deepEqual([s.tool_count, s.prompt_count, s.resource_count], [0, 0, 0]);
    assert.equal(s.user_id, 1);
  });

  test('PATCH merges description into settings, keeps other keys, and stores credentials sealed', async () => {
    const created = (await t.api('POST', '/servers', { name: 'Merge', settings: { color: 'blue' } })).json();
    const res = await t.api('PATCH', `/servers/${created.uuid}`, {
      description: 'new',
      status: 'paused',
      cors_origins: 'https://a.example,https://b.example',
      rate_limit_per_min: 10,
      test_auth_credentials: JSON.stringify({ token: 'sekret-token' }),
    });
    assert.equal(res.statusCode, 200);
    const s = res.json();
    assert.deepEqual(s.settings, { color: 'blue', description: 'new' });
    assert.equal(s.status, 'paused');
    assert.equal(s.rate_limit_per_min, 10);
    assert.equal(s.has_test_credentials, true);
    assert.ok(!res.body.includes('sekret-token'));
    const row = await t.ctx.store.db
      .selectFrom('servers')
      .selectAll()
      .where('id', '=', s.id)
      .executeTakeFirstOrThrow();
    assert.ok(row.test_auth_credentials?.startsWith('v1.'));
    assert.ok(!row.test_auth_credentials?.includes('sekret'));
    const creds = await t.api('GET', `/servers/${s.id}/credentials`);
    assert.deepEqual(creds.json().test_auth_credentials, { type: 'bearer', token: 'sekret-token' });
  });

  test('rejects a malformed test_auth_credentials string with rest_invalid_param naming it', async () => {
    const created = (await t.api('POST', '/servers', { name: 'Bad creds' })).json();
    const res = await t.api('PATCH', `/servers/${created.id}`, { test_auth_credentials: '{not json' });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, 'rest_invalid_param');
    assert.ok(res.json().data.params.test_auth_credentials);
  });

  test('stores inbound bearer tokens as hashes and never shows them', async () => {
    const res = await t.api('POST', '/servers', {
      name: 'Inbound',
      auth_type: 'bearer',
      auth_config: { token: 'in-token-1234567890' },
    });
    assert.equal(res.statusCode, 201);
    assert.deepEqual(res.json().auth_config, { token_set: true });
    assert.ok(!res.body.includes('in-token-1234567890'));
  });

  test('refuses an inbound token, API key value or password under 16 characters, saying the minimum, and changes nothing', async () => {
    const short = await t.api('POST', '/servers', {
      name: 'Short token',
      auth_type: 'bearer',
      auth_config: { token: 'abc' },
    });
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().code, 'rest_invalid_param');
    assert.equal(short.json().message, 'The inbound bearer token is too short: at least 16 characters.');
    assert.match(short.json().data.params['auth_config.token'], /^must be at least 16 characters \(got 3\)/);
    assert.ok(!short.body.includes('"abc"'));
    const listed = (await t.api('GET', '/servers?per_page=100')).json() as Array<{ name: string }>;
    assert.ok(!listed.some((s) => s.name === 'Short token'), 'nothing was created');

    const open = (await t.api('POST', '/servers', { name: 'Keyed later' })).json();
    for (const [auth_type, auth_config, field] of [
      ['api-key', { name: 'X-Key', value: 'k'.repeat(15) }, 'auth_config.value'],
      ['basic', { username: 'ada', password: 'p'.repeat(15) }, 'auth_config.password'],
      ['bearer', { token: 't'.repeat(15) }, 'auth_config.token'],
    ] as const) {
      const res = await t.api('PATCH', `/servers/${open.uuid}`, { auth_type, auth_config });
      assert.equal(res.statusCode, 400, auth_type);
      assert.deepEqual(Object.keys(res.json().data.params), [field]);
      assert.match(res.json().data.params[field], /at least 16 characters \(got 15\)/);
    }
    assert.equal((await t.api('GET', `/servers/${open.uuid}`)).json().auth_type, 'none');
    const exact = await t.api('PATCH', `/servers/${open.uuid}`, {
      auth_type: 'basic',
      auth_config: { username: 'ada', password: 'p'.repeat(16) },
    });
    assert.equal(exact.statusCode, 200, exact.body);
    // A later change that keeps the stored password does not have to send it again.
    const renamed = await t.api('PATCH', `/servers/${open.uuid}`, {
      auth_type: 'basic',
      auth_config: { username: 'grace' },
    });
    assert.equal(renamed.statusCode, 200, renamed.body);
    assert.deepEqual(renamed.json().auth_config, { username: 'grace', password_set: true });
  });

  test('answers 404 svc_not_found for unknown ids and 400 for a bad body', async () => {
    const missing = await t.api('GET', '/servers/999999');
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'svc_not_found');
    const badJson = await t.api('POST', '/servers', '{"name":');
    assert.equal(badJson.statusCode, 400);
    assert.equal(badJson.json().code, 'rest_invalid_json');
    const badType = await t.api('POST', '/servers', { name: 42 });
    assert.equal(badType.statusCode, 400);
    assert.equal(badType.json().code, 'rest_invalid_param');
    assert.ok('name' in badType.json().data.params);
  });

  test('lists servers with pagination headers', async () => {
    const res = await t.api('GET', '/servers?per_page=2');
    assert.equal(res.statusCode, 200);
    const total = Number(res.headers['x-svc-total']);
    assert.ok(total >= 4);
    assert.equal(res.headers['x-svc-totalpages'], String(Math.ceil(total / 2)));
    assert.equal(res.json().length, 2);
    const bad = await t.api('GET', '/servers?per_page=abc');
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(Object.keys(bad.json().data.params), ['per_page']);
  });

  test('rejects without a key (401) and without the capability (403)', async () => {
    const none = await t.api('GET', '/servers', undefined, null);
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, 'rest_not_logged_in');
    const analyst = await t.keyFor('analyst');
    const res = await t.api('GET', '/servers', undefined, analyst);
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, 'rest_forbidden');
    const editor = await t.keyFor('editor');
    const creds = await t.api('GET', '/servers/1/credentials', undefined, editor);
    assert.equal(creds.statusCode, 403);
  });

  test('deletes a server and its items', async () => {
    const created = (await t.api('POST', '/servers', { name: 'Doomed' })).json();
    const res = await t.api('DELETE', `/servers/${created.uuid}`);
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().deleted, true);
    assert.equal((await t.api('GET', `/servers/${created.uuid}`)).statusCode, 404);
  });
});
