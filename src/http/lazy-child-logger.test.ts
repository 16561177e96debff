import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import pino from 'pino';
import { createLazyChildLogger, LazyChildLogger } from './lazy-child-logger.ts';

function capture(level: string) {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { lines, logger: pino({ level }, stream) };
}

test('writes nothing and makes no child below the level; above it, the child line with its bindings', () => {
  const { lines, logger } = capture('warn');
  let children = 0;
  const child = logger.child.bind(logger);
  logger.child = ((b: pino.Bindings, o?: pino.ChildLoggerOptions) => {
    children++;
    return child(b, o);
  }) as unknown as typeof logger.child;
  const lazy = new LazyChildLogger(logger, { reqId: 'req-7' }, {});
  lazy.info({ a: 1 }, 'quiet');
  lazy.debug('quieter');
  assert.equal(children, 0);
  assert.equal(lines.length, 0);
  lazy.warn({ a: 2 }, 'loud %s', 'enough');
  lazy.error('worse');
  assert.equal(children, 1);
  assert.deepEqual(
    lines.map((l) => [l.level, l.reqId, l.msg, l.a]),
    [
      [40, 'req-7', 'loud enough', 2],
      [50, 'req-7', 'worse', undefined],
    ],
  );
});

test('its own level option wins over the parent level, and level changes reach the child', () => {
  const { lines, logger } = capture('warn');
  const lazy = new LazyChildLogger(logger, { reqId: 'r' }, { level: 'debug' });
  assert.equal(lazy.level, 'debug');
  assert.equal(lazy.isLevelEnabled('debug'), true);
  assert.equal(lazy.isLevelEnabled('trace'), false);
  lazy.debug('shown');
  lazy.trace('hidden');
  lazy.level = 'error';
  lazy.warn('now hidden');
  assert.deepEqual(
    lines.map((l) => l.msg),
    ['shown'],
  );
  assert.equal(lazy.child({ sub: 1 }).bindings().reqId, 'r');
});

test('fastify request logs carry the request id through the lazy child', async () => {
  const { lines, logger } = capture('info');
  const app = Fastify({ loggerInstance: logger, childLoggerFactory: createLazyChildLogger });
  app.get('/x', async (request) => {
    request.log.info({ step: 'handler' }, 'inside');
    return { ok: true };
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  assert.equal(res.statusCode, 200);
  const inside = lines.find((l) => l.msg === 'inside');
  assert.ok(inside);
  assert.equal(inside.step, 'handler');
  assert.match(String(inside.reqId), /^req-/);
  // fastify's own "request completed" line goes through the same child
  const done = lines.find((l) => l.msg === 'request completed');
  assert.equal(done?.reqId, inside.reqId);
  await app.close();
});

test('with logging off, fastify requests use its null logger as before', async () => {
  const app = Fastify({ logger: false, childLoggerFactory: createLazyChildLogger });
  app.get('/x', async (request) => {
    request.log.info('nowhere');
    return { ok: request.log.child({}) === request.log };
  });
  const res = await app.inject({ method: 'GET', url: '/x' });
  assert.equal(res.statusCode, 200);
  assert.deepEqual(res.json(), { ok: true });
  await app.close();
});
