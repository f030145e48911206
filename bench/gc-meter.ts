// Preloaded into a bench server (`--import ./bench/gc-meter.ts`): the main thread's garbage-collection pauses, as
// V8 reports them to perf_hooks, summed by kind and written to GC_METER_FILE every 100 ms. bench/floor.ts reads it
// before and after a turn: the pauses' share of the server's CPU time is its garbage-collection share.
import { writeFileSync, renameSync } from 'node:fs';
import { PerformanceObserver, constants } from 'node:perf_hooks';

const file = process.env.GC_METER_FILE;
if (file) {
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
