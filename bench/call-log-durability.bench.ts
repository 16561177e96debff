/*
 * What durable call logs cost: tool executions per second through the full pipeline
 * (`executor.execute()`, 32 concurrent, local upstream in a child process) with
 * TOOLGATE_CALL_LOG_DURABILITY=batched (the default) and =sync, on SQLite and, when it is
 * reachable, on PostgreSQL (a schema of its own, dropped after).
 * Run: node --import tsx bench/call-log-durability.bench.ts [seconds-per-mode]
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { closeContext, createContext } from '../src/bootstrap.ts';
import { loadConfig } from '../src/config.ts';
import { createServer } from '../src/servers/servers.service.ts';
import { insertTool } from '../src/store/tools.repo.ts';
import { makeTool } from '../test/executor-kit.ts';
import { createPgSchema } from '../test/helpers.ts';

const MS = Number(process.argv[2] ?? 3) * 1000;
const CONCURRENCY = 32;

const UPSTREAM = `
const http = require('node:http');
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => { res.writeHead(200, { 'content-type': 'application/json' }); res.end('{"ok":true}'); });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

const child = spawn(process.execPath, ['-e', UPSTREAM], { stdio: ['ignore', 'pipe', 'inherit'] });
const port = await new Promise<string>((resolve) =>
  child.stdout.once('data', (d) => resolve(String(d).trim())),
);
const origin = `http://127.0.0.1:${port}`;

async function run(databaseUrl: string, durability: 'batched' | 'sync', dataDir: string) {
  const ctx = await createContext(
    loadConfig(
      {},
      {
        dataDir,
        databaseUrl,
        secretKey: 'b'.repeat(64),
        logLevel: 'silent',
        schedulerEnabled: false,
        callLogDurability: durability,
      },
    ),
  );
  try {
    const server = await createServer(ctx, { name: `Bench ${durability}`, rate_limit_per_min: 0 });
    const { id: _id, ...fields } = makeTool({
      name: 'Ok',
      slug: 'ok',
      endpoint_url: `${origin}/ok`,
      server_id: server.id,
      rate_limit_per_min: 0,
      timeout: 10,
    });
    const tool = await insertTool(ctx.store.db, fields);
    const latencies: number[] = [];
    const end = performance.now() + MS;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const out = await ctx.executor.execute({
            server,
            tool,
            args: {},
            useTestCredentials: false,
            clientType: 'mcp',
          });
          if (!out.ok) throw new Error(out.message);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    latencies.sort((a, b) => a - b);
    const pct = (p: number) =>
      latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
    return { rps: latencies.length / (MS / 1000), p50: pct(50), p99: pct(99) };
  } finally {
    await closeContext(ctx);
  }
}

const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-bench-durability-'));
try {
  const targets: Array<[string, string, (() => Promise<void>) | undefined]> = [
    ['SQLite', `sqlite:${join(dataDir, 'bench.db')}`, undefined],
  ];
  const pg = await createPgSchema().catch(() => ({ skip: 'unreachable' }) as const);
  if ('url' in pg) targets.push(['PostgreSQL', pg.url, pg.drop]);
  console.log(`call-log durability, execute() ${CONCURRENCY} concurrent, ${MS / 1000} s per mode`);
  for (const [name, url] of targets) {
    const batched = await run(url, 'batched', dataDir);
    const sync = await run(url, 'sync', dataDir);
    for (const [mode, r] of [
      ['batched', batched],
      ['sync', sync],
    ] as const)
      console.log(
        `  ${name.padEnd(10)} ${mode.padEnd(7)} ${r.rps.toFixed(0).padStart(6)} calls/s  p50 ${r.p50.toFixed(2)} ms  p99 ${r.p99.toFixed(2)} ms`,
      );
    console.log(`  ${name}: sync runs at ${((sync.rps / batched.rps) * 100).toFixed(0)}% of batched`);
  }
  for (const [, , drop] of targets) await drop?.();
} finally {
  child.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
