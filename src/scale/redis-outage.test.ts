import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { buildTestApp } from '../../test/helpers.ts';
import { loadConfig } from '../config.ts';
import type { GatewayEvent } from '../events.ts';
import { openStore } from '../store/db.ts';
import { createScaleOut, type ScaleOut } from './scale-out.ts';

/*
 * Redis unavailable: a Redis of the test's own on a free port (the shared service is never
 * touched), killed and started again. Rate limits fall back to each instance's own counters,
 * health says degraded, a line is logged, and events flow again once it is back.
 */

const installed = spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
if (!installed && process.env.CI === 'true') throw new Error('redis-server must be installed under CI=true');

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as { port: number };
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGKILL');
  await exited;
}

/** Bounded wait (about 10 s) for a condition. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  assert.fail(`timed out waiting for ${what}`);
}

describe('Redis unavailable', {
  skip: installed ? false : 'redis-server not installed',
  timeout: 60_000,
}, () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-redis-outage-'));
  const children: ChildProcess[] = [];
  after(async () => {
    for (const c of children) await stopRedis(c);
    rmSync(dir, { recursive: true, force: true });
  });

  test('limits fall back per instance with a log line, events resume when it returns', async () => {
    const port = await freePort();
    children.push(startRedis(port));
    const config = loadConfig(
      {},
      {
        dataDir: dir,
        databaseUrl: `sqlite:${join(dir, 'one.db')}`,
        redisUrl: `redis://127.0.0.1:${port}`,
        logLevel: 'silent',
      },
    );
    const store = await openStore(config.databaseUrl);
    const lines: string[] = [];
    const log = {
      warn: (_o: unknown, m?: string) => lines.push(`warn ${m}`),
      info: (o: unknown, m?: string) => lines.push(`info ${m ?? o}`),
    };
    const a: ScaleOut = await createScaleOut(config, store, log as never);
    const b: ScaleOut = await createScaleOut(config, store, log as never);
    try {
      await until('both on Redis', () => a.redisState?.() === 'up' && b.redisState?.() === 'up');
      const shared = [];
      for (let i = 0; i < 6; i++) shared.push((await (i % 2 ? b : a).limiter.hit('k-shared', 3)).allowed);
      assert.deepEqual(shared, [true, true, true, false, false, false]); // one window for both

      await stopRedis(children[0]!);
      await until('Redis seen down', () => a.redisState?.() === 'down' && b.redisState?.() === 'down');
      assert.ok(
        lines.some((l) => l.startsWith('warn Redis unreachable: rate limits are enforced per instance')),
        lines.join('\n'),
      );
      const apart = [];
      for (let i = 0; i < 8; i++) apart.push((await (i % 2 ? b : a).limiter.hit('k-apart', 3)).allowed);
      // Each instance counts alone: 3 + 3 admitted, none fails for want of Redis.
      assert.deepEqual(apart, [true, true, true, true, true, true, false, false]);
      assert.equal(a.events.epoch(), 0); // caches trust nothing they hold meanwhile

      children.push(startRedis(port));
      await until('Redis back', () => a.redisState?.() === 'up' && b.redisState?.() === 'up');
      assert.ok(
        lines.includes('info Redis reachable again: shared rate limits and events resumed'),
        lines.join('\n'),
      );
      const heard: GatewayEvent[] = [];
      b.events.subscribe((e) => heard.push(e));
      await a.events.publish({ type: 'session_ended', sessionId: 'after-outage' });
      await until('the event on the other instance', () => heard.length > 0);
      assert.deepEqual(heard, [{ type: 'session_ended', sessionId: 'after-outage' }]);
      const again = [];
      for (let i = 0; i < 4; i++) again.push((await (i % 2 ? b : a).limiter.hit('k-again', 3)).allowed);
      assert.deepEqual(again, [true, true, true, false]); // shared again
    } finally {
      await a.close();
      await b.close();
      await store.close();
    }
  });

  test('health is degraded (200) with a redis check while Redis is away, ok again after', async () => {
    const port = await freePort();
    const redis = startRedis(port);
    children.push(redis);
    const t = await buildTestApp({
      config: { redisUrl: `redis://127.0.0.1:${port}`, trustProxy: 'loopback' },
    });
    try {
      const health = async () => {
        const res = await t.app.inject({
          method: 'GET',
          url: `${t.base}/health`,
          headers: { 'x-real-ip': `203.0.113.${Math.floor(Math.random() * 250)}` },
        });
        return {
          code: res.statusCode,
          body: res.json() as { status: string; checks: Record<string, { status: string }> },
        };
      };
      await until('Redis up', () => t.ctx.redisState?.() === 'up');
      assert.equal((await health()).body.checks.redis!.status, 'ok');
      await stopRedis(redis);
      await until('Redis down', () => t.ctx.redisState?.() === 'down');
      const down = await health();
      assert.equal(down.code, 200);
      assert.equal(down.body.status, 'degraded');
      assert.equal(down.body.checks.redis!.status, 'warn');
      // MCP and the management API keep working on per-instance limits.
      assert.equal((await t.api('POST', '/servers', { name: 'During outage' })).statusCode, 201);
      children.push(startRedis(port));
      await until('Redis back', () => t.ctx.redisState?.() === 'up');
      assert.equal((await health()).body.checks.redis!.status, 'ok');
    } finally {
      await t.close();
    }
  });
});
