/*
 * `npm run fuzz -- --count 200000 [--seed N] [--database-url URL]`: the fuzz suite's generator
 * for long runs. Prints counts by status and every failure with its seed and index; exits 1 on any.
 */
import { parseArgs } from 'node:util';
import { createFuzzer, describeFailures } from '../test/fuzz/run-fuzz.ts';
import { buildTestApp } from '../test/helpers.ts';

const { values } = parseArgs({
  options: {
    count: { type: 'string', default: '20000' },
    seed: { type: 'string' },
    'database-url': { type: 'string' },
  },
});
const count = Number(values.count);
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const t = await buildTestApp(values['database-url'] ? { databaseUrl: values['database-url'] } : {});
const fuzzer = await createFuzzer(t);
const started = performance.now();
console.log(`fuzzing ${count} requests, seed ${seed}`);
const result = await fuzzer.run({
  seed,
  count,
  onChunk: (done) => {
    if (done % 10_000 === 0) {
      const rss = Math.round(process.memoryUsage().rss / 2 ** 20);
      console.log(`${done} requests, ${((performance.now() - started) / 1000).toFixed(0)} s, RSS ${rss} MB`);
    }
  },
});
await fuzzer.close();
await t.close();
console.log(JSON.stringify(result.byStatus, null, 1));
if (result.failures.length) {
  console.log(`${result.failures.length} failures:\n${describeFailures(result)}`);
  process.exit(1);
}
console.log(`no 5xx, no -32603, no hang in ${count} requests (seed ${seed})`);
