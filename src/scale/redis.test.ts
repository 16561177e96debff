import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Redis } from 'ioredis';
import { buildTestApp } from '../../test/helpers.ts';
import { redisReachable, TEST_REDIS_URL, whenReady } from '../../test/kit/redis.ts';
import type { GatewayEvent } from '../events.ts';
import { connectRedis, createRedisRateLimiter } from './redis.ts';
import { createRedisEventBus } from './redis-bus.ts';

const REDIS_URL = TEST_REDIS_URL;

const available = await redisReachable(REDIS_URL);
if (!available && process.env.CI === 'true')
  throw new Error(`Redis must be reachable at ${REDIS_URL} under CI=true`);

describe('scale-out over Redis', { skip: available ? false : `Redis not reachable at ${REDIS_URL}` }, () => {
  let redis: Redis;
  before(() => {
    redis = connectRedis(REDIS_URL);
    return whenReady(redis);
  });
  after(() => redis.quit());

  test('two limiters on one Redis share a sliding window', async () => {
    const key = `test-${randomUUID()}`;
    const fixed = () => 1_000_000 * 60_000 + 5_000; // 5 s into a window
    const second = connectRedis(REDIS_URL);
    await whenReady(second);
    const a = createRedisRateLimiter(redis, 'toolgate:test', fixed);
    const b = createRedisRateLimiter(second, 'toolgate:test', fixed);
    const decisions = [];
    for (let i = 0; i < 6; i++) decisions.push(await (i % 2 === 0 ? a : b).hit(key, 5));
    assert.deepEqual(
      decisions.map((d) => d.allowed),
      [true, true, true, true, true, false],
    );
    assert.equal(decisions[4]!.remaining, 0);
    assert.ok(decisions[5]!.retryAfterMs > 0 && decisions[5]!.retryAfterMs <= 55_000);
    await second.quit();
  });

  test('the previous window still counts, weighted by how much of it overlaps', async () => {
    const key = `test-${randomUUID()}`;
    let now = 10 * 60_000 + 30_000; // half-way through window 10
    const limiter = createRedisRateLimiter(redis, 'toolgate:test', () => now);
    for (let i = 0; i < 10; i++) assert.equal((await limiter.hit(key, 10)).allowed, true);
    now = 11 * 60_000 + 30_000; // half-way through window 11: 10 × 0.5 = 5 still count
    const allowed = [];
    for (let i = 0; i < 7; i++) allowed.push((await limiter.hit(key, 10)).allowed);
    assert.deepEqual(allowed, [true, true, true, true, true, false, false]);
  });

  test('an event published on one instance reaches the other once, and the publisher at once', async () => {
    const channel = `toolgate:test:${randomUUID()}`;
    const one = createRedisEventBus(REDIS_URL, channel);
    const two = createRedisEventBus(REDIS_URL, channel);
    const seenOne: GatewayEvent[] = [];
    const seenTwo: GatewayEvent[] = [];
    one.subscribe((e) => seenOne.push(e));
    const arrived = new Promise<void>((resolve) =>
      two.subscribe((e) => {
        seenTwo.push(e);
        resolve();
      }),
    );
    for (let i = 0; i < 100 && (one.epoch() === 0 || two.epoch() === 0); i++)
      await new Promise((r) => setTimeout(r, 20)); // both subscriptions up
    await one.publish({ type: 'tools_changed', serverId: 7 });
    assert.deepEqual(seenOne, [{ type: 'tools_changed', serverId: 7 }]);
    await arrived;
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(seenTwo, [{ type: 'tools_changed', serverId: 7 }]);
    assert.equal(seenOne.length, 1);
    await one.close();
    await two.close();
  });

  test('two gateway instances share the public health rate limit through REDIS_URL', async () => {
    // X-Real-IP gives this run a client of its own (the health limit reads it whatever TRUST_PROXY says).
    // Two SQLite files: one deployment only because they are told to share a prefix.
    const config = {
      redisUrl: REDIS_URL,
      trustProxy: 'loopback',
      redisPrefix: `toolgate:test:${randomUUID()}`,
    };
    const a = await buildTestApp({ config });
    const b = await buildTestApp({ config });
    try {
      // Until an instance reaches Redis it counts on its own (the fallback); wait for both.
      for (let i = 0; i < 200 && (a.ctx.redisState?.() !== 'up' || b.ctx.redisState?.() !== 'up'); i++)
        await new Promise((r) => setTimeout(r, 10));
      const ip = `2001:db8::${randomUUID().slice(0, 4)}:${randomUUID().slice(0, 4)}`;
      const statuses: number[] = [];
      for (let i = 0; i < 61; i++) {
        const app = i % 2 === 0 ? a.app : b.app;
        const res = await app.inject({
          method: 'GET',
          url: `${a.base}/health`,
          headers: { 'x-real-ip': ip },
        });
        statuses.push(res.statusCode);
      }
      assert.equal(statuses.filter((s) => s === 429).length, 1);
      assert.equal(statuses.at(-1), 429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
