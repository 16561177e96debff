/*
 * A perf profile of Toolgate or of the floor gateway under the gateway bench's load, ready for
 * bench/perf-frames.ts: the process starts with `--perf-basic-prof-only-functions` (perf names
 * its JIT frames), takes `--warmup` seconds of load, then `perf record` runs for `--seconds` more
 * while the load goes on, and the process is stopped as soon as perf ends (a later read would
 * misname frames: see perf-frames.ts).
 *
 *   npm run build:server
 *   node --import tsx bench/gateway-profile.ts --system toolgate|floor --out tg.data
 *        [--era 2025|2026] [--seconds 6] [--warmup 8] [--connections 10]
 *
 * Prints the calls answered while perf recorded, and the perf-frames command to read the profile.
 */
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  drive,
  type Era,
  formatRun,
  listening,
  type RunResult,
  startChild,
  startPeers,
  stopChild,
  stopChildren,
  type Target,
  withToolgate,
} from './gateway/harness.ts';

const { values } = parseArgs({
  options: {
    system: { type: 'string', default: 'toolgate' },
    out: { type: 'string' },
    era: { type: 'string', default: '2025' },
    seconds: { type: 'string', default: '6' },
    warmup: { type: 'string', default: '8' },
    connections: { type: 'string', default: '10' },
    freq: { type: 'string', default: '2000' },
  },
});
const system = values.system;
if (
  !values.out ||
  (system !== 'toolgate' && system !== 'floor') ||
  (values.era !== '2025' && values.era !== '2026')
) {
  console.error(
    'usage: gateway-profile.ts --system toolgate|floor --out FILE [--era 2025|2026] [--seconds 6]',
  );
  process.exit(2);
}
const root = fileURLToPath(new URL('..', import.meta.url));
const out = resolve(values.out);
const era = values.era as Era;
const PERF_NODE_ARGS = ['--perf-basic-prof-only-functions'];
const seconds = Number(values.seconds);

/** perf record on `pid` for `seconds`; resolves when perf has written its file. */
function record(pid: number, seconds: number): Promise<void> {
  const perf = spawn(
    'perf',
    [
      'record',
      '-e',
      'cpu-clock',
      '-F',
      values.freq!,
      '-g',
      '-p',
      String(pid),
      '-o',
      out,
      '--',
      'sleep',
      String(seconds),
    ],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return new Promise((done, fail) => {
    perf.once('error', fail);
    perf.once('exit', (code) => (code === 0 ? done() : fail(new Error(`perf exited ${code}`))));
  });
}

/** Warm-up, then load while perf records; the caller stops the process as soon as this returns. */
async function profile(target: Target): Promise<RunResult> {
  const conn = Number(values.connections);
  await drive(target, era, conn, Number(values.warmup));
  // The load runs a little longer than perf, so that perf sees load from its first to its last sample.
  const [res] = await Promise.all([drive(target, era, conn, seconds + 0.5), record(target.pid, seconds)]);
  return res;
}

try {
  const { upUrl } = await startPeers(root);
  let res: RunResult;
  if (system === 'toolgate') res = await withToolgate(root, root, upUrl, profile, PERF_NODE_ARGS);
  else {
    const floor = startChild([...PERF_NODE_ARGS, join(root, 'bench/gateway/peers.mjs'), 'floor', upUrl]);
    const port = await listening(floor);
    try {
      res = await profile({
        label: 'floor',
        pid: floor.pid!,
        origin: `http://127.0.0.1:${port}`,
        path: '/mcp',
      });
    } finally {
      await stopChild(floor);
    }
  }
  const calls = Math.round(res.rps * seconds);
  console.log(`gateway-profile: ${system} ${era} ${formatRun(res)}`);
  console.log(`gateway-profile: ~${calls} calls while perf recorded; read it with`);
  console.log(`  node --import tsx bench/perf-frames.ts ${values.out} --calls ${calls} --by category`);
} finally {
  stopChildren();
}
