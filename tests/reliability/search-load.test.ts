// One expensive search must not stall everyone: on a 50,000-book catalogue, the heaviest searches the GraphQL
// limits accept, sent over several connections at once, never hold the gateway's event loop for as long as one
// of their scans costs when it runs on the loop. The bound is a baseline taken in the same test (the same
// scan, run on this thread), in CPU time of this thread, so the machine's other load moves both alike; the
// 20 ms target itself is a figure of `npm run bench`, not of a test. SQLite only: its connection is
// synchronous, so its statements are what could hold the loop (MongoDB's driver is asynchronous: the loop
// never waits while the server works). The gateway runs in this process, so the loop measured is the one that
// serves the requests.
import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../server/graphql/server.ts';
import { sqliteBooks } from '../../server/store/sqlite/books.ts';
import { openDatabase } from '../../server/store/sqlite/db.ts';
import { inlineReaders } from '../../server/store/sqlite/reader.ts';
import type { BookFilter } from '../../server/store/port.ts';
import { startTestGateway, type TestGateway } from '../support/gateway.ts';

const BOOKS = 50_000;
const CONNECTIONS = 3;
const ROUNDS = 4;
/**
 * Scanning searches in each heaviest request: three, which the cost limit still accepts. With two, once the
 * romanized keys had their index (decision 089), one request's statements cost about 8-9 ms on this thread,
 * close to what the loop's own work for the requests (parsing, pricing, answering) can take in one stretch, so
 * the comparison below said little; with three they cost about 16 ms.
 */
const SCANS = 3;
const GENRES = ['Thriller', 'Romance', 'Fantasy', 'Sci-Fi', 'Biography', 'Self-Help', 'Children', 'Drama', 'Poetry'];
const LETTERS = 'etaoinshrdlucmfwypvbgkjqxz';

/**
 * Watches the event loop while load runs. longestBusyMs is the most CPU this thread spent between two turns
 * of a 1 ms timer, less the garbage collector's pauses in that stretch: the longest stretch the loop was held
 * by work, which the machine's other load cannot inflate (a descheduled thread uses no CPU), unlike the
 * wall-clock delay that monitorEventLoopDelay reports. The collector's pauses are the process's, not the
 * searches': in `npm test` this process has run other files first and its heap can be large (the suite once
 * failed here at 28.4 ms against 24.7; with 4 million objects kept alive in this file, 29.5 ms against 19.5,
 * and 6.6 ms once the pauses are left out). gcMaxMs logs the longest pause.
 */
function watchLoop() {
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const collections: { start: number; end: number }[] = [];
  const gc = new PerformanceObserver((list) => collect(list.getEntries()));
  const collect = (entries: PerformanceEntry[]) =>
    collections.push(...entries.map((e) => ({ start: e.startTime, end: e.startTime + e.duration })));
  gc.observe({ entryTypes: ['gc'] });
  const stretches: { start: number; end: number; cpuMs: number }[] = [];
  let last = { at: performance.now(), cpu: process.threadCpuUsage() };
  const tick = setInterval(() => {
    const now = { at: performance.now(), cpu: process.threadCpuUsage() };
    const cpuMs = (now.cpu.user - last.cpu.user + now.cpu.system - last.cpu.system) / 1000;
    stretches.push({ start: last.at, end: now.at, cpuMs });
    last = now;
  }, 1);
  return {
    stop() {
      clearInterval(tick);
      delay.disable();
      collect(gc.takeRecords());
      gc.disconnect();
      const pausedMs = (from: number, to: number) =>
        collections.reduce((sum, c) => sum + Math.max(0, Math.min(to, c.end) - Math.max(from, c.start)), 0);
      const longestBusyMs = Math.max(0, ...stretches.map((s) => s.cpuMs - pausedMs(s.start, s.end)));
      const gcMaxMs = Math.max(0, ...collections.map((c) => c.end - c.start));
      return { longestBusyMs, gcMaxMs, delayMaxMs: delay.max / 1e6, delayP99Ms: delay.percentile(99) / 1e6 };
    },
  };
}

/** CPU time this thread spends in fn, in ms. */
async function threadCpuMs(fn: () => Promise<unknown>): Promise<number> {
  const before = process.threadCpuUsage();
  await fn();
  const after = process.threadCpuUsage();
  return (after.user - before.user + after.system - before.system) / 1000;
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.ceil((p / 100) * values.length) - 1)] ?? NaN;

/** A 1-2 letter term (priced as a scan, see library/catalog.ts), different for every n. */
const shortTerm = (n: number) => `${LETTERS[n % 26]}${n >= 26 ? LETTERS[Math.floor(n / 26) % 26] : ''}`;

/**
 * Two one-letter words (a tab, which a member may type, separates words like a space): the books of one letter
 * are ranked and checked for the other, most of the catalogue; priced as a scan like any search of 1-2 letter
 * words alone. Different for every n.
 */
const scanTerm = (n: number) => `${LETTERS[n % 26]}\t${LETTERS[Math.floor(n / 26) % 26]}`;

const countOf = (alias: string, filter: string) =>
  `${alias}: books(first: 1, filter: ${filter}) { totalCount nodes { id } }`;

/**
 * The heaviest request the limits let through, with terms of its own (n) so no count is kept from an earlier
 * one: as many scanning searches as the cost limit allows (each in a genre: a filtered search ranks every match,
 * where one without a filter reads its first page from an index, decision 060), one long phrase of the most
 * common trigrams (every book's trigrams must be checked against it), and the other aliases counting in-stock
 * books per genre.
 */
function heaviestFilters(n: number, scans: number): BookFilter[] {
  const filters: BookFilter[] = Array.from({ length: scans }, (_, i) => ({
    search: scanTerm(n * scans + i),
    genre: GENRES[(n + i) % GENRES.length] ?? 'Drama',
  }));
  filters.push({ search: 'the '.repeat(10 + (n % 5)) });
  for (let i = filters.length; i < LIMITS.maxAliases; i++)
    filters.push({ genre: GENRES[(n + i) % GENRES.length] ?? 'Drama', availableOnly: true });
  return filters;
}

function heaviest(n: number, scans: number): string {
  const aliases = heaviestFilters(n, scans).map((filter, i) =>
    countOf(`${'search' in filter ? 's' : 'g'}${i}`, JSON.stringify(filter).replace(/"(\w+)":/g, '$1: ')),
  );
  return `{ ${aliases.join(' ')} }`;
}

describe(`on SQLite with ${BOOKS.toLocaleString('en')} books`, () => {
  let gw: TestGateway;
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bookhaven-search-load-'));
    // The seed script in a process of its own, so its garbage is not collected inside the measured loop.
    const script = path.resolve(import.meta.dirname, '../../scripts/seed.ts');
    await promisify(execFile)(
      process.execPath,
      [script, '--books', String(BOOKS), '--users', '0', '--loans', '0', '--data-dir', dataDir],
      { env: { PATH: process.env.PATH ?? '' } },
    );
    // Every request below is a POST, which no cache answers: each one reaches the store.
    gw = await startTestGateway({ dataDir });
    // No deadline of its own: the seed ends, seeded or failing, in its own time (on a machine shared with other
    // work it took longer than the hooks' 60 s, and was left running when the hook gave up).
  }, Infinity);
  afterAll(() => gw?.close());

  it('refuses 15 aliased 1-2 letter counts in one request, and accepts the heaviest request used below', async () => {
    const fifteen = await gw.gql(
      `{ ${Array.from({ length: 15 }, (_, i) => countOf(`a${i}`, `{ search: "${shortTerm(i)}" }`)).join(' ')} }`,
    );
    expect(fifteen.status).toBe(400);
    expect(fifteen.body.errors?.[0]?.message).toMatch(/cost limit of 5000 exceeded/i);
    const accepted = await gw.gql(heaviest(99, SCANS));
    expect(accepted.body.errors).toBeUndefined();
    // Accepted means answered in full: each scan's count and first match are the catalogue's, read on a
    // connection of its own (the gateway's would answer from the page it kept for the request, decision 091).
    const inline = openDatabase(path.join(dataDir, 'bookhaven.db'));
    const catalogue = sqliteBooks(inline, inlineReaders);
    try {
      for (const [alias, filter] of heaviestFilters(99, SCANS)
        .slice(0, 2)
        .map((f, i) => [`s${i}`, f] as const)) {
        const own = await catalogue.list(filter, { first: 1 });
        expect(accepted.body.data[alias]).toEqual({
          totalCount: own.totalCount,
          nodes: own.nodes.map(({ id }) => ({ id })),
        });
      }
    } finally {
      inline.close();
    }
  });

  it(`holds the event loop for less than one request's statements while the heaviest accepted searches run over ${CONNECTIONS} connections`, async () => {
    const scans = SCANS;
    // Warm: the first request compiles the gateway's code paths and starts the store's reader.
    await gw.gql(heaviest(1000, scans));
    // The baseline: what the statements of one such request cost this thread when they run here, on the loop,
    // one after another as its resolvers would run them (the cheaper of two requests, each with terms of its own
    // so no count is kept). Had they run on the loop, each request would have held it at least this long.
    const inline = openDatabase(path.join(dataDir, 'bookhaven.db'));
    const onLoop = sqliteBooks(inline, inlineReaders);
    let requestOnLoopMs = Infinity;
    for (const n of [2000, 2001]) {
      const cost = await threadCpuMs(async () => {
        for (const filter of heaviestFilters(n, scans)) await onLoop.list(filter, { first: 1 });
      });
      requestOnLoopMs = Math.min(requestOnLoopMs, cost);
    }
    inline.close();
    const watch = watchLoop();
    const health: number[] = [];
    const searches: number[] = [];
    let loading = true;
    /** Sends one request after another while the load runs, timing each answer. */
    const timed = async (samples: number[], send: (i: number) => Promise<unknown>) => {
      for (let i = 0; loading; i++) {
        const started = performance.now();
        await send(i);
        samples.push(performance.now() - started);
      }
    };
    const probes = Promise.all([
      timed(health, async () => (await fetch(`${gw.url}/healthz`)).text()),
      // An ordinary search of another reader: three letters, a term of its own each time.
      timed(searches, (i) =>
        gw.gql(`{ ${countOf('b', `{ search: "${LETTERS[i % 26]}${LETTERS[Math.floor(i / 26) % 26]}e" }`)} }`),
      ),
    ]);
    const answers = await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, client) => {
        const statuses = [];
        for (let round = 0; round < ROUNDS; round++) {
          const answer = await gw.gql(heaviest(client * ROUNDS + round, scans));
          statuses.push(answer.body.errors ? JSON.stringify(answer.body.errors) : answer.status);
        }
        return statuses;
      }),
    );
    loading = false;
    await probes;
    const loop = watch.stop();
    const figures = {
      ...loop,
      requestOnLoopMs,
      healthP50Ms: percentile(health, 50),
      healthP99Ms: percentile(health, 99),
      healthMaxMs: Math.max(...health),
      healthChecks: health.length,
      searchP50Ms: percentile(searches, 50),
      searchP99Ms: percentile(searches, 99),
      searches: searches.length,
    };
    console.log(
      `search load at ${BOOKS} books: ${JSON.stringify(figures, (_, v: unknown) => (typeof v === 'number' ? Math.round(v * 10) / 10 : v))}`,
    );
    expect(answers.flat()).toEqual(Array.from({ length: CONNECTIONS * ROUNDS }, () => 200));
    // /healthz kept being answered in between (its wall-clock times are logged above, not asserted:
    // they carry the machine's other load).
    expect(loop.longestBusyMs).toBeLessThan(requestOnLoopMs);
    expect(figures.healthChecks).toBeGreaterThan(CONNECTIONS * ROUNDS);
  });
});
