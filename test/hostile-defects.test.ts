import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, createPgSchema, type TestApp } from './helpers.ts';
import { fingerprint, type Seeded, seed, startUpstream } from './hostile-kit.ts';

/*
 * Defects found by fuzzing (500s on bad input), each held on SQLite and PostgreSQL: prototype
 * names as fields, dates past year 9999, NUL characters in text, CR/LF in tool headers.
 */

/** The same probes against one store; `name` labels the failures. */
function defectSuite(name: string, open: () => Promise<TestApp | { skip: string }>) {
  describe(`hostile values that once answered 500, on ${name}`, () => {
    let t: TestApp;
    let s: Seeded;
    let upstream: Server;
    let skip: string | undefined;
    before(async () => {
      const opened = await open();
      if ('skip' in opened) {
        skip = opened.skip;
        return;
      }
      t = opened;
      const up = await startUpstream();
      upstream = up.server;
      s = await seed(t, up.url);
    });
    after(async () => {
      if (skip) return;
      await t.close();
      upstream.close();
    });
    const probe = (title: string, body: () => Promise<void>) =>
      test(title, async (ctx) => (skip ? ctx.skip(skip) : body()));

    /** 400 rest_invalid_param naming `field`, and the store unchanged. */
    async function refused(method: 'POST' | 'PATCH', path: string, body: unknown, field: string) {
      const before = await fingerprint(t);
      const res = await t.api(method, path, body);
      assert.equal(res.statusCode, 400, `${method} ${path}: ${res.body}`);
      assert.equal(res.json().code, 'rest_invalid_param');
      assert.ok(Object.hasOwn(res.json().data.params, field), `${field} not named in ${res.body}`);
      assert.equal(await fingerprint(t), before, `${method} ${path} wrote to the store`);
    }

    probe('PATCH of a tool with a prototype name is 400 naming it, not 500', async () => {
      const tool = `/servers/${s.server.uuid}/tools/${s.tool.uuid}`;
      for (const key of ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])
        await refused('PATCH', tool, `{"${key}": {}}`, key);
    });

    probe('analytics dates past 9999-12-30 are 400 naming the date, not 500', async () => {
      for (const path of [
        '/analytics/timeseries?to=9999-12-31',
        '/analytics/overview?to=9999-12-31',
        '/analytics/breakdown?from=9999-12-31',
        '/analytics/calls?to=9999-12-31',
        '/analytics/calls/export?from=0001-01-01',
      ]) {
        const res = await t.api('GET', path);
        assert.equal(res.statusCode, 400, `${path}: ${res.body}`);
        const [param] = Object.keys(res.json().data.params);
        assert.match(res.json().data.params[param!], /1970-01-01 to 9999-12-30/);
      }
      const last = await t.api('GET', '/analytics/timeseries?from=9999-12-24&to=9999-12-30');
      assert.equal(last.statusCode, 200, last.body);
    });

    probe('a NUL character in any body text is 400 naming the field', async () => {
      const sid = s.server.uuid;
      await refused(
        'PATCH',
        `/servers/${sid}/tools/${s.tool.uuid}`,
        { description: 'a\u0000b' },
        'description',
      );
      await refused(
        'POST',
        `/servers/${sid}/tools`,
        { name: 'n', endpoint_url: 'https://example.com', tags: ['x\u0000'] },
        'tags.0',
      );
      await refused(
        'POST',
        `/servers/${s.server.id}/prompts`,
        { name: 'p', template_content: '\u0000' },
        'template_content',
      );
      await refused(
        'PATCH',
        `/servers/${s.server.id}/prompts/${s.prompt.id}`,
        { arguments: [{ name: 'a\u0000' }] },
        'arguments.0.name',
      );
      await refused('POST', '/keys', { name: 'k\u0000' }, 'name');
      await refused('PATCH', `/servers/${sid}`, { settings: { 'a\u0000': 1 } }, 'settings.a\u0000');
      await refused(
        'POST',
        `/servers/${sid}/tools/import-curl`,
        { curl_command: 'curl https://x.test/\u0000' },
        'curl_command',
      );
    });

    probe('an imported document whose text escapes a NUL lists that operation as failed', async () => {
      const doc = {
        openapi: '3.0.0',
        info: { title: 'nul', version: '1' },
        servers: [{ url: 'https://api.example.com' }],
        paths: { '/p': { get: { summary: 'a\u0000b', responses: { 200: { description: 'ok' } } } } },
      };
      const before = await fingerprint(t);
      const res = await t.api('POST', `/servers/${s.server.uuid}/tools/import-openapi`, {
        content: JSON.stringify(doc),
        commit: true,
        selected_temp_ids: ['op_0'],
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json().created, []);
      assert.match(res.json().failed[0].reason, /must not contain the NUL character/);
      assert.equal(await fingerprint(t), before);
    });

    probe(
      'a NUL character in a query string or path matches nothing instead of failing (or matching the id without it)',
      async () => {
        for (const path of [
          '/servers?search=%00',
          `/servers/${s.server.uuid}/tools?search=a%00b&tag=%00`,
          '/analytics/calls?search=%00',
        ]) {
          const res = await t.api('GET', path);
          assert.equal(res.statusCode, 200, `${path}: ${res.body}`);
          assert.ok(Array.isArray(res.json()));
        }
        const missing = await t.api('GET', '/servers/%00');
        assert.equal(missing.statusCode, 404, missing.body);
        assert.equal(missing.json().code, 'svc_not_found');
        // An id with a NUL in it is not the id without it.
        const key = (await t.api('POST', '/keys', { name: 'nul probe' })).json();
        const nulled = await t.api('DELETE', `/keys/${key.id}%00`);
        assert.equal(nulled.statusCode, 404, nulled.body);
        const revoked = await t.api('DELETE', `/keys/${key.id}`);
        assert.equal(revoked.statusCode, 200, revoked.body);
        const server = await t.api('GET', `/servers/${s.server.uuid}%00`);
        assert.equal(server.statusCode, 404, server.body);
      },
    );

    probe('an MCP initialize with NUL in clientInfo starts a session', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/mcp/${s.server.slug}`,
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'evil\u0000client', version: '1\u00000' },
          },
        }),
      });
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().error, undefined, res.body);
      const id = String(res.headers['mcp-session-id']);
      const row = await t.ctx.store.db
        .selectFrom('mcp_sessions')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      assert.equal(row?.client_name, 'evilclient');
      assert.equal(row?.client_version, '10');
    });

    probe(
      'tool headers with CR, LF or a bad name are 400 naming the header, on create and PATCH',
      async () => {
        const tools = `/servers/${s.server.uuid}/tools`;
        const create = (headers: Record<string, string>) => ({
          name: 'h',
          endpoint_url: 'https://example.com',
          headers,
        });
        await refused('POST', tools, create({ 'X-A': 'a\r\nInjected: yes' }), 'headers.X-A');
        await refused('PATCH', `${tools}/${s.tool.uuid}`, { headers: { 'X-A': 'a\nb' } }, 'headers.X-A');
        await refused('PATCH', `${tools}/${s.tool.uuid}`, { headers: { 'X-€': '€' } }, 'headers.X-€');
        await refused(
          'PATCH',
          `${tools}/${s.tool.uuid}`,
          { headers: { 'Bad Name': 'v' } },
          'headers.Bad Name',
        );
        const res = await t.api('PATCH', `${tools}/${s.tool.uuid}`, {
          headers: { 'X-Ok': 'café {{id}}\tok' },
        });
        assert.equal(res.statusCode, 200, res.body);
        const refusedBody = await t.api('PATCH', `${tools}/${s.tool.uuid}`, { headers: { 'X-A': 'a\r\nb' } });
        assert.equal(
          refusedBody.json().data.params['headers.X-A'],
          'must not contain CR, LF, NUL or characters above U+00FF',
        );
      },
    );
  });
}

defectSuite('SQLite', () => buildTestApp());

defectSuite('PostgreSQL', async () => {
  const pg = await createPgSchema();
  if ('skip' in pg) return pg;
  const t = await buildTestApp({ databaseUrl: pg.url });
  const close = t.close.bind(t);
  t.close = async () => {
    await close();
    await pg.drop();
  };
  return t;
});
