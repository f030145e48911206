// Processes under test and the load that drives them. Each server runs in its own process (not in the bench
// process) so autocannon's own work never shares an event loop with the server it measures, and the
// gateway's peak RSS is the gateway's alone.
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { loadScaledDeadline } from '../scripts/lib/deadline.ts';
import { createSessionTokens } from '../server/auth/session.ts';
import type { PacedJob, PacedResult } from './paced-client.ts';
import type { MixJob } from './mix.ts';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);
/** Every server a bench starts (the gateway and each peer) runs as its users deploy it: in production mode. */
export const BENCH_NODE_ENV = 'production';

/**
 * The gateway's V8 flags: npm start's and the Dockerfile's by default (decision 087; a test keeps the three the
 * same), so its RSS and its collections are the ones production sees.
 */
export const GATEWAY_FLAGS = (process.env.BENCH_NODE_FLAGS ?? '--max-old-space-size=160 --max-semi-space-size=8')
  .split(' ')
  .filter(Boolean);

/**
 * The peers' heap flags: none by default, V8's own sizing, as their users run them (the gateway's are its deployed
 * ones, GATEWAY_FLAGS); BENCH_PEER_FLAGS gives them others.
 */
export const PEER_FLAGS = (process.env.BENCH_PEER_FLAGS ?? '').split(' ').filter(Boolean);

export interface Row {
  scenario: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  rssMb?: number;
  /** The server's CPU time per answered request (µs), when the run measured it. */
  cpuUs?: number;
  note?: string;
}
export const rows: Row[] = [];

export const gql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });

/** The seeded store every bench tool uses: BENCH_BOOKS books (50,000 by default), 10,000 members (issue 15). */
export const SEED = { books: Number(process.env.BENCH_BOOKS ?? 50_000), users: 10_000, seed: 2010 };
/** The session secret of every bench gateway; the borrow scenarios sign their members' tokens with it. */
export const SECRET = 'bench-secret-'.padEnd(48, 'x');

/** Session tokens of the seeded members 1 to `count`, signed with SECRET: S4's readers, S5's borrowers. */
export function memberTokens(count: number): Promise<string[]> {
  const sessions = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
  return Promise.all(
    Array.from({ length: count }, (_, i) => {
      const uid = `seed-${SEED.seed}-${i + 1}`;
      return sessions.issue({ uid, email: `${uid}@example.com`, name: `Member ${i + 1}`, role: 'member' });
    }),
  );
}
/** P1's operation: the first page of the catalogue. */
export const LIST = gql(
  'query Books { books(first: 20) { totalCount pageInfo { hasNextPage endCursor } nodes { id title author genre rating quantity image } } }',
);

/**
 * A bench gateway's environment on a seeded store: no Auth emulator (nothing signs in with Firebase), quiet
 * logs, a rate limit out of the way (production mode comes with every launch); `extra` adds or overrides.
 */
export function gatewayEnv(
  storeEnv: Record<string, string>,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    ...storeEnv,
    PORT: String(port),
    SESSION_SECRET: SECRET,
    FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '1000000',
    ...extra,
  };
}

/** The id of the catalogue's first book, asked of the gateway at `url` (REST-by-id scenarios read it). */
export async function someBookId(url: string): Promise<string> {
  const first = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: gql('{ books(first: 1) { nodes { id } } }'),
  });
  return ((await first.json()) as { data: { books: { nodes: { id: string }[] } } }).data.books.nodes[0]!.id;
}

const COMPILE_CACHE = path.join(ROOT, 'node_modules', '.cache', 'node-compile');

/** Starts a process of this checkout (or of `cwd`, another one) and waits until readyUrl answers. */
export async function launch(
  args: string[],
  env: Record<string, string>,
  readyUrl: string,
  cwd = ROOT,
): Promise<ChildProcess> {
  // Only PATH, glibc malloc tuning (MALLOC_ARENA_MAX and friends), NODE_COMPILE_CACHE ('' turns it off),
  // LOOP_MEMORY and LOOP_CPU (bench/loop-delay.ts) come from outside, for RSS and event-loop experiments;
  // BENCH_STDOUT=1 shows the servers' standard output (with BENCH_NODE_FLAGS=--trace-gc, the gateway's
  // collections). By default two malloc arenas, as the Dockerfile sets (8 to 10 MB less RSS under S5), and Node's
  // compile cache, as the Dockerfile and npm start use it: a warm one means no TypeScript stripper in memory.
  const passed = Object.fromEntries(
    Object.entries(process.env).filter(
      ([k]) =>
        k === 'PATH' ||
        k === 'NODE_COMPILE_CACHE' ||
        k === 'LOOP_MEMORY' ||
        k === 'LOOP_CPU' ||
        k.startsWith('MALLOC_'),
    ),
  );
  const child = spawn(process.execPath, args, {
    cwd,
    env: { MALLOC_ARENA_MAX: '2', NODE_COMPILE_CACHE: COMPILE_CACHE, NODE_ENV: BENCH_NODE_ENV, ...passed, ...env },
    stdio: ['ignore', process.env.BENCH_STDOUT ? 'inherit' : 'ignore', 'inherit'],
  });
  // 30 s on an idle machine, longer on a busy one (scripts/lib/deadline.ts).
  const deadline = loadScaledDeadline(30_000);
  while (!deadline.passed()) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (
      await fetch(readyUrl).then(
        (r) => r.status < 500,
        () => false,
      )
    )
      return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`${args.join(' ')} did not answer ${readyUrl}`);
}

/**
 * Stops a process `launch` started as it would be stopped deployed: SIGTERM, so it closes cleanly (and one run with
 * --cpu-prof writes its profile), SIGKILL if it has not exited 5 s later.
 */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const late = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(late);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/**
 * CPU time the process has used so far (user + system), in ms. Per request it varies less than req/s on a
 * shared machine, where another tenant takes the cores now and then: a slower second serves fewer requests,
 * each for about the same CPU.
 */
export async function cpuMs(pid: number): Promise<number> {
  const fields = statFields(await readFile(`/proc/${pid}/stat`, 'utf8'));
  // utime and stime are fields 14 and 15 of stat(5).
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** /proc's clock ticks (USER_HZ), 100 a second on Linux, in ms. */
export const TICK_MS = 10;

/**
 * The fields of a /proc/<pid>/stat after the command's name, which may hold spaces and parentheses: stat(5)'s field
 * 3 (the state) is [0], field 4 (the parent) [1], utime [11], stime [12], cutime [13], cstime [14].
 */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

/** Starts a new peak-RSS window for the process ("5" resets VmHWM), so each scenario gets its own peak. */
export async function resetPeakRss(pid: number): Promise<void> {
  await writeFile(`/proc/${pid}/clear_refs`, '5').catch(() => {});
}

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
  connections?: number;
  headers?: Record<string, string>;
  requests?: autocannon.Request[];
  /** A process (the gateway) whose peak RSS during this scenario goes into the row. */
  rssOf?: number;
  /** A process (the server) whose CPU time per answered request goes into the row (cpuUs). */
  cpuOf?: number;
  /** A request that must answer quickly before the next scenario starts; the scenario's own by default. */
  probe?: Probe;
}

/** What settle() asks: the scenario's own URL unless the probe names another. */
interface Probe {
  method: 'GET' | 'POST';
  body?: string;
  url?: string;
}

/**
 * An overloaded server is still answering what autocannon left in flight (a slow store can queue minutes of
 * work): wait until one request answers in under 250 ms so that backlog is not charged to the next scenario.
 */
async function settle(url: string, probe: Probe): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(probe.url ?? url, {
      method: probe.method,
      body: probe.body,
      headers: { 'content-type': 'application/json' },
      signal: AbortSignal.timeout(10_000),
    }).then(
      (r) => r.arrayBuffer(),
      () => null,
    );
    if (ok && Date.now() - started < 250) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  console.warn(`  ${url} still busy after 2 minutes; the next scenario shares the machine with its backlog`);
}

/** One bounded autocannon run after a one-second warm-up of the same target. */
export async function measure(scenario: string, opts: LoadOptions, note?: string): Promise<Row> {
  const connections = opts.connections ?? 50;
  if (opts.rssOf) await resetPeakRss(opts.rssOf);
  const load = {
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...opts.headers },
    requests: opts.requests,
    connections,
  } as autocannon.Options;
  // A second of warm-up on its own, so that a server's CPU read around the measured seconds is theirs alone.
  await autocannon({ ...load, duration: 1 });
  const cpuBefore = opts.cpuOf ? await cpuMs(opts.cpuOf) : 0;
  const result = await autocannon({ ...load, duration: DURATION });
  const cpuUs =
    opts.cpuOf && result.requests.total > 0
      ? Math.round((((await cpuMs(opts.cpuOf)) - cpuBefore) * 10_000) / result.requests.total) / 10
      : null;
  const row: Row = {
    scenario,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx - result['3xx'],
    note,
  };
  if (opts.rssOf) row.rssMb = await peakRssMb(opts.rssOf);
  if (cpuUs !== null) row.cpuUs = cpuUs;
  if (result.requests.total === 0) row.note = `no answer within ${DURATION} s${note ? `; ${note}` : ''}`;
  await settle(opts.url, opts.probe ?? { method: opts.method ?? 'GET', body: opts.body });
  console.log(
    `  ${scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.rssMb ? `, peak RSS ${row.rssMb} MB` : ''}${cpuUs === null ? '' : `, server CPU ${cpuUs} µs a request`}`,
  );
  return row;
}

/** One scenario, kept as a row. */
export async function load(scenario: string, opts: LoadOptions, note?: string): Promise<Row> {
  const row = await measure(scenario, opts, note);
  rows.push(row);
  return row;
}

/** How far a target's rounds lie apart: (max - min) / median, in percent. */
export function spread(values: number[]): number {
  if (values.length < 2) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return median === 0 ? 0 : Math.round(((sorted.at(-1)! - sorted[0]!) / median) * 1000) / 10;
}

/** How many times `compare` runs each of its targets (BENCH_ROUNDS). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

/**
 * Targets that are compared with each other, each in turn, ROUNDS times over. The machine is shared and its
 * speed drifts within minutes, so targets measured one after the other can differ by the drift alone; taking
 * turns exposes every target to the same drift. Each row is its target's median round (its latencies too), with
 * the peak RSS of all its rounds and every round's req/s in the note.
 */
export async function compare(targets: { scenario: string; opts: LoadOptions }[]): Promise<Row[]> {
  const runs: Row[][] = targets.map(() => []);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, target] of targets.entries())
      runs[i]!.push(await measure(`${target.scenario} (round ${round + 1} of ${ROUNDS})`, target.opts));
  }
  return targets.map((target, i) => {
    const sorted = [...runs[i]!].sort((a, b) => a.rps - b.rps);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const peaks = runs[i]!.flatMap((r) => (r.rssMb === undefined ? [] : [r.rssMb]));
    // The server's CPU a request, the median of its rounds on its own: it moves less with the machine than req/s.
    const cpu = runs[i]!.flatMap((r) => (r.cpuUs === undefined ? [] : [r.cpuUs])).sort((a, b) => a - b);
    const row: Row = {
      ...median,
      scenario: target.scenario,
      note: `median of ${ROUNDS} rounds: ${runs[i]!.map((r) => r.rps).join(', ')} req/s, spread ${spread(runs[i]!.map((r) => r.rps))}%${cpu.length ? `; server CPU a request ${runs[i]!.map((r) => r.cpuUs).join(', ')} µs, spread ${spread(cpu)}%` : ''}`,
    };
    if (cpu.length > 0) row.cpuUs = cpu[Math.floor(cpu.length / 2)]!;
    if (peaks.length > 0) row.rssMb = Math.max(...peaks);
    rows.push(row);
    return row;
  });
}

/**
 * Requests at a steady rate over connections opened beforehand (open loop), as many clients each asking now
 * and then would. autocannon is a closed loop: each connection asks again as soon as it is answered, so at
 * saturation a request waits for every other connection's (latency = connections / throughput, Little's law)
 * whatever the server does, and its rate option sends each second's requests in one burst. Latency is counted
 * from when a request was due, so a server that falls behind is charged for the wait (no coordinated omission).
 * The requests come from a process of their own (paced-client.ts), whose longest stall goes into the note.
 */
export async function paced(
  scenario: string,
  opts: {
    url: string;
    connections: number;
    rate: number;
    bodies: string[];
    rssOf?: number;
    /** A process (the server) whose CPU time per answered request goes into the row. */
    cpuOf?: number;
    mix?: MixJob;
    /** Called after the warm-up, just before the measured seconds start (a new window for server-side probes). */
    warmed?: () => Promise<unknown>;
  },
): Promise<Row & { outcomes?: Record<string, number>; held?: string[][] }> {
  const client = fork(path.join(ROOT, 'bench', 'paced-client.ts'), { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    const next = <T>() =>
      new Promise<T>((resolve, reject) => {
        client.once('message', (value) => resolve(value as T));
        client.once('exit', (code) => reject(new Error(`the paced client exited with ${code}`)));
      });
    const job: PacedJob = {
      url: opts.url,
      connections: opts.connections,
      rate: opts.rate,
      seconds: DURATION,
      bodies: opts.bodies,
      mix: opts.mix,
    };
    client.send(job);
    await next<{ phase: 'warm' }>();
    if (opts.rssOf) await resetPeakRss(opts.rssOf);
    await opts.warmed?.();
    const cpuBefore = opts.cpuOf ? await cpuMs(opts.cpuOf) : 0;
    const clientBefore = await cpuMs(client.pid!);
    client.send('go');
    // The client's CPU is read before it sends its result (it exits once sent).
    const { latencies, errors, elapsed, clientStallMs, clientCpuMs, outcomes, held } = await next<PacedResult>();
    const cpuUs = opts.cpuOf ? Math.round((((await cpuMs(opts.cpuOf)) - cpuBefore) * 1000) / latencies.length) : null;
    const clientUs = Math.round(((clientCpuMs - clientBefore) * 1000) / latencies.length);
    const at = (q: number) =>
      Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]! * 10) / 10;
    const row: Row = {
      scenario,
      rps: Math.round(latencies.length / elapsed),
      p50: at(0.5),
      p99: at(0.99),
      errors,
      note: `${opts.rate} req/s offered; max ${Math.round(latencies.at(-1)!)} ms; the client's longest stall ${clientStallMs} ms, its CPU ${clientUs} µs a request${cpuUs === null ? '' : `; server CPU ${cpuUs} µs a request`}`,
    };
    if (opts.rssOf) row.rssMb = await peakRssMb(opts.rssOf);
    if (cpuUs !== null) row.cpuUs = cpuUs;
    rows.push(row);
    console.log(
      `  ${scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.rssMb ? `, peak RSS ${row.rssMb} MB` : ''}${cpuUs === null ? '' : `, CPU a request: server ${cpuUs} µs`}, client ${clientUs} µs`,
    );
    return { ...row, outcomes, held };
  } finally {
    client.kill();
  }
}
