/*
 * Start-up benchmark: time from spawning `toolgate serve` to the first healthy `GET /health`, and the
 * idle resident memory five seconds later, for the TypeScript sources through tsx (development) and
 * the compiled dist/ (production, `npm start`). Each run gets a fresh data directory. Needs dist/
 * (`npm run build`). Prints figures; asserts nothing about time.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.STARTUP_RUNS ?? 5);
const VARIANTS: Array<[string, string[]]> = [
  ['tsx (src/*.ts)', ['--import', 'tsx', join(root, 'src/cli/main.ts')]],
  ['compiled (dist/*.js)', [join(root, 'bin/toolgate.js')]],
];

function freePort(): Promise<number> {
  return new Promise((res) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => res(port));
    });
  });
}

function rssMb(pid: number): number {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
}

async function measure(args: string[]): Promise<{ ms: number; rss: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolgate-startup-'));
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, [...args, 'serve', '--port', String(port), '--data-dir', dataDir], {
    env: { ...process.env, TOOLGATE_SCHEDULER: 'false', LOG_LEVEL: 'silent' },
    stdio: 'ignore',
  });
  try {
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${port}/api/svc/v1/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}`);
      await sleep(10);
    }
    const ms = performance.now() - t0;
    await sleep(5000);
    return { ms, rss: rssMb(child.pid!) };
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
if (!existsSync(join(root, 'dist/cli/main.js')))
  throw new Error('dist/ is missing: run `npm run build` first');
console.log(`variant                  runs  healthy after (median)  idle RSS (median)`);
for (const [label, args] of VARIANTS) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await measure(args));
  console.log(
    `${label.padEnd(24)} ${String(RUNS).padStart(4)}  ${median(runs.map((r) => r.ms))
      .toFixed(0)
      .padStart(19)} ms  ${median(runs.map((r) => r.rss))
      .toFixed(0)
      .padStart(14)} MB`,
  );
}
