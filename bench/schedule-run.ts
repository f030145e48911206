// What one run of the schedule costs the gateway that holds its lease, on the S1-S5 store (50,000 books, 10,000
// members, 20,000 loans, about 13,000 of them due soon or late): the first run of a library day reads every such
// loan; the minute runs after it, the same day, read none (docs/decisions/052). Prints wall and CPU time and the
// event loop's longest block for three runs in a row: `node bench/schedule-run.ts` (BENCH_STORE as for run.ts).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/config.ts';
import { createGateway } from '../server/gateway.ts';
import { SECRET, SEED } from './load.ts';
import { benchStore } from './store.ts';
import { noSignIn } from './no-sign-in.ts';

const store = await benchStore({ ...SEED, loans: 20_000 });
try {
  const config = loadConfig({ ...store.env, SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' });
  const gateway = await createGateway(config, { verifier: noSignIn, logger: false, schedule: false });
  try {
    const runs: [string, () => Promise<unknown>][] = [
      ['first of the day', () => gateway.schedule.tick()],
      ['a minute later', () => gateway.schedule.tick()],
      ['a minute after that', () => gateway.schedule.tick()],
      // What every minute's run cost before it read the loans once a day.
      ['reading every loan again, as each minute did before', () => gateway.library.notices.sweep()],
    ];
    for (const [run, work] of runs) {
      const loop = monitorEventLoopDelay({ resolution: 1 });
      loop.enable();
      const cpu = process.cpuUsage();
      const started = performance.now();
      await work();
      const wallMs = Math.round(performance.now() - started);
      loop.disable();
      const used = process.cpuUsage(cpu);
      const cpuMs = Math.round((used.user + used.system) / 1000);
      console.log(`schedule run, ${run}: ${wallMs} ms, CPU ${cpuMs} ms, loop max ${Math.round(loop.max / 1e6)} ms`);
    }
  } finally {
    await gateway.close();
  }
} finally {
  await store.dispose();
}
