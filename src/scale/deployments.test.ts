import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createPgSchema, type PgSchema, type TestApp } from '../../test/helpers.ts';
import { redisReachable, TEST_REDIS_URL, whenReady } from '../../test/kit/redis.ts';
import { JSON_AND_SSE } from '../../test/mcp-kit.ts';
import type { GatewayEvent } from '../events.ts';
import { readOption } from '../store/options.repo.ts';
import { connectRedis } from './redis.ts';

const REDIS_URL = TEST_REDIS_URL;
const available = await redisReachable(REDIS_URL);
if (!available && process.env.CI === 'true')
  throw new Error(`Redis must be reachable at ${REDIS_URL} under CI=true`);

/** Waits (bounded) until the app's event bus is subscribed. */
async function subscribed(t: TestApp): Promise<void> {
  for (let i = 0; i < 200 && t.ctx.events.epoch() === 0; i++) await new Promise((r) => setTimeout(r, 10));
  assert.notEqual(t.ctx.events.epoch(), 0, 'event bus never subscribed');
}

/** An app on a Redis database index of its own, over the given SQLite file. */
function onIndex(index: number, file: string): Promise<TestApp> {
  return buildTestApp({
    databaseUrl: `sqlite:${file}`,
    config: { redisUrl: `${REDIS_URL.replace(/\/\d*$/, '')}/${index}` },
  });
}

describe('deployments sharing one Redis server', {
  skip: available ? false : `Redis not reachable at ${REDIS_URL}`,
}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-deployments-'));
  after(() => rmSync(dir, { recursive: true, force: true }));

  test("two deployments on different database indexes never hear each other's events", async () => {
    // Deployment X: one instance. Deployment Y: two instances over one database.
    const x = await onIndex(1, join(dir, 'x.db'));
    const y1 = await onIndex(2, join(dir, 'y.db'));
    const y2 = await onIndex(2, join(dir, 'y.db'));
    try {
      await Promise.all([x, y1, y2].map(subscribed));
      // Each deployment's first server has the same numeric id 1.
      const sx = (await x.api('POST', '/servers', { name: 'X' })).json();
      const sy = (await y1.api('POST', '/servers', { name: 'Y' })).json();
      const idOf = async (t: TestApp, uuid: string) =>
        Number(
          (
            await t.ctx.store.db
              .selectFrom('servers')
              .select('id')
              .where('uuid', '=', uuid)
              .executeTakeFirstOrThrow()
          ).id,
        );
      assert.equal(await idOf(x, sx.uuid), await idOf(y1, sy.uuid));

      const heard: GatewayEvent[] = [];
      let marker: () => void = () => undefined;
      const markerSeen = new Promise<void>((r) => {
        marker = r;
      });
      y2.ctx.events.subscribe((e) => {
        heard.push(e);
        if (e.type === 'prompts_changed') marker();
      });
      // X changes its tools, then Y publishes a marker: Redis delivers in publish order, so once
      // y2 hears the marker it would have heard X's event before it.
      await x.ctx.events.publish({ type: 'tools_changed', serverId: await idOf(x, sx.uuid) });
      await y1.ctx.events.publish({ type: 'prompts_changed', serverId: await idOf(y1, sy.uuid) });
      await markerSeen;
      assert.deepEqual(heard, [{ type: 'prompts_changed', serverId: await idOf(y2, sy.uuid) }]);
      // The namespace is the deployment's, stored once in its database.
      const idX = await readOption<string>(x.ctx.store.db, 'deployment_id');
      const idY = await readOption<string>(y2.ctx.store.db, 'deployment_id');
      assert.match(String(idX), /^[0-9a-f-]{36}$/);
      assert.notEqual(idX, idY);
      assert.equal(idY, await readOption<string>(y1.ctx.store.db, 'deployment_id'));
    } finally {
      await Promise.all([x, y1, y2].map((t) => t.close()));
    }
  });

  test('on the wire an event names its server by UUID under the deployment prefix', async () => {
    const prefix = `toolgate:test:${randomUUID()}`;
    const a = await buildTestApp({ config: { redisUrl: REDIS_URL, redisPrefix: prefix } });
    const listener = connectRedis(REDIS_URL);
    try {
      await subscribed(a);
      await whenReady(listener);
      const message = new Promise<string>((resolve) =>
        listener.on('message', (_c: string, m: string) => resolve(m)),
      );
      await listener.subscribe(`${prefix}:events`);
      const server = (await a.api('POST', '/servers', { name: 'Wire' })).json();
      await a.api('PATCH', `/servers/${server.uuid}`, { description: 'changed' });
      const wire = JSON.parse(await message) as { event: Record<string, unknown> };
      assert.deepEqual(wire.event, { type: 'server_changed', server: server.uuid });
    } finally {
      listener.disconnect();
      await a.close();
    }
  });

  test('an event naming a server this deployment does not have is dropped', async () => {
    const prefix = `toolgate:test:${randomUUID()}`;
    const a = await buildTestApp({ config: { redisUrl: REDIS_URL, redisPrefix: prefix } });
    const publisher = connectRedis(REDIS_URL);
    try {
      await subscribed(a);
      const server = (await a.api('POST', '/servers', { name: 'Known' })).json();
      const heard: GatewayEvent[] = [];
      let done: () => void = () => undefined;
      const seen = new Promise<void>((r) => {
        done = r;
      });
      a.ctx.events.subscribe((e) => {
        heard.push(e);
        done();
      });
      await whenReady(publisher);
      const send = (event: unknown) =>
        publisher.publish(`${prefix}:events`, JSON.stringify({ from: 'other', event }));
      await send({ type: 'tools_changed', server: randomUUID() });
      await send({ type: 'tools_changed', server: server.uuid });
      await seen;
      assert.equal(heard.length, 1);
      assert.equal(heard[0]!.type, 'tools_changed');
    } finally {
      publisher.disconnect();
      await a.close();
    }
  });
});

describe('a session DELETE on one instance', {
  skip: available ? false : `Redis not reachable at ${REDIS_URL}`,
}, () => {
  let pg: PgSchema;
  let a: TestApp;
  let b: TestApp;
  let slug: string;
  before(async () => {
    pg = await createPgSchema();
    if ('skip' in pg) return;
    const config = { redisUrl: REDIS_URL };
    a = await buildTestApp({ databaseUrl: pg.url, config });
    b = await buildTestApp({ databaseUrl: pg.url, config });
    slug = (await a.api('POST', '/servers', { name: 'Shared', rate_limit_per_min: 10_000 })).json().slug;
  });
  after(async () => {
    if ('skip' in pg) return;
    await a.close();
    await b.close();
    await pg.drop();
  });

  const post = (t: TestApp, body: unknown, sid?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: `/mcp/${slug}`,
      payload: JSON.stringify(body),
      headers: {
        'content-type': 'application/json',
        accept: JSON_AND_SSE,
        ...(sid ? { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' } : {}),
      },
    });

  test('is refused on the other instance by the very next request, 25 times in a row', async (t) => {
    if ('skip' in pg) return t.skip(pg.skip);
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const init = await post(a, {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
      });
      const sid = String(init.headers['mcp-session-id']);
      // B reads (and caches) the live session, A ends it, B is asked again at once.
      assert.equal((await post(b, { jsonrpc: '2.0', id: 1, method: 'ping' }, sid)).statusCode, 200);
      const del = await a.app.inject({
        method: 'DELETE',
        url: `/mcp/${slug}`,
        headers: { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' },
      });
      assert.equal(del.statusCode, 200);
      statuses.push((await post(b, { jsonrpc: '2.0', id: 2, method: 'ping' }, sid)).statusCode);
    }
    assert.deepEqual(statuses, Array(25).fill(404));
  });

  test('is refused by an instance that has only just started (its subscription not yet up)', async (t) => {
    if ('skip' in pg) return t.skip(pg.skip);
    const init = await post(a, {
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'c', version: '1' } },
    });
    const sid = String(init.headers['mcp-session-id']);
    const fresh = await buildTestApp({
      databaseUrl: (pg as { url: string }).url,
      config: { redisUrl: REDIS_URL },
    });
    try {
      assert.equal((await post(fresh, { jsonrpc: '2.0', id: 1, method: 'ping' }, sid)).statusCode, 200);
      await a.app.inject({
        method: 'DELETE',
        url: `/mcp/${slug}`,
        headers: { 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' },
      });
      assert.equal((await post(fresh, { jsonrpc: '2.0', id: 2, method: 'ping' }, sid)).statusCode, 404);
    } finally {
      await fresh.close();
    }
  });
});
