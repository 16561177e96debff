import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { keepTickObjectShape } from './keep-tick-shape.ts';

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
  const module = fileURLToPath(new URL('./keep-tick-shape.ts', import.meta.url));
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
