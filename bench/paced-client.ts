// The steady-rate load of `paced` (load.ts), run as its own small process: the bench process holds every
// scenario's results and the catalogue it read its search terms from, and its garbage collections and timers
// would add their pauses to the latencies measured here (its event loop stalled up to 17 ms in a steady run).
// Protocol over IPC: a PacedJob in, then { phase: 'warm' } out after the warm-up, 'go' in, a PacedResult out.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createMix, type MixJob, type MixRequest } from './mix.ts';
import { createWireClient } from './wire-client.ts';

export interface PacedJob {
  url: string;
  connections: number;
  rate: number;
  seconds: number;
  bodies: string[];
  /** Instead of bodies: S5's mix of reads, a member's own page and circulation (mix.ts). */
  mix?: MixJob;
}
export interface PacedResult {
  latencies: number[];
  errors: number;
  elapsed: number;
  clientStallMs: number;
  /** The client's own CPU time (ms) when it finished: what the machine spent sending, beside the server. */
  clientCpuMs: number;
  /** With a mix: what circulation requests were answered (refusals by code). */
  outcomes?: Record<string, number>;
  /** With a mix: the loans each borrower knows it holds at the end (mix.ts). */
  held?: string[][];
}

async function run(job: PacedJob, seconds: number, send: () => Promise<boolean>) {
  const latencies: number[] = [];
  let errors = 0;
  const total = Math.round(seconds * job.rate);
  const start = performance.now();
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / job.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      send().then((ok) => {
        latencies.push(performance.now() - due);
        if (!ok) errors++;
      }),
    );
  }
  await Promise.all(inFlight);
  return { latencies: latencies.sort((a, b) => a - b), errors, elapsed: (performance.now() - start) / 1000 };
}

function message<T>(): Promise<T> {
  return new Promise((resolve) => process.once('message', (value) => resolve(value as T)));
}

async function main() {
  const job = await message<PacedJob>();
  // Requests take turns over all the open connections (first in, first out) rather than reusing the last one freed.
  const client = createWireClient(job.url, job.connections);
  let next = 0;
  const mix = job.mix ? createMix(job.mix) : null;
  const nextRequest = (): MixRequest => mix?.next() ?? { body: job.bodies[next++ % job.bodies.length]! };
  const send = async () => {
    const { body, authorization, answered } = nextRequest();
    const answer = await client.post(body, authorization, answered !== undefined);
    answered?.(answer?.body ?? '');
    return answer?.status === 200;
  };
  // Every connection open before the clock starts: connection start-up is not what this measures.
  await Promise.all(Array.from({ length: job.connections }, send));
  await run(job, 1, send);
  process.send!({ phase: 'warm' });
  await message<'go'>();
  const stalls = monitorEventLoopDelay({ resolution: 1 });
  stalls.enable();
  const result = await run(job, job.seconds, send);
  stalls.disable();
  client.close();
  const usage = process.cpuUsage();
  const reply: PacedResult = {
    ...result,
    clientStallMs: Math.round(stalls.max / 1e5) / 10,
    clientCpuMs: (usage.user + usage.system) / 1000,
    outcomes: mix?.outcomes,
    held: mix?.held(),
  };
  process.send!(reply, () => process.exit(0));
}

await main();
