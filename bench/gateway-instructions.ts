/*
 * Instructions per tools/call, counted by callgrind: a figure the machine's load does not move,
 * for before/after comparisons of changes too small for timing to resolve on a shared machine (the
 * same build's CPU per call moved between 97 and 201 ms/1k in 6-s windows). It counts the
 * user-space instructions of Toolgate's process, all threads, for `--calls` calls after
 * `--warmup` calls; not the kernel's work, not cache misses, not time.
 *
 *   npm run build:server
 *   node --import tsx bench/gateway-instructions.ts [--base CHECKOUT] [--calls 2000]
 *        [--warmup 4000] [--connections 10] [--era 2025|2026] [--idle-gc]
 *
 * With `--base` (built as gateway-ab.ts shows), that checkout is measured too and B/A printed.
 * `--idle-gc` runs full GCs with nothing in flight after the warm-up (heap-probe.mjs's SIGUSR2),
 * then 500 calls, before counting: a gateway that idled, as between the gateway bench's rounds.
 * Toolgate runs under `valgrind --tool=callgrind` with instrumentation off until the warm-up
 * ends (`callgrind_control -i on`), so the warm-up runs at a few times slower, not fifty.
 *
 * Read the main thread's figure: it repeated within 0.2 % (366,523 and 367,286 a call, 10,000
 * calls after 40,000). The other threads' (GC marking, the optimizing compiler) moved by 6 %:
 * under valgrind the compiler's background jobs lag, so some code still runs unoptimized there.
 * `KEEP_DUMP=PREFIX` keeps each thread's dump as PREFIX.callgrind.out.1-NN for callgrind_annotate.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { drive, type Era, startPeers, stopChildren, withToolgate } from './gateway/harness.ts';

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    calls: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '4000' },
    connections: { type: 'string', default: '10' },
    era: { type: 'string', default: '2025' },
    'idle-gc': { type: 'boolean', default: false },
  },
});
if (values.era !== '2025' && values.era !== '2026') {
  console.error('usage: gateway-instructions.ts [--base CHECKOUT] [--calls 2000] [--era 2025|2026]');
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const era = values.era as Era;
const conn = Number(values.connections);
const CALLS = Number(values.calls);

/** callgrind_control on a running process; throws with its output when it fails. */
function control(pid: number, ...args: string[]): void {
  const r = spawnSync('callgrind_control', [...args, String(pid)], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`callgrind_control ${args.join(' ')}: ${r.stdout}${r.stderr}`);
}

/** Instructions a call of Toolgate from `checkout`, on a fresh data dir: its main thread, all threads. */
async function measure(checkout: string, upUrl: string): Promise<{ main: number; all: number }> {
  const dir = mkdtempSync(join(tmpdir(), 'toolgate-ir-'));
  try {
    const out = join(dir, 'callgrind.out');
    const wrapper = [
      'valgrind',
      '--tool=callgrind',
      '--instr-atstart=no',
      '--separate-threads=yes',
      `--callgrind-out-file=${out}`,
    ];
    return await withToolgate(
      checkout,
      root,
      upUrl,
      async (target) => {
        await drive(target, era, conn, Infinity, Number(values.warmup));
        if (values['idle-gc']) {
          process.kill(target.pid, 'SIGUSR2');
          await new Promise((r) => setTimeout(r, 3000));
          await drive(target, era, conn, Infinity, 500);
        }
        control(target.pid, '-i', 'on');
        const res = await drive(target, era, conn, Infinity, CALLS);
        control(target.pid, '-d');
        // The dump `-d` asked for: callgrind.out.1-NN, one file per thread (01 the main thread).
        const dumps = readdirSync(dir).filter((f) => /^callgrind\.out\.1-\d+$/.test(f));
        if (dumps.length === 0) throw new Error('callgrind wrote no dump');
        const count = (f: string) => {
          const m = /^(?:summary|totals):\s+(\d+)/m.exec(readFileSync(join(dir, f), 'utf8'));
          if (process.env.KEEP_DUMP) copyFileSync(join(dir, f), `${process.env.KEEP_DUMP}.${f}`);
          return m ? Number(m[1]) : 0;
        };
        const all = dumps.reduce((sum, f) => sum + count(f), 0);
        return { main: count('callgrind.out.1-01') / res.calls, all: all / res.calls };
      },
      [],
      wrapper,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

try {
  const { upUrl } = await startPeers(root);
  const sides: Array<['A' | 'B', string]> = values.base
    ? [
        ['A', resolve(values.base)],
        ['B', root],
      ]
    : [['B', root]];
  const perCall: Record<string, { main: number; all: number }> = {};
  const fmt = (n: number) => Math.round(n).toLocaleString('en');
  for (const [side, checkout] of sides) {
    const m = await measure(checkout, upUrl);
    perCall[side] = m;
    console.log(
      `gateway-instructions: ${side} ${checkout}: ${fmt(m.main)} instructions a call on the main thread, ${fmt(m.all)} on all threads (${era}, ${conn} connections, ${CALLS} calls)`,
    );
  }
  const { A, B } = perCall;
  if (A && B)
    console.log(
      `gateway-instructions: B/A main thread ${(B.main / A.main).toFixed(4)}, all threads ${(B.all / A.all).toFixed(4)}`,
    );
} finally {
  stopChildren();
}
