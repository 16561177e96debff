import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { validate as validateOpenApi } from '@readme/openapi-parser';
import { Ajv } from 'ajv';
import { ERROR_STATUS } from '../src/errors.ts';
import { buildTestApp, type TestApp } from './helpers.ts';
import { managementRoutes, type Seeded, seed, startUpstream } from './hostile-kit.ts';

describe('management API conventions', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp({ config: { bodyLimitBytes: 2048 } });
  });
  after(() => t.close());

  test('answers 413 for a body over the size limit', async () => {
    const res = await t.api('POST', '/servers', { name: 'x'.repeat(4096) });
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().data.status, 413);
    assert.equal(typeof res.json().code, 'string');
  });

  test('answers 400 rest_invalid_json for a body that is not JSON, on every route group', async () => {
    for (const path of [
      '/servers',
      '/servers/1/tools',
      '/servers/1/prompts',
      '/servers/1/resources',
      '/settings',
      '/keys',
    ]) {
      const res = await t.api('POST', path, '{"name": nope');
      assert.equal(res.statusCode, 400, path);
      assert.equal(res.json().code, 'rest_invalid_json', path);
      assert.equal(res.json().data.status, 400);
    }
  });

  test('serves its own OpenAPI document with every route group', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${t.base}/openapi.json` });
    assert.equal(res.statusCode, 200);
    const doc = res.json();
    assert.match(doc.openapi, /^3\./);
    const paths = Object.keys(doc.paths);
    for (const p of [
      '/servers',
      '/servers/{server_id}/tools',
      '/servers/{server_id}/tools/{id}',
      '/servers/{server_id}/prompts',
      '/servers/{server_id}/prompts/{id}',
      '/servers/{server_id}/resources',
      '/servers/{server_id}/resources/{id}',
      '/settings',
      '/keys',
      '/health',
    ])
      assert.ok(paths.includes(p), `${p} missing from ${paths.join(' ')}`);
    const create = doc.paths['/servers/{server_id}/tools'].post;
    assert.ok(create.requestBody.content['application/json'].schema.properties.input_schema);
    assert.deepEqual(
      doc.paths['/servers/{server_id}/tools'].get.parameters.map((p: { name: string }) => p.name).sort(),
      ['page', 'per_page', 'search', 'server_id', 'status', 'tag'],
    );
  });

  test('renders the reference at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.body, /swagger/i);
  });
});

type Schema = Record<string, unknown> & { properties?: Record<string, Schema>; type?: unknown };
type Operation = {
  summary?: string;
  description?: string;
  parameters?: Array<{ in: string; name: string; description?: string }>;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
};
type OpenApiDoc = { servers: Array<{ url: string }>; paths: Record<string, Record<string, Operation>> };

/** A one-operation OpenAPI document with a bearer scheme, for the import answers. */
const PETS_DOCUMENT = {
  openapi: '3.0.3',
  info: { title: 'Pets', version: '1.0.0' },
  servers: [{ url: 'https://pets.example.com' }],
  components: { securitySchemes: { token: { type: 'http', scheme: 'bearer' } } },
  security: [{ token: [] }],
  paths: {
    '/pets/{id}': {
      get: {
        operationId: 'getPet',
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' }, example: 3 }],
        responses: { '200': { description: 'the pet' } },
      },
    },
  },
};

describe('the API reference', () => {
  let t: TestApp;
  let doc: OpenApiDoc;
  let s: Seeded;
  let stopUpstream: () => void;
  before(async () => {
    const up = await startUpstream();
    stopUpstream = () => up.server.close();
    t = await buildTestApp({ config: { adminOrigins: 'https://admin.example.com' } });
    s = await seed(t, up.url);
    doc = (await t.app.inject({ method: 'GET', url: `${t.base}/openapi.json` })).json();
  });
  after(async () => {
    await t.close();
    stopUpstream();
  });

  /** The routes the router serves under {api_base}, as the reference names them. */
  function documentedRoutes() {
    return managementRoutes(t)
      .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && !r.url.endsWith('/openapi.json'))
      .map((r) => {
        // The router prints one name per parameter position (`:id` for `:server_id` too).
        const shape = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
        const wanted = shape(r.url.slice(t.base.length).replace(/:[A-Za-z_]+/g, '{}'));
        const path = Object.keys(doc.paths).find((p) => shape(p) === wanted) ?? wanted;
        return { ...r, path, op: doc.paths[path]?.[r.method.toLowerCase()] };
      });
  }

  /** Every field of a request schema has a type and a meaning, at every depth that lists fields. */
  function undocumentedFields(schema: Schema, at: string): string[] {
    const out: string[] = [];
    for (const [name, field] of Object.entries(schema.properties ?? {})) {
      if (typeof field.description !== 'string' || field.description === '')
        out.push(`${at}${name}: no description`);
      const nested = field.type === 'array' ? (field.items as Schema | undefined) : field;
      if (nested?.properties) out.push(...undocumentedFields(nested, `${at}${name}.`));
    }
    return out;
  }

  test('every route in the router has a summary, a description, its request schemas and a 2xx response schema', () => {
    const routes = documentedRoutes();
    assert.ok(routes.length >= 40, `only ${routes.length} routes`);
    const problems: string[] = [];
    for (const { method, path, op } of routes) {
      const where = `${method} ${path}`;
      if (!op) {
        problems.push(`${where}: missing from the reference`);
        continue;
      }
      if (!op.summary) problems.push(`${where}: no summary`);
      if (!op.description) problems.push(`${where}: no description`);
      for (const name of [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1])) {
        const param = op.parameters?.find((p) => p.in === 'path' && p.name === name);
        if (!param?.description) problems.push(`${where}: path parameter ${name} undocumented`);
      }
      for (const p of op.parameters ?? [])
        if (!p.description) problems.push(`${where}: ${p.in} ${p.name} undocumented`);
      if (['POST', 'PUT', 'PATCH'].includes(method)) {
        const body = op.requestBody?.content['application/json']?.schema;
        if (!body) problems.push(`${where}: no request body schema`);
        else {
          if (![body.type].flat().includes('object') || !body.properties)
            problems.push(`${where}: body is not a described object`);
          if (body.additionalProperties !== false && !body['x-checked-by-handler'])
            problems.push(`${where}: body accepts unknown fields`);
          problems.push(...undocumentedFields(body, `${where} body `));
        }
      }
      // A 2xx with a JSON body; 204 (sign-out) and 3xx (browser redirects of federated sign-in) say what they mean.
      const ok = Object.entries(op.responses).filter(([status]) => /^[23]/.test(status));
      const bodiless = (status: string) => status === '204' || status.startsWith('3');
      if (
        ok.length === 0 ||
        !ok.every(
          ([status, r]) => r.description && (bodiless(status) || r.content?.['application/json']?.schema),
        )
      )
        problems.push(`${where}: no 2xx response schema`);
      for (const [status, r] of Object.entries(op.responses)) {
        // The spec's health answers 503 with the full report, not an error.
        if (!/^[45]/.test(status) || (path === '/health' && status === '503')) continue;
        const schema = JSON.stringify(r.content?.['application/json']?.schema);
        if (!schema?.includes('#/components/schemas/ErrorBody'))
          problems.push(`${where}: ${status} not in the error envelope`);
      }
    }
    assert.deepEqual(problems, []);
  });

  test('is a valid OpenAPI document', async () => {
    const result = await validateOpenApi(structuredClone(doc) as never);
    assert.equal(result.valid, true, JSON.stringify((result as { errors?: unknown }).errors)?.slice(0, 2000));
  });

  test('lists the server relatively, so Try it out works from any host', () => {
    assert.deepEqual(
      doc.servers.map((x) => x.url),
      [t.base],
    );
    assert.ok(!JSON.stringify(doc.servers).includes('gateway.test'));
  });

  test("documents the import bodies with the spec's fields", () => {
    const fields = (path: string) =>
      Object.keys(doc.paths[path]!.post!.requestBody!.content['application/json']!.schema.properties ?? {});
    for (const name of [
      'source',
      'content',
      'url',
      'commit',
      'selected_temp_ids',
      'on_conflict',
      'imported_status',
    ])
      assert.ok(fields('/servers/{server_id}/tools/import-openapi').includes(name), name);
    assert.ok(fields('/servers/{server_id}/tools/import-curl').includes('curl_command'));
    for (const name of ['manifest', 'on_conflict', 'imported_status', 'format', 'tools'])
      assert.ok(fields('/servers/{server_id}/tools/import-svc').includes(name), name);
  });

  /** The documented 2xx schema of a route, as the route declared it (JSON Schema, not OpenAPI). */
  function declaredResponse(method: string, path: string, status: number): Schema {
    const route = t.app.hasRoute({ method: method as 'GET', url: `${t.base}${path}` });
    assert.ok(route, `${method} ${path}`);
    const op = doc.paths[path.replace(/:([A-Za-z_]+)/g, '{$1}')]![method.toLowerCase()]!;
    return op.responses[String(status)]!.content!['application/json']!.schema;
  }

  test('every field a read answers is documented, and every documented field is answered', async () => {
    const sid = s.server.uuid;
    const reads: Array<[string, string, number, string[]?]> = [
      ['/servers/:id', `/servers/${sid}`, 200],
      [
        '/servers/:server_id/tools/:id',
        `/servers/${sid}/tools/${s.tool.uuid}`,
        200,
        ['_notice', '_warnings'],
      ],
      ['/servers/:server_id/prompts/:id', `/servers/${s.server.id}/prompts/${s.prompt.id}`, 200],
      ['/servers/:server_id/resources/:id', `/servers/${sid}/resources/${s.resource.id}`, 200],
      ['/settings', '/settings', 200],
      ['/analytics/overview', '/analytics/overview', 200],
      ['/health', '/health', 200],
    ];
    for (const [route, url, status, optional = []] of reads) {
      const res = await t.api('GET', url);
      assert.equal(res.statusCode, status, `${url}: ${res.body}`);
      const documented = Object.keys(declaredResponse('GET', route, status).properties ?? {}).filter(
        (f) => !optional.includes(f),
      );
      assert.deepEqual(Object.keys(res.json()).sort(), documented.sort(), url);
    }
  });

  test('answers match their documented schemas, errors included', async () => {
    const ajv = new Ajv({ strict: false, allErrors: true });
    const nullable = (schema: unknown): unknown => {
      if (Array.isArray(schema)) return schema.map(nullable);
      if (!schema || typeof schema !== 'object') return schema;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema))
        if (k !== 'example' && k !== 'examples') out[k] = nullable(v);
      if (out.nullable === true && typeof out.type === 'string') out.type = [out.type, 'null'];
      if (typeof out.$ref === 'string') out.$ref = out.$ref.replace('#/components/schemas/', '');
      return out;
    };
    const components = (doc as unknown as { components: { schemas: Record<string, object> } }).components
      .schemas;
    for (const [id, schema] of Object.entries(components)) ajv.addSchema(nullable(schema) as object, id);
    const sid = s.server.uuid;
    const cases: Array<[string, string, unknown?]> = [
      ['GET', '/servers'],
      ['GET', `/servers/${sid}/tools`],
      ['GET', `/servers/${s.server.id}/prompts`],
      ['GET', `/servers/${sid}/resources`],
      ['GET', '/keys'],
      ['GET', '/analytics/timeseries'],
      ['GET', '/analytics/breakdown?by=status'],
      ['GET', '/analytics/calls'],
      ['POST', `/servers/${sid}/tools/export`, {}],
      ['POST', `/servers/${sid}/tools/${s.tool.uuid}/test`, { arguments: {} }],
      // Every record the admin UI's generated types read, with each field the reference requires.
      ['GET', '/keys/me'],
      ['GET', '/settings'],
      ['GET', `/servers/${sid}`],
      ['PATCH', `/servers/${sid}`, { description: 'documented' }],
      ['GET', `/servers/${sid}/tools/${s.tool.uuid}`],
      ['GET', `/servers/${s.server.id}/prompts/${s.prompt.id}`],
      ['GET', `/servers/${sid}/resources/${s.resource.id}`],
      ['POST', `/servers/${sid}/tools/import-openapi`, { content: PETS_DOCUMENT }],
      [
        'POST',
        `/servers/${sid}/tools/import-openapi`,
        { content: PETS_DOCUMENT, commit: true, selected_temp_ids: ['op_0'] },
      ],
      ['GET', '/servers/nope'],
      ['PATCH', `/servers/${sid}`, { stauts: 'x' }],
      ['POST', '/servers', '{"name": nope'],
      ['GET', '/servers', null],
    ];
    for (const [method, url, body] of cases) {
      const res = await t.api(method as 'GET', url, body ?? undefined, body === null ? null : undefined);
      const path = url.split('?')[0]!;
      // A literal segment wins over a parameter (`/tools/export` before `/tools/{id}`).
      const entry = Object.entries(doc.paths)
        .filter(([p]) => new RegExp(`^${p.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path))
        .sort(([a], [b]) => a.split('{').length - b.split('{').length)[0];
      const response = entry?.[1][method.toLowerCase()]?.responses[String(res.statusCode)];
      assert.ok(response, `${method} ${url} answered an undocumented ${res.statusCode}: ${res.body}`);
      const validate = ajv.compile(nullable(response.content!['application/json']!.schema) as object);
      assert.ok(
        validate(res.json()),
        `${method} ${url} ${res.statusCode}: ${JSON.stringify(validate.errors)}`,
      );
      if (res.statusCode >= 400)
        assert.equal(res.statusCode, ERROR_STATUS[res.json().code as keyof typeof ERROR_STATUS]);
    }
  });

  test('answers CORS preflight for the origins an operator allows, and only those', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: `${t.base}/servers`,
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization, content-type',
        },
      });
    const allowed = await preflight('https://admin.example.com');
    assert.equal(allowed.statusCode, 204);
    assert.equal(allowed.headers['access-control-allow-origin'], 'https://admin.example.com');
    assert.match(String(allowed.headers['access-control-allow-headers']), /Authorization/i);
    assert.match(String(allowed.headers['access-control-allow-methods']), /PATCH/);
    const other = await preflight('https://evil.example.com');
    assert.equal(other.headers['access-control-allow-origin'], undefined);
    const list = await t.app.inject({
      method: 'GET',
      url: `${t.base}/servers`,
      headers: { origin: 'https://admin.example.com', authorization: `Bearer ${t.adminKey}` },
    });
    assert.equal(list.headers['access-control-allow-origin'], 'https://admin.example.com');
    assert.match(String(list.headers['access-control-expose-headers']), /X-Svc-Total/);
  });
});

describe('the management API without TOOLGATE_ADMIN_ORIGINS', () => {
  test('answers no CORS headers to another origin', async () => {
    const t = await buildTestApp();
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `${t.base}/settings`,
        headers: { origin: 'https://admin.example.com', authorization: `Bearer ${t.adminKey}` },
      });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['access-control-allow-origin'], undefined);
    } finally {
      await t.close();
    }
  });
});
