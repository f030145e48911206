// Loaded into a server under test with `--import ./bench/loop-delay.ts`: the longest the process's event loop
// was blocked (perf_hooks' event-loop delay histogram, 1 ms resolution), since the last time it was asked.
// SIGUSR2 writes { maxMs, p99Ms } to LOOP_DELAY_FILE and starts a new window; nothing else is changed.
// With LOOP_CPU=1 it also writes maxCpuMs: the most CPU time the main thread spent between two turns of a 1 ms
// timer. On a machine shared with other work the delay also counts the time the process waited for a core;
// the thread's own CPU time does not, so it tells a long block of the gateway's from a busy neighbour.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let maxCpuUs = 0;
  if (process.env.LOOP_CPU === '1') {
    let last = process.threadCpuUsage();
    setInterval(() => {
      const spent = process.threadCpuUsage(last);
      last = process.threadCpuUsage();
      maxCpuUs = Math.max(maxCpuUs, spent.user + spent.system);
    }, 1).unref();
  }
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const cpu = process.env.LOOP_CPU === '1' ? { maxCpuMs: Math.round(maxCpuUs / 10) / 100 } : {};
    writeFileSync(file, JSON.stringify({ maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), ...cpu }));
    delay.reset();
    maxCpuUs = 0;
  });
}
