// What a bench run measured under, written beside its figures: the same command gave a 3x different floor for
// Apollo-based servers on two machines of one kind, so a figure is read with the machine's CPU (model, clock,
// the instruction sets V8's code uses), its limits (cgroup CPU quota and memory), the kernel's memory settings
// that change garbage collection's cost (transparent huge pages), how busy it was (the CPU time other processes
// took during the run; the load average at the start and the end), and how every server was started (Node, V8, the
// heap flags, NODE_ENV).
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { BENCH_NODE_ENV, GATEWAY_FLAGS, PEER_FLAGS, statFields, TICK_MS } from './load.ts';

/** A cgroup limit, null when there is none ("max", v1's -1, or a v1 memory limit near 2^63). */
const limit = (value: string | null): string | null =>
  value === null || value === '-1' || value.startsWith('max') || Number(value) > 2 ** 60 ? null : value;

const read = (file: string): string | null => {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** The CPU's features V8's optimizing compiler and its garbage collector use when present. */
const FEATURES = ['sse4_2', 'popcnt', 'avx', 'avx2', 'bmi2', 'avx512f', 'abm', 'hypervisor'];

export interface Conditions {
  cpu: string;
  cores: number;
  mhz: number;
  features: string[];
  hypervisor: boolean;
  memoryGb: number;
  cgroup: { cpuMax: string | null; memoryMax: string | null };
  transparentHugePages: string | null;
  node: string;
  v8: string;
  nodeFlags: string[];
  /** The peers' heap flags (none: V8 sizes their heaps from the machine's memory). */
  peerFlags: string[];
  nodeEnv: string;
  loadAverage: { start: number[]; end?: number[] };
  /** CPU time when the run began (null where /proc cannot say): what otherProcesses is measured from. */
  cpuAtStart: CpuTimes | null;
  /**
   * The share of the machine's CPU time (every core, for the run's duration) that processes other than the bench
   * and the servers and clients it started took during the run: 0 on a machine that ran nothing else.
   */
  otherProcesses?: { cpuShare: number };
}

/** Milliseconds: when, the CPU time of the whole machine, and that of this process and its descendants. */
export interface CpuTimes {
  atMs: number;
  machineMs: number;
  ownMs: number;
}

/**
 * A process's parent and its CPU time with its reaped children's (utime, stime, cutime, cstime), from
 * /proc/<pid>/stat; null once it has gone.
 */
function processTimes(pid: string): { ppid: string; ms: number } | null {
  const stat = read(`/proc/${pid}/stat`);
  if (!stat) return null;
  const fields = statFields(stat);
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return { ppid: fields[1] ?? '', ms: ticks * TICK_MS };
}

/**
 * The CPU time so far of every process on the machine (user, nice, system, interrupt and soft-interrupt time of
 * every core in /proc/stat: a process's own system time includes the interrupts handled while it ran, its loopback
 * traffic's among them) and of this process with every process it started, running or reaped. Null where /proc
 * cannot say.
 */
export function cpuTimes(): CpuTimes | null {
  const total = read('/proc/stat')?.split('\n')[0]?.split(/\s+/);
  if (!total || total[0] !== 'cpu') return null;
  const machineMs = [1, 2, 3, 6, 7].reduce((sum, i) => sum + Number(total[i] ?? 0), 0) * TICK_MS;
  const children = new Map<string, string[]>();
  const times = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const entry = processTimes(pid);
    if (!entry) continue;
    times.set(pid, entry.ms);
    const siblings = children.get(entry.ppid);
    if (siblings) siblings.push(pid);
    else children.set(entry.ppid, [pid]);
  }
  let ownMs = 0;
  const pending = [String(process.pid)];
  for (let pid = pending.pop(); pid !== undefined; pid = pending.pop()) {
    ownMs += times.get(pid) ?? 0;
    pending.push(...(children.get(pid) ?? []));
  }
  return { atMs: performance.now(), machineMs, ownMs };
}

export function conditions(): Conditions {
  const info = read('/proc/cpuinfo') ?? '';
  const flags = new Set(/^flags\s*:\s*(.*)$/m.exec(info)?.[1]?.split(/\s+/) ?? []);
  const thp = read('/sys/kernel/mm/transparent_hugepage/enabled');
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown CPU',
    cores: os.cpus().length,
    // A virtual machine's os.cpus() may say 0 MHz; /proc/cpuinfo has the clock it was given.
    mhz: Math.round(Number(/^cpu MHz\s*:\s*([\d.]+)$/m.exec(info)?.[1] ?? os.cpus()[0]?.speed ?? 0)),
    features: FEATURES.filter((f) => f !== 'hypervisor' && flags.has(f)),
    hypervisor: flags.has('hypervisor'),
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    cgroup: {
      cpuMax: limit(read('/sys/fs/cgroup/cpu.max') ?? read('/sys/fs/cgroup/cpu/cpu.cfs_quota_us')),
      memoryMax: limit(read('/sys/fs/cgroup/memory.max') ?? read('/sys/fs/cgroup/memory/memory.limit_in_bytes')),
    },
    // The chosen setting is the one in brackets: "always [madvise] never".
    transparentHugePages: thp ? (/\[(\w+)\]/.exec(thp)?.[1] ?? thp) : null,
    node: process.version,
    v8: process.versions.v8,
    nodeFlags: GATEWAY_FLAGS,
    peerFlags: PEER_FLAGS,
    nodeEnv: BENCH_NODE_ENV,
    loadAverage: { start: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    cpuAtStart: cpuTimes(),
  };
}

/** The conditions in one line, for a run's log and its Markdown. */
export function describe(c: Conditions): string {
  const load = (xs: number[]) => xs.map((x) => x.toFixed(2)).join('/');
  return [
    `${c.cpu} at ${c.mhz} MHz, ${c.cores} cores${c.hypervisor ? ' (virtual)' : ''}, ${c.memoryGb} GB`,
    `CPU features ${c.features.join(' ') || 'none of ' + FEATURES.join(' ')}`,
    `cgroup CPU ${c.cgroup.cpuMax ?? 'unlimited'}, memory ${c.cgroup.memoryMax ?? 'unlimited'}`,
    `huge pages ${c.transparentHugePages ?? 'unknown'}`,
    `Node ${c.node} (V8 ${c.v8}), the gateway ${c.nodeFlags.join(' ') || "with V8's heap defaults"}, the peers ${c.peerFlags.join(' ') || "with V8's heap defaults"}, NODE_ENV=${c.nodeEnv} for every server`,
    `load average ${load(c.loadAverage.start)}${c.loadAverage.end ? ` at the start, ${load(c.loadAverage.end)} at the end` : ''}`,
    ...(c.otherProcesses
      ? [`other processes took ${(c.otherProcesses.cpuShare * 100).toFixed(1)}% of the machine's CPU during the run`]
      : []),
    ...(busy(c) ? ['BUSY MACHINE: do not compare these figures with a quiet run'] : []),
  ].join('; ');
}

/** Other processes' share of the machine's CPU over which a run counts as busy. */
export const BUSY_SHARE = 0.1;

/**
 * Whether the machine was busy: other processes took over BUSY_SHARE of its CPU time during the run. CPU time a
 * request grows with other processes on the cores (the same floor read 65 µs at load 1.3 and 154 µs at load 14 to
 * 20), so a busy run's figures are not compared with a quiet one's. The load average is no measure of that: at the
 * end the bench's own servers and clients make most of it, and at the start it says what ran the minute before.
 * Only where /proc cannot say what other processes took is it the test (over half the cores at the start or end).
 */
export function busy(c: Conditions): boolean {
  if (c.otherProcesses) return c.otherProcesses.cpuShare > BUSY_SHARE;
  return [c.loadAverage.start[0] ?? 0, c.loadAverage.end?.[0] ?? 0].some((load) => load > c.cores / 2);
}

/**
 * The run's end: the load average then, and the share of CPU time other processes took, so a busy machine shows in
 * the figures' file.
 */
export function ended(c: Conditions): Conditions {
  const end = cpuTimes();
  const start = c.cpuAtStart;
  const capacityMs = start && end ? (end.atMs - start.atMs) * c.cores : 0;
  const othersMs = start && end ? end.machineMs - start.machineMs - (end.ownMs - start.ownMs) : 0;
  return {
    ...c,
    loadAverage: { ...c.loadAverage, end: os.loadavg().map((x) => Math.round(x * 100) / 100) },
    ...(capacityMs > 0
      ? { otherProcesses: { cpuShare: Math.round((Math.max(0, othersMs) / capacityMs) * 1000) / 1000 } }
      : {}),
  };
}
