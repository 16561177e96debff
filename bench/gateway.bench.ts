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
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { Client } from 'undici';

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
const pin = spawnSync('taskset', ['-c', '1', 'true']).status === 0;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));

function start(args: string[], env: Record<string, string> = {}): ChildProcess {
  const [cmd, ...rest] = pin
    ? ['taskset', '-c', '0', process.execPath, ...args]
    : [process.execPath, ...args];
  const child = spawn(cmd!, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.push(child);
  return child;
}

async function listening(child: ChildProcess): Promise<number> {
  for await (const line of child.stdout!) {
    const m = /listening (\d+)/.exec(String(line));
    if (m) return Number(m[1]);
  }
  throw new Error('child exited before listening');
}

const freePort = async () => {
  const { createServer } = await import('node:net');
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
};

/** utime + stime of a process in ms (all threads), from /proc. */
function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}
/** Size of the SQLite database and its WAL in the bench's data dir, MiB. */
const dbMiB = () =>
  ['toolgate.db', 'toolgate.db-wal']
    .map((f) => join(dataDir, f))
    .reduce((sum, f) => sum + (existsSync(f) ? statSync(f).size : 0), 0) /
  2 ** 20;
const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const petstore = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Petstore', version: '1' },
  paths: {
    '/pets/{petId}': {
      get: {
        operationId: 'getPetById',
        summary: 'Find a pet by id',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }],
        responses: {
          '200': { description: 'the pet', content: { 'application/json': { schema: { type: 'object' } } } },
        },
      },
    },
  },
});

type Era = '2025' | '2026';
interface Target {
  label: string;
  pid: number;
  origin: string;
  path: string;
}

/** One closed-loop connection: its session (2025) is set up first; returns the per-call sender. */
async function connect(t: Target, era: Era): Promise<(id: number) => Promise<void>> {
  const client = new Client(t.origin, { pipelining: 1 });
  const base = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  let session: Record<string, string> = {};
  if (t.label !== 'direct' && era === '2025') {
    const init = await client.request({
      method: 'POST',
      path: t.path,
      headers: base,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: {
          protocolVersion: '2025-11-25',
          capabilities: {},
          clientInfo: { name: 'bench', version: '1' },
        },
      }),
    });
    await init.body.text();
    session = {
      'mcp-session-id': String(init.headers['mcp-session-id']),
      'mcp-protocol-version': '2025-11-25',
    };
    const ack = await client.request({
      method: 'POST',
      path: t.path,
      headers: { ...base, ...session },
      body: '{"jsonrpc":"2.0","method":"notifications/initialized"}',
    });
    await ack.body.text();
  }
  const modern = {
    ...base,
    'mcp-method': 'tools/call',
    'mcp-name': 'getPetById',
    'mcp-protocol-version': '2026-07-28',
  };
  return async (n) => {
    const petId = (n % 1000) + 1;
    if (t.label === 'direct') {
      const r = await client.request({ method: 'GET', path: `/pets/${petId}` });
      await r.body.text();
      return;
    }
    const params: Record<string, unknown> = { name: 'getPetById', arguments: { petId } };
    if (era === '2026')
      params._meta = {
        'io.modelcontextprotocol/protocolVersion': '2026-07-28',
        'io.modelcontextprotocol/clientCapabilities': {},
        'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' },
      };
    const r = await client.request({
      method: 'POST',
      path: t.path,
      headers: era === '2026' ? modern : { ...base, ...session },
      body: JSON.stringify({ jsonrpc: '2.0', id: n, method: 'tools/call', params }),
    });
    const text = await r.body.text();
    if (r.statusCode !== 200 || !text.includes('"isError":false'))
      throw new Error(`${t.label} ${era}: ${r.statusCode} ${text.slice(0, 300)}`);
  };
}

/** Runs `calls` calls or `seconds` of calls on CONN connections; latency per call in ms. */
async function drive(t: Target, era: Era, seconds: number, calls = Infinity) {
  const senders = await Promise.all(Array.from({ length: CONN }, () => connect(t, era)));
  const latencies: number[] = [];
  let n = 0;
  const cpu0 = cpuMs(t.pid);
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    senders.map(async (send) => {
      while (performance.now() < until && n < calls) {
        const at = performance.now();
        await send(n++);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(t.pid) - cpu0;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return {
    rps: latencies.length / elapsed,
    p50: pct(50),
    p99: pct(99),
    cpuPer1k: (cpu / latencies.length) * 1000,
    calls: latencies.length,
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

try {
  const up = start([join(root, 'bench/gateway/peers.mjs'), 'upstream']);
  const upUrl = `http://127.0.0.1:${await listening(up)}`;
  const floorChild = start([join(root, 'bench/gateway/peers.mjs'), 'floor', upUrl]);
  const floorPort = await listening(floorChild);

  const port = await freePort();
  const key = `tgk_bench_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const launched = performance.now();
  // --expose-gc and the heap probe (bench/gateway/heap-probe.mjs): heap used after a forced GC on SIGUSR2.
  const tg = start(
    [
      '--expose-gc',
      '--import',
      pathToFileURL(join(root, 'bench/gateway/heap-probe.mjs')).href,
      join(root, 'bin/toolgate.js'),
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
    ],
    { TOOLGATE_ADMIN_KEY: key, LOG_LEVEL: 'warn' },
  );
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
  const api = `http://127.0.0.1:${port}/api/svc/v1`;
  for (;;) {
    const ok = await fetch(`${api}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - launched > 30_000) throw new Error('Toolgate did not become healthy');
    await new Promise((r) => setTimeout(r, 10));
  }
  const startupMs = performance.now() - launched;
  const auth = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(api + path, {
      method,
      headers: auth,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const server = await call('POST', '/servers', { name: 'Petstore bench', rate_limit_per_min: 1_000_000 });
  const importPath = `/servers/${server.uuid}/tools/import-openapi`;
  const content = petstore.replace('"paths"', `"servers":[{"url":"${upUrl}"}],"paths"`);
  const preview = await call('POST', importPath, { source: 'text', content });
  await call('POST', importPath, {
    source: 'text',
    content,
    commit: true,
    selected_temp_ids: preview.candidates.map((c: { temp_id: string }) => c.temp_id),
    imported_status: 'active',
  });
  for (const tool of await call('GET', `/servers/${server.uuid}/tools`))
    await call('PATCH', `/servers/${server.uuid}/tools/${tool.uuid}`, { rate_limit_per_min: 1_000_000 });
  await new Promise((r) => setTimeout(r, 1000));
  const idleRss = rssMiB(tg.pid!);
  const idleGc = await heapAfterGc();
  console.log(
    `gateway: node ${process.version}, pinning ${pin ? 'servers CPU 0, driver CPU 1' : 'none'}, load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
  );
  console.log(
    `gateway: start-up to a healthy /health ${startupMs.toFixed(0)} ms; idle RSS ${idleRss.toFixed(1)} MiB ` +
      `(after a forced GC: heap used ${idleGc.heap.toFixed(1)} MiB, RSS ${idleGc.rss.toFixed(1)} MiB)`,
  );

  const targets: Record<string, Target> = {
    direct: { label: 'direct', pid: up.pid!, origin: upUrl, path: '/pets' },
    floor: { label: 'floor', pid: floorChild.pid!, origin: `http://127.0.0.1:${floorPort}`, path: '/mcp' },
    toolgate: {
      label: 'toolgate',
      pid: tg.pid!,
      origin: `http://127.0.0.1:${port}`,
      path: `/mcp/${server.slug}`,
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
      await drive(targets[label]!, era, 3); // warm-up
      const res = await drive(targets[label]!, era, SECONDS);
      const key2 = label === 'direct' ? 'direct' : `${label} ${era}`;
      runs.push({ key: key2, ...res });
      console.log(
        `gateway: round ${r + 1} ${key2.padEnd(14)} ${res.rps.toFixed(0).padStart(6)} req/s  p50 ${res.p50.toFixed(2)} ms  p99 ${res.p99.toFixed(2)} ms  cpu ${res.cpuPer1k.toFixed(0)} ms/1k calls`,
      );
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
  if (LEAK_CALLS > 0) {
    const before = await heapAfterGc();
    await drive(targets.toolgate!, '2025', 1e9, LEAK_CALLS / 2);
    const half = rssMiB(tg.pid!);
    const halfGc = await heapAfterGc();
    const halfDb = dbMiB();
    await drive(targets.toolgate!, '2025', 1e9, LEAK_CALLS / 2);
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
  for (const c of children) c.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
