// The library's schedule (ready holds past their pickup day, notices that time alone brings), run on one gateway
// at a time: each run first takes or renews a lease in the store, and a gateway that does not hold it skips
// the run. A gateway that dies stops renewing, so its lease lapses after LEASE_TTL_MS and the next gateway to
// try takes it over. Correctness never rested on this (each step is a conditional write and each notice has a
// unique key); the lease keeps N gateways from doing the same reads and writes N times a minute.
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { LeaseStore } from './store/port.ts';

/** How often the schedule runs (reads of holds expire them too, so a minute's delay shows nowhere). */
export const SCHEDULE_EVERY_MS = 60_000;
/** Three runs' worth: a run delayed by a busy event loop does not lose the lease; a dead gateway's lapses. */
export const LEASE_TTL_MS = 3 * SCHEDULE_EVERY_MS;
export const SCHEDULE_LEASE = 'schedule';

export interface Schedule {
  /** Who this gateway is in the lease (host, process and a random part, so a restart is someone new). */
  readonly holder: string;
  /** One run: 'ran' when this gateway holds the lease (taken or renewed) and did the work, else 'skipped'. */
  tick(): Promise<'ran' | 'skipped'>;
  /** Runs every SCHEDULE_EVERY_MS until stopped. */
  start(): void;
  /** Stops running and gives the lease up, so another gateway takes over at its next run, not after the TTL. */
  stop(): Promise<void>;
}

export function createSchedule(opts: {
  leases: LeaseStore;
  work: () => Promise<unknown>;
  /** The clock the lease is taken by: the one the work reads, so tests move both together. */
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
}): Schedule {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();

  async function tick(): Promise<'ran' | 'skipped'> {
    if (!(await opts.leases.acquire(SCHEDULE_LEASE, holder, opts.now(), LEASE_TTL_MS))) return 'skipped';
    await opts.work();
    return 'ran';
  }

  return {
    holder,
    tick,
    start() {
      timer ??= setInterval(() => {
        running = tick().catch((error: unknown) => opts.log.warn({ err: error }, 'hold expiry or notices failed'));
      }, SCHEDULE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running;
      await opts.leases.release(SCHEDULE_LEASE, holder).catch(() => undefined);
    },
  };
}
