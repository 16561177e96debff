import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { corpusFile, oversizedOpenApi } from '../../test/kit/corpus.ts';

const PETSTORE = corpusFile('openapi', 'valid', 'oai-v3.0-petstore.yaml');

async function newServer(t: TestApp, name: string): Promise<{ uuid: string; id: number }> {
  return (await t.api('POST', '/servers', { name })).json();
}

describe('import and export routes', () => {
  let t: TestApp;
  let docs: Server;
  let docsOrigin: string;
  const events: unknown[] = [];
  before(async () => {
    t = await buildTestApp({ config: { importAllowPrivate: true } });
    t.ctx.events.subscribe((e) => events.push(e));
    docs = createServer((req, res) => {
      const hops = /^\/hop\/(\d+)$/.exec(req.url ?? '');
      if (hops) {
        const n = Number(hops[1]);
        res.writeHead(302, { location: n > 0 ? `/hop/${n - 1}` : '/petstore.yaml' }).end();
      } else if (req.url === '/petstore.yaml') res.end(PETSTORE);
      else if (req.url === '/relative.yaml')
        res.end(corpusFile('openapi', 'valid', 'oai-v3.0-api-with-examples.yaml'));
      else if (req.url === '/github.json') res.end(oversizedOpenApi());
      else res.writeHead(404).end('missing');
    });
    await new Promise<void>((r) => docs.listen(0, '127.0.0.1', r));
    docsOrigin = `http://127.0.0.1:${(docs.address() as AddressInfo).port}`;
  });
  after(async () => {
    await new Promise<void>((r) => docs.close(() => r()));
    await t.close();
  });

  test('import-curl creates one draft tool, answers 201 with the full tool and _notice, saves test credentials only', async () => {
    const s = await newServer(t, 'curl target');
    const res = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
      curl_command: `curl -X POST https://api.example.com/v1/notes -H 'Authorization: Bearer sk-secret-123' -H 'X-Trace: 1' -d 'title=Hello&body=World'`,
    });
    assert.equal(res.statusCode, 201);
    const tool = res.json();
    assert.equal(tool.status, 'draft');
    assert.equal(tool.name, 'post_v1_notes');
    assert.equal(tool.slug, 'post_v1_notes');
    assert.equal(tool.http_method, 'POST');
    assert.equal(tool.endpoint_url, 'https://api.example.com/v1/notes');
    assert.deepEqual(tool.input_schema, {
      type: 'object',
      properties: {
        title: { type: 'string', description: 'title', examples: ['Hello'] },
        body: { type: 'string', description: 'body', examples: ['World'] },
      },
      required: [],
    });
    assert.deepEqual(tool.parameter_mapping, {
      title: { target: 'body', key: 'title' },
      body: { target: 'body', key: 'body' },
    });
    assert.deepEqual(tool.headers, { 'X-Trace': '1', 'Content-Type': 'application/x-www-form-urlencoded' });
    assert.equal(tool.timeout, 30);
    assert.equal(tool.rate_limit_per_min, 60);
    assert.equal(tool.server_uuid, s.uuid);
    assert.match(tool._notice, /test credentials only/);
    assert.ok(!res.body.includes('sk-secret-123'));
    const creds = (await t.api('GET', `/servers/${s.uuid}/credentials`)).json();
    assert.deepEqual(creds.test_auth_credentials, { type: 'bearer', token: 'sk-secret-123' });
    assert.equal(creds.auth_credentials, null);
    // Same name again: a second tool with a suffixed slug; name/description from the body.
    const again = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
      curl_command: 'curl https://api.example.com/v1/notes',
      name: 'List notes',
      description: 'all notes',
    });
    assert.deepEqual(
      [again.json().name, again.json().slug, again.json().description],
      ['List notes', 'List_notes', 'all notes'],
    );
    assert.equal(again.json()._notice, undefined);
  });

  test('import-curl: 400 svc_missing_curl, 400 for a broken command, 404 for an unknown server, 403 without the capability', async () => {
    const s = await newServer(t, 'curl errors');
    for (const body of [{}, { curl_command: '   ' }]) {
      const res = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, body);
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().code, 'svc_missing_curl');
    }
    const broken = await t.api('POST', `/servers/${s.uuid}/tools/import-curl`, {
      curl_command: corpusFile('curl', 'curlconverter', 'pipelines.txt'),
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(broken.json().code, 'svc_invalid_curl');
    const missing = await t.api('POST', '/servers/999999/tools/import-curl', {
      curl_command: 'curl https://x.example',
    });
    assert.equal(missing.statusCode, 404);
    const analyst = await t.keyFor('analyst');
    const denied = await t.api(
      'POST',
      `/servers/${s.uuid}/tools/import-openapi`,
      { content: PETSTORE },
      analyst,
    );
    assert.equal(denied.statusCode, 403);
    assert.equal(denied.json().code, 'rest_forbidden');
  });

  test('import-openapi phase 1 writes nothing; phase 2 creates the selected candidates in draft', async () => {
    const s = await newServer(t, 'two phase');
    const parsed = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content: PETSTORE });
    assert.equal(parsed.statusCode, 200);
    const body = parsed.json();
    assert.deepEqual(body.info, { title: 'Swagger Petstore', version: '1.0.0' });
    assert.deepEqual(
      body.candidates.map((c: { temp_id: string; slug: string }) => [c.temp_id, c.slug]),
      [
        ['op_0', 'listPets'],
        ['op_1', 'createPets'],
        ['op_2', 'showPetById'],
      ],
    );
    assert.equal(body._raw_spec, PETSTORE);
    assert.equal((await t.api('GET', `/servers/${s.uuid}/tools`)).json().length, 0);

    events.length = 0;
    const committed = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      content: body._raw_spec,
      commit: true,
      selected_temp_ids: ['op_0', 'op_2', 'op_99'],
    });
    assert.equal(committed.statusCode, 200);
    const result = committed.json();
    assert.deepEqual(
      result.created.map((c: { name: string; slug: string }) => [c.name, c.slug]),
      [
        ['List all pets', 'listPets'],
        ['Info for a specific pet', 'showPetById'],
      ],
    );
    assert.ok(
      result.created.every((c: { tool_id: number; uuid: string }) => Number.isInteger(c.tool_id) && c.uuid),
    );
    assert.deepEqual([result.skipped, result.failed], [[], []]);
    assert.deepEqual(events, [{ type: 'tools_changed', serverId: s.id }]);
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools`)).json();
    assert.deepEqual(
      tools.map((x: { status: string; slug: string; sort_order: number }) => [
        x.slug,
        x.status,
        x.sort_order,
      ]),
      [
        ['listPets', 'draft', 0],
        ['showPetById', 'draft', 1],
      ],
    );
  });

  test('import-openapi: security schemes give an auth hint; commit sets the outbound auth type only when none', async () => {
    const twilio = corpusFile('openapi', 'valid', 'twilio_accounts_v1.json');
    const s = await newServer(t, 'hinted');
    const petstore = (
      await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content: PETSTORE })
    ).json();
    assert.equal(petstore.auth_hint, null);
    assert.deepEqual(petstore.security_schemes, []);
    const parsed = (
      await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content: twilio })
    ).json();
    assert.deepEqual(parsed.auth_hint, { type: 'basic', scheme: 'accountSid_authToken' });
    assert.deepEqual(parsed.security_schemes, [
      { scheme: 'accountSid_authToken', type: 'http', maps_to: 'basic', operations: 20 },
    ]);
    assert.deepEqual(parsed.candidates[0].security, ['accountSid_authToken']);
    const commit = (server: string) =>
      t.api('POST', `/servers/${server}/tools/import-openapi`, {
        content: JSON.parse(twilio),
        commit: true,
        selected_temp_ids: ['op_0'],
      });
    const result = (await commit(s.uuid)).json();
    assert.equal(result.created.length, 1);
    assert.deepEqual(result.auth_hint, { type: 'basic', scheme: 'accountSid_authToken' });
    assert.equal(result.outbound_auth_type_set, 'basic');
    const server = (await t.api('GET', `/servers/${s.uuid}`)).json();
    assert.equal(server.outbound_auth_type, 'basic');
    assert.deepEqual(server.outbound_auth_config, { scheme: 'accountSid_authToken' });
    assert.equal(server.has_auth_credentials, false);
    const creds = (await t.api('GET', `/servers/${s.uuid}/credentials`)).json();
    assert.deepEqual([creds.auth_credentials, creds.test_auth_credentials], [null, null]);

    // A configured type is never overwritten.
    const configured = (
      await t.api('POST', '/servers', { name: 'configured', outbound_auth_type: 'bearer' })
    ).json();
    const kept = (await commit(configured.uuid)).json();
    assert.equal(kept.created.length, 1);
    assert.equal(kept.outbound_auth_type_set, undefined);
    assert.deepEqual(kept.auth_hint, { type: 'basic', scheme: 'accountSid_authToken' });
    const after = (await t.api('GET', `/servers/${configured.uuid}`)).json();
    assert.equal(after.outbound_auth_type, 'bearer');
    assert.equal(after.outbound_auth_config, null);
  });

  test('on_conflict skip reports slug_exists; duplicate suffixes -2, -3; imported_status active', async () => {
    const s = await newServer(t, 'conflicts');
    const commit = (extra: Record<string, unknown>) =>
      t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
        content: PETSTORE,
        commit: true,
        selected_temp_ids: ['op_0', 'op_1'],
        ...extra,
      });
    assert.equal((await commit({ imported_status: 'active' })).json().created.length, 2);
    const skipped = (await commit({})).json();
    assert.deepEqual(skipped.created, []);
    assert.deepEqual(skipped.skipped, [
      { temp_id: 'op_0', name: 'List all pets', reason: 'slug_exists' },
      { temp_id: 'op_1', name: 'Create a pet', reason: 'slug_exists' },
    ]);
    const dup = (await commit({ on_conflict: 'duplicate' })).json();
    assert.deepEqual(
      dup.created.map((c: { slug: string }) => c.slug),
      ['listPets-2', 'createPets-2'],
    );
    const dup3 = (await commit({ on_conflict: 'duplicate' })).json();
    assert.deepEqual(
      dup3.created.map((c: { slug: string }) => c.slug),
      ['listPets-3', 'createPets-3'],
    );
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools?per_page=100`)).json();
    assert.equal(tools.filter((x: { status: string }) => x.status === 'active').length, 2);
    const bad = await commit({ on_conflict: 'merge', imported_status: 'inactive' });
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(Object.keys(bad.json().data.params).sort(), ['imported_status', 'on_conflict']);
    const noIds = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      content: PETSTORE,
      commit: true,
    });
    assert.equal(noIds.statusCode, 400);
    assert.ok(noIds.json().data.params.selected_temp_ids);
  });

  test('spec errors: empty content, Swagger 2.0, invalid documents', async () => {
    const s = await newServer(t, 'errors');
    const post = (content: unknown) => t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content });
    assert.equal((await post('')).json().code, 'invalid_spec');
    const swagger = await post(corpusFile('openapi', 'swagger2', 'swagger2-oai-petstore.json'));
    assert.equal(swagger.statusCode, 400);
    assert.equal(swagger.json().code, 'unsupported_version');
    const invalid = await post(corpusFile('openapi', 'invalid', 'v3.0-dangling-ref.json'));
    assert.equal(invalid.json().code, 'invalid_spec');
  });

  test('import-collection accepts the collection as the body itself and saves detected auth on commit', async () => {
    const s = await newServer(t, 'collection');
    const doc = JSON.parse(
      corpusFile('postman', 'v2.1', 'postman-to-k6-format-v2.1.postman_collection.json'),
    );
    const parsed = await t.api('POST', `/servers/${s.uuid}/tools/import-collection`, doc);
    assert.equal(parsed.statusCode, 200);
    assert.deepEqual(
      parsed.json().candidates.map((c: { temp_id: string }) => c.temp_id),
      ['pm_0', 'pm_1', 'pm_2'],
    );
    assert.deepEqual(parsed.json().detected_credentials, [
      { type: 'basic', source: 'request "Test Request 1" auth' },
    ]);
    assert.ok(!parsed.body.includes('secret'));
    assert.equal((await t.api('GET', `/servers/${s.uuid}/credentials`)).json().test_auth_credentials, null);
    const committed = await t.api('POST', `/servers/${s.uuid}/tools/import-collection`, {
      content: JSON.stringify(doc),
      commit: true,
      selected_temp_ids: ['pm_0', 'pm_1', 'pm_2'],
    });
    assert.equal(committed.json().created.length, 3);
    assert.match(committed.json()._notice, /test credentials only/);
    const creds = (await t.api('GET', `/servers/${s.uuid}/credentials`)).json();
    assert.deepEqual(creds.test_auth_credentials, { type: 'basic', username: 'user123', password: 'secret' });
    const tagged = (await t.api('GET', `/servers/${s.uuid}/tools?tag=Test%20Folder%202`)).json();
    assert.deepEqual(
      tagged.map((x: { name: string }) => x.name),
      ['Test Request 2'],
    );
    const v1 = await t.api('POST', `/servers/${s.uuid}/tools/import-collection`, {
      content: corpusFile('postman', 'unsupported', 'newman-v1.postman_collection.json'),
    });
    assert.equal(v1.statusCode, 400);
    assert.equal(v1.json().code, 'invalid_spec');
  });

  test('source url: fetches through redirects, resolves relative servers, refuses too many hops and 404s', async () => {
    const s = await newServer(t, 'by url');
    const ok = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      source: 'url',
      url: `${docsOrigin}/hop/2`,
    });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(ok.json().candidates.length, 3);
    const rel = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      source: 'url',
      url: `${docsOrigin}/relative.yaml`,
    });
    assert.equal(rel.json().candidates[1].endpoint_url, `${docsOrigin}/v2`);
    const far = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      source: 'url',
      url: `${docsOrigin}/hop/3`,
    });
    assert.equal(far.statusCode, 400);
    assert.match(far.json().message, /Too many redirects/);
    const missing = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      source: 'url',
      url: `${docsOrigin}/nope`,
    });
    assert.equal(missing.statusCode, 400);
    assert.match(missing.json().message, /HTTP 404/);
    const noUrl = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { source: 'url' });
    assert.equal(noUrl.statusCode, 400);
  });

  test('size limits: fetched documents over 10 MB and content over 10 MB are refused clearly; over the body limit is 413', async () => {
    const s = await newServer(t, 'sizes');
    const fetched = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      source: 'url',
      url: `${docsOrigin}/github.json`,
    });
    assert.equal(fetched.statusCode, 400);
    assert.equal(fetched.json().code, 'svc_import_too_large');
    assert.match(fetched.json().message, /MB; imports are limited to 10 MB/);
    const big = `# ${'x'.repeat(10 * 1024 * 1024 + 10)}\nopenapi: 3.0.0`;
    const content = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { content: big });
    assert.equal(content.statusCode, 400);
    assert.equal(content.json().code, 'svc_import_too_large');
    const github = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      content: oversizedOpenApi(),
    });
    assert.equal(github.statusCode, 413);
  });

  test('export: spec fields only, ascending sort_order, every status, foreign UUIDs skipped, 404 server_not_found', async () => {
    const s = await newServer(t, 'exporter');
    await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
      content: PETSTORE,
      commit: true,
      selected_temp_ids: ['op_0', 'op_1', 'op_2'],
    });
    const tools = (await t.api('GET', `/servers/${s.uuid}/tools`)).json();
    await t.api('PATCH', `/servers/${s.uuid}/tools/${tools[1].uuid}`, { status: 'inactive', sort_order: 9 });
    await t.api('PATCH', `/servers/${s.uuid}/tools/${tools[2].uuid}`, { status: 'active' });
    const res = await t.api('POST', `/servers/${s.uuid}/tools/export`, {});
    assert.equal(res.statusCode, 200);
    const manifest = res.json();
    assert.equal(manifest.format, 'svc/tools-v1');
    assert.match(manifest.exported_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.deepEqual(manifest.server, { name: 'exporter', slug: 'exporter', tool_exposure: 'auto' });
    assert.deepEqual(
      manifest.tools.map((x: { slug: string; status: string }) => [x.slug, x.status]),
      [
        ['listPets', 'draft'],
        ['showPetById', 'active'],
        ['createPets', 'inactive'],
      ],
    );
    assert.deepEqual(Object.keys(manifest.tools[0]).sort(), [
      'cache_ttl',
      'description',
      'endpoint_url',
      'headers',
      'http_method',
      'input_schema',
      'name',
      'parameter_mapping',
      'rate_limit_per_min',
      'response_mapping',
      'retry_backoff',
      'retry_count',
      'slug',
      'sort_order',
      'status',
      'tags',
      'timeout',
    ]);
    const other = await newServer(t, 'someone else');
    const foreign = (
      await t.api('POST', `/servers/${other.uuid}/tools/import-curl`, {
        curl_command: 'curl https://x.example/a',
      })
    ).json();
    const picked = (
      await t.api('POST', `/servers/${s.uuid}/tools/export`, {
        tool_ids: [tools[0].uuid, foreign.uuid, 'nonsense'],
      })
    ).json();
    assert.deepEqual(
      picked.tools.map((x: { slug: string }) => x.slug),
      ['listPets'],
    );
    const missing = await t.api('POST', '/servers/00000000-0000-4000-8000-000000000000/tools/export', {});
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, 'server_not_found');
  });

  test('export → import-svc into another server reproduces every exported field (output schema, annotations and body template included); other formats are refused', async () => {
    const source = await newServer(t, 'round source');
    await t.api('POST', `/servers/${source.uuid}/tools/import-openapi`, {
      content: corpusFile('openapi', 'valid', 'oai-v3.0-uspto.json'),
      commit: true,
      selected_temp_ids: ['op_0', 'op_1', 'op_2'],
      imported_status: 'active',
    });
    const curl = (
      await t.api('POST', `/servers/${source.uuid}/tools/import-curl`, {
        curl_command: `curl -H 'Authorization: Bearer zzz' 'https://api.example.com/q?x=1'`,
      })
    ).json();
    const patched = await t.api('PATCH', `/servers/${source.uuid}/tools/${curl.uuid}`, {
      output_schema: { type: 'object', properties: { hits: { type: 'integer' } } },
      annotations: { readOnlyHint: true, title: 'Query' },
    });
    assert.equal(patched.statusCode, 200);
    await t.api('POST', `/servers/${source.uuid}/tools/import-curl`, {
      curl_command: `curl -H 'Content-Type: application/json' -d '{ }' https://api.example.com/raw`,
    });
    const exported = (await t.api('POST', `/servers/${source.uuid}/tools/export`)).json();
    assert.ok(!JSON.stringify(exported).includes('zzz'));
    // Fields beyond the spec's travel only when set.
    const query = exported.tools.find((x: { endpoint_url: string }) => x.endpoint_url.endsWith('/q'));
    assert.deepEqual(query.output_schema, { type: 'object', properties: { hits: { type: 'integer' } } });
    assert.deepEqual(query.annotations, { readOnlyHint: true, title: 'Query' });
    const raw = exported.tools.find((x: { endpoint_url: string }) => x.endpoint_url.endsWith('/raw'));
    assert.equal(typeof raw.body_template, 'string');
    assert.equal(raw.body_template, '{ }');
    assert.equal('output_schema' in exported.tools[0], false);
    const target = await newServer(t, 'round target');
    const imported = await t.api('POST', `/servers/${target.uuid}/tools/import-svc`, exported);
    assert.equal(imported.statusCode, 200);
    assert.equal(imported.json().created.length, 5);
    const again = (await t.api('POST', `/servers/${target.uuid}/tools/export`)).json();
    assert.deepEqual(again.tools, exported.tools);
    const wrapped = await t.api('POST', `/servers/${target.uuid}/tools/import-svc`, {
      manifest: exported,
      on_conflict: 'duplicate',
      imported_status: 'draft',
    });
    assert.equal(wrapped.json().created.length, 5);
    assert.ok(wrapped.json().created.every((c: { slug: string }) => c.slug.endsWith('-2')));
    const skipped = await t.api('POST', `/servers/${target.uuid}/tools/import-svc`, { manifest: exported });
    assert.equal(skipped.json().skipped.length, 5);
    const wrong = await t.api('POST', `/servers/${target.uuid}/tools/import-svc`, {
      ...exported,
      format: 'other/v1',
    });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().code, 'unsupported_format');
  });
});

describe('source url is refused for private addresses by default', () => {
  test('loopback and metadata addresses give 400 and a message naming the setting', async () => {
    const t = await buildTestApp();
    try {
      const s = await newServer(t, 'guarded');
      for (const url of [
        'http://127.0.0.1:9/spec.yaml',
        'http://localhost:9/spec.yaml',
        'http://169.254.169.254/latest',
        'http://[::1]/x',
      ]) {
        const res = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, { source: 'url', url });
        assert.equal(res.statusCode, 400, url);
        assert.equal(res.json().code, 'svc_url_forbidden', url);
        assert.match(res.json().message, /TOOLGATE_IMPORT_ALLOW_PRIVATE/);
      }
      const ftp = await t.api('POST', `/servers/${s.uuid}/tools/import-openapi`, {
        source: 'url',
        url: 'ftp://example.com/x',
      });
      assert.equal(ftp.statusCode, 400);
    } finally {
      await t.close();
    }
  });
});
