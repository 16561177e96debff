import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { ADMIN_CSP, adminRoutes } from './admin.routes.ts';

describe('admin UI static serving', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let dist: string;
  before(async () => {
    t = await buildTestApp();
    dist = mkdtempSync(join(tmpdir(), 'toolgate-admin-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" src="./assets/app-1.js"></script></head></html>',
    );
    writeFileSync(join(dist, 'assets', 'app-1.js'), 'console.log(1)');
    app = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    await app.register(async (root) => adminRoutes(root, t.ctx, dist));
  });
  after(async () => {
    await app.close();
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  test('serves index.html at /admin/ with a strict CSP and the API base in a meta tag', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(res.headers['content-security-policy'], ADMIN_CSP);
    assert.match(ADMIN_CSP, /script-src 'self';/);
    assert.doesNotMatch(ADMIN_CSP, /unsafe-inline|unsafe-eval|https?:/);
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.match(res.body, /<meta name="toolgate-api-base" content="\.\.\/api\/svc\/v1">/);
  });

  test('serves hashed assets as immutable and unknown assets as 404', async () => {
    const res = await app.inject({ method: 'GET', url: '/admin/assets/app-1.js' });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-type'], 'text/javascript; charset=utf-8');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.body, 'console.log(1)');
    const missing = await app.inject({ method: 'GET', url: '/admin/assets/..%2f..%2fpackage.json' });
    assert.equal(missing.statusCode, 404);
  });

  test('redirects / and /admin to /admin/, and any other path under /admin/ to the app', async () => {
    const root = await app.inject({ method: 'GET', url: '/' });
    assert.equal(root.statusCode, 302);
    assert.equal(root.headers.location, 'admin/');
    const bare = await app.inject({ method: 'GET', url: '/admin' });
    assert.equal(bare.statusCode, 301);
    assert.equal(bare.headers.location, 'admin/');
    const deep = await app.inject({ method: 'GET', url: '/admin/servers' });
    assert.equal(deep.statusCode, 200);
    assert.match(deep.body, /toolgate-api-base/);
  });

  test('answers 503 with how to build it when web/dist is missing', async () => {
    const bare = Fastify();
    await bare.register(async (root) => adminRoutes(root, t.ctx, join(dist, 'nope')));
    const res = await bare.inject({ method: 'GET', url: '/admin/' });
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /npm run build:web/);
    await bare.close();
  });
});
