import assert from 'node:assert/strict';
import { generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { createItemsApi, ITEMS_TOKEN } from '../../test/fixtures/har/items-app.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { writeOption } from '../store/options.repo.ts';

/*
 * `POST /servers/{server_id}/tools/import-har` end to end on SQLite, with the items app's real
 * recording (test/fixtures/har): phase 1 lists, phase 2 creates, the bearer token goes to the
 * test credentials, and the tools made from the recording call the items API (run here, with
 * the recording's API origin pointed at it).
 */

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/har');
const RECORDED = readFileSync(join(FIXTURES, 'items-app.har'), 'utf8');
const LIST_ID = '3f1c2a9e-5b7d-4e8f-9a6b-2c4d6e8f0a1b';

type Candidate = { temp_id: string; name: string; http_method: string; endpoint_url: string };

/** The recorded API's origin (the host whose requests became candidates). */
function recordedApiOrigin(): string {
  const urls = (JSON.parse(RECORDED) as { log: { entries: Array<{ request: { url: string } }> } }).log.entries
    .map((e) => new URL(e.request.url))
    .filter((u) => u.pathname === '/api/lists');
  return urls[0]!.origin;
}

describe('import-har', () => {
  let t: TestApp;
  let api: Server;
  let har: string;
  before(async () => {
    t = await buildTestApp();
    api = createItemsApi(() => 'http://page.test');
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    const live = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
    har = RECORDED.split(recordedApiOrigin()).join(live);
  });
  after(async () => {
    api.closeAllConnections();
    await new Promise<void>((resolve) => api.close(() => resolve()));
    await t.close();
  });

  const newServer = async (name: string): Promise<{ uuid: string }> =>
    (await t.api('POST', '/servers', { name })).json();

  test('phase 1 lists the candidates, what was left out and why, and the detected credential; nothing is written', async () => {
    const s = await newServer('har phase 1');
    const res = await t.api('POST', `/servers/${s.uuid}/tools/import-har`, { content: har });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(
      body.candidates.map((c: Candidate) => `${c.temp_id} ${c.name}`),
      [
        'har_0 post_api_session',
        'har_1 get_api_lists',
        'har_2 get_api_lists_list_id_items',
        'har_3 post_api_lists_list_id_items',
        'har_4 get_api_items_item_id',
        'har_5 patch_api_items_item_id',
        'har_6 delete_api_items_item_id',
        'har_7 post_api_feedback',
      ],
    );
    assert.ok(body.candidates.every((c: { token_estimate: number }) => c.token_estimate > 0));
    assert.equal(body.entries, 33);
    assert.deepEqual(body.filtered, {
      static_asset: 4,
      analytics: 7,
      non_api_host: 1,
      preflight: 1,
      failed: 1,
    });
    assert.deepEqual(
      body.hosts.map((h: { kept: boolean; api: boolean; requests: number }) => [h.kept, h.api, h.requests]),
      [
        [false, false, 1],
        [true, true, 19],
      ],
    );
    assert.ok(body.warnings.some((w: string) => /^Left out 7 analytics or tracking requests/.test(w)));
    assert.deepEqual(body.detected_credentials, [{ type: 'bearer', source: 'header authorization' }]);
    assert.ok(!res.body.includes(ITEMS_TOKEN));
    assert.equal(body.auth_hint, undefined);
    assert.deepEqual((await t.api('GET', `/servers/${s.uuid}/tools`)).json(), []);
    assert.equal((await t.api('GET', `/servers/${s.uuid}/credentials`)).json().test_auth_credentials, null);
  });

  test('the HAR itself may be the body; hosts and base_url choose the requests', async () => {
    const s = await newServer('har as body');
    const asBody = await t.api('POST', `/servers/${s.uuid}/tools/import-har`, JSON.parse(har));
    assert.equal(asBody.statusCode, 200, asBody.body);
    assert.equal(asBody.json().candidates.length, 8);
    const page = asBody.json().hosts.find((h: { kept: boolean }) => !h.kept).host as string;
    const chosen = await t.api('POST', `/servers/${s.uuid}/tools/import-har`, {
      content: har,
      hosts: [page],
    });
    assert.deepEqual(
      chosen.json().candidates.map((c: Candidate) => c.endpoint_url),
      [`http://${page}/build.txt`],
    );
    assert.equal(chosen.json().filtered.not_selected, 19);
    const api = chosen.json().hosts.find((h: { host: string }) => h.host !== page).host as string;
    const under = await t.api('POST', `/servers/${s.uuid}/tools/import-har`, {
      content: har,
      base_url: `http://${api}/api/items`,
    });
    assert.deepEqual(
      under.json().candidates.map((c: Candidate) => c.name),
      ['get_api_items_item_id', 'patch_api_items_item_id', 'delete_api_items_item_id'],
    );
  });

  test('phase 2 creates the selected tools, keeps the token as test credentials with a notice, and the tools call the API', async () => {
    const s = await newServer('har commit');
    const res = await t.api('POST', `/servers/${s.uuid}/tools/import-har`, {
      content: har,
      commit: true,
      selected_temp_ids: ['har_2', 'har_3', 'har_4', 'har_5', 'har_6'],
      imported_status: 'active',
    });
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json();
    assert.deepEqual(
      body.created.map((c: { name: string }) => c.name),
      [
        'get_api_lists_list_id_items',
        'post_api_lists_list_id_items',
        'get_api_items_item_id',
        'patch_api_items_item_id',
        'delete_api_items_item_id',
      ],
    );
    assert.deepEqual([body.skipped, body.failed], [[], []]);
    assert.match(
      body._notice,
      /Credentials detected \(header authorization; bearer\) were saved as this server's test credentials only/,
    );
    assert.equal(body.source_id, undefined, 'recorded traffic is not a tracked source');
    const creds = (await t.api('GET', `/servers/${s.uuid}/credentials`)).json();
    assert.deepEqual(creds.test_auth_credentials, { type: 'bearer', token: ITEMS_TOKEN });
    assert.equal(creds.auth_credentials, null);
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools`)).json() as Array<{
      uuid: string;
      slug: string;
    }>;
    assert.ok(!JSON.stringify(tools).includes(ITEMS_TOKEN));
    const tool = (slug: string) => tools.find((x) => x.slug === slug)!.uuid;
    const run = async (slug: string, args: Record<string, unknown>) => {
      const r = await t.api('POST', `/servers/${s.uuid}/tools/${tool(slug)}/test`, { arguments: args });
      assert.equal(r.statusCode, 200, r.body);
      return r.json();
    };

    const listed = await run('get_api_lists_list_id_items', {
      list_id: LIST_ID,
      status: 'open',
      tag: ['red'],
      limit: 5,
    });
    assert.equal(
      listed.outbound_request.url,
      `${new URL(listed.outbound_request.url).origin}/api/lists/${LIST_ID}/items?limit=5&status=open&tag=red`,
    );
    assert.equal(listed.outbound_request.headers.authorization, 'Bearer ****');
    assert.equal(listed.mcp_output.isError, false, JSON.stringify(listed.mcp_output));
    assert.deepEqual(
      listed.mcp_output.structuredContent.items.map((i: { title: string }) => i.title),
      ['Pencils'],
    );
    const created = await run('post_api_lists_list_id_items', {
      list_id: LIST_ID,
      title: 'Ruler',
      quantity: 1,
      price: 2.5,
      tags: [],
      meta: { color: 'green' },
    });
    assert.equal(created.raw_response.status_code, 201);
    assert.equal(created.mcp_output.isError, false, JSON.stringify(created.mcp_output));
    const id = created.mcp_output.structuredContent.id as number;
    assert.deepEqual(JSON.parse(created.outbound_request.body), {
      title: 'Ruler',
      quantity: 1,
      price: 2.5,
      tags: [],
      meta: { color: 'green' },
    });
    const patched = await run('patch_api_items_item_id', { item_id: id, done: true });
    assert.equal(patched.mcp_output.structuredContent.done, true);
    const read = await run('get_api_items_item_id', { item_id: id });
    assert.deepEqual(
      [read.mcp_output.structuredContent.title, read.mcp_output.structuredContent.done],
      ['Ruler', true],
    );
    const deleted = await run('delete_api_items_item_id', { item_id: id });
    assert.equal(deleted.raw_response.status_code, 204);
    assert.equal((await run('get_api_items_item_id', { item_id: id })).raw_response.status_code, 404);
  });

  test('refusals: 403 without the capability, 404 for an unknown server, 400 for a malformed HAR or fields', async () => {
    const s = await newServer('har refusals');
    const path = `/servers/${s.uuid}/tools/import-har`;
    const analyst = await t.keyFor('analyst');
    const denied = await t.api('POST', path, { content: har }, analyst);
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().code, 'rest_forbidden');
    const missing = await t.api('POST', '/servers/999999/tools/import-har', { content: har });
    assert.equal(missing.statusCode, 404);
    const cases: Array<[unknown, string, RegExp]> = [
      [{}, 'invalid_spec', /Send the HAR file in "content"/],
      [{ content: 'GET / HTTP/1.1' }, 'invalid_spec', /not valid JSON/],
      [{ content: '{"log":{}}' }, 'invalid_spec', /no "log\.entries" array/],
      [
        {
          content: { log: { entries: [{ request: { method: 'GET', url: 7 }, response: { status: 200 } }] } },
        },
        'invalid_spec',
        /log\.entries\[0\]\.request\.url must be a string/,
      ],
      [{ content: har, hosts: 'api.example.com' }, 'rest_invalid_param', /hosts/],
      [{ content: har, base_url: 'ftp://x' }, 'rest_invalid_param', /base_url/],
      [{ content: har, colour: 'red' }, 'rest_invalid_param', /colour/],
    ];
    for (const [body, code, message] of cases) {
      const res = await t.api('POST', path, body);
      assert.equal(res.statusCode, 400, JSON.stringify(body).slice(0, 80));
      assert.equal(res.json().code, code);
      assert.match(`${res.json().message} ${JSON.stringify(res.json().data)}`, message);
    }
    assert.deepEqual((await t.api('GET', `/servers/${s.uuid}/tools`)).json(), []);
  });

  test('size limits: over 10 MB of HAR is 400 svc_import_too_large, over the body limit 413, over 10 000 entries 400', async () => {
    const s = await newServer('har sizes');
    const path = `/servers/${s.uuid}/tools/import-har`;
    const padded = (bytes: number) => `{"log":{"entries":[],"comment":"${'x'.repeat(bytes)}"}}`;
    const big = await t.api('POST', path, { content: padded(10 * 1024 * 1024 + 10) });
    assert.equal(big.statusCode, 400);
    assert.equal(big.json().code, 'svc_import_too_large');
    const huge = await t.api('POST', path, { content: padded(13 * 1024 * 1024) });
    assert.equal(huge.statusCode, 413);
    const entry = { request: { method: 'GET', url: 'https://a.example/x' }, response: { status: 200 } };
    const many = await t.api('POST', path, { log: { entries: new Array(10_001).fill(entry) } });
    assert.equal(many.statusCode, 400);
    assert.equal(many.json().code, 'svc_import_too_large');
    assert.equal(many.json().data.limit_entries, 10_000);
  });
});

describe('import-har and editions', () => {
  test('a starter licence refuses HAR imports as it refuses collections: 403 tier_limit_import_method', async () => {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const payload = Buffer.from(
      JSON.stringify({ tier: 'starter', exp: new Date(Date.now() + 86_400_000).toISOString() }),
    ).toString('base64url');
    const t = await buildTestApp({
      config: {
        licensing: 'enforce',
        licenseKey: `${payload}.${sign(null, Buffer.from(payload), privateKey).toString('base64url')}`,
        licensePublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      },
    });
    try {
      await writeOption(t.ctx.store.db, 'activated_at', new Date(Date.now() - 30 * 86_400_000).toISOString());
      const s = (await t.api('POST', '/servers', { name: 'starter' })).json();
      const res = await t.api('POST', `/servers/${s.uuid}/tools/import-har`, { content: RECORDED });
      assert.equal(res.statusCode, 403);
      assert.equal(res.json().code, 'tier_limit_import_method');
      assert.match(res.json().message, /does not include har imports/);
    } finally {
      await t.close();
    }
  });
});
