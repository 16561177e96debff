import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { buildTestApp, type TestApp } from './helpers.ts';
import {
  type BodyCase,
  bodyCases,
  checkResponse,
  EXTRA_FIELDS,
  expandUrl,
  fingerprint,
  managementRoutes,
  queryCases,
  type RouteInfo,
  type Seeded,
  seed,
  send,
  startUpstream,
} from './hostile-kit.ts';

/*
 * The guide's rule, swept over every management route the instance serves: bad input gets a
 * clear error with the right status, changes nothing, and never crashes or answers 500.
 */

type SwaggerOp = {
  requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
  parameters?: Array<{ in: string; name: string }>;
};

/** The OpenAPI operation of a route, to learn its body fields and query parameters. */
function operationOf(doc: { paths: Record<string, Record<string, SwaggerOp>> }, t: TestApp, r: RouteInfo) {
  const norm = (p: string) => p.replace(/\{[^}]+\}/g, '{}');
  const path = norm(r.url.slice(t.base.length).replace(/:[A-Za-z_]+/g, '{}'));
  const match = Object.entries(doc.paths).find(([p]) => norm(p) === path);
  return match?.[1][r.method.toLowerCase()];
}

/** Non-destructive methods first; deletes last and deepest first, so parents outlive children. */
function sweepOrder(routes: RouteInfo[]): RouteInfo[] {
  const rank = (r: RouteInfo) => (r.method === 'DELETE' ? 1 : 0);
  return [...routes].sort(
    (a, b) => rank(a) - rank(b) || (rank(a) ? b.url.length - a.url.length : a.url.localeCompare(b.url)),
  );
}

describe('hostile input on every management route', () => {
  let t: TestApp;
  let upstream: Server;
  let seeded: Seeded;
  before(async () => {
    const up = await startUpstream();
    upstream = up.server;
    t = await buildTestApp();
    seeded = await seed(t, up.url);
  });
  after(async () => {
    await t.close();
    upstream.close();
  });

  test('enumerates the routes from the instance', () => {
    const routes = managementRoutes(t);
    const names = routes.map((r) => `${r.method} ${r.url.slice(t.base.length)}`);
    for (const expected of [
      'POST /servers',
      'PATCH /servers/:id',
      'POST /servers/:id/tools/import-openapi',
      'POST /servers/:id/tools/:id/test',
      'DELETE /analytics/calls/filter',
      'POST /admin/run-retention',
      'DELETE /keys/:id',
    ])
      assert.ok(names.includes(expected), `${expected} not in ${names.join(', ')}`);
    assert.ok(routes.length >= 40, `only ${routes.length} routes found`);
  });

  test('a path the router cannot decode, or an over-long id, answers in the error shape', async () => {
    const bad = await send(t, 'GET', `${t.base}/servers/%E0%A4%A`);
    assert.equal(bad.statusCode, 400);
    assert.deepEqual(bad.json(), {
      code: 'rest_invalid_url',
      message: 'The request path is not a valid URL.',
      data: { status: 400 },
    });
    const long = await send(t, 'GET', `${t.base}/servers/${'9'.repeat(5000)}/tools`);
    assert.equal(long.statusCode, 414);
    assert.equal(long.json().code, 'rest_uri_too_long');
    assert.equal(long.json().data.status, 414);
  });

  test('a body nested deeper than 256 levels is 400 rest_invalid_json, and changes nothing', async () => {
    const before = await fingerprint(t);
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const res = await send(t, 'PATCH', `${t.base}/servers/${seeded.server.id}`, {
      label: 'deep',
      payload: `{"outbound_auth_config":${deep(10_000)}}`,
      contentType: 'application/json',
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, 'rest_invalid_json');
    assert.equal(await fingerprint(t), before);
    const fine = await send(t, 'PATCH', `${t.base}/servers/${seeded.server.id}`, {
      label: 'nested but fine',
      payload: `{"settings":${deep(200)}}`,
      contentType: 'application/json',
    });
    assert.equal(fine.statusCode, 200, fine.body);
  });

  test('no route answers 500, an error body out of shape, or writes on a 4xx', async () => {
    await t.app.ready();
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, SwaggerOp>> };
    // Failures grouped by route and outcome, with one example each, so a report stays readable.
    const failures = new Map<string, string>();
    const fail = (route: RouteInfo, status: number, what: string, example: string) => {
      const key = `${route.method} ${route.url.slice(t.base.length)} → ${status} ${what}`;
      if (!failures.has(key)) failures.set(key, example.slice(0, 400));
    };
    let sent = 0;

    const probe = async (route: RouteInfo, url: string, body?: BodyCase) => {
      const beforeState = await fingerprint(t);
      const res = await send(t, route.method, url, body);
      sent++;
      const label = body ? ` [${body.label}]` : '';
      const bad = checkResponse(res, { method: route.method, url: `${url}${label}` }, t);
      if (bad) fail(route, res.statusCode, res.statusCode >= 500 ? 'server error' : 'bad error body', bad);
      else if (res.statusCode >= 400 && (await fingerprint(t)) !== beforeState)
        fail(route, res.statusCode, 'wrote to the store', `${url.slice(0, 160)}${label}: ${res.body}`);
    };

    for (const route of sweepOrder(managementRoutes(t))) {
      const op = operationOf(doc, t, route);
      const schemaFields = Object.keys(
        op?.requestBody?.content?.['application/json']?.schema?.properties ?? {},
      );
      const queryNames = (op?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const { valid, hostile } = expandUrl(route.url, seeded);

      for (const url of hostile) {
        await probe(route, url);
        if (route.method !== 'GET' && route.method !== 'HEAD')
          await probe(route, url, { label: '{}', payload: '{}', contentType: 'application/json' });
      }
      if (route.method === 'HEAD') {
        for (const url of valid) await probe(route, url);
        continue;
      }
      if (route.method === 'GET' || route.method === 'DELETE')
        for (const q of queryCases(queryNames)) await probe(route, `${valid[0]}?${q}`);
      // Bodies are strict: the route's own fields reach its handler with hostile values (unknown
      // ones are refused first, as hostile-unknown-fields.test.ts shows); undocumented bodies get all.
      for (const url of valid)
        for (const body of bodyCases(schemaFields.length > 0 ? schemaFields : EXTRA_FIELDS))
          await probe(route, url, body);

      // Still alive and still answering valid requests.
      const alive = await send(t, 'GET', `${t.base}/settings`);
      assert.equal(alive.statusCode, 200, `after ${route.method} ${route.url}: ${alive.body}`);
    }

    assert.ok(sent > 2000, `only ${sent} requests sent`);
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was polluted');
    assert.deepEqual(Object.fromEntries(failures), {});
  });
});
