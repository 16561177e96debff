/*
 * Bytes allocated per tools/call, by function: V8's sampling heap profiler (one sample per 512
 * bytes on average, collected objects included) over `--calls` calls after `--warmup`, under the
 * gateway bench's load. More allocation is more GC work: the CPU a call costs beyond its own.
 * Load does not move the figure, so it compares two trees where timing cannot.
 *
 *   npm run build:server
 *   node --import tsx bench/alloc-probe.ts [--base CHECKOUT] [--calls 5000] [--warmup 6000]
 *        [--era 2025|2026] [--top 30]
 *
 * With `--base` (a built checkout, as gateway-ab.ts shows) both are measured and the functions
 * whose allocation moved most are listed, base → this tree.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drive, type Era, startPeers, stopChildren, withToolgate } from './gateway/harness.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    calls: { type: 'string', default: '5000' },
    warmup: { type: 'string', default: '6000' },
    era: { type: 'string', default: '2025' },
    top: { type: 'string', default: '30' },
  },
});
const root = fileURLToPath(new URL('..', import.meta.url));
const era = values.era as Era;

interface ProfileNode {
  callFrame: { functionName: string; url: string };
  selfSize: number;
  children: ProfileNode[];
}

/** Bytes a call by function ("name file"), and the total, for Toolgate from `checkout`. */
async function measure(
  checkout: string,
  upUrl: string,
): Promise<{ total: number; byFunction: Map<string, number> }> {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-alloc-'));
  const out = join(dir, 'profile.json');
  process.env.ALLOC_OUT = out;
  try {
    return await withToolgate(
      checkout,
      root,
      upUrl,
      async (target) => {
        await drive(target, era, 10, Infinity, Number(values.warmup));
        process.kill(target.pid, 'SIGHUP');
        await new Promise((r) => setTimeout(r, 500));
        const res = await drive(target, era, 10, Infinity, Number(values.calls));
        process.kill(target.pid, 'SIGHUP');
        for (let i = 0; i < 100 && !existsSync(out); i++) await new Promise((r) => setTimeout(r, 100));
        await new Promise((r) => setTimeout(r, 300));
        const profile = JSON.parse(readFileSync(out, 'utf8')) as { head: ProfileNode };
        const byFunction = new Map<string, number>();
        let total = 0;
        const walk = (n: ProfileNode) => {
          const file = n.callFrame.url.replace(/^.*\/(dist|node_modules)\//, '');
          const key = `${n.callFrame.functionName || '(anonymous)'} ${file}`;
          byFunction.set(key, (byFunction.get(key) ?? 0) + n.selfSize / res.calls);
          total += n.selfSize / res.calls;
          for (const c of n.children) walk(c);
        };
        walk(profile.head);
        return { total, byFunction };
      },
      ['--import', join(root, 'bench/gateway/alloc-probe.mjs')],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  const { upUrl } = await startPeers(root);
  const top = Number(values.top);
  const b = await measure(root, upUrl);
  const fmt = (n: number) => String(Math.round(n)).padStart(7);
  if (!values.base) {
    console.log(`alloc-probe: ${Math.round(b.total)} bytes a call (${era})`);
    for (const [k, v] of [...b.byFunction].sort((x, y) => y[1] - x[1]).slice(0, top)) console.log(fmt(v), k);
  } else {
    const a = await measure(resolve(values.base), upUrl);
    console.log(
      `alloc-probe: base ${Math.round(a.total)} → ${Math.round(b.total)} bytes a call (${era}), B/A ${(b.total / a.total).toFixed(3)}`,
    );
    const keys = new Set([...a.byFunction.keys(), ...b.byFunction.keys()]);
    const rows = [...keys].map((k) => ({ k, a: a.byFunction.get(k) ?? 0, b: b.byFunction.get(k) ?? 0 }));
    console.log('  change    base    this  function');
    for (const r of rows.sort((x, y) => Math.abs(y.b - y.a) - Math.abs(x.b - x.a)).slice(0, top))
      console.log(fmt(r.b - r.a), fmt(r.a), fmt(r.b), ' ', r.k);
  }
} finally {
  stopChildren();
}
