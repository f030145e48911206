// Processes under test and the load that drives them. Each server runs in its own process (not in the bench
// process) so autocannon's own work never shares an event loop with the server it measures, and the
// gateway's peak RSS is the gateway's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const DURATION = Number(process.env.BENCH_DURATION ?? 5);

export interface Row { scenario: string; rps: number; p50: number; p99: number; errors: number; rssMb?: number; note?: string }
export const rows: Row[] = [];

export async function launch(args: string[], env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    if (await fetch(readyUrl).then((r) => r.status < 500, () => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGTERM');
  throw new Error(`${args.join(' ')} did not answer ${readyUrl}`);
}

export async function peakRssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
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
}

/** One bounded autocannon run after a one-second warm-up of the same target; the result is kept as a row. */
export async function load(scenario: string, opts: LoadOptions, note?: string): Promise<Row> {
  const connections = opts.connections ?? 50;
  if (opts.rssOf) await resetPeakRss(opts.rssOf);
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...opts.headers },
    requests: opts.requests,
    connections,
    duration: DURATION,
    warmup: { connections, duration: 1 },
  } as autocannon.Options);
  const row: Row = { scenario, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.timeouts + result.non2xx, note };
  if (opts.rssOf) row.rssMb = await peakRssMb(opts.rssOf);
  rows.push(row);
  // An overloaded server is still answering the requests autocannon left in flight; let it drain so that
  // backlog is not charged to the next scenario.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  console.log(`  ${scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}${row.rssMb ? `, peak RSS ${row.rssMb} MB` : ''}`);
  return row;
}

export const gql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
