import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CreateMessageRequestSchema, ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { type InteractionKit, type Seen, startInteractionKit } from '../../../test/interaction-kit.ts';
import type { McpKit } from '../../../test/mcp-kit.ts';

describe('multi-round tool calls over 2025 sessions (server→client requests)', () => {
  let kit: InteractionKit;
  let k: McpKit;
  let seen: Seen[];

  before(async () => {
    kit = await startInteractionKit();
    ({ k, seen } = kit);
  });
  after(() => kit.close());

  test('2025 session: the confirmation goes out as elicitation/create on the call stream (SDK client)', async () => {
    seen.length = 0;
    const base = await k.listen();
    const asked: string[] = [];
    const client = new Client({ name: 'legacy', version: '1' }, { capabilities: { elicitation: {} } });
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      asked.push(req.params.message);
      return { action: 'accept', content: { confirm: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${k.url}`)));
    try {
      const r = await client.callTool({ name: 'delete_item', arguments: { id: 21 } });
      assert.equal(r.isError, false);
      assert.match(asked[0]!, /DELETE .*\/items\/21/);
      assert.deepEqual(
        seen.map((s) => `${s.method} ${s.url}`),
        ['DELETE /items/21'],
      );
      const declining = new Client({ name: 'legacy2', version: '1' }, { capabilities: { elicitation: {} } });
      declining.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'decline' }));
      await declining.connect(new StreamableHTTPClientTransport(new URL(`${base}${k.url}`)));
      const d = await declining.callTool({ name: 'delete_item', arguments: { id: 22 } });
      assert.equal(
        (d.content as Array<{ text: string }>)[0]!.text,
        'The user did not confirm; the request was not sent.',
      );
      assert.equal(seen.length, 1);
      await declining.close();
    } finally {
      await client.close();
    }
  });

  test('2025 session: the summary goes out as sampling/createMessage and its answer replaces the long text', async () => {
    const base = await k
      .listen()
      .catch(() => `http://127.0.0.1:${(k.t.app.server.address() as { port: number }).port}`);
    const prompts: string[] = [];
    const client = new Client({ name: 'sampler', version: '1' }, { capabilities: { sampling: {} } });
    client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
      const first = req.params.messages[0]!.content as { type: string; text: string };
      prompts.push(first.text);
      return { role: 'assistant', content: { type: 'text', text: 'Short.' }, model: 'test-model' };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}${k.url}`)));
    try {
      const r = await client.callTool({ name: 'long_report', arguments: {} });
      assert.deepEqual(r.content, [{ type: 'text', text: 'Short.' }]);
      assert.match(prompts[0]!, /^Summarise in one line\./);
    } finally {
      await client.close();
    }
  });

  test('2025 session without the elicitation capability: DELETE runs as before (confirm auto needs a client that can ask)', async () => {
    seen.length = 0;
    const sid = await k.initialize();
    const r = await k.rpc(sid, 'tools/call', { name: 'delete_item', arguments: { id: 30 } });
    assert.equal(r.json().result.isError, false);
    assert.equal(seen.length, 1);
  });
});
