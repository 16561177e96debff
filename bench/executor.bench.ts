/*
 * Tool executions per second and the latency the pipeline adds, next to direct undici calls to
 * the same local upstream. The upstream runs in a child process so it does not share the event
 * loop being measured. The pipeline runs in full: Ajv validation, request building, bearer
 * auth, both rate limiters (set high enough never to refuse), retries policy, response mapping
 * with a JSONPath selector, and one batched call-log row per call written to SQLite.
 *
 * Two groups of phases:
 * - in process: `executor.execute()` vs direct undici calls from this process;
 * - end to end over HTTP: JSON-RPC `tools/call` to a listening Toolgate (`/mcp/:slug`, one
 *   initialized session per client) vs direct undici calls to the upstream, both from one
 *   client process (bench/executor-clients.ts), so Toolgate does not pay for its clients.
 * Each phase also reports this process's CPU time per call: the executor (with undici and the
 * call-log writer) in the in-process phases, Toolgate serving tools/call in the HTTP ones.
 * Run: node --import tsx bench/executor.bench.ts [seconds-per-round]
 */
import { type ChildProcess, fork, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { buildApp } from '../src/app.ts';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/servers/servers.service.ts';
import { insertTool } from '../src/store/tools.repo.ts';
import { makeTool } from '../test/executor-kit.ts';
import type { ClientsMessage, ClientsReply } from './executor-clients.ts';

const ROUND_MS = Number(process.argv[2] ?? 1) * 1000;
const ROUNDS = 5;
const CONCURRENCY = 32;
const ARGS = { id: 7, q: 'lamp' };

const UPSTREAM = `
const http = require('node:http');
const body = JSON.stringify({ data: { items: [{ id: 1, name: 'Lamp' }, { id: 2, name: 'Desk' }] } });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end(body); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

async function startUpstream(): Promise<{ origin: string; stop: () => void }> {
  const child = spawn(process.execPath, ['-e', UPSTREAM], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d) => resolve(String(d).trim())),
  );
  return { origin: `http://127.0.0.1:${port}`, stop: () => child.kill() };
}

/** The client process of the HTTP phases; `ask` sends one message and waits for its reply. */
function startClients(): { ask: (msg: ClientsMessage) => Promise<ClientsReply>; stop: () => void } {
  const child: ChildProcess = fork(new URL('./executor-clients.ts', import.meta.url), {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  // One question at a time: the reply to the pending one is the next message.
  let pending: { resolve: (r: ClientsReply) => void; reject: (e: Error) => void } | undefined;
  child.on('message', (reply) => pending?.resolve(reply as ClientsReply));
  child.on('exit', (code) => pending?.reject(new Error(`bench clients exited (${code})`)));
  return {
    ask: (msg) =>
      new Promise((resolve, reject) => {
        pending = { resolve, reject };
        child.send(msg);
      }),
    stop: () => child.disconnect(),
  };
}

/** Runs `fn` from `workers` concurrent loops for `ms`; returns per-call latencies in ms. */
async function measure(fn: () => Promise<unknown>, workers: number, ms: number): Promise<number[]> {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        await fn();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return latencies;
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** CPU time of this process (the executor and, in the HTTP phases, Toolgate) per call, µs. */
  cpuUs: number;
}

function summary(latencies: number[], ms: number, cpuUs: number): Figures {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    rps: latencies.length / (ms / 1000),
    p50: pct(sorted, 50),
    p99: pct(sorted, 99),
    cpuUs: cpuUs / Math.max(1, latencies.length),
  };
}

/** Runs one phase round; its latencies and this process's CPU time over it (µs). */
async function timed(run: (ms: number) => Promise<number[]>, ms: number): Promise<Figures> {
  const before = process.cpuUsage();
  const latencies = await run(ms);
  const used = process.cpuUsage(before);
  return summary(latencies, ms, used.user + used.system);
}

const upstream = await startUpstream();
const clients = startClients();
const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-bench-'));
const ctx = await createContext(
  loadConfig(
    {},
    {
      dataDir,
      databaseUrl: `sqlite:${join(dataDir, 'bench.db')}`,
      secretKey: 'b'.repeat(64),
      logLevel: 'silent',
      schedulerEnabled: false,
    },
  ),
);
const app = await buildApp(ctx);
const direct = new Agent({ connections: 64, keepAliveTimeout: 30_000 });
let clientFailures = 0;
let firstFailure: string | undefined;
try {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const gateway = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const server = await createServer(ctx, {
    name: 'Bench',
    rate_limit_per_min: 1_000_000,
    outbound_auth_type: 'bearer',
    auth_credentials: JSON.stringify({ token: 'bench-token' }),
    auth_credentials_origins: [upstream.origin],
  });
  const { id: _id, ...fields } = makeTool({
    name: 'List items',
    slug: 'list-items',
    endpoint_url: `${upstream.origin}/items/{{id}}`,
    server_id: server.id,
    rate_limit_per_min: 1_000_000,
    timeout: 10,
    input_schema: {
      type: 'object',
      properties: { id: { type: 'integer' }, q: { type: 'string' } },
      required: ['id'],
    },
    response_mapping: { selector: '$.data.items[*].name', format: 'json' },
  });
  const tool = await insertTool(ctx.store.db, fields);
  await clients.ask({
    type: 'config',
    config: {
      directUrl: `${upstream.origin}/items/7?q=lamp`,
      mcpUrl: `${gateway}/mcp/${server.slug}`,
      tool: tool.slug,
      args: ARGS,
      bearer: 'bench-token',
    },
  });

  const callDirect = async () => {
    const res = await direct.request({
      origin: upstream.origin,
      path: '/items/7?q=lamp',
      method: 'GET',
      headers: { authorization: 'Bearer bench-token' },
    });
    await res.body.text();
  };
  const callPipeline = async () => {
    const out = await ctx.executor.execute({
      server,
      tool,
      args: ARGS,
      useTestCredentials: false,
      clientType: 'mcp',
    });
    if (!out.ok) throw new Error(`pipeline failed: ${out.message}`);
  };
  const inProcess =
    (fn: () => Promise<unknown>, workers: number) =>
    async (ms: number): Promise<number[]> =>
      measure(fn, workers, ms);
  const overHttp =
    (target: 'direct' | 'mcp', workers: number) =>
    async (ms: number): Promise<number[]> => {
      const reply = await clients.ask({ type: 'run', target, workers, ms });
      clientFailures += reply.failures;
      firstFailure ??= reply.firstFailure;
      return reply.latencies;
    };

  const phases: Array<[string, (ms: number) => Promise<number[]>]> = [
    ['direct undici, 1 at a time', inProcess(callDirect, 1)],
    ['execute(), 1 at a time', inProcess(callPipeline, 1)],
    [`direct undici, ${CONCURRENCY} concurrent`, inProcess(callDirect, CONCURRENCY)],
    [`execute(), ${CONCURRENCY} concurrent`, inProcess(callPipeline, CONCURRENCY)],
    ['HTTP: direct undici, 1 client', overHttp('direct', 1)],
    ['HTTP: MCP tools/call, 1 client', overHttp('mcp', 1)],
    [`HTTP: direct undici, ${CONCURRENCY} clients`, overHttp('direct', CONCURRENCY)],
    [`HTTP: MCP tools/call, ${CONCURRENCY} clients`, overHttp('mcp', CONCURRENCY)],
  ];
  // Warm-up: JIT, connection pools, MCP sessions.
  for (const [, run] of phases) await run(250);
  clientFailures = 0;

  // Phases alternate in short rounds so that load from elsewhere on the machine hits all of
  // them alike; each phase reports its median round.
  const rounds: Figures[][] = phases.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, [, run]] of phases.entries()) rounds[i]!.push(await timed(run, ROUND_MS));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rows = phases.map(([label], i): [string, Figures] => [
    label,
    {
      rps: median(rounds[i]!.map((r) => r.rps)),
      p50: median(rounds[i]!.map((r) => r.p50)),
      p99: median(rounds[i]!.map((r) => r.p99)),
      cpuUs: median(rounds[i]!.map((r) => r.cpuUs)),
    },
  ]);
  console.log(`executor bench: ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s per phase (medians)\n`);
  console.log(
    `${'phase'.padEnd(36)}${'calls/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}${'CPU µs/call'.padStart(13)}`,
  );
  for (const [label, s] of rows)
    console.log(
      `${label.padEnd(36)}${s.rps.toFixed(0).padStart(10)}${s.p50.toFixed(3).padStart(10)}${s.p99.toFixed(3).padStart(10)}${s.cpuUs.toFixed(1).padStart(13)}`,
    );
  const [d1, p1, dc, pc, h1, m1, hc, mc] = rows.map(([, s]) => s) as Figures[];
  const added = (a: Figures, b: Figures) =>
    `p50 ${(b.p50 - a.p50).toFixed(3)} ms, p99 ${(b.p99 - a.p99).toFixed(3)} ms`;
  const share = (a: Figures, b: Figures) => `${((b.rps / a.rps) * 100).toFixed(0)} %`;
  console.log(`\nadded latency, execute() − direct (1 at a time): ${added(d1!, p1!)}`);
  console.log(
    `throughput at ${CONCURRENCY} concurrent: execute() ${pc!.rps.toFixed(0)} tool executions/s = ${share(dc!, pc!)} of direct undici`,
  );
  console.log(
    `CPU per call at ${CONCURRENCY} concurrent: execute() ${pc!.cpuUs.toFixed(1)} µs, direct undici ${dc!.cpuUs.toFixed(1)} µs (this process; the upstream runs in a child)`,
  );
  console.log(`added latency, MCP tools/call over HTTP − direct (1 client): ${added(h1!, m1!)}`);
  console.log(
    `throughput at ${CONCURRENCY} clients: MCP tools/call ${mc!.rps.toFixed(0)} tool executions/s = ${share(hc!, mc!)} of direct undici`,
  );
  if (clientFailures > 0) console.log(`\n${clientFailures} HTTP calls failed; first: ${firstFailure}`);
} finally {
  clients.stop();
  await direct.close();
  await app.close();
  await closeContext(ctx);
  upstream.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
