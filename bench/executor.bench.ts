/*
 * Tool executions per second and the latency the pipeline adds, next to direct undici calls to
 * the same local upstream. The upstream runs in a child process so it does not share the event
 * loop being measured. The pipeline runs in full: Ajv validation, request building, bearer
 * auth, both rate limiters (set high enough never to refuse), retries policy, response mapping
 * with a JSONPath selector, and one batched call-log row per call written to SQLite.
 * Run: node --import tsx bench/executor.bench.ts [seconds-per-round]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createExecutor } from '../src/executor/executor.ts';
import { makeTool } from '../src/executor/test-support.ts';
import { createServer } from '../src/servers/servers.service.ts';
import { insertTool } from '../src/store/tools.repo.ts';

const ROUND_MS = Number(process.argv[2] ?? 1) * 1000;
const ROUNDS = 5;
const CONCURRENCY = 32;

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

function summary(latencies: number[], ms: number) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { rps: latencies.length / (ms / 1000), p50: pct(sorted, 50), p99: pct(sorted, 99) };
}

const upstream = await startUpstream();
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
const executor = createExecutor(ctx);
try {
  const server = await createServer(ctx, {
    name: 'Bench',
    rate_limit_per_min: 1_000_000,
    outbound_auth_type: 'bearer',
    auth_credentials: JSON.stringify({ token: 'bench-token' }),
  });
  const { id: _id, ...fields } = makeTool({
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
  const direct = new Agent({ connections: 64, keepAliveTimeout: 30_000 });
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
    const out = await executor.execute({
      server,
      tool,
      args: { id: 7, q: 'lamp' },
      useTestCredentials: false,
      clientType: 'mcp',
    });
    if (!out.ok) throw new Error(`pipeline failed: ${out.message}`);
  };

  await measure(callDirect, CONCURRENCY, 500);
  await measure(callPipeline, CONCURRENCY, 500);

  // Phases alternate in short rounds so that load from elsewhere on the machine hits both sides
  // alike; each phase reports its median round.
  const phases = [
    ['direct undici, 1 at a time', callDirect, 1],
    ['pipeline, 1 at a time', callPipeline, 1],
    [`direct undici, ${CONCURRENCY} concurrent`, callDirect, CONCURRENCY],
    [`pipeline, ${CONCURRENCY} concurrent`, callPipeline, CONCURRENCY],
  ] as const;
  const rounds: Array<Array<ReturnType<typeof summary>>> = phases.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, [, fn, workers]] of phases.entries())
      rounds[i]!.push(summary(await measure(fn, workers, ROUND_MS), ROUND_MS));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const rows = phases.map(([label], i): [string, ReturnType<typeof summary>] => [
    label,
    {
      rps: median(rounds[i]!.map((r) => r.rps)),
      p50: median(rounds[i]!.map((r) => r.p50)),
      p99: median(rounds[i]!.map((r) => r.p99)),
    },
  ]);
  console.log(`executor bench: ${ROUNDS} alternating rounds of ${ROUND_MS / 1000} s per phase (medians)\n`);
  console.log(
    `${'phase'.padEnd(34)}${'calls/s'.padStart(10)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}`,
  );
  for (const [label, s] of rows)
    console.log(
      `${label.padEnd(34)}${s.rps.toFixed(0).padStart(10)}${s.p50.toFixed(3).padStart(10)}${s.p99.toFixed(3).padStart(10)}`,
    );
  const [d1, p1, dc, pc] = rows.map(([, s]) => s);
  console.log(
    `\nadded latency (pipeline − direct, 1 at a time): p50 ${(p1!.p50 - d1!.p50).toFixed(3)} ms, p99 ${(p1!.p99 - d1!.p99).toFixed(3)} ms`,
  );
  console.log(
    `throughput at ${CONCURRENCY} concurrent: pipeline ${pc!.rps.toFixed(0)} executions/s = ${((pc!.rps / dc!.rps) * 100).toFixed(0)} % of direct undici`,
  );
  await direct.close();
} finally {
  await executor.close();
  await closeContext(ctx);
  upstream.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
