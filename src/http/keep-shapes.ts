import { createHook } from 'node:async_hooks';
import type { Server } from 'node:http';

/*
 * V8 holds the maps (hidden classes) of an object's transition tree only weakly. A full GC that
 * finds no object of a kind alive frees its maps; the next object gets fresh ones, the call sites
 * that learned the old ones turn megamorphic for good, and from then on that kind is built
 * through V8's runtime. Two kinds on every request are hit: `ServerResponse` (after one full GC of
 * an idle gateway every later response is in dictionary mode: its constructor, `writeHead` and
 * `end` cost ~10 % of a tools/call's CPU) and Node 20's `process.nextTick` tick object (two
 * computed symbol keys; ~4 % of a tools/call under load, when the call-log writer's full GCs run).
 * Keeping one object of each kind alive keeps its maps, and so the fast path. keep-shapes.test.ts
 * reads V8's own view of both.
 */

const kept: { response?: object; tick?: object } = {};

/**
 * Keeps the latest response of `server` alive until the next request replaces it (one exchange,
 * never more). A listener beside fastify's own: the request is still answered by fastify alone.
 */
export function keepResponseShape(server: Server): void {
  server.on('request', (_req, res) => {
    kept.response = res;
  });
}

/** Catches one `process.nextTick` tick object and keeps it; the same object on later calls. */
export function keepTickObjectShape(): object | undefined {
  if (kept.tick) return kept.tick;
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type === 'TickObject' && kept.tick === undefined) kept.tick = resource;
    },
  });
  hook.enable();
  try {
    process.nextTick(noop);
  } finally {
    hook.disable();
  }
  return kept.tick;
}

function noop(): void {}
