import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { ApiError } from '../errors.ts';
import { parseHar } from './har.ts';
import { inferSchema, inferTextSchema, MAX_SCHEMA_DEPTH } from './har-infer.ts';
import { MAX_SAMPLES } from './har-operation.ts';
import { templatePath } from './har-paths.ts';
import { MAX_HAR_ENTRIES } from './har-read.ts';
import type { Candidate } from './types.ts';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures/har');
const ITEMS = readFileSync(join(FIXTURES, 'items-app.har'), 'utf8');
const ADMIN = readFileSync(join(FIXTURES, 'toolgate-admin.har'), 'utf8');

type Obj = Record<string, unknown>;

/** One HAR entry, DevTools-shaped, with only what a test sets. */
function entry(
  method: string,
  url: string,
  opts: {
    status?: number;
    mime?: string;
    body?: string;
    headers?: Record<string, string>;
    requestBody?: { mimeType: string; text?: string; params?: Obj[] };
    resourceType?: string;
  } = {},
): Obj {
  return {
    request: {
      method,
      url,
      headers: Object.entries(opts.headers ?? {}).map(([name, value]) => ({ name, value })),
      ...(opts.requestBody ? { postData: opts.requestBody } : {}),
    },
    response: {
      status: opts.status ?? 200,
      headers: [],
      content: {
        mimeType: opts.mime ?? 'application/json',
        ...(opts.body !== undefined ? { text: opts.body, size: opts.body.length } : {}),
      },
    },
    ...(opts.resourceType ? { _resourceType: opts.resourceType } : {}),
  };
}

const har = (...entries: Obj[]) => ({ log: { version: '1.2', creator: { name: 'test' }, entries } });

const json = (body: unknown) => JSON.stringify(body);

function byRoute(candidates: Candidate[]): Map<string, Candidate> {
  return new Map(candidates.map((c) => [`${c.http_method} ${new URL(c.endpoint_url).pathname}`, c]));
}

const pathOf = (c: Candidate) => decodeURI(new URL(c.endpoint_url).pathname);

/** Every key of every schema in the candidates (to show no `examples`, `default` or `enum`). */
function schemaKeys(value: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) schemaKeys(v, out);
  else if (value && typeof value === 'object')
    for (const [k, v] of Object.entries(value)) {
      out.add(k);
      schemaKeys(v, out);
    }
  return out;
}

function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    assert.ok(err instanceof ApiError, String(err));
    return err;
  }
  assert.fail('expected an ApiError');
}

describe('HAR import: the items app recording', () => {
  const parsed = parseHar(ITEMS);
  const ops = byRoute(parsed.candidates);

  test('groups its 19 API requests into 8 operations by method and path template', () => {
    assert.equal(parsed.entries, 33);
    assert.deepEqual(
      parsed.candidates.map((c) => `${c.temp_id} ${c.http_method} ${pathOf(c)}`),
      [
        'har_0 POST /api/session',
        'har_1 GET /api/lists',
        'har_2 GET /api/lists/{list_id}/items',
        'har_3 POST /api/lists/{list_id}/items',
        'har_4 GET /api/items/{item_id}',
        'har_5 PATCH /api/items/{item_id}',
        'har_6 DELETE /api/items/{item_id}',
        'har_7 POST /api/feedback',
      ],
    );
    const list = parsed.candidates[2]!;
    assert.equal(list.name, 'get_api_lists_list_id_items');
    assert.equal(list.slug, list.name);
    assert.match(
      list.description,
      /^Recorded GET \/api\/lists\/\{list_id\}\/items: 9 requests in the HAR, answered 200\.$/,
    );
    assert.match(parsed.candidates[6]!.description, /1 request in the HAR, answered 204/);
  });

  test('UUID and numeric segments are required path parameters named after the segment before them', () => {
    const list = parsed.candidates[2]!;
    assert.deepEqual(list.input_schema.properties && (list.input_schema.properties as Obj).list_id, {
      type: 'string',
      format: 'uuid',
      description: 'path parameter list_id',
    });
    assert.deepEqual(list.parameter_mapping.list_id, { target: 'path', key: 'list_id' });
    const item = parsed.candidates[4]!;
    assert.deepEqual((item.input_schema.properties as Obj).item_id, {
      type: 'integer',
      description: 'path parameter item_id',
    });
    assert.deepEqual(item.input_schema.required, ['item_id']);
  });

  test('query fields are typed from every value and required only when every request sent them; a repeated key is an array', () => {
    const list = parsed.candidates[2]!;
    const props = list.input_schema.properties as Obj;
    assert.deepEqual(props.limit, { type: 'integer', description: 'limit' });
    assert.deepEqual(props.status, { type: 'string', description: 'status' });
    assert.deepEqual(props.tag, { type: 'array', items: { type: 'string' }, description: 'tag' });
    assert.deepEqual(props.q, { type: 'string', description: 'q' });
    assert.deepEqual(list.input_schema.required, ['list_id', 'limit']);
    assert.deepEqual(list.parameter_mapping.tag, { target: 'query', key: 'tag' });
    // `limit` pages the list: the hint the other importers give.
    assert.deepEqual(list.response_mapping, { pagination: { limit_param: 'limit' } });
  });

  test('JSON body fields are typed (nested objects too) and required when every request had them', () => {
    const create = ops.get('POST /api/lists/%7Blist_id%7D/items')!;
    const props = create.input_schema.properties as Obj;
    assert.deepEqual(props.title, { type: 'string', description: 'title' });
    assert.deepEqual(props.quantity, { type: 'integer', description: 'quantity' });
    // 12.5 and 3: a number.
    assert.deepEqual(props.price, { type: 'number', description: 'price' });
    assert.deepEqual(props.tags, { type: 'array', items: { type: 'string' }, description: 'tags' });
    assert.deepEqual(props.meta, {
      type: 'object',
      properties: { color: { type: 'string' } },
      description: 'meta',
    });
    assert.deepEqual(props.note, { type: 'string', description: 'note' });
    assert.deepEqual(create.input_schema.required, ['list_id', 'title', 'quantity', 'price', 'tags', 'meta']);
    assert.deepEqual(create.parameter_mapping.note, { target: 'body', key: 'note' });
    assert.deepEqual(create.headers, { 'Content-Type': 'application/json' });
    const patch = parsed.candidates[5]!;
    assert.deepEqual(Object.keys(patch.input_schema.properties as Obj), ['item_id', 'done', 'quantity']);
    assert.deepEqual(patch.input_schema.required, ['item_id']);
  });

  test('a form body becomes form fields sent as application/x-www-form-urlencoded', () => {
    const feedback = parsed.candidates[7]!;
    assert.deepEqual(feedback.input_schema.properties, {
      rating: { type: 'integer', description: 'rating' },
      comment: { type: 'string', description: 'comment' },
    });
    assert.deepEqual(feedback.parameter_mapping.rating, { target: 'body', key: 'rating' });
    assert.deepEqual(feedback.headers, { 'Content-Type': 'application/x-www-form-urlencoded' });
  });

  test('output schemas come from the JSON answers, properties accepting null; a 204 gives none', () => {
    const item = parsed.candidates[4]!;
    const out = item.output_schema as { type: string; properties: Obj };
    assert.equal(out.type, 'object');
    assert.deepEqual(out.properties.id, { type: ['integer', 'null'] });
    assert.deepEqual(out.properties.tags, { type: ['array', 'null'], items: { type: 'string' } });
    assert.equal(parsed.candidates[6]!.output_schema, undefined);
  });

  test('what is not the API is left out, each with its reason counted', () => {
    assert.deepEqual(parsed.filtered, {
      static_asset: 4,
      analytics: 7,
      non_api_host: 1,
      preflight: 1,
      failed: 1,
    });
    const page = parsed.hosts.find((h) => !h.kept)!;
    const api = parsed.hosts.find((h) => h.kept)!;
    assert.deepEqual([page.requests, page.api, api.requests, api.api], [1, false, 19, true]);
    const w = parsed.warnings!.join('\n');
    assert.match(w, /Left out 4 static assets \(.*1 HTML document.*\)/);
    assert.match(
      w,
      /Left out 7 analytics or tracking requests \(beacons to 127\.0\.0\.1:\d+: 4, .*plausible\.io: 1/,
    );
    assert.match(w, /www\.googletagmanager\.com: 1/);
    assert.match(w, /www\.google-analytics\.com: 1/);
    assert.match(w, /Left out 1 request to a host that answered no JSON or XML \(127\.0\.0\.1:\d+\)/);
    assert.match(w, /Left out 1 CORS preflight \(OPTIONS\) request\./);
    assert.match(w, /Left out 1 failed or aborted request \(no HTTP status\)\./);
  });

  test('the bearer token is a detected credential and appears in no candidate; cookies are dropped with a warning', () => {
    assert.deepEqual(parsed.credentials, [
      { credentials: { type: 'bearer', token: 'demo-items-token-0001' }, source: 'header authorization' },
    ]);
    const text = JSON.stringify(parsed.candidates);
    assert.ok(!text.includes('demo-items-token'));
    assert.ok(!/authorization|cookie/i.test(text));
    assert.match(
      parsed.warnings!.join('\n'),
      /Cookies were dropped \(18 requests sent cookies, 1 response set them\)/,
    );
  });

  test('no recorded value reaches a schema: no examples, defaults or enums, none of the values sent', () => {
    const keys = schemaKeys(parsed.candidates.map((c) => [c.input_schema, c.output_schema]));
    for (const k of ['examples', 'example', 'default', 'enum', 'const']) assert.ok(!keys.has(k), k);
    const text = JSON.stringify(parsed.candidates);
    for (const value of [
      'Stapler',
      'Sticky notes',
      'the square ones',
      'handy',
      'metal',
      'yellow',
      'pen"',
      '3f1c2a9e',
    ])
      assert.ok(!text.includes(value), value);
  });
});

describe('HAR import: the Toolgate admin UI recording', () => {
  const parsed = parseHar(ADMIN);

  test('its scripts, styles, page and favicon are left out; its API calls become 15 operations', () => {
    assert.equal(parsed.entries, 42);
    assert.deepEqual(parsed.filtered, { static_asset: 13 });
    assert.match(
      parsed.warnings![0]!,
      /^Left out 13 static assets \((?=.*10 images)(?=.*1 HTML document)(?=.*1 script)(?=.*1 stylesheet).*\)\.$/,
    );
    assert.equal(parsed.candidates.length, 15);
    const paths = parsed.candidates.map((c) => `${c.http_method} ${pathOf(c)}`);
    for (const p of [
      'POST /api/svc/v1/auth/sign-in',
      'GET /api/svc/v1/servers/{server_id}/tools/{tool_id}',
      'POST /api/svc/v1/servers/{server_id}/tools/{tool_id}/test',
      'GET /api/svc/v1/analytics/calls',
    ])
      assert.ok(paths.includes(p), p);
    assert.ok(paths.every((p) => p.includes('/api/svc/v1/')));
  });

  test('the session cookie and the CSRF header are dropped, the password stays an argument without its value', () => {
    assert.deepEqual(parsed.credentials, []);
    const w = parsed.warnings!.join('\n');
    assert.match(w, /Cookies were dropped/);
    assert.match(w, /Session-bound headers were dropped with the cookies: X-CSRF-Token\./);
    assert.match(w, /Secret-looking body fields stay arguments .*: password\./);
    const signIn = parsed.candidates.find((c) => pathOf(c) === '/api/svc/v1/auth/sign-in')!;
    assert.deepEqual(signIn.input_schema.properties, {
      email: { type: 'string', description: 'email' },
      password: { type: 'string', description: 'password' },
    });
    const text = JSON.stringify(parsed.candidates);
    for (const value of ['scrubbed', 'operator@example.test', 'tg_session', 'Pet store'])
      assert.ok(!text.includes(value), value);
    // The answers' field names stay (`csrf_token` is one); no tool sends a CSRF header.
    for (const c of parsed.candidates) assert.ok(!/csrf|cookie/i.test(JSON.stringify(c.headers)), c.name);
  });

  test('call-log filters seen on some requests only are optional query inputs', () => {
    const calls = parsed.candidates.find((c) => pathOf(c) === '/api/svc/v1/analytics/calls')!;
    assert.deepEqual(calls.input_schema.required, ['page', 'per_page', 'orderby', 'order']);
    const props = calls.input_schema.properties as Obj;
    assert.deepEqual(props.status, { type: 'string', description: 'status' });
    assert.deepEqual(props.page, { type: 'integer', description: 'page' });
  });
});

describe('HAR import: path templates', () => {
  test('numbers, UUIDs, hex digests, long tokens and e-mail addresses are parameters; words stay', () => {
    assert.deepEqual(templatePath('/v1/users/42/orders/9f1c0a3b7d5e'), {
      template: '/v1/users/{user_id}/orders/{order_id}',
      params: [
        { name: 'user_id', kind: 'number', value: '42' },
        { name: 'order_id', kind: 'id', value: '9f1c0a3b7d5e' },
      ],
    });
    assert.equal(
      templatePath('/categories/0b9e7c1e-6a7f-4f0c-9d8e-2f3a4b5c6d7e/boxes/cus_NffrFeUfNV2Hib').template,
      '/categories/{category_id}/boxes/{box_id}',
    );
    assert.equal(templatePath('/people/ada%40example.com/status').template, '/people/{people_id}/status');
    assert.equal(templatePath('/addresses/7/1').template, '/addresses/{address_id}/{id}');
    assert.equal(templatePath('/7/8').template, '/{id}/{id_2}');
    for (const words of ['/v2/users/me', '/api/items/open', '/status/deadbeef', '/a/v1beta2/b'])
      assert.equal(templatePath(words).template, words);
  });

  test('requests differing only in id-like segments are one operation; words keep operations apart', () => {
    const parsed = parseHar(
      har(
        entry('GET', 'https://api.example.com/users/1', { body: json({ id: 1 }) }),
        entry('GET', 'https://api.example.com/users/2', { body: json({ id: 2 }) }),
        entry('GET', 'https://api.example.com/users/me', { body: json({ id: 3 }) }),
        entry('GET', 'https://api.example.com/users/6f1c2a9e-5b7d-4e8f-9a6b-2c4d6e8f0a1b', {
          body: json({}),
        }),
      ),
    );
    assert.deepEqual(
      parsed.candidates.map((c) => pathOf(c)),
      ['/users/{user_id}', '/users/me'],
    );
    // Both a number and a UUID were seen: a string.
    assert.deepEqual((parsed.candidates[0]!.input_schema.properties as Obj).user_id, {
      type: 'string',
      description: 'path parameter user_id',
    });
  });
});

describe('HAR import: type inference', () => {
  test('types merge over every value: integer and number give number, others a list of types, null only adds null', () => {
    assert.deepEqual(inferSchema([1, 2.5]), { type: 'number' });
    assert.deepEqual(inferSchema(['a', 1]), { type: ['string', 'integer'] });
    assert.deepEqual(inferSchema(['a', null]), { type: ['string', 'null'] });
    assert.deepEqual(inferSchema([null]), {});
    assert.deepEqual(inferSchema([[1], ['x']]), { type: 'array', items: { type: ['string', 'integer'] } });
    assert.deepEqual(inferSchema([{ a: 1 }, { a: 'x', b: true }]), {
      type: 'object',
      properties: { a: { type: ['string', 'integer'] }, b: { type: 'boolean' } },
    });
  });

  test('objects keyed by ids or e-mail addresses are maps: their keys are data and are not kept', () => {
    const schema = inferSchema([{ 'ada@example.com': { n: 1 }, 'bob@example.com': { n: 2 } }]);
    assert.deepEqual(schema, {
      type: 'object',
      additionalProperties: { type: 'object', properties: { n: { type: 'integer' } } },
    });
    assert.ok(!JSON.stringify(schema).includes('example.com'));
    assert.deepEqual(inferSchema([{ '123': 'a', '456': 'b' }]), {
      type: 'object',
      additionalProperties: { type: 'string' },
    });
  });

  test('text values: integers, numbers and booleans are recognised, leading zeros and mixes are strings', () => {
    assert.deepEqual(inferTextSchema(['1', '20']), { type: 'integer' });
    assert.deepEqual(inferTextSchema(['1', '2.5']), { type: 'number' });
    assert.deepEqual(inferTextSchema(['true', 'false']), { type: 'boolean' });
    assert.deepEqual(inferTextSchema(['007']), { type: 'string' });
    assert.deepEqual(inferTextSchema(['1', 'x']), { type: 'string' });
    assert.deepEqual(inferTextSchema(['', '3']), { type: 'integer' });
    assert.deepEqual(inferTextSchema(['a', ['b', 'c']]), { type: 'array', items: { type: 'string' } });
  });

  test('nesting past the depth cap is "any value"', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < MAX_SCHEMA_DEPTH + 5; i++) deep = { d: deep };
    let schema = inferSchema([deep]) as Obj;
    let levels = 0;
    while (schema.properties) {
      schema = (schema.properties as Obj).d as Obj;
      levels++;
    }
    assert.equal(levels, MAX_SCHEMA_DEPTH);
    assert.deepEqual(schema, {});
  });

  test('an answer that is not an object is described under `result`; XML, non-2xx and unparsable answers give none', () => {
    const parsed = parseHar(
      har(
        entry('GET', 'https://api.example.com/tags', { body: json(['a', 'b']) }),
        entry('GET', 'https://api.example.com/feed', { mime: 'application/xml', body: '<feed/>' }),
        entry('GET', 'https://api.example.com/gone', { status: 404, body: json({ error: 'x' }) }),
        entry('GET', 'https://api.example.com/broken', { body: '{"a":' }),
      ),
    );
    assert.deepEqual(parsed.candidates[0]!.output_schema, {
      type: 'object',
      properties: { result: { type: 'array', items: { type: 'string' } } },
    });
    for (const c of parsed.candidates.slice(1)) assert.equal(c.output_schema, undefined, pathOf(c));
  });

  test('a JSON body that is not an object is one whole-body input; a text body is one string input', () => {
    const parsed = parseHar(
      har(
        entry('POST', 'https://api.example.com/bulk', {
          requestBody: { mimeType: 'application/json', text: json([{ id: 1 }]) },
        }),
        entry('POST', 'https://api.example.com/note', {
          requestBody: { mimeType: 'text/plain', text: 'hello' },
        }),
      ),
    );
    const [bulk, note] = parsed.candidates;
    assert.deepEqual(bulk!.parameter_mapping.body, { target: 'body', key: '$' });
    assert.deepEqual((bulk!.input_schema.properties as Obj).body, {
      type: 'array',
      items: { type: 'object', properties: { id: { type: 'integer' } } },
      description: 'request body',
    });
    assert.deepEqual(note!.input_schema.properties, {
      body: { type: 'string', description: 'request body' },
    });
    assert.deepEqual(note!.headers, { 'Content-Type': 'text/plain' });
  });

  test('a multipart upload is a text field with a warning; constant custom headers are kept, browser ones are not', () => {
    const upload = (n: number) =>
      entry('POST', 'https://api.example.com/files', {
        headers: {
          'X-Client-Version': '3.1',
          'User-Agent': 'Chrome',
          'Sec-Fetch-Mode': 'cors',
          'X-Step': String(n),
        },
        requestBody: {
          mimeType: 'multipart/form-data; boundary=----x',
          params: [
            { name: 'title', value: 'a' },
            { name: 'file', fileName: 'a.txt', contentType: 'text/plain' },
          ],
        },
      });
    const parsed = parseHar(har(upload(1), upload(2)));
    const c = parsed.candidates[0]!;
    assert.deepEqual(Object.keys(c.input_schema.properties as Obj), ['title', 'file']);
    assert.deepEqual(c.headers, { 'X-Client-Version': '3.1', 'Content-Type': 'multipart/form-data' });
    assert.ok(
      parsed.warnings!.includes('"file" of POST /files uploaded a file; it is imported as a text field.'),
    );
  });
});

describe('HAR import: filters', () => {
  test('preflights, failed and non-HTTP requests, trackers, beacons and static assets each have their reason', () => {
    const parsed = parseHar(
      har(
        entry('GET', 'https://api.example.com/items', { body: json({ items: [] }) }),
        entry('GET', 'https://api.example.com/items', { resourceType: 'preflight', status: 204 }),
        entry('OPTIONS', 'https://api.example.com/items', { status: 204 }),
        entry('GET', 'https://api.example.com/items', { status: 0 }),
        entry('GET', 'wss://api.example.com/live', { status: 101 }),
        entry('GET', 'data:image/png;base64,AAAA', { mime: 'image/png' }),
        entry('POST', 'https://region1.google-analytics.com/g/collect', { status: 204 }),
        entry('POST', 'https://o12345.ingest.sentry.io/api/9/envelope/', { body: '{}' }),
        entry('GET', 'https://static.hotjar.com/c/hotjar-1.js', { mime: 'application/javascript' }),
        entry('POST', 'https://api.example.com/beacon', { status: 204, mime: '' }),
        entry('GET', 'https://api.example.com/app.js.map', { body: '{}' }),
        entry('GET', 'https://api.example.com/fonts/a', { mime: 'font/woff2' }),
        entry('GET', 'https://api.example.com/', { mime: 'text/html' }),
        entry('GET', 'https://api.example.com/logo', { mime: 'image/svg+xml' }),
      ),
    );
    assert.deepEqual(parsed.filtered, {
      preflight: 2,
      failed: 1,
      not_http: 2,
      analytics: 4,
      static_asset: 4,
    });
    assert.equal(parsed.candidates.length, 1);
    const w = parsed.warnings!.join('\n');
    assert.match(w, /static assets \((?=.*1 source map)(?=.*1 font)(?=.*1 HTML document)(?=.*1 image)/);
    assert.match(w, /region1\.google-analytics\.com: 1/);
    assert.match(w, /beacons to api\.example\.com: 1/);
    assert.match(w, /2 requests that are not HTTP\(S\)/);
  });

  test('several hosts: the ones that answered JSON or XML are kept, unless the operator chooses hosts or a base URL', () => {
    const doc = har(
      entry('GET', 'https://api.example.com/v2/items', { body: json({}) }),
      entry('GET', 'https://api.example.com/v1/old', { body: json({}) }),
      entry('GET', 'https://soap.example.com/service', { mime: 'text/xml', body: '<a/>' }),
      entry('GET', 'https://cdn.example.com/config', { mime: 'text/plain', body: 'x' }),
    );
    const auto = parseHar(doc);
    assert.deepEqual(
      auto.candidates.map((c) => c.endpoint_url),
      [
        'https://api.example.com/v2/items',
        'https://api.example.com/v1/old',
        'https://soap.example.com/service',
      ],
    );
    assert.deepEqual(auto.filtered, { non_api_host: 1 });
    // Two hosts kept: each candidate is tagged with its host.
    assert.deepEqual(auto.candidates[2]!.tags, ['soap.example.com']);
    const chosen = parseHar(doc, { hosts: ['cdn.example.com'] });
    assert.deepEqual(
      chosen.candidates.map((c) => c.endpoint_url),
      ['https://cdn.example.com/config'],
    );
    assert.deepEqual(chosen.filtered, { not_selected: 3 });
    const under = parseHar(doc, { baseUrl: 'https://api.example.com/v2/' });
    assert.deepEqual(
      under.candidates.map((c) => c.endpoint_url),
      ['https://api.example.com/v2/items'],
    );
    assert.deepEqual(under.candidates[0]!.tags, []);
    assert.match(under.warnings!.join('\n'), /Left out 3 requests outside the chosen hosts or base_url/);
    // No host answered JSON or XML: all are kept rather than none.
    const plain = parseHar(
      har(
        entry('GET', 'https://a.example.com/x', { mime: 'text/plain' }),
        entry('GET', 'https://b.example.com/y', { mime: 'text/csv' }),
      ),
    );
    assert.equal(plain.candidates.length, 2);
  });

  test('a recording with no API request answers no candidates and says why', () => {
    const parsed = parseHar(har(entry('GET', 'https://example.com/', { mime: 'text/html' })));
    assert.deepEqual(parsed.candidates, []);
    assert.match(parsed.warnings!.at(-1)!, /None of the 1 entry is an API request/);
  });
});

describe('HAR import: credentials', () => {
  test('Authorization, key headers and key query parameters leave the candidates as detected credentials', () => {
    const basic = Buffer.from('user:pass-SECRET-1').toString('base64');
    const parsed = parseHar(
      har(
        entry('GET', 'https://api.example.com/a?api_key=k-SECRET-2&limit=5', {
          headers: { Authorization: `Basic ${basic}`, 'X-Api-Key': 'x-SECRET-3', Cookie: 'sid=c-SECRET-4' },
          body: json({}),
        }),
        entry('GET', 'https://api.example.com/a?api_key=k-SECRET-2&limit=7', {
          headers: { Authorization: `Basic ${basic}`, 'X-Api-Key': 'x-SECRET-3' },
          body: json({}),
        }),
      ),
    );
    assert.deepEqual(parsed.credentials, [
      {
        credentials: {
          type: 'basic',
          username: 'user',
          password: 'pass-SECRET-1',
          extra_keys: [
            { name: 'X-Api-Key', value: 'x-SECRET-3', location: 'header' },
            { name: 'api_key', value: 'k-SECRET-2', location: 'query' },
          ],
        },
        source: 'header Authorization, header X-Api-Key, query api_key',
      },
    ]);
    const c = parsed.candidates[0]!;
    assert.deepEqual(Object.keys(c.input_schema.properties as Obj), ['limit']);
    assert.equal(c.headers, null);
    assert.ok(!/SECRET|Authorization|api_key|Cookie/i.test(JSON.stringify(parsed.candidates)));
    // The cookie is not a credential here: it is dropped.
    assert.ok(!JSON.stringify(parsed.credentials).includes('c-SECRET-4'));
    assert.match(parsed.warnings!.join('\n'), /Cookies were dropped \(1 request sent cookies/);
  });

  test('a token refreshed during the recording: the first is saved, the others are named as removed', () => {
    const parsed = parseHar(
      har(
        entry('GET', 'https://api.example.com/a', {
          headers: { authorization: 'Bearer t-1' },
          body: json({}),
        }),
        entry('GET', 'https://api.example.com/a', {
          headers: { authorization: 'Bearer t-1' },
          body: json({}),
        }),
        entry('GET', 'https://api.example.com/b', {
          headers: { authorization: 'Bearer t-2' },
          body: json({}),
        }),
      ),
    );
    assert.deepEqual(
      parsed.credentials!.map((c) => c.credentials),
      [
        { type: 'bearer', token: 't-1' },
        { type: 'bearer', token: 't-2' },
      ],
    );
  });
});

describe('HAR import: malformed and hostile input', () => {
  const cases: Array<[string, unknown, RegExp]> = [
    ['empty text', '  ', /The HAR file is empty/],
    ['not JSON', 'GET / HTTP/1.1', /not valid JSON/],
    ['not an object', '[1, 2]', /not a JSON object/],
    ['no log', '{"entries": []}', /no "log" object/],
    ['no entries', '{"log": {"version": "1.2"}}', /no "log\.entries" array/],
    ['entries not an array', '{"log": {"entries": {}}}', /no "log\.entries" array/],
    ['an entry not an object', har(3 as unknown as Obj), /log\.entries\[0\] must be an object/],
    ['no request', har({ response: { status: 200 } }), /log\.entries\[0\]\.request must be an object/],
    [
      'a URL of the wrong type',
      har({ request: { method: 'GET', url: 5 }, response: { status: 200 } }),
      /request\.url must be a string/,
    ],
    [
      'a relative URL',
      har({ request: { method: 'GET', url: '/x' }, response: { status: 200 } }),
      /request\.url is not an absolute URL/,
    ],
    [
      'a status of the wrong type',
      har({ request: { method: 'GET', url: 'https://a.example/' }, response: { status: '200' } }),
      /response\.status must be a number/,
    ],
    [
      'headers not an array',
      har({ request: { method: 'GET', url: 'https://a.example/', headers: {} }, response: { status: 200 } }),
      /request\.headers must be an array/,
    ],
    [
      'a header value of the wrong type',
      har({
        request: { method: 'GET', url: 'https://a.example/', headers: [{ name: 'a', value: 1 }] },
        response: { status: 200 },
      }),
      /request\.headers\[0\]\.value must be a string/,
    ],
    [
      'postData text of the wrong type',
      har({
        request: { method: 'POST', url: 'https://a.example/', postData: { mimeType: 'a/b', text: {} } },
        response: { status: 200 },
      }),
      /postData\.text must be a string/,
    ],
    [
      'nested past the depth limit',
      `{"log":{"entries":[],"x":${'['.repeat(300)}${']'.repeat(300)}}}`,
      /nests deeper than 256/,
    ],
  ];
  for (const [name, input, message] of cases)
    test(`refuses ${name} with 400 invalid_spec`, () => {
      const err = refusal(() => parseHar(input as string));
      assert.equal(err.code, 'invalid_spec');
      assert.equal(err.status, 400);
      assert.match(err.message, message);
    });

  test('an object nested past the depth limit is refused before it is walked', () => {
    let deep: Obj = {};
    for (let i = 0; i < 300; i++) deep = { d: deep };
    const err = refusal(() => parseHar({ log: { entries: [], deep } }));
    assert.match(err.message, /nests deeper than 256/);
  });

  test(`more than ${MAX_HAR_ENTRIES} entries is 400 svc_import_too_large before any is read`, () => {
    const entries = new Array(MAX_HAR_ENTRIES + 1).fill(0);
    const err = refusal(() => parseHar({ log: { entries } }));
    assert.equal(err.code, 'svc_import_too_large');
    assert.deepEqual(err.data, { limit_entries: MAX_HAR_ENTRIES });
  });

  test(`an operation seen more than ${MAX_SAMPLES} times is inferred from its first ${MAX_SAMPLES} requests and counted whole`, () => {
    const entries = Array.from({ length: MAX_SAMPLES + 20 }, (_, i) =>
      entry('GET', `https://api.example.com/items/${i}?n=${i}${i >= MAX_SAMPLES ? '&late=1' : ''}`, {
        body: json({}),
      }),
    );
    const parsed = parseHar(har(...entries));
    assert.equal(parsed.candidates.length, 1);
    assert.match(parsed.candidates[0]!.description, /120 requests in the HAR/);
    assert.deepEqual(Object.keys(parsed.candidates[0]!.input_schema.properties as Obj), ['item_id', 'n']);
  });

  test('base64 answers are decoded; an answer too large to read gives no output schema but the operation stays', () => {
    const encoded = entry('GET', 'https://api.example.com/a', {
      body: Buffer.from(json({ ok: true })).toString('base64'),
    });
    ((encoded.response as Obj).content as Obj).encoding = 'base64';
    const big = entry('GET', 'https://api.example.com/b', {
      body: json({ pad: 'x'.repeat(3 * 1024 * 1024) }),
    });
    const parsed = parseHar(har(encoded, big));
    assert.deepEqual(parsed.candidates[0]!.output_schema, {
      type: 'object',
      properties: { ok: { type: ['boolean', 'null'] } },
    });
    assert.equal(parsed.candidates[1]!.output_schema, undefined);
  });
});
