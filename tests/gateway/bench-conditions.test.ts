// The bench's account of who used the CPU during a run (bench/conditions.ts): the servers and clients it starts are
// its own, and only other processes' time makes a run busy. Each burner below spins until its own CPU clock reads
// 400 ms, however busy the machine is.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import autocannon from 'autocannon';
import { expect, it } from 'vitest';
import { BUSY_SHARE, busy, conditions, cpuTimes, ended, type Conditions } from '../../bench/conditions.ts';

const BURN_MS = 400;
const BURN = `while (process.cpuUsage().user + process.cpuUsage().system < ${BURN_MS * 1000});`;

/** CPU time (ms) of the machine and of this process's own, from `from` to now. */
function since(from: ReturnType<typeof cpuTimes>) {
  const to = cpuTimes();
  if (!from || !to) throw new Error('/proc cannot say');
  return { machineMs: to.machineMs - from.machineMs, ownMs: to.ownMs - from.ownMs };
}

it("counts a process the run started as the run's own", async () => {
  const start = cpuTimes();
  const child = spawn(process.execPath, ['-e', BURN], { stdio: 'ignore' });
  await once(child, 'exit');
  const used = since(start);
  expect(used.ownMs).toBeGreaterThanOrEqual(BURN_MS - 20);
});

it("counts the interrupts of the run's own loopback traffic in the machine's CPU time as well", async () => {
  // A process's system time includes the interrupts handled while it ran; the machine's total must count them too,
  // or a run's own requests over loopback read as less than nothing taken by others.
  const server = spawn(
    process.execPath,
    [
      '-e',
      "require('node:http').createServer((q, r) => r.end('{}')).listen(0, function () { console.log(this.address().port) })",
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  const [port] = (await once(server.stdout, 'data')) as [Buffer];
  const start = cpuTimes();
  // A number of requests, not a duration: the same work however busy the machine is.
  await autocannon({ url: `http://127.0.0.1:${String(port).trim()}`, connections: 20, amount: 40_000 });
  const used = since(start);
  server.kill();
  await once(server, 'exit');
  expect(used.ownMs).toBeGreaterThan(1000);
  // Other processes' time only adds to the machine's. Without interrupts the machine read 190-220 ms less than its
  // processes here on a quiet machine (on a busy one, others' time can cover that); with them, -30 to +50. Both
  // totals are counted in ticks of 10 ms, each process's scaled to its exact run time: a few ticks apart.
  expect(used.machineMs - used.ownMs).toBeGreaterThanOrEqual(-80);
});

it("counts a process the run did not start as another's", async () => {
  const under: Conditions = conditions();
  const start = under.cpuAtStart;
  // The shell puts the burner in the background and exits; the burner is then nobody's child here. It holds the
  // shell's stdout, so the pipe closes when it ends.
  const shell = spawn('sh', ['-c', `"${process.execPath}" -e '${BURN}' &`], { stdio: ['ignore', 'pipe', 'ignore'] });
  shell.stdout.resume();
  await once(shell.stdout, 'close');
  const used = since(start);
  expect(used.machineMs - used.ownMs).toBeGreaterThanOrEqual(BURN_MS - 20);
  expect(used.ownMs).toBeLessThan(BURN_MS - 20);
  expect(ended(under).otherProcesses?.cpuShare).toBeGreaterThan(0);
});

it('is busy when other processes took over its share, whatever the load average', () => {
  const run: Conditions = { ...conditions(), cores: 2, loadAverage: { start: [1.5], end: [1.9] } };
  expect(busy({ ...run, otherProcesses: { cpuShare: BUSY_SHARE / 2 } })).toBe(false);
  expect(busy({ ...run, loadAverage: { start: [0], end: [0] }, otherProcesses: { cpuShare: BUSY_SHARE * 2 } })).toBe(
    true,
  );
  // Where /proc could not say, the load average is the test.
  expect(busy(run)).toBe(true);
  expect(busy({ ...run, loadAverage: { start: [0.2], end: [0.4] } })).toBe(false);
});
