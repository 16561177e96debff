import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { type Running, serve } from '../../test/kit/cli.ts';
import { keepTickObjectShape } from './keep-shapes.ts';

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

// One full GC of an idle gateway after admin requests would send every later response to
// dictionary mode; the server keeps the latest response alive (keepResponseShape).
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

    // Idle (nothing in flight), then full GCs; then MCP POSTs and admin GETs.
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

test('the kept object is a nextTick tick: callback, args and the two async-id symbols', () => {
  const kept = keepTickObjectShape();
  assert.ok(kept, 'no tick object was caught');
  const keys = Reflect.ownKeys(kept);
  assert.deepEqual(keys.filter((k) => typeof k === 'string').sort(), ['args', 'callback']);
  assert.equal(keys.filter((k) => typeof k === 'symbol').length, 2);
  assert.equal(typeof (kept as { callback: unknown }).callback, 'function');
  assert.equal(keepTickObjectShape(), kept, 'a second call keeps the same object');
});

// V8's own view of the maps, in a child with natives syntax: ticks made after full GCs with no
// tick of the queue alive still have the kept object's map, so nextTick's feedback stays valid.
test('ticks made after full GCs share the kept tick map', () => {
  const module = fileURLToPath(new URL('./keep-shapes.ts', import.meta.url));
  const script = `
    const { createHook } = await import('node:async_hooks');
    const { keepTickObjectShape } = await import(${JSON.stringify(module)});
    const sameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)');
    const kept = keepTickObjectShape();
    for (let i = 0; i < 3; i++) { await new Promise((r) => setImmediate(r)); globalThis.gc(); }
    let fresh;
    const hook = createHook({ init(_id, type, _t, resource) { if (type === 'TickObject') fresh ??= resource; } }).enable();
    process.nextTick(() => {});
    hook.disable();
    process.stdout.write(JSON.stringify({ caught: Boolean(fresh), same: sameMap(kept, fresh) }));
  `;
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', '--allow-natives-syntax', '--expose-gc', '--input-type=module', '-e', script],
    { encoding: 'utf8' },
  );
  assert.equal(child.status, 0, child.stderr);
  assert.deepEqual(JSON.parse(child.stdout), { caught: true, same: true });
});
