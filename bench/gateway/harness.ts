/*
 * What the gateway benches share (bench/gateway.bench.ts, bench/gateway-ab.ts): child processes
 * pinned to CPU 0 beside a driver on CPU 1, Toolgate started from a checkout as an operator does,
 * petstore imported into it, and closed-loop `tools/call` load in either protocol era.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from 'undici';

/**
 * Whether taskset is there: then this driver moves to CPU 1, all its threads (`-a`), and every
 * child starts on CPU 0. Without the move the driver floated and sometimes ran beside the servers.
 */
export const pin = spawnSync('taskset', ['-a', '-cp', '1', String(process.pid)]).status === 0;
const children = new Set<ChildProcess>();

/**
 * A child node process, on CPU 0 when taskset is there; stopped by stopChildren. `wrapper` runs
 * node under another program (e.g. valgrind).
 */
export function startChild(
  args: string[],
  env: Record<string, string> = {},
  wrapper: string[] = [],
): ChildProcess {
  const command = [...wrapper, process.execPath, ...args];
  const [cmd, ...rest] = pin ? ['taskset', '-c', '0', ...command] : command;
  const child = spawn(cmd!, rest, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** Stops one child and waits for it to exit. */
export function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill();
  });
}

export function stopChildren(): void {
  for (const c of children) c.kill();
}

/** The port a peers.mjs child prints once it listens. */
export async function listening(child: ChildProcess): Promise<number> {
  for await (const line of child.stdout!) {
    const m = /listening (\d+)/.exec(String(line));
    if (m) return Number(m[1]);
  }
  throw new Error('child exited before listening');
}

export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** utime + stime of a process in ms (all threads), from /proc. */
export function cpuMs(pid: number): number {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
}

export const rssMiB = (pid: number) =>
  Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

/** The middle value; the mean of the two middle values of an even count. */
export function median(xs: number[]): number {
  const v = [...xs].sort((a, b) => a - b);
  const m = v.length >> 1;
  return v.length % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/** The upstream (petstore) and the floor gateway, from bench/gateway/peers.mjs. */
export async function startPeers(
  root: string,
): Promise<{ up: ChildProcess; upUrl: string; floor: ChildProcess; floorPort: number }> {
  const up = startChild([join(root, 'bench/gateway/peers.mjs'), 'upstream']);
  const upUrl = `http://127.0.0.1:${await listening(up)}`;
  const floor = startChild([join(root, 'bench/gateway/peers.mjs'), 'floor', upUrl]);
  return { up, upUrl, floor, floorPort: await listening(floor) };
}

export interface RunningToolgate {
  child: ChildProcess;
  port: number;
  /** The management API's base URL and the admin key it was seeded with. */
  api: string;
  key: string;
  /** From spawning the process to the first healthy /health. */
  startupMs: number;
}

/**
 * `node bin/toolgate.js serve` from `checkout` (built: `npm run build:server`) on a fresh SQLite
 * data dir, with the heap probe preloaded (bench/gateway/heap-probe.mjs: heap after a forced GC on
 * SIGUSR2) and `nodeArgs` before the script (e.g. `--perf-basic-prof-only-functions`), node under
 * `wrapper` if given. Resolves once /health answers.
 */
export async function startToolgate(
  checkout: string,
  dataDir: string,
  probeFrom: string,
  nodeArgs: string[] = [],
  wrapper: string[] = [],
  env: Record<string, string> = {},
): Promise<RunningToolgate> {
  const port = await freePort();
  const key = `tgk_bench_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;
  const launched = performance.now();
  const child = startChild(
    [
      ...nodeArgs,
      '--expose-gc',
      '--import',
      pathToFileURL(join(probeFrom, 'bench/gateway/heap-probe.mjs')).href,
      join(checkout, 'bin/toolgate.js'),
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
    ],
    { TOOLGATE_ADMIN_KEY: key, LOG_LEVEL: 'warn', ...env },
    wrapper,
  );
  const patience = wrapper.length > 0 ? 300_000 : 30_000;
  const api = `http://127.0.0.1:${port}/api/svc/v1`;
  for (;;) {
    const ok = await fetch(`${api}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (child.exitCode !== null) throw new Error(`Toolgate from ${checkout} exited (${child.exitCode})`);
    if (performance.now() - launched > patience) throw new Error('Toolgate did not become healthy');
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, port, api, key, startupMs: performance.now() - launched };
}

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

/**
 * Imports petstore through the management API as an operator would (server and tool rate limits
 * raised so they never bite, but still counted); returns the server's slug.
 */
export async function importPetstore(tg: RunningToolgate, upUrl: string): Promise<string> {
  const auth = { authorization: `Bearer ${tg.key}`, 'content-type': 'application/json' };
  const call = async (method: string, path: string, body?: unknown) => {
    const r = await fetch(tg.api + path, {
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
  return server.slug;
}

/**
 * Toolgate from `checkout` on a fresh SQLite data dir with petstore imported, handed to `use` as a
 * load target; stopped and its data dir removed afterwards. `nodeArgs` and `wrapper` as for
 * startToolgate.
 */
export async function withToolgate<T>(
  checkout: string,
  probeFrom: string,
  upUrl: string,
  use: (target: Target) => Promise<T>,
  nodeArgs: string[] = [],
  wrapper: string[] = [],
): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));
  const database = createBenchDatabase();
  try {
    const tg = await startToolgate(checkout, dataDir, probeFrom, nodeArgs, wrapper, database.env);
    try {
      const slug = await importPetstore(tg, upUrl);
      return await use({
        label: 'toolgate',
        pid: tg.child.pid!,
        origin: `http://127.0.0.1:${tg.port}`,
        path: `/mcp/${slug}`,
      });
    } finally {
      await stopChild(tg.child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    database.drop();
  }
}

/**
 * `BENCH_STORE=postgres`: a fresh database on the local PostgreSQL (127.0.0.1:5432, user postgres,
 * as the shared gateway bench's `--store postgres`) for each Toolgate run, dropped afterwards. A
 * database shared between runs would hold the first run's secret-key canary, and the next run,
 * with a new data dir, would never be healthy. Otherwise SQLite in the run's data dir.
 */
function createBenchDatabase(): { env: Record<string, string>; drop: () => void } {
  if (process.env.BENCH_STORE !== 'postgres') return { env: {}, drop: () => {} };
  const name = `tgbench_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const pg = ['-h', '127.0.0.1', '-U', 'postgres'];
  const created = spawnSync('createdb', [...pg, name], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`createdb ${name}: ${created.stderr || created.error}`);
  return {
    env: { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${name}` },
    drop: () => void spawnSync('dropdb', [...pg, '--if-exists', name]),
  };
}

export type Era = '2025' | '2026';
export interface Target {
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

export interface RunResult {
  rps: number;
  p50: number;
  p99: number;
  cpuPer1k: number;
  calls: number;
}

/** Runs `calls` calls or `seconds` of calls on `conn` connections; latency per call in ms. */
export async function drive(
  t: Target,
  era: Era,
  conn: number,
  seconds: number,
  calls = Infinity,
): Promise<RunResult> {
  const senders = await Promise.all(Array.from({ length: conn }, () => connect(t, era)));
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

/** A run as one line: req/s, latency and server CPU per 1,000 calls. */
export function formatRun(res: Pick<RunResult, 'rps' | 'p50' | 'p99' | 'cpuPer1k'>): string {
  return `${res.rps.toFixed(0).padStart(6)} req/s  p50 ${res.p50.toFixed(2)} ms  p99 ${res.p99.toFixed(2)} ms  cpu ${res.cpuPer1k.toFixed(0)} ms/1k calls`;
}
