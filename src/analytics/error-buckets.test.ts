import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startUpstream, type Upstream } from '../../test/executor-kit.ts';
import { buildTestApp, createPgSchema, type TestApp } from '../../test/helpers.ts';

/*
 * "Errors by upstream status" from calls the executor really made (through the Test action):
 * arguments it refused before sending anything are not "no response".
 */
const pg = await createPgSchema();

for (const store of ['sqlite', 'postgres'] as const)
  describe(`the status breakdown of executed calls (${store})`, {
    skip: store === 'postgres' && 'skip' in pg ? pg.skip : false,
  }, () => {
    let t: TestApp;
    let up: Upstream;
    let server: { uuid: string };
    before(async () => {
      t = await buildTestApp(store === 'postgres' && 'url' in pg ? { databaseUrl: pg.url } : {});
      up = await startUpstream();
      up.handle((req, res) => {
        res.writeHead(req.url?.startsWith('/things/broken') ? 500 : 200, {
          'content-type': 'application/json',
        });
        res.end('{"ok":true}');
      });
      server = (await t.api('POST', '/servers', { name: 'Buckets' })).json();
    });
    after(async () => {
      await up?.close();
      await t?.close();
      if (store === 'postgres' && 'drop' in pg) await pg.drop();
    });

    async function createTool(endpoint_url: string): Promise<string> {
      const res = await t.api('POST', `/servers/${server.uuid}/tools`, {
        name: `Tool ${Math.random().toString(36).slice(2, 8)}`,
        endpoint_url,
        http_method: 'GET',
        status: 'active',
        input_schema: {
          type: 'object',
          properties: { id: { type: 'string' }, n: { type: 'integer' } },
        },
      });
      assert.equal(res.statusCode, 201, res.body);
      return res.json().uuid;
    }

    const run = async (tool: string, args: Record<string, unknown>) => {
      const res = await t.api('POST', `/servers/${server.uuid}/tools/${tool}/test`, { arguments: args });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().mcp_output.content[0].text as string;
    };

    test('counts refused arguments as invalid_arguments, apart from transport failures (none) and upstream statuses', async () => {
      const things = await createTool(`${up.origin}/things/{{id}}`);
      const refused = await createTool('http://127.0.0.1:9/nothing-listens-here');
      const anyHost = await createTool('http://{{id}}/x');
      assert.match(await run(things, { id: 'ok' }), /ok/);
      assert.match(await run(things, { id: 'broken' }), /500/);
      // The schema says integer: the executor refuses before any request.
      assert.match(await run(things, { id: 'x', n: 'seven' }), /^Invalid arguments: /);
      // A host with a space makes no URL: the request cannot be built.
      assert.match(await run(anyHost, { id: 'no such host' }), /^Cannot build the request: /);
      assert.doesNotMatch(await run(refused, { id: 'x' }), /^Invalid arguments|^Cannot build/);
      await t.ctx.callLogs.flush();

      const res = await t.api('GET', '/analytics/breakdown?by=status&days=1');
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), [
        { status: 'error', calls: 4, http_status: { '500': 1, invalid_arguments: 2, none: 1 } },
        { status: 'success', calls: 1, http_status: { '200': 1 } },
      ]);
    });
  });
