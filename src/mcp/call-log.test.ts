import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { createMcpKit, type McpKit } from '../../test/mcp-kit.ts';

let k: McpKit;
let sid: string;

before(async () => {
  k = await createMcpKit();
  sid = await k.initialize();
  const prompt = await k.t.api('POST', `/servers/${k.serverUuid}/prompts`, {
    name: 'login',
    description: 'Signs in',
    arguments: [
      { name: 'user', description: 'User', required: true },
      { name: 'password', description: 'Password', required: false },
    ],
    template_content: 'Sign in {{user}}',
  });
  assert.equal(prompt.statusCode, 201, prompt.body);
});
after(() => k.close());

async function lastRow(method: string) {
  await k.t.ctx.callLogs.flush();
  return k.t.ctx.store.db
    .selectFrom('call_logs')
    .selectAll()
    .where('method', '=', method)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
}

test('prompts/get rows redact secret-looking arguments as tool-call rows do', async () => {
  const res = await k.rpc(sid, 'prompts/get', {
    name: 'login',
    arguments: { user: 'ada', password: 'hunter2' },
  });
  assert.equal(res.statusCode, 200, res.body);
  const row = await lastRow('prompts/get');
  assert.equal(row.tool_name, 'login');
  assert.equal(row.response_status, 'success');
  assert.deepEqual(JSON.parse(row.request_args ?? ''), { user: 'ada', password: '[redacted]' });
});

test('oversized prompt arguments are stored as valid JSON with a truncation marker', async () => {
  const user = `"${'\\'.repeat(12_000)}`;
  await k.rpc(sid, 'prompts/get', { name: 'login', arguments: { user } });
  const row = await lastRow('prompts/get');
  const stored = JSON.parse(row.request_args ?? '');
  assert.equal(stored.truncated, true);
  assert.ok(stored.original_length > 24_000);
  assert.ok((row.request_args ?? '').length <= 10_000);
});

test('resources/read rows name the URI and go through the same builder', async () => {
  await k.rpc(sid, 'resources/read', { uri: 'docs://missing' });
  const row = await lastRow('resources/read');
  assert.equal(row.tool_name, 'docs://missing');
  assert.equal(row.response_status, 'error');
  assert.deepEqual(JSON.parse(row.request_args ?? ''), { uri: 'docs://missing' });
});
