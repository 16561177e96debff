import { createHook } from 'node:async_hooks';

/*
 * Node 20's `process.nextTick` builds each queued tick as an object literal with two computed
 * symbol keys. V8 keeps one feedback slot per computed key, and the slot turns megamorphic for
 * good the first time it sees a map other than the one it learned. The maps of those literals
 * are held only weakly (the literal-map cache, the feedback itself), so a full GC that finds no
 * tick object alive frees them; the next tick gets fresh maps, the slots go megamorphic, and from
 * then on every nextTick defines its keys through the runtime. A process that runs full GCs
 * under load (a gateway writing call logs does) pays this on every tick of every request: in a
 * tools/call profile it was ~4 % of the CPU, 10x the nextTick cost of a process without full GCs.
 * In a loop of 2,000,000 ticks, 65 ns a tick became 300 ns after one `gc()` with no tick alive.
 *
 * Keeping one tick object alive for the life of the process keeps its maps (and through their
 * back pointers, every map before them) alive, so the learned feedback stays valid. The object is
 * a real tick, caught once at start-up through an async-hooks `init` hook that is removed at once.
 */

let kept: object | undefined;

/** Catches one `process.nextTick` tick object and keeps it; the same object on later calls. */
export function keepTickObjectShape(): object | undefined {
  if (kept) return kept;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject' && kept === undefined) kept = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
  return kept;
}

function noop(): void {}
