import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startUpstream, type Upstream } from '../../test/executor-kit.ts';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';

/*
 * The call-log "Client" of an MCP call is the client's own name (MCP clientInfo.name) and its
 * family, not the transport kind `mcp`: the list answers all three.
 */
describe('the client of a logged MCP call', () => {
  let k: McpKit;
  let up: Upstream;
  before(async () => {
    k = await createMcpKit();
    up = await startUpstream();
    up.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
    const tool = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'ping_upstream',
      endpoint_url: `${up.origin}/ping`,
      http_method: 'GET',
      status: 'active',
    });
    assert.equal(tool.statusCode, 201, tool.body);
  });
  after(async () => {
    await up.close();
    await k.close();
  });

  test('GET /analytics/calls answers client_name (clientInfo.name), client (its family) and client_type', async () => {
    const init = await k.post({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'claude-code', version: '2.1.0' },
      },
    });
    const sid = String(init.headers['mcp-session-id']);
    await k.post({ jsonrpc: '2.0', method: 'notifications/initialized' }, { 'mcp-session-id': sid });
    const called = await k.rpc(sid, 'tools/call', { name: 'ping_upstream', arguments: {} });
    assert.equal(called.json().result.isError, false, called.body);
    await k.t.ctx.callLogs.flush();

    const res = await k.t.api('GET', '/analytics/calls');
    assert.equal(res.statusCode, 200, res.body);
    const [row] = res.json();
    assert.equal(row.tool_name, 'ping_upstream');
    assert.equal(row.client_name, 'claude-code');
    assert.equal(row.client, 'claude');
    assert.equal(row.client_type, 'mcp');
  });
});
