// Preloaded into the Toolgate child by bench/alloc-probe.ts (`node --import`): the first SIGHUP
// starts V8's sampling heap profiler, counting objects the GC has already collected too (what a
// call allocates, not what it keeps); the second writes the profile to $ALLOC_OUT.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
const post = (method, params) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (err, r) => (err ? reject(err) : resolve(r))),
  );
let sampling = false;
process.on('SIGHUP', async () => {
  if (!sampling) {
    sampling = true;
    await post('HeapProfiler.enable');
    await post('HeapProfiler.startSampling', {
      samplingInterval: 512,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
    process.stdout.write('alloc-probe started\n');
    return;
  }
  const { profile } = await post('HeapProfiler.stopSampling');
  writeFileSync(process.env.ALLOC_OUT, JSON.stringify(profile));
  process.stdout.write('alloc-probe written\n');
});
