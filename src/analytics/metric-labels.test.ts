import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { after, before, describe, test } from 'node:test';
import { createMcpKit, listenLocal, type McpKit } from '../../test/mcp-kit.ts';

/*
 * Issue 31, repro 10: metric labels only ever take values the operator made (server and tool
 * names) or constants, never a client's string: 260 tools/call with unique 200 KB names took
 * /metrics from 16 KB to 41 MB.
 */

describe('Prometheus labels never take a value from a client', () => {
  let k: McpKit;
  let upstream: Server;
  let sid: string;
  const metrics = async () => (await k.t.app.inject({ url: '/metrics' })).body;
  const lineOf = (text: string, start: string) => text.split('\n').find((l) => l.startsWith(start));

  before(async () => {
    const local = await listenLocal((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    upstream = local.server;
    k = await createMcpKit({ rate_limit_per_min: 4 }, { metricsEnabled: true });
    const tool = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Known tool',
      slug: 'known',
      endpoint_url: `${local.url}/x`,
      http_method: 'GET',
    });
    assert.equal(tool.statusCode, 201, tool.body);
    sid = await k.initialize();
  });
  after(async () => {
    await k.close();
    upstream.close();
  });

  test('tools/call refused by the server limit is labelled with the tool it names, or unknown', async () => {
    const call = (name: string) => k.rpc(sid, 'tools/call', { name, arguments: {} });
    assert.equal((await call('known')).json().result.isError, false);
    assert.equal((await call('no-such-tool')).json().error.code, -32602);
    assert.equal((await call('known')).statusCode, 200); // the fourth request of four
    const before = (await metrics()).length;
    for (let i = 0; i < 260; i++) assert.equal((await call(`${i}-${'n'.repeat(20_000)}`)).statusCode, 429);
    assert.equal((await call('known')).statusCode, 429);
    const text = await metrics();
    assert.equal(text.includes('nnnnnnnnnn'), false);
    assert.equal(
      lineOf(text, 'toolgate_rate_limit_rejections_total{server="Demo Server",tool="unknown"'),
      'toolgate_rate_limit_rejections_total{server="Demo Server",tool="unknown",scope="server"} 260',
    );
    assert.equal(
      lineOf(text, 'toolgate_rate_limit_rejections_total{server="Demo Server",tool="Known tool"'),
      'toolgate_rate_limit_rejections_total{server="Demo Server",tool="Known tool",scope="server"} 1',
    );
    // Two series more, whatever the names: a few hundred bytes, not 260 × 20 KB.
    assert.ok(text.length - before < 2000, `/metrics grew by ${text.length - before} bytes`);
  });

  test('calls logged without a stored tool (unknown prompts, resource URIs) count under unknown', async () => {
    await k.t.api('PATCH', `/servers/${k.serverUuid}`, { rate_limit_per_min: 0 });
    for (let i = 0; i < 50; i++) {
      assert.equal(
        (await k.rpc(sid, 'prompts/get', { name: `p${i}-${'q'.repeat(400)}` })).json().error.code,
        -32602,
      );
      await k.rpc(sid, 'resources/read', { uri: `docs://${i}/${'r'.repeat(400)}` });
    }
    await k.t.ctx.callLogs.flush();
    const text = await metrics();
    assert.equal(text.includes('qqqqqqqqqq') || text.includes('rrrrrrrrrr'), false);
    assert.equal(
      lineOf(text, 'toolgate_tool_calls_total{server="Demo Server",tool="unknown",status="error"}'),
      'toolgate_tool_calls_total{server="Demo Server",tool="unknown",status="error"} 100',
    );
    assert.equal(
      lineOf(text, 'toolgate_tool_calls_total{server="Demo Server",tool="Known tool",status="success"}'),
      'toolgate_tool_calls_total{server="Demo Server",tool="Known tool",status="success"} 2',
    );
  });
});
