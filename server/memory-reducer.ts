// V8's memory reducer gives a heap back once a burst of requests is over: when the allocation rate falls it runs a
// compacting collection that releases the pages the burst grew. In Node 24 (V8 13.6) it never sees a low rate in a
// process that allocates nothing on the C++ heap (cppgc), because that heap's allocation rate then reads exactly 0,
// which V8 takes for the highest (V8 issue 570738027, Node issue 66564): only a watchdog 100 s after the last full
// collection runs it, and every full collection moves that watchdog on. A gateway that had a burst kept its RSS.
// One small cppgc object now and then (a vm.Script is one) makes the rate read low once the process is quiet, and
// the reducer then runs within seconds (docs/performance.md, "The memory a burst leaves"). The SQLite reader
// thread, an isolate of its own, is left as it is: its reducing collection gives back about 3 MB.
import { Script } from 'node:vm';

/**
 * Often enough that the C++ heap's rate never decays to exactly 0 between two (V8's estimate halves every 100 ms
 * and reaches 0 about 100 s after the last allocation), rarely enough that most of V8's 8-second checks see none.
 */
export const NUDGE_EVERY_MS = 30_000;

/** Keeps the memory reducer working in this thread's isolate; returns the function that stops it. */
export function keepMemoryReducerWorking(everyMs = NUDGE_EVERY_MS): () => void {
  const nudge = () => void new Script('0');
  nudge();
  const timer = setInterval(nudge, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
