/*
 * `npm run bench -- fuzz-memory`: RSS and heap over a long fuzz run (the fuzz suite's generator,
 * in-process on SQLite). The check: RSS after 200,000 requests is not meaningfully above RSS after
 * 100,000 (growth under 15%, after a GC). FUZZ_MEMORY_COUNT shortens the run.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createFuzzer } from '../test/fuzz/run-fuzz.ts';
import { buildTestApp } from '../test/helpers.ts';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const total = Number(process.env.FUZZ_MEMORY_COUNT ?? 200_000);
const step = total / 2;
const mb = (n: number) => Math.round(n / 2 ** 20);

const t = await buildTestApp();
const fuzzer = await createFuzzer(t);
const started = performance.now();
const marks: Array<{ requests: number; rss: number; heap: number }> = [];
const sample = (requests: number) => {
  gc();
  const { rss, heapUsed } = process.memoryUsage();
  marks.push({ requests, rss: mb(rss), heap: mb(heapUsed) });
  console.log(
    `${requests} requests: RSS ${mb(rss)} MB, heap ${mb(heapUsed)} MB, ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
};
sample(0);
let failures = 0;
for (let done = 0; done < total; done += step / 5) {
  const result = await fuzzer.run({ seed: 1000 + done, count: step / 5 });
  failures += result.failures.length;
  if ((done + step / 5) % step === 0) sample(done + step / 5);
}
await fuzzer.close();
await t.close();
const [, half, full] = marks;
const growth = half && full ? (full.rss - half.rss) / half.rss : 0;
console.log(
  `RSS growth from ${half?.requests} to ${full?.requests} requests: ${(growth * 100).toFixed(1)}% (failures: ${failures})`,
);
if (growth > 0.15) {
  console.log('RSS keeps growing');
  process.exit(1);
}
