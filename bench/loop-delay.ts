// Loaded into a server under test with `--import ./bench/loop-delay.ts`: the longest the process's event loop
// was blocked (perf_hooks' event-loop delay histogram, 1 ms resolution), since the last time it was asked.
// SIGUSR2 writes { maxMs, p99Ms } to LOOP_DELAY_FILE and starts a new window; nothing else is changed.
// With LOOP_CPU=1 it also writes maxCpuMs: the most CPU time the main thread spent between two turns of a 1 ms
// timer. On a machine shared with other work the delay also counts the time the process waited for a core;
// the thread's own CPU time does not, so it tells a long block of the gateway's from a busy neighbour.
// With LOOP_MEMORY=1 it also writes `memory`: process.memoryUsage() (MB) when the RSS was highest in the window,
// read every 100 ms, to say what the peak was made of (the main thread's heap, the rest).
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.LOOP_DELAY_FILE;
// The main thread's (--import runs this in the store's reader thread too).
if (file && isMainThread) {
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
  let peak: NodeJS.MemoryUsage | null = null;
  if (process.env.LOOP_MEMORY === '1')
    setInterval(() => {
      const now = process.memoryUsage();
      if (!peak || now.rss > peak.rss) peak = now;
    }, 100).unref();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    const cpu = process.env.LOOP_CPU === '1' ? { maxCpuMs: Math.round(maxCpuUs / 10) / 100 } : {};
    const mb = (usage: NodeJS.MemoryUsage) =>
      Object.fromEntries(Object.entries(usage).map(([k, v]) => [k, Math.round(v / 1e5) / 10]));
    const memory = peak ? { memory: mb(peak) } : {};
    writeFileSync(file, JSON.stringify({ maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)), ...cpu, ...memory }));
    delay.reset();
    maxCpuUs = 0;
    peak = null;
  });
}
