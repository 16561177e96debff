import assert from 'node:assert/strict';
import type { TestApp } from '../helpers.ts';
import { createFuzzer, describeFailures, type Fuzzer } from './run-fuzz.ts';

/** The suite's seed: fixed, so CI repeats itself; `FUZZ_SEED` replays a printed one. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_124);

/** Runs `count` fuzzed requests on `t` and fails with every failure printed; returns counts by status. */
export async function fuzzes(t: TestApp, count: number): Promise<Record<string, number>> {
  const fuzzer: Fuzzer = await createFuzzer(t);
  try {
    const result = await fuzzer.run({ seed: SEED, count });
    assert.equal(
      result.failures.length,
      0,
      `fuzz failures (FUZZ_SEED=${SEED}):\n${describeFailures(result)}`,
    );
    return result.byStatus;
  } finally {
    await fuzzer.close();
  }
}

export const total = (byStatus: Record<string, number>, kind: string) =>
  Object.entries(byStatus)
    .filter(([k]) => k.startsWith(kind))
    .reduce((n, [, v]) => n + v, 0);
