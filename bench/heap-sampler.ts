// Preloaded into a bench server (`--import ./bench/heap-sampler.ts`): the first SIGUSR2 starts V8's sampling heap
// profiler, counting objects that garbage collection has already taken too (what a request allocates, not what it
// keeps; HEAP_PROFILE_PROMOTED=1 without what scavenges take); the second stops it and writes the profile to HEAP_PROFILE_FILE. bench/alloc.ts drives it.
import { rename, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { isMainThread } from 'node:worker_threads';

const file = process.env.HEAP_PROFILE_FILE;
// The main thread's (--import runs this in the store's reader thread too).
if (file && isMainThread) {
  const session = new Session();
  session.connect();
  let sampling = false;
  process.on('SIGUSR2', () => {
    void (async () => {
      if (!sampling) {
        sampling = true;
        await session.post('HeapProfiler.startSampling', {
          // One sample per 8 KB on average: an unbiased estimate over thousands of requests, small enough to hold.
          samplingInterval: 8192,
          includeObjectsCollectedByMajorGC: true,
          // HEAP_PROFILE_PROMOTED=1: leaves out what scavenges take, to see where what a request promotes is made;
          // its sizes run high (a major GC takes young objects too), so count with --trace-gc-nvp.
          includeObjectsCollectedByMinorGC: process.env.HEAP_PROFILE_PROMOTED !== '1',
        });
        return;
      }
      const { profile } = await session.post('HeapProfiler.stopSampling');
      await writeFile(`${file}.part`, JSON.stringify(profile));
      await rename(`${file}.part`, file);
    })();
  });
}
