/*
 * Before and after: Toolgate from another checkout (A, e.g. the previous commit) against this one
 * (B), in alternating pairs of fresh processes, on one upstream. One process measured once says
 * little on a shared machine (the same build moved between 97 and 201 ms/1k in 6-s windows);
 * pairs whose order alternates, compared by their medians, do.
 *
 *   git worktree add /tmp/toolgate-base HEAD~1
 *   (cd /tmp/toolgate-base && ln -s "$OLDPWD/node_modules" && npx tsc -p tsconfig.build.json)
 *   npm run build:server
 *   node --import tsx bench/gateway-ab.ts --base /tmp/toolgate-base [--pairs 4] [--seconds 8]
 *        [--warmup 4] [--connections 10] [--era 2025|2026]
 *
 * Each run: a fresh SQLite data dir, petstore imported, `--warmup` seconds of load, then
 * `--seconds` measured. Prints every run, the medians per side and B's ratios to A.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  drive,
  type Era,
  formatRun,
  median,
  pin,
  type RunResult,
  startPeers,
  stopChildren,
  withToolgate,
} from './gateway/harness.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    pairs: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '4' },
    connections: { type: 'string', default: '10' },
    era: { type: 'string', default: '2025' },
  },
});
if (!values.base || (values.era !== '2025' && values.era !== '2026')) {
  console.error('usage: gateway-ab.ts --base CHECKOUT [--pairs 4] [--seconds 8] [--era 2025|2026]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const sides = { A: resolve(values.base), B: root };
const era = values.era as Era;
const conn = Number(values.connections);

function measure(checkout: string, upUrl: string): Promise<RunResult> {
  return withToolgate(checkout, root, upUrl, async (target) => {
    await drive(target, era, conn, Number(values.warmup));
    return drive(target, era, conn, Number(values.seconds));
  });
}

try {
  const { upUrl } = await startPeers(root);
  console.log(
    `gateway-ab: A ${sides.A}, B ${sides.B}; era ${era}, ${conn} connections, pinning ${pin ? 'servers CPU 0, driver CPU 1' : 'none'}`,
  );
  const runs: Record<'A' | 'B', RunResult[]> = { A: [], B: [] };
  for (let p = 0; p < Number(values.pairs); p++)
    for (const side of p % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)) {
      const res = await measure(sides[side], upUrl);
      runs[side].push(res);
      console.log(`gateway-ab: pair ${p + 1} ${side} ${formatRun(res)}`);
    }
  const med = (side: 'A' | 'B', f: (r: RunResult) => number) => median(runs[side].map(f));
  for (const side of ['A', 'B'] as const)
    console.log(
      `gateway-ab: median ${side} ${formatRun({ rps: med(side, (r) => r.rps), p50: med(side, (r) => r.p50), p99: med(side, (r) => r.p99), cpuPer1k: med(side, (r) => r.cpuPer1k) })}`,
    );
  const ratio = (f: (r: RunResult) => number) => (med('B', f) / med('A', f)).toFixed(3);
  console.log(
    `gateway-ab: B/A req/s ${ratio((r) => r.rps)}  CPU per call ${ratio((r) => r.cpuPer1k)}  p50 ${ratio((r) => r.p50)}  p99 ${ratio((r) => r.p99)}`,
  );
} finally {
  stopChildren();
}
