// Runs every *.test.ts under src/ and test/ with Node's own test runner (Node 20 has no glob for --test).
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function findTests(dir, out = []) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const filter = process.argv[2];
const files = ['src', 'test']
  .flatMap((d) => findTests(d))
  .filter((f) => !filter || f.includes(filter))
  .sort();
const result = spawnSync(
  process.execPath,
  ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files],
  {
    stdio: 'inherit',
    env: { ...process.env, TOOLGATE_LOG_LEVEL: process.env.TOOLGATE_LOG_LEVEL ?? 'silent' },
  },
);
process.exit(result.status ?? 1);
