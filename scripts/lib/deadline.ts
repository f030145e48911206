// Deadlines for waiting on a process to come up, scaled by how busy the machine is. A boot needs about the same
// CPU on any machine, but on one shared with other work it gets a share of a core: with two busy processes
// beside the test run the Auth emulator, FerretDB and the gateway all took longer than the fixed deadlines
// guessed for them, and the run failed on a machine that was only slow. The budget given is what the wait may
// take on an idle machine; it stretches by the machine's load per core (the 1-minute load average, which
// counts the processes running or waiting for a core), read again at each check, so a wait that started on an
// idle machine gets more time when the machine fills up meanwhile.
import os from 'node:os';

export interface Machine {
  /** Milliseconds now (performance.now or Date.now). */
  now(): number;
  /** Processes running or waiting for a core, on average over the last minute. */
  load(): number;
  cores: number;
}

const THIS_MACHINE: Machine = {
  now: () => performance.now(),
  load: () => os.loadavg()[0] ?? 0,
  cores: os.availableParallelism(),
};

/** How much longer than on an idle machine a wait may take now: the load per core, at least 1. */
export const slowdown = (machine: Machine = THIS_MACHINE): number =>
  Math.max(1, machine.load() / Math.max(1, machine.cores));

/**
 * A deadline `idleMs` long on an idle machine, stretched by the load per core. `passed()` says whether it has
 * passed; `allowedMs()` what it allows now (for the message of a wait that gives up).
 */
export function loadScaledDeadline(idleMs: number, machine: Machine = THIS_MACHINE) {
  const started = machine.now();
  const allowedMs = () => Math.round(idleMs * slowdown(machine));
  return { passed: () => machine.now() - started > allowedMs(), allowedMs };
}
