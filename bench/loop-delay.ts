// Loaded into a server under test with `--import ./bench/loop-delay.ts`: the longest the process's event loop
// was blocked (perf_hooks' event-loop delay histogram, 1 ms resolution), since the last time it was asked.
// SIGUSR2 writes { maxMs, p99Ms } to LOOP_DELAY_FILE and starts a new window; nothing else is changed.
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const file = process.env.LOOP_DELAY_FILE;
if (file) {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    writeFileSync(file, JSON.stringify({ maxMs: ms(delay.max), p99Ms: ms(delay.percentile(99)) }));
    delay.reset();
  });
}
