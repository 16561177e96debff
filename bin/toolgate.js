#!/usr/bin/env node
// Entry point: runs the compiled JavaScript in dist/ (built by `npm run build`, which `npm ci` runs
// through `prepare`). Development and tests run the TypeScript sources through tsx instead
// (`npm run dev`, `node --import tsx src/cli/main.ts`).
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('toolgate: dist/ is missing; run `npm run build` first (npm ci does it for you)\n');
  process.exit(1);
}
await import(entry.href);
