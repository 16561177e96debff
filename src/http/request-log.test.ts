import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import { pino } from 'pino';
import { request } from 'undici';
import { buildTestApp } from '../../test/helpers.ts';
import { QuietRequestLog } from './request-log.ts';

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

test('at debug, one line per request, MCP POSTs of the lane included, without the query string', async () => {
  const t = await buildTestApp({ config: { logLevel: 'debug', logFormat: 'json' } });
  const { lines, logger } = capture('debug');
  // The app's own logger writes to stdout: watch what the lane hands it.
  const seen: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const debug = t.app.log.debug.bind(t.app.log);
  t.app.log.debug = ((obj: Record<string, unknown>, msg: string) => {
    seen.push({ obj, msg });
    logger.debug(obj, msg);
  }) as typeof t.app.log.debug;
  try {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await (await request(`${origin}/health?api_key=very-secret-value`)).body.text();
    const mcp = await request(`${origin}/mcp/nothing-here`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer another-secret-value' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    await mcp.body.text();
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(
      seen.map((s) => s.msg.replace(/\d+ ms$/, 'N ms')),
      ['GET /health 200 N ms', 'POST /mcp/nothing-here 404 N ms'],
    );
    assert.deepEqual(Object.keys(seen[0]!.obj).sort(), ['method', 'ms', 'remoteAddress', 'status', 'url']);
    assert.equal(seen[0]!.obj.url, '/health');
    assert.ok(!JSON.stringify(lines).includes('secret-value'));
  } finally {
    t.app.log.debug = debug;
    await t.close();
  }
});

test('at info (the default), no request line at all', async () => {
  const t = await buildTestApp({ config: { logLevel: 'info', logFormat: 'json' } });
  try {
    assert.equal(t.app.frontDoor.lanes.length, 1, 'only the MCP POST lane: no request-log lane');
  } finally {
    await t.close();
  }
});

test('QuietRequestLog drops fastify\'s "incoming request" and "request completed" lines but keeps errors', async () => {
  const { lines, logger } = capture('info');
  const app = Fastify({ loggerInstance: logger, logController: new QuietRequestLog() });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/boom', async () => {
    throw new Error('boom');
  });
  await app.inject({ method: 'GET', url: '/ok' });
  await app.inject({ method: 'GET', url: '/missing' });
  assert.equal(lines.length, 0, JSON.stringify(lines));
  const res = await app.inject({ method: 'GET', url: '/boom' });
  assert.equal(res.statusCode, 500);
  assert.equal(lines.length, 1);
  assert.equal(lines[0]!.level, 50);
  assert.equal((lines[0]!.err as { message: string }).message, 'boom');
  await app.close();
});
