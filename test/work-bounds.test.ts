import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { MAX_REF_EXPANSION_NODES } from '../src/importers/ref-expansion.ts';
import { MAX_RESOURCE_URI_CHARS } from '../src/resources/uri-template.ts';
import { createMcpKit, listenCountingUpstream, type McpKit } from './mcp-kit.ts';

/*
 * Issue 31, point 1: no input can make the event loop wait on it. Each repro of the issue is
 * answered with a clear result, and the gateway answers /health at once after it (before these
 * fixes each one held every request for seconds to minutes).
 */

const REDOS = '^([A-Za-z0-9]+-?)+$';

/** An OpenAPI document of one GET operation whose query parameter `q` has `schema`. */
const documentWith = (schema: unknown) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Bounds', version: '1' },
    servers: [{ url: 'http://127.0.0.1:1' }],
    paths: {
      '/items': {
        get: {
          operationId: 'listItems',
          parameters: [{ name: 'q', in: 'query', required: true, schema }],
          responses: { '200': { description: 'ok' } },
        },
      },
    },
  });

/** `S{levels}` refers twice to `S{levels-1}`, … down to `S0`: 2^levels nodes once inlined. */
const fanOutDocument = (levels: number) => {
  const schemas: Record<string, unknown> = { S0: { type: 'string' } };
  for (let i = 1; i <= levels; i++)
    schemas[`S${i}`] = {
      type: 'object',
      properties: {
        a: { $ref: `#/components/schemas/S${i - 1}` },
        b: { $ref: `#/components/schemas/S${i - 1}` },
      },
    };
  return JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Fan-out', version: '1' },
    paths: {
      '/x': {
        post: {
          requestBody: {
            content: { 'application/json': { schema: { $ref: `#/components/schemas/S${levels}` } } },
          },
          responses: { '200': { description: 'ok' } },
        },
      },
    },
    components: { schemas },
  });
};

describe('work any caller or document can cause is bounded', () => {
  let k: McpKit;
  let upstream: Awaited<ReturnType<typeof listenCountingUpstream>>;
  let sid: string;
  before(async () => {
    upstream = await listenCountingUpstream();
    k = await createMcpKit();
    sid = await k.initialize();
  });
  after(async () => {
    await k.close();
    upstream.server.close();
  });

  const health = async () => (await k.t.api('GET', '/health', undefined, null)).statusCode;
  const importDoc = (content: string) =>
    k.t.api('POST', `/servers/${k.serverUuid}/tools/import-openapi`, {
      content,
      commit: true,
      selected_temp_ids: ['op_0'],
      imported_status: 'active',
    });

  test('repro 1: an imported ReDoS pattern refuses 34 × a then ! at once, and /health answers', async () => {
    const res = await importDoc(documentWith({ type: 'string', pattern: REDOS }));
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().created.length, 1, res.body);
    const [tool] = (await k.t.api('GET', `/servers/${k.serverUuid}/tools?search=listItems`)).json();
    // The tool goes to the local upstream, so a valid call has somewhere to go.
    const patched = await k.t.api('PATCH', `/servers/${k.serverUuid}/tools/${tool.uuid}`, {
      endpoint_url: `${upstream.url}/items`,
    });
    assert.equal(patched.statusCode, 200, patched.body);
    const call = async (q: string) =>
      JSON.parse((await k.rpc(sid, 'tools/call', { name: tool.name, arguments: { q } })).body).result;
    const bad = await call(`${'a'.repeat(34)}!`);
    assert.equal(bad.isError, true);
    assert.match(bad.content[0].text, /must match pattern/);
    assert.match((await call(`${'a'.repeat(50_000)}!`)).content[0].text, /must match pattern/);
    assert.equal(upstream.calls(), 0, 'nothing was sent upstream');
    assert.equal((await call('abc-def')).isError, false);
    assert.equal(upstream.calls(), 1);
    assert.equal(await health(), 200);
  });

  test('repro 1: a pattern that needs backtracking is refused at save, naming it', async () => {
    const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Lookahead',
      endpoint_url: 'http://127.0.0.1:1/x',
      input_schema: { type: 'object', properties: { p: { type: 'string', pattern: '^(?=.*\\d)(\\w)\\1$' } } },
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'rest_invalid_param');
    assert.match(JSON.stringify(res.json().data.params), /pattern .*is not supported/);
  });

  test('repro 1: an import of a pattern that needs backtracking fails that tool with the reason', async () => {
    const res = await importDoc(
      documentWith({ type: 'string', pattern: '^(a+)\\1$' }).replace('listItems', 'backref'),
    );
    assert.equal(res.statusCode, 200, res.body);
    const { created, failed } = res.json();
    assert.equal(created.length, 0);
    assert.equal(failed.length, 1);
    assert.match(JSON.stringify(failed[0]), /pattern .*is not supported/);
  });

  test('repro 2: resources/read of a 80,000-character URI against docs://{section}.{page} is -32602 at once', async () => {
    const created = await k.t.api('POST', `/servers/${k.serverUuid}/resources`, {
      uri: 'docs://index',
      name: 'Docs',
      template_uri: 'docs://{section}.{page}',
      data_source_config: { content: 'page {page} of {section}' },
    });
    assert.equal(created.statusCode, 201, created.body);
    const huge = await k.rpc(sid, 'resources/read', { uri: `docs://${'a.'.repeat(40_000)}/` });
    assert.equal(JSON.parse(huge.body).error.code, -32602);
    assert.match(JSON.parse(huge.body).error.message, new RegExp(`longer than ${MAX_RESOURCE_URI_CHARS}`));
    // Under the cap the template matches in linear time: no match, the usual not-found answer.
    const under = await k.rpc(sid, 'resources/read', { uri: `docs://${'a.'.repeat(4_000)}/` });
    assert.notEqual(JSON.parse(under.body).error, undefined);
    const ok = await k.rpc(sid, 'resources/read', { uri: 'docs://guide.intro' });
    assert.equal(JSON.parse(ok.body).result.contents[0].text, 'page intro of guide');
    assert.equal(await health(), 200);
  });

  test('repro 9: a $ref fan-out of 21 levels (3 KB) is 400 invalid_spec before dereferencing', async () => {
    const doc = fanOutDocument(21);
    assert.ok(doc.length < 3_500, `${doc.length} bytes`);
    const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools/import-openapi`, { content: doc });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'invalid_spec');
    assert.equal(res.json().data.limit_ref_expansion_nodes, MAX_REF_EXPANSION_NODES);
    assert.match(res.json().message, /expand to more than/);
    assert.equal(await health(), 200);
  });

  test('a fan-out under the bound still imports', async () => {
    const res = await k.t.api('POST', `/servers/${k.serverUuid}/tools/import-openapi`, {
      content: fanOutDocument(8),
    });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().candidates.length, 1);
  });
});
