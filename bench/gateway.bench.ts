/*
 * Toolgate vs a featureless floor gateway vs the bare upstream, both protocol eras, interleaved
 * rounds in one run (the project's own version of the shared gateway bench). Every process is a
 * child on 127.0.0.1: the upstream and the floor (bench/gateway/peers.mjs) and Toolgate started
 * as an operator does (`node bin/toolgate.js serve`, so `npm run build:server` first), SQLite in a
 * fresh data dir. Servers run on CPU 0 and this driver on CPU 1 when `taskset` is there.
 *
 *   node --import tsx bench/gateway.bench.ts [--rounds 3] [--seconds 5] [--connections 10]
 *        [--leak-calls 200000]   # also: RSS and heap after a forced GC after half and all of N calls (leak check)
 *
 * Prints start-up to a healthy /health, idle RSS, per system and era req/s, p50/p99 and server
 * CPU per 1,000 calls (medians of the rounds), and Toolgate's ratios to the floor.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  drive,
  type Era,
  formatRun,
  importPetstore,
  median,
  pin,
  rssMiB,
  startPeers,
  startToolgate,
  stopChildren,
  type Target,
} from './gateway/harness.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    'leak-calls': { type: 'string', default: '0' },
  },
});
const ROUNDS = Number(values.rounds);
const SECONDS = Number(values.seconds);
const CONN = Number(values.connections);
const LEAK_CALLS = Number(values['leak-calls']);
const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));

/** Size of the SQLite database and its WAL in the bench's data dir, MiB. */
const dbMiB = () =>
  ['toolgate.db', 'toolgate.db-wal']
    .map((f) => join(dataDir, f))
    .reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0) /
  2 ** 20;

try {
  const { up, upUrl, floor: floorChild, floorPort } = await startPeers(root);
  const running = await startToolgate(root, dataDir, root);
  const tg = running.child;
  const port = running.port;
  const startupMs = running.startupMs;
  const probes: Array<(m: { heap: number; rss: number; external: number }) => void> = [];
  createInterface({ input: tg.stdout! }).on('line', (line) => {
    const m = /^heap-probe (\d+) (\d+) (\d+)$/.exec(line);
    if (m)
      probes.shift()?.({
        heap: Number(m[1]) / 2 ** 20,
        rss: Number(m[2]) / 2 ** 20,
        external: Number(m[3]) / 2 ** 20,
      });
  });
  /** Heap used, RSS and external (Buffers, native) memory of Toolgate after a forced full GC, in MiB. */
  const heapAfterGc = () =>
    new Promise<{ heap: number; rss: number; external: number }>((resolve) => {
      probes.push(resolve);
      tg.kill('SIGUSR2');
    });
  const slug = await importPetstore(running, upUrl);
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = rssMiB(tg.pid!);
  // No forced GC before the rounds: a full GC of an idle Toolgate (the probe's `gc()`) leaves it
  // ~10 % dearer per call for good, so the heap after a GC is taken after the rounds instead.
  console.log(
    `gateway: node ${process.version}, pinning ${pin ? 'servers CPU 0, driver CPU 1' : 'none'}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(
    `gateway: start-up to a healthy /health ${startupMs.toFixed(0)} ms; idle RSS ${idleRss.toFixed(1)} MiB`,
  );

  const targets: Record<string, Target> = {
    direct: { label: 'direct', pid: up.pid!, origin: upUrl, path: '/pets' },
    floor: { label: 'floor', pid: floorChild.pid!, origin: `http://127.0.0.1:${floorPort}`, path: '/mcp' },
    toolgate: {
      label: 'toolgate',
      pid: tg.pid!,
      origin: `http://127.0.0.1:${port}`,
      path: `/mcp/${slug}`,
    },
  };
  const runs: Array<{ key: string; rps: number; p50: number; p99: number; cpuPer1k: number }> = [];
  const plan: Array<[string, Era]> = [
    ['direct', '2025'],
    ['floor', '2025'],
    ['toolgate', '2025'],
    ['floor', '2026'],
    ['toolgate', '2026'],
  ];
  for (let r = 0; r < ROUNDS; r++)
    for (let k = 0; k < plan.length; k++) {
      const [label, era] = plan[(k + r) % plan.length]!;
      await drive(targets[label]!, era, CONN, 3); // warm-up
      const res = await drive(targets[label]!, era, CONN, SECONDS);
      const key2 = label === 'direct' ? 'direct' : `${label} ${era}`;
      runs.push({ key: key2, ...res });
      console.log(`gateway: round ${r + 1} ${key2.padEnd(14)} ${formatRun(res)}`);
    }
  const med = (key2: string, f: (x: (typeof runs)[number]) => number) =>
    median(runs.filter((x) => x.key === key2).map(f));
  console.log('gateway: medians');
  for (const key2 of ['direct', 'floor 2025', 'toolgate 2025', 'floor 2026', 'toolgate 2026'])
    console.log(
      `gateway:   ${key2.padEnd(14)} ${med(key2, (x) => x.rps)
        .toFixed(0)
        .padStart(
          6,
        )} req/s  p50 ${med(key2, (x) => x.p50).toFixed(2)} ms  p99 ${med(key2, (x) => x.p99).toFixed(2)} ms  cpu ${med(key2, (x) => x.cpuPer1k).toFixed(0)} ms/1k calls`,
    );
  for (const era of ['2025', '2026'])
    console.log(
      `gateway: toolgate/floor ${era}: req/s ${(med(`toolgate ${era}`, (x) => x.rps) / med(`floor ${era}`, (x) => x.rps)).toFixed(2)}x  CPU per call ${(med(`toolgate ${era}`, (x) => x.cpuPer1k) / med(`floor ${era}`, (x) => x.cpuPer1k)).toFixed(2)}x  p50 ${(med(`toolgate ${era}`, (x) => x.p50) / med(`floor ${era}`, (x) => x.p50)).toFixed(2)}x  p99 ${(med(`toolgate ${era}`, (x) => x.p99) / med(`floor ${era}`, (x) => x.p99)).toFixed(2)}x`,
    );
  const afterRounds = await heapAfterGc();
  console.log(
    `gateway: after the rounds, a forced GC: heap used ${afterRounds.heap.toFixed(1)} MiB, RSS ${afterRounds.rss.toFixed(1)} MiB`,
  );
  if (LEAK_CALLS > 0) {
    const before = afterRounds;
    await drive(targets.toolgate!, '2025', CONN, 1e9, LEAK_CALLS / 2);
    const half = rssMiB(tg.pid!);
    const halfGc = await heapAfterGc();
    const halfDb = dbMiB();
    await drive(targets.toolgate!, '2025', CONN, 1e9, LEAK_CALLS / 2);
    const all = rssMiB(tg.pid!);
    const allGc = await heapAfterGc();
    const allDb = dbMiB();
    console.log(
      `gateway: RSS after ${LEAK_CALLS / 2} calls ${half.toFixed(1)} MiB, after ${LEAK_CALLS} calls ${all.toFixed(1)} MiB (growth ${(all - half).toFixed(1)} MiB)`,
    );
    console.log(
      `gateway: heap used after a forced GC: before the leak run ${before.heap.toFixed(1)} MiB, after ${LEAK_CALLS / 2} calls ` +
        `${halfGc.heap.toFixed(1)} MiB, after ${LEAK_CALLS} calls ${allGc.heap.toFixed(1)} MiB (growth ${(allGc.heap - halfGc.heap).toFixed(1)} MiB); ` +
        `RSS after that GC ${halfGc.rss.toFixed(1)} → ${allGc.rss.toFixed(1)} MiB, external ${halfGc.external.toFixed(1)} → ${allGc.external.toFixed(1)} MiB; ` +
        `SQLite database + WAL ${halfDb.toFixed(1)} → ${allDb.toFixed(1)} MiB`,
    );
  }
} finally {
  stopChildren();
  rmSync(dataDir, { recursive: true, force: true });
}
