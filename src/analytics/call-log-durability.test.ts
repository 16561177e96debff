import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { callEntry } from '../../test/analytics-kit.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { createCallLogWriter } from './call-log-writer.ts';

async function countRows(t: TestApp): Promise<number> {
  const row = await t.ctx.store.db
    .selectFrom('call_logs')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('call-log durability', () => {
  let t: TestApp;
  before(async () => {
    t = await buildTestApp();
  });
  after(() => t.close());

  test('durable mode commits a row before write() settles, concurrent rows in one go', async () => {
    const writer = createCallLogWriter(t.ctx.store, { durable: true, intervalMs: 60_000 });
    const before = await countRows(t);
    const pending = writer.write(callEntry({ created_at: new Date().toISOString(), tool_name: 'one' }));
    assert.ok(pending instanceof Promise);
    await pending;
    assert.equal(await countRows(t), before + 1);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        writer.write(callEntry({ created_at: new Date().toISOString(), tool_name: `many-${i}` })),
      ),
    );
    assert.equal(await countRows(t), before + 21);
    await writer.close();
  });

  test('batched mode (the default) returns at once and writes at the next flush', async () => {
    const writer = createCallLogWriter(t.ctx.store, { intervalMs: 60_000 });
    const before = await countRows(t);
    assert.equal(writer.write(callEntry({ created_at: new Date().toISOString() })), undefined);
    assert.equal(await countRows(t), before);
    await writer.flush();
    assert.equal(await countRows(t), before + 1);
    await writer.close();
  });

  test('TOOLGATE_CALL_LOG_DURABILITY=sync: a tools/call answer means its row is already stored', async () => {
    const durable = await buildTestApp({ config: { callLogDurability: 'sync' } });
    try {
      const server = (
        await durable.api('POST', '/servers', { name: 'Durable', rate_limit_per_min: 1000 })
      ).json();
      const slug = server.slug as string;
      const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
      const init = await durable.app.inject({
        method: 'POST',
        url: `/mcp/${slug}`,
        headers,
        payload: JSON.stringify({
          jsonrpc: '2.0',
          id: 0,
          method: 'initialize',
          params: {
            protocolVersion: '2025-11-25',
            capabilities: {},
            clientInfo: { name: 'c', version: '1' },
          },
        }),
      });
      const sid = String(init.headers['mcp-session-id']);
      const before = await countRows(durable);
      for (let i = 0; i < 5; i++) {
        const res = await durable.app.inject({
          method: 'POST',
          url: `/mcp/${slug}`,
          headers: { ...headers, 'mcp-session-id': sid, 'mcp-protocol-version': '2025-11-25' },
          payload: JSON.stringify({
            jsonrpc: '2.0',
            id: i + 1,
            method: 'prompts/get',
            params: { name: 'none' },
          }),
        });
        assert.equal(res.statusCode, 200);
        assert.equal(await countRows(durable), before + i + 1);
      }
    } finally {
      await durable.close();
    }
  });
});
