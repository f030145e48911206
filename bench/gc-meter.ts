// Preloaded into a bench server (`--import ./bench/gc-meter.ts`): the main thread's garbage-collection pauses, as
// V8 reports them to perf_hooks, summed by kind and written to GC_METER_FILE every 100 ms. bench/floor.ts reads it
// before and after a turn: the pauses' share of the server's CPU time is its garbage-collection share.
// --import runs it in the store's reader thread too (server/store/sqlite/reader.ts), which has a heap of its own:
// only the main thread writes, or the two raced on one file (a server died on the rename, and the thread's
// totals replaced the main thread's: S4's share read negative after S3 in bench/floor.ts).
import { writeFileSync, renameSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.GC_METER_FILE;
if (file && isMainThread) {
  const totals = { minorMs: 0, majorMs: 0, minor: 0, major: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      // Scavenges are minor; mark-compact, its incremental steps and weak-callback processing are major.
      if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        totals.minorMs += entry.duration;
        totals.minor += 1;
      } else {
        totals.majorMs += entry.duration;
        totals.major += 1;
      }
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    writeFileSync(`${file}.part`, JSON.stringify(totals));
    renameSync(`${file}.part`, file);
  }, 100).unref();
}
