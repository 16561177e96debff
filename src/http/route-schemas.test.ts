import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { routeSchemasOf } from '../app.ts';
import { compileRouteSchema } from './validation.ts';

// Route validators compile on a route's first request (start-up time): this proves every one compiles.
let t: TestApp;
before(async () => {
  t = await buildTestApp();
});
after(() => t.close());

test('every route schema (body, querystring, params, headers) compiles', () => {
  const routes = routeSchemasOf(t.app);
  assert.ok(routes.length >= 60, `only ${routes.length} routes with schemas`);
  let compiled = 0;
  for (const { route, schema } of routes) {
    for (const part of ['body', 'querystring', 'params', 'headers'] as const) {
      const s = schema[part];
      if (!s) continue;
      assert.doesNotThrow(() => compileRouteSchema(s as object, part), `${route} ${part}`);
      compiled++;
    }
  }
  assert.ok(compiled >= 60, `only ${compiled} schemas compiled`);
});

test('a route validates on its first request: an unknown body field is 400 naming it', async () => {
  const res = await t.api('POST', '/servers', { name: 'Lazy', colour: 'blue' });
  assert.equal(res.statusCode, 400);
  assert.match(res.body, /colour/);
});
