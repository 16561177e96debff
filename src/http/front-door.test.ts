import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { type Running, serve } from '../../test/kit/cli.ts';

/*
 * Preloaded into the gateway (natives syntax, exposed GC): counts finished responses by whether
 * V8 keeps them in fast mode, and on SIGUSR2 prints the counts, resets them and runs two full GCs.
 */
const PROBE = `
import { subscribe } from 'node:diagnostics_channel';
const fast = new Function('o', 'return %HasFastProperties(o)');
let f = 0, s = 0;
subscribe('http.server.response.finish', ({ response }) => { if (fast(response)) f++; else s++; });
process.on('SIGUSR2', () => {
  process.stdout.write('shape-probe fast=' + f + ' slow=' + s + '\\n');
  f = 0; s = 0;
  globalThis.gc(); globalThis.gc();
  process.stdout.write('shape-probe gc\\n');
});
`;

const KEY = 'tgk_frontdoor_shape_test_key_0123456789abcdef';
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Sends SIGUSR2 and resolves with the counts the probe printed before its GCs. */
async function probe(gateway: Running): Promise<{ fast: number; slow: number }> {
  const seen = gateway.output().length;
  gateway.child.kill('SIGUSR2');
  for (let i = 0; i < 200; i++) {
    const printed = gateway.output().slice(seen);
    const counts = /shape-probe fast=(\d+) slow=(\d+)\n/.exec(printed);
    if (counts && printed.includes('shape-probe gc\n'))
      return { fast: Number(counts[1]), slow: Number(counts[2]) };
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the probe did not answer:\n${gateway.output()}`);
}

// The tenth round's finding: one full GC of an idle gateway after admin requests sent every later
// response to dictionary mode. The front door keeps the latest response alive (front-door.ts).
test('responses stay in fast mode after full GCs of an idle gateway', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-shape-'));
  dirs.push(dataDir);
  const gateway = await serve(
    dataDir,
    { TOOLGATE_ADMIN_KEY: KEY },
    ['--host', '127.0.0.1'],
    [
      '--allow-natives-syntax',
      '--expose-gc',
      '--import',
      `data:text/javascript,${encodeURIComponent(PROBE)}`,
    ],
  );
  try {
    const api = `${gateway.url}/api/svc/v1`;
    const auth = { authorization: `Bearer ${KEY}`, 'content-type': 'application/json' };
    const created = await fetch(`${api}/servers`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ name: 'Shapes' }),
    });
    assert.equal(created.status, 201);
    const server = (await created.json()) as { slug: string };
    for (let i = 0; i < 5; i++) assert.equal((await fetch(`${api}/servers`, { headers: auth })).status, 200);

    // Idle (nothing in flight), then full GCs; then MCP POSTs (the lane) and admin GETs (fastify).
    await probe(gateway);
    await probe(gateway);
    const mcp = `${gateway.url}/mcp/${server.slug}`;
    for (let i = 0; i < 20; i++) {
      const res = await fetch(mcp, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: 'shape-test', version: '1' },
          },
        }),
      });
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      assert.equal((await fetch(`${api}/servers`, { headers: auth })).status, 200);
    }
    const counts = await probe(gateway);
    assert.deepEqual(counts, { fast: 40, slow: 0 });
  } finally {
    await gateway.stop();
  }
});
