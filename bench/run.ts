/*
 * `npm run bench`: runs every bench/*.bench.ts in turn, each in its own Node process (so one
 * benchmark's heap and sockets never skew the next). `npm run bench -- executor` runs only the
 * files whose name contains "executor".
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts') && (!filter || name.includes(filter)))
  .sort();

let failed = 0;
for (const name of files) {
  console.log(`\n=== ${name} ===`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(dir, name)], {
    stdio: 'inherit',
    env: { ...process.env, TOOLGATE_LOG_LEVEL: process.env.TOOLGATE_LOG_LEVEL ?? 'silent' },
  });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    failed++;
    console.log(`${name} failed (exit ${result.status ?? result.signal}) after ${seconds} s`);
  } else console.log(`${name} finished in ${seconds} s`);
}
process.exit(failed > 0 ? 1 : 0);
