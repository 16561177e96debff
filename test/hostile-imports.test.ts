import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from './helpers.ts';
import { checkResponse, fingerprint, send } from './hostile-kit.ts';

/*
 * Hostile import documents: each is refused with a clear 4xx, nothing is written, nothing is
 * fetched, read or executed on the document's say-so, and the process keeps answering.
 */

const COLLECTION_SCHEMA = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json';
const nest = (levels: number, open: string, close: string, inner: string) =>
  open.repeat(levels) + inner + close.repeat(levels);

describe('hostile import documents', () => {
  let t: TestApp;
  let serverId: number;
  let bait: Server;
  let baitUrl: string;
  let baitHits = 0;
  let dir: string;
  const marker = `secret-marker-${Date.now()}`;

  before(async () => {
    bait = createServer((_req, res) => {
      baitHits++;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ type: 'object', description: marker }));
    });
    await new Promise<void>((resolve) => bait.listen(0, '127.0.0.1', resolve));
    baitUrl = `http://127.0.0.1:${(bait.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'toolgate-hostile-'));
    writeFileSync(join(dir, 'schema.json'), JSON.stringify({ type: 'object', description: marker }));
    t = await buildTestApp();
    serverId = (await t.api('POST', '/servers', { name: 'Imports' })).json().id;
  });
  after(async () => {
    await t.close();
    bait.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const base = {
    openapi: '3.0.3',
    info: { title: 'hostile', version: '1' },
    servers: [{ url: 'https://api.example.test' }],
  };
  const getOp = (schema: unknown) => ({
    get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } },
  });
  const withSchema = (schema: unknown) => ({ ...base, paths: { '/a': getOp(schema) } });

  /** Sends an import; asserts a 4xx in the error shape, no write, no fetch, no leak. */
  async function refused(path: string, body: unknown, expected: { status?: number; code?: string } = {}) {
    const before = await fingerprint(t);
    const hits = baitHits;
    const res = await send(t, 'POST', `${t.base}/servers/${serverId}/tools/${path}`, {
      label: path,
      payload: typeof body === 'string' ? body : JSON.stringify(body),
      contentType: 'application/json',
    });
    const where = `${path}: ${res.statusCode} ${res.body.slice(0, 300)}`;
    assert.equal(checkResponse(res, { method: 'POST', url: path }, t), undefined, where);
    assert.ok(res.statusCode >= 400 && res.statusCode < 500, where);
    if (expected.status) assert.equal(res.statusCode, expected.status, where);
    if (expected.code) assert.equal(res.json().code, expected.code, where);
    assert.equal(await fingerprint(t), before, `${where}: wrote to the store`);
    assert.equal(baitHits, hits, `${where}: fetched a URL named by the document`);
    assert.ok(!res.body.includes(marker), `${where}: returned the content of a referenced file`);
    assert.ok(!res.body.includes('root:x:0:0'), `${where}: returned /etc/passwd`);
    return res;
  }

  async function toolCount(): Promise<number> {
    return (await t.api('GET', `/servers/${serverId}`)).json().tool_count;
  }

  test('OpenAPI: references to URLs and files are refused, at any depth, and never followed', async () => {
    for (const ref of [
      `${baitUrl}/schema.json`,
      `${baitUrl}/schema.json#/components/schemas/A`,
      join(dir, 'schema.json'),
      `file://${join(dir, 'schema.json')}`,
      '../../../../../../etc/passwd',
      '/etc/passwd#/x',
      `//127.0.0.1:${new URL(baitUrl).port}/schema.json`,
    ]) {
      await refused('import-openapi', { content: withSchema({ $ref: ref }) }, { code: 'invalid_spec' });
      await refused(
        'import-openapi',
        { content: JSON.stringify(withSchema({ $ref: ref })), commit: true, selected_temp_ids: ['op_0'] },
        { code: 'invalid_spec' },
      );
      // Deep inside a schema (120 nested properties), as text and as a YAML document.
      let deep: unknown = { $ref: ref };
      for (let i = 0; i < 120; i++) deep = { type: 'object', properties: { p: deep } };
      await refused('import-openapi', { content: withSchema(deep) }, { code: 'invalid_spec' });
      await refused(
        'import-openapi',
        { content: `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths:\n  /a:\n    $ref: '${ref}'\n` },
        { code: 'invalid_spec' },
      );
    }
    assert.equal(await toolCount(), 0);
  });

  test('OpenAPI: fetching by URL refuses loopback and non-http schemes', async () => {
    await refused(
      'import-openapi',
      { source: 'url', url: `${baitUrl}/spec.json` },
      { code: 'svc_url_forbidden' },
    );
    for (const url of [
      'file:///etc/passwd',
      `file://${join(dir, 'schema.json')}`,
      'ftp://127.0.0.1/x',
      'gopher://x',
    ])
      await refused('import-openapi', { source: 'url', url }, { code: 'svc_url_unfetchable' });
    await refused(
      'import-collection',
      { source: 'url', url: `${baitUrl}/c.json` },
      { code: 'svc_url_forbidden' },
    );
  });

  test('OpenAPI: $ref cycles are bounded; previews write nothing', async () => {
    const cyclic = {
      ...base,
      paths: { '/a': getOp({ $ref: '#/components/schemas/A' }) },
      components: {
        schemas: {
          A: { type: 'object', properties: { b: { $ref: '#/components/schemas/B' } } },
          B: { type: 'object', properties: { a: { $ref: '#/components/schemas/A' } } },
          Self: { $ref: '#/components/schemas/Self' },
        },
      },
    };
    const pathCycle = { ...base, paths: { '/a': { $ref: '#/paths/~1b' }, '/b': { $ref: '#/paths/~1a' } } };
    for (const doc of [cyclic, pathCycle, withSchema({ $ref: '#/components/schemas/Missing' })]) {
      const before = await fingerprint(t);
      for (const content of [doc, JSON.stringify(doc)]) {
        const res = await send(t, 'POST', `${t.base}/servers/${serverId}/tools/import-openapi`, {
          label: 'cycle',
          payload: JSON.stringify({ content }),
          contentType: 'application/json',
        });
        assert.equal(checkResponse(res, { method: 'POST', url: 'import-openapi' }, t), undefined);
        assert.ok(
          res.statusCode === 200 || res.statusCode === 400,
          `${res.statusCode} ${res.body.slice(0, 200)}`,
        );
      }
      assert.equal(await fingerprint(t), before);
    }
  });

  test('OpenAPI: alias bombs, deep nesting and 100,000 operations are refused', async () => {
    const lol = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 10; i++) {
      const [prev, name] = [String.fromCharCode(96 + i), String.fromCharCode(97 + i)];
      lol.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const laughs = `openapi: 3.0.3\ninfo: {title: x, version: '1'}\npaths: {}\n${lol.join('\n')}\n`;
    await refused('import-openapi', { content: laughs }, { code: 'invalid_spec' });
    await refused('import-openapi', { content: `x: &x [*x]\n${laughs}` }, { status: 400 });
    const deepJson = `{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x":${nest(10_000, '[', ']', '1')}}`;
    await refused('import-openapi', { content: deepJson }, { code: 'invalid_spec' });
    await refused('import-openapi', `{"content":${deepJson}}`, { code: 'rest_invalid_json' });
    await refused(
      'import-openapi',
      { content: `openapi: 3.0.3\nx: ${nest(10_000, '[', ']', '1')}\n` },
      { status: 400 },
    );
    let yamlBlock = 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\nx:\n';
    for (let i = 1; i < 400; i++) yamlBlock += `${' '.repeat(i)}a:\n`;
    await refused('import-openapi', { content: `${yamlBlock}${' '.repeat(400)}b: 1\n` }, { status: 400 });

    const paths: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++)
      paths[`/p${i}`] = { get: { responses: { '200': { description: 'ok' } } } };
    const huge = { ...base, paths };
    await refused('import-openapi', { content: huge }, { code: 'svc_import_too_large' });
    await refused(
      'import-openapi',
      { content: JSON.stringify(huge), commit: true, selected_temp_ids: ['op_0', 'op_1'] },
      { code: 'svc_import_too_large' },
    );
    assert.equal(await toolCount(), 0);
  });

  test('collections: deep folders and 100,000 requests are refused', async () => {
    const folders = nest(
      10_000,
      '{"name":"f","item":[',
      ']}',
      '{"name":"leaf","request":"https://a.example.test/x"}',
    );
    const deep = `{"info":{"name":"c","schema":"${COLLECTION_SCHEMA}"},"item":[${folders}]}`;
    await refused('import-collection', { content: deep }, { code: 'invalid_spec' });
    await refused('import-collection', `{"content":${deep}}`, { code: 'rest_invalid_json' });
    await refused('import-collection', deep, { code: 'rest_invalid_json' });
    const many = {
      info: { name: 'c', schema: COLLECTION_SCHEMA },
      item: Array.from({ length: 100_000 }, (_, i) => ({ request: `https://a.example.test/r${i}` })),
    };
    await refused('import-collection', { content: many }, { code: 'svc_import_too_large' });
    await refused('import-collection', many, { code: 'svc_import_too_large' });
    for (const item of [[], 'x', 5, null, [{ item: 'x' }], [{ request: { url: { raw: 5 } } }]]) {
      const res = await send(t, 'POST', `${t.base}/servers/${serverId}/tools/import-collection`, {
        label: 'odd items',
        payload: JSON.stringify({ content: { info: { name: 'c', schema: COLLECTION_SCHEMA }, item } }),
        contentType: 'application/json',
      });
      assert.equal(checkResponse(res, { method: 'POST', url: 'import-collection' }, t), undefined);
    }
    assert.equal(await toolCount(), 0);
  });

  test('cURL: shell syntax is never executed', async () => {
    const canary = join(dir, 'canary');
    for (const command of [
      `curl "https://a.example.test/$(touch ${canary})"`,
      `curl https://a.example.test/\`touch ${canary}\``,
      `curl https://a.example.test/x; touch ${canary}`,
      `curl https://a.example.test/x && touch ${canary}`,
      `curl https://a.example.test/x | sh -c "touch ${canary}"`,
      `touch ${canary}`,
      `$(touch ${canary})`,
      `curl -d @${join(dir, 'schema.json')} https://a.example.test/x`,
      `curl -K ${join(dir, 'schema.json')} https://a.example.test/x`,
    ]) {
      const res = await t.api('POST', `/servers/${serverId}/tools/import-curl`, { curl_command: command });
      assert.ok(res.statusCode < 500, `${command}: ${res.statusCode} ${res.body}`);
      assert.ok(!res.body.includes(marker), `${command} read a file`);
      assert.equal(existsSync(canary), false, `${command} was executed`);
      // Either refused, or imported as the one curl call with the rest left as text: never run.
      if (res.statusCode === 201) await t.api('DELETE', `/servers/${serverId}/tools/${res.json().id}`);
      else assert.equal(res.json().data.status, res.statusCode);
    }
    // Substitutions the shell would have run are kept as text, with a warning: never run.
    const header = await t.api('POST', `/servers/${serverId}/tools/import-curl`, {
      curl_command: `curl -H "X-Run: \`touch ${canary}\`" https://a.example.test/x`,
    });
    assert.equal(header.statusCode, 201, header.body);
    assert.match(String(header.json()._warnings), /literal text/);
    assert.equal(existsSync(canary), false);
    await t.api('DELETE', `/servers/${serverId}/tools/${header.json().id}`);
    assert.equal(await toolCount(), 0);
  });

  test('manifests: 100,000 tools, wrong types and unsafe values are refused whole', async () => {
    const tool = { name: 'Ok', slug: 'ok', endpoint_url: 'https://a.example.test/x', http_method: 'GET' };
    const manifest = (tools: unknown) => ({ format: 'svc/tools-v1', tools });
    const many = Array.from({ length: 100_000 }, (_, i) => ({ ...tool, slug: `t${i}` }));
    await refused('import-svc', manifest(many), { code: 'svc_import_too_large' });
    await refused(
      'import-svc',
      { manifest: manifest(many), on_conflict: 'duplicate' },
      { code: 'svc_import_too_large' },
    );
    for (const bad of [
      ['not a tool'],
      [null],
      [5],
      [[tool]],
      [{ ...tool, name: 1 }],
      [{ ...tool, slug: {} }],
      [{ ...tool, endpoint_url: ['x'] }],
      [{ ...tool, endpoint_url: 'file:///etc/passwd' }],
      [{ ...tool, endpoint_url: 'not a url' }],
      [{ ...tool, http_method: 'GET\r\nX-Injected: 1' }],
      [{ ...tool, headers: { 'X-A': { nested: true } } }],
      [{ ...tool, headers: { 'X-A': 5 } }],
      [{ ...tool, input_schema: 'x' }],
      [{ ...tool, input_schema: { type: 'object', properties: 5 } }],
      [{ ...tool, parameter_mapping: { a: 'query' } }],
      [{ ...tool, response_mapping: { format: 'exe' } }],
      [{ ...tool, timeout: 'NaN' }],
      [{ ...tool, rate_limit_per_min: -1 }],
      [{ ...tool, retry_count: 1e308 }],
      [{ ...tool, tags: 'x' }],
      [tool, { ...tool, slug: 'second', status: 'deleted' }],
    ]) {
      const res = await refused('import-svc', manifest(bad), { code: 'invalid_spec' });
      assert.ok(String(res.json().message).includes('tools['), res.body);
    }
    for (const body of [
      { format: 'svc/tools-v1', tools: 'x' },
      { format: 'svc/tools-v1' },
      { format: 'other/v1', tools: [tool] },
      { format: { a: 1 }, tools: [tool] },
      { manifest: manifest([tool]), on_conflict: 'overwrite' },
      { manifest: manifest([tool]), imported_status: 'deleted' },
    ])
      await refused('import-svc', body, { status: 400 });
    await refused('import-svc', `{"format":${nest(10_000, '[', ']', '1')}}`, { code: 'rest_invalid_json' });
    assert.equal(await toolCount(), 0);

    // The process still answers, and a valid manifest still imports.
    const ok = await t.api('POST', `/servers/${serverId}/tools/import-svc`, manifest([tool]));
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().created.length, 1);
    assert.equal(await toolCount(), 1);
  });
});
