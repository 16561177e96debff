import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from './helpers.ts';
import { fingerprint, type Seeded, seed, startUpstream } from './hostile-kit.ts';

/*
 * Strict bodies: an unknown field on any create/update body is 400 rest_invalid_param naming it
 * (with "did you mean" when one known field is close), and nothing changes. One case per route
 * group, nested closed shapes included.
 */

describe('unknown body fields on every route group', () => {
  let t: TestApp;
  let upstream: Server;
  let s: Seeded;
  before(async () => {
    const up = await startUpstream();
    upstream = up.server;
    t = await buildTestApp();
    s = await seed(t, up.url);
  });
  after(async () => {
    await t.close();
    upstream.close();
  });

  /** Sends the body, expects 400 naming exactly these fields with these reasons, and no write. */
  async function refused(
    method: 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    path: string,
    body: unknown,
    params: Record<string, string>,
  ) {
    const before = await fingerprint(t);
    const res = await t.api(method, path, body);
    assert.equal(res.statusCode, 400, `${method} ${path}: ${res.body}`);
    assert.equal(res.json().code, 'rest_invalid_param');
    assert.deepEqual(res.json().data.params, params, `${method} ${path}`);
    assert.equal(await fingerprint(t), before, `${method} ${path} wrote to the store`);
  }

  const unknown = 'is not a known field';
  const meant = (field: string) => `${unknown}; did you mean \`${field}\`?`;

  test('servers: create and update, auth_config included', async () => {
    await refused('POST', '/servers', { name: 'x', stauts: 'paused' }, { stauts: meant('status') });
    await refused('PATCH', `/servers/${s.server.uuid}`, { stauts: 'paused' }, { stauts: meant('status') });
    await refused('PUT', `/servers/${s.server.uuid}`, { colour: 'red' }, { colour: unknown });
    await refused(
      'PATCH',
      `/servers/${s.server.uuid}`,
      { auth_type: 'bearer', auth_config: { tokn: 'abcdefghijklmnop' } },
      { 'auth_config.tokn': meant('token') },
    );
  });

  test('tools: create and update, mappings included', async () => {
    const tools = `/servers/${s.server.uuid}/tools`;
    await refused(
      'POST',
      tools,
      { name: 'n', endpoint_url: 'https://example.com', htp_method: 'POST' },
      { htp_method: meant('http_method') },
    );
    const one = `${tools}/${s.tool.uuid}`;
    await refused('PATCH', one, { stauts: 'active' }, { stauts: meant('status') });
    await refused(
      'PATCH',
      one,
      { response_mapping: { formt: 'text' } },
      { 'response_mapping.formt': meant('format') },
    );
    await refused(
      'PATCH',
      one,
      { parameter_mapping: { q: { target: 'query', key: 'q', styl: 'comma' } } },
      { 'parameter_mapping.q.styl': meant('style') },
    );
    await refused('POST', `${one}/test`, { argument: {} }, { argument: meant('arguments') });
  });

  test('prompts and resources: create and update, nested arguments and config included', async () => {
    const prompts = `/servers/${s.server.id}/prompts`;
    await refused(
      'POST',
      prompts,
      { name: 'p', templat_content: 'x' },
      { templat_content: meant('template_content') },
    );
    await refused(
      'PATCH',
      `${prompts}/${s.prompt.id}`,
      { arguments: [{ name: 'a', requird: true }] },
      { 'arguments.0.requird': meant('required') },
    );
    const resources = `/servers/${s.server.uuid}/resources`;
    await refused(
      'POST',
      resources,
      { uri: 'docs://x', mimetype: 'text/plain' },
      { mimetype: meant('mime_type') },
    );
    await refused(
      'PATCH',
      `${resources}/${s.resource.id}`,
      { data_source_config: { contents: 'x' } },
      { 'data_source_config.contents': meant('content') },
    );
  });

  test('keys and settings', async () => {
    await refused('POST', '/keys', { name: 'k', rol: 'editor' }, { rol: meant('role') });
    await refused('PATCH', '/settings', { default_timeot: 10 }, { default_timeot: meant('default_timeout') });
    await refused('POST', '/settings', { timezone: 'UTC', theme: 'dark' }, { theme: unknown });
  });

  test('imports, export and call-log deletes', async () => {
    const base = `/servers/${s.server.uuid}/tools`;
    await refused(
      'POST',
      `${base}/import-curl`,
      { curl_comand: 'curl https://example.com' },
      { curl_comand: meant('curl_command') },
    );
    await refused(
      'POST',
      `${base}/import-openapi`,
      { content: '{}', on_conflit: 'skip' },
      { on_conflit: meant('on_conflict') },
    );
    await refused(
      'POST',
      `${base}/import-collection`,
      { content: '{}', comit: true },
      { comit: meant('commit') },
    );
    await refused(
      'POST',
      `${base}/import-svc`,
      { manifest: { format: 'svc/tools-v1', tools: [] }, imported_stat: 'active' },
      {
        imported_stat: meant('imported_status'),
      },
    );
    await refused('POST', `${base}/export`, { tool_id: [] }, { tool_id: meant('tool_ids') });
    await refused('DELETE', '/analytics/calls', { id: [1] }, { id: meant('ids') });
    await refused('DELETE', '/analytics/calls/filter', { stauts: 'error' }, { stauts: meant('status') });
  });

  test('prototype names are unknown fields like any other', async () => {
    for (const name of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])
      await refused('POST', '/servers', `{"name":"x","${name}":{}}`, { [name]: unknown });
  });

  test('a mistyped name far from every field gets no suggestion, a close one exactly one', async () => {
    const res = await t.api('POST', '/servers', { name: 'x', qqqqqqq: 1, rate_limit: 5 });
    assert.deepEqual(res.json().data.params, { qqqqqqq: unknown, rate_limit: unknown });
    const close = await t.api('POST', '/servers', { name: 'x', rate_limit_per_mn: 5 });
    assert.deepEqual(close.json().data.params, { rate_limit_per_mn: meant('rate_limit_per_min') });
  });
});

describe('auth_config fields of another auth type', () => {
  test('are 400 naming them, on create and update', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.api('POST', '/servers', {
        name: 'x',
        auth_type: 'bearer',
        auth_config: { token: 'abcdefghijklmnop', username: 'u' },
      });
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(res.json().data.params, {
        'auth_config.username': 'is not used by auth_type "bearer"',
      });
      const ok = await t.api('POST', '/servers', {
        name: 'y',
        auth_type: 'api-key',
        auth_config: { name: 'X-Key', location: 'header', value: 'abcdefghijklmnop' },
      });
      assert.equal(ok.statusCode, 201, ok.body);
      const patch = await t.api('PATCH', `/servers/${ok.json().uuid}`, { auth_config: { token: 'x' } });
      assert.equal(patch.statusCode, 400, patch.body);
      assert.deepEqual(patch.json().data.params, {
        'auth_config.token': 'is not used by auth_type "api-key"',
      });
    } finally {
      await t.close();
    }
  });
});
