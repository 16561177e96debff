import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import Fastify from 'fastify';
import { pino } from 'pino';
import { request } from 'undici';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
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

/** The app's debug lines while `run` runs (the app's own logger writes to stdout). */
async function debugLines(level: string, run: (t: TestApp) => Promise<void>) {
  const t = await buildTestApp({ config: { logLevel: level, logFormat: 'json' } });
  const seen: Array<{ obj: Record<string, unknown>; msg: string }> = [];
  const debug = t.app.log.debug.bind(t.app.log);
  t.app.log.debug = ((obj: Record<string, unknown>, msg: string) => {
    seen.push({ obj, msg });
  }) as typeof t.app.log.debug;
  try {
    await run(t);
    await new Promise((r) => setTimeout(r, 20));
    return seen;
  } finally {
    t.app.log.debug = debug;
    await t.close();
  }
}

test('at debug, one line per request, MCP POSTs included, without the query string', async () => {
  const seen = await debugLines('debug', async (t) => {
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await (await request(`${origin}/health?api_key=very-secret-value`)).body.text();
    const mcp = await request(`${origin}/mcp/nothing-here`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer another-secret-value' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    await mcp.body.text();
    // inject() takes the same door: its request is logged the same way.
    await t.app.inject({
      method: 'POST',
      url: '/mcp/nothing-here?x=1',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
  });
  assert.deepEqual(
    seen.map((s) => s.msg.replace(/\d+ ms$/, 'N ms')),
    ['GET /health 200 N ms', 'POST /mcp/nothing-here 404 N ms', 'POST /mcp/nothing-here 404 N ms'],
  );
  assert.deepEqual(Object.keys(seen[0]!.obj).sort(), ['method', 'ms', 'remoteAddress', 'status', 'url']);
  assert.equal(seen[0]!.obj.url, '/health');
  assert.equal(seen[1]!.obj.status, 404);
  assert.ok(!JSON.stringify(seen).includes('secret-value'));
});

test('at info (the default), no request line at all', async () => {
  const seen = await debugLines('info', async (t) => {
    await t.app.inject({ method: 'GET', url: '/health' });
    await t.app.inject({ method: 'POST', url: '/mcp/nothing-here', payload: '{}' });
  });
  assert.deepEqual(seen, []);
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
