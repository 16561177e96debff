import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';
import { findServer } from '../store/servers.repo.ts';
import type { CallContext } from './call-context.ts';
import { RpcError } from './errors.ts';
import { refuseUnservedTool } from './methods/inactive-tool.ts';

describe('tools/call of a draft or inactive tool', () => {
  let k: McpKit;
  let sid: string;
  before(async () => {
    k = await createMcpKit();
    for (const [name, status] of [
      ['Draft one', 'draft'],
      ['Idle one', 'inactive'],
    ] as const)
      await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
        name,
        slug: name.toLowerCase().replace(' ', '_'),
        endpoint_url: 'https://api.example.com/x',
        status,
      });
    sid = await k.initialize();
  });
  after(() => k.close());

  test('answers -32602 saying the tool is not active, and the call log records each attempt', async () => {
    const res = await k.rpc(sid, 'tools/call', { name: 'draft_one', arguments: { q: 1 } });
    assert.equal(res.json().error.code, -32602);
    assert.equal(
      res.json().error.message,
      'Unknown tool: draft_one (it is draft: an operator must activate it first)',
    );
    const idle = await k.rpc(sid, 'tools/call', { name: 'idle_one' });
    assert.match(idle.json().error.message, /it is inactive/);
    const unknown = await k.rpc(sid, 'tools/call', { name: 'never_was' });
    assert.equal(unknown.json().error.message, 'Unknown tool: never_was');
    await k.t.ctx.callLogs.flush();
    const rows = await k.t.ctx.store.db
      .selectFrom('call_logs')
      .select(['method', 'tool_name', 'response_status', 'error_message', 'client_type'])
      .where('session_id', '=', sid)
      .orderBy('id')
      .execute();
    assert.deepEqual(rows, [
      {
        method: 'tools/call',
        tool_name: 'draft_one',
        response_status: 'error',
        error_message: 'Unknown tool: draft_one (it is draft: an operator must activate it first)',
        client_type: 'mcp',
      },
      {
        method: 'tools/call',
        tool_name: 'idle_one',
        response_status: 'error',
        error_message: 'Unknown tool: idle_one (it is inactive: an operator must activate it first)',
        client_type: 'mcp',
      },
    ]);
  });

  test('logs one operator hint per tool per minute, naming how to activate it', async () => {
    const server = (await findServer(k.t.ctx.store.db, k.serverUuid))!;
    const warnings: Array<{ obj: unknown; msg?: string }> = [];
    const call = {
      ctx: k.t.ctx,
      server,
      session: null,
      clientIp: '127.0.0.1',
      log: { warn: (obj: unknown, msg?: string) => warnings.push({ obj, msg }), error: () => undefined },
    } as unknown as CallContext;
    for (let i = 0; i < 3; i++)
      await assert.rejects(refuseUnservedTool(call, 'idle_one', {}), (err: RpcError) => err.code === -32602);
    await assert.rejects(refuseUnservedTool(call, 'never_was', {}), RpcError);
    // The first test already hinted for idle_one within the minute (through the silent logger).
    assert.equal(warnings.length, 0);
    const other = await k.t.api('POST', `/servers/${k.serverUuid}/tools`, {
      name: 'Fresh draft',
      slug: 'fresh_draft',
      endpoint_url: 'https://api.example.com/y',
      status: 'draft',
    });
    for (let i = 0; i < 3; i++) await assert.rejects(refuseUnservedTool(call, 'fresh_draft', {}), RpcError);
    assert.equal(warnings.length, 1);
    assert.deepEqual(warnings[0]!.obj, { server: k.slug, tool: 'fresh_draft', status: 'draft' });
    assert.match(
      warnings[0]!.msg!,
      new RegExp(
        `which is draft: activate it to serve it \\(PATCH /servers/${k.serverUuid}/tools/${other.json().uuid} \\{"status":"active"\\}\\)`,
      ),
    );
  });
});
