import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { KEY, run, serve } from './kit/cli.ts';

/*
 * The README quickstart, step by step, through the real CLI (`toolgate serve`, `toolgate import`,
 * `toolgate tools list`), the management API's Test action and the official MCP SDK client.
 * Only the upstream differs: a local one instead of a public API.
 */

const dir = mkdtempSync(join(tmpdir(), 'toolgate-quickstart-'));
const upstream = createServer((req, res) => {
  const m = /^\/quotes\/(\d+)$/.exec(req.url ?? '');
  if (req.method === 'GET' && m) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id: Number(m[1]), text: `Quote number ${m[1]}` }));
  } else res.writeHead(404).end();
});
after(async () => {
  await new Promise<void>((r) => upstream.close(() => r()));
  rmSync(dir, { recursive: true, force: true });
});

test('quickstart: start, import with --all --activate, test, and Claude-style tools/call through the SDK client', async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  const spec = join(dir, 'quotes.yaml');
  writeFileSync(
    spec,
    [
      'openapi: 3.0.3',
      'info: { title: Quotes, version: "1" }',
      `servers: [{ url: "${origin}" }]`,
      'paths:',
      '  /quotes/{id}:',
      '    get:',
      '      operationId: getQuote',
      '      summary: Get a quote by id',
      '      parameters: [{ name: id, in: path, required: true, schema: { type: integer } }]',
      '      responses: { "200": { description: the quote } }',
      '',
    ].join('\n'),
  );
  const dataDir = join(dir, 'data');

  // 1. `npm start`: the first start prints the administrator key once.
  const gateway = await serve(dataDir, {}, []);
  try {
    const key = KEY.exec(gateway.output())?.[0];
    assert.ok(key, gateway.output());

    // 2. `toolgate import quotes.yaml --server Quotes --all --activate` (the local database).
    const imported = await run([
      'import',
      spec,
      '--server',
      'Quotes',
      '--all',
      '--activate',
      '--data-dir',
      dataDir,
    ]);
    assert.equal(imported.code, 0, imported.stderr);
    // The endpoint of the gateway serving this database (its port, announced at start-up), though
    // this shell has no PORT.
    const port = new URL(gateway.url).port;
    assert.equal(
      imported.stdout,
      `created server "Quotes" (quotes)\nimported 1 tools (active), skipped 0 whose slug exists, 0 failed\nMCP endpoint: http://localhost:${port}/mcp/quotes (inbound auth none)\n`,
    );

    // 3. `toolgate tools list --server quotes`, then the Test action with the printed key.
    const listed = await run(['tools', 'list', '--server', 'quotes', '--data-dir', dataDir]);
    assert.equal(listed.code, 0, listed.stderr);
    const [toolUuid, slug, status] = listed.stdout.trim().split('\t');
    assert.deepEqual([slug, status], ['getQuote', 'active']);
    const servers = await run(['servers', 'list', '--data-dir', dataDir]);
    const serverUuid = servers.stdout.split('\t')[0];
    const tested = await fetch(`${gateway.url}/api/svc/v1/servers/${serverUuid}/tools/${toolUuid}/test`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ arguments: { id: 7 } }),
    });
    assert.equal(tested.status, 200);
    const result = (await tested.json()) as {
      mcp_output: { isError: boolean; content: Array<{ text: string }> };
    };
    assert.equal(result.mcp_output.isError, false);
    assert.match(result.mcp_output.content[0]!.text, /Quote number 7/);

    // 4. Connect an MCP client (what `claude mcp add --transport http quotes <endpoint>` does).
    const client = new Client({ name: 'quickstart', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${gateway.url}/mcp/quotes`)));
    try {
      const { tools } = await client.listTools();
      assert.deepEqual(
        tools.map((t) => t.name),
        ['getQuote'],
      );
      const call = await client.callTool({ name: 'getQuote', arguments: { id: 42 } });
      assert.equal(call.isError, false);
      assert.match((call.content as Array<{ text: string }>)[0]!.text, /"text":\s*"Quote number 42"/);
    } finally {
      await client.close();
    }
  } finally {
    assert.equal(await gateway.stop(), 0);
  }
});
