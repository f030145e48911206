// Issue 24: the heaviest requests the cost limit accepts, at 50,000 books and 10,000 members, and the ones it
// must refuse. For each shape of list (pages of the catalogue with every field, pages with a book's queue and
// the caller's hold, a whole genre, pages of members), the largest size the gateway accepts is found by asking
// it (a refusal costs nothing: it comes before anything runs); each is then sent over and over, one at a time
// and several at once, while the gateway's event loop is watched (bench/loop-delay.ts) and its peak RSS read.
// The requests that ran the process out of heap (15 aliases of the largest genre with the hold fields) and
// blocked it for seconds (15 aliases of every member) must be refused.
// Run by `npm run bench`, or alone: `node bench/list-limits.ts` (BENCH_BOOKS, BENCH_STORE as for run.ts).
import type { ChildProcess } from 'node:child_process';
import { print } from 'graphql';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { AllBooksDocument } from '../client/gql/graphql.ts';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/ports.ts';
import { createSessionTokens } from '../server/auth/session.ts';
import { GATEWAY_FLAGS, gatewayEnv, gql, launch, peakRssMb, resetPeakRss, SECRET, SEED } from './load.ts';
import type { Targets } from './report.ts';
import { benchStore, type BenchStore } from './store.ts';

/** The event-loop bound already set for searches (issue 24 keeps it for every accepted request). */
const LOOP_BOUND_MS = 20;
/** Each heavy request this many times one after another, then this many rounds of CONCURRENT at once. */
const SEQUENTIAL = 10;
const CONCURRENT = 4;
const ALIASES = 15;
const EVERY_BOOK_FIELD = 'id title author genre description image rating quantity copies version replacementCost';

interface Shape {
  name: string;
  /** The request for a size (`first`, or an index into the genres by size); signed in when `member`. */
  body: (size: number) => string;
  sizes: [min: number, max: number];
  member?: boolean;
  /** What a size stands for in the report (a genre's index: its book count); the size itself by default. */
  reported?: (size: number) => number;
}

export interface ListLimitsResult {
  shape: string;
  /** The largest size accepted (`first` of each alias, or the genre's book count). */
  size: number;
  answerBytes: number;
  loopMaxMs: number;
  loopMaxCpuMs: number;
  peakRssMb: number;
}

const aliased = (field: string) => Array.from({ length: ALIASES }, (_, i) => `a${i}: ${field}`).join(' ');

interface Loop {
  /** The event loop's longest block (wall clock: it counts waiting for a core on a busy machine). */
  maxMs: number;
  /** The most CPU time the main thread spent without the loop turning: the block's own length. */
  maxCpuMs: number;
}

/** The longest event-loop block of the gateway since it was last asked (bench/loop-delay.ts). */
async function loopMax(pid: number, file: string): Promise<Loop> {
  await rm(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100; i++) {
    const text = await readFile(file, 'utf8').catch(() => '');
    if (text) return JSON.parse(text) as Loop;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the gateway did not report its event-loop delay');
}

export async function listLimits(store: BenchStore): Promise<{
  results: ListLimitsResult[];
  noneAccepted: string[];
  startRssMb: number;
  refused: Record<string, boolean>;
  targets: Targets;
}> {
  const db = await store.open();
  const genres = await Promise.all(
    (await db.books.genres()).map(async (g) => [g, await db.books.countByGenre(g)] as const),
  );
  const someUid = (await db.users.page(null, { first: 1 })).nodes[0]?.uid ?? 'bench-member';
  await db.close();
  genres.sort((a, b) => a[1] - b[1]);
  const largest = genres.at(-1)!;
  const sessions = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
  const token = await sessions.issue({ uid: someUid, email: `${someUid}@example.com`, name: 'Bench', role: 'member' });

  const delays = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-bench-lists-'));
  const delayFile = path.join(delays, 'gateway.json');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let gateway: ChildProcess | null = null;
  try {
    gateway = await launch(
      [...GATEWAY_FLAGS, '--import', './bench/loop-delay.ts', 'server/index.ts'],
      { ...gatewayEnv(store.env, port), LOOP_DELAY_FILE: delayFile, LOOP_CPU: '1' },
      `${url}/healthz`,
    );
    const pid = gateway.pid!;
    const startRssMb = await peakRssMb(pid);
    const send = async (body: string, member = false) => {
      const answer = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(member ? { authorization: `Bearer ${token}` } : {}) },
        body,
      });
      const text = await answer.text();
      const errors = (JSON.parse(text) as { errors?: { message: string }[] }).errors;
      return { status: answer.status, bytes: text.length, errors };
    };
    const costRefused = async (body: string, member = false) => {
      const { status, errors } = await send(body, member);
      return status === 400 && /^Query Cost limit of \d+ exceeded/.test(errors?.[0]?.message ?? '');
    };

    // The requests of the issue: refused before they run, and the gateway answers afterwards.
    const byCategory = (fields: string) =>
      gql(`query($g: String!) { ${aliased(`booksByCategory(category: $g) { ${fields} }`)} }`, { g: largest[0] });
    const refused = {
      [`${ALIASES} aliases of booksByCategory("${largest[0]}", ${largest[1]} books) with holdQueueLength and myHold, signed out`]:
        await costRefused(byCategory(`${EVERY_BOOK_FIELD} holdQueueLength myHold { id position }`)),
      [`the same with a member's token`]: await costRefused(
        byCategory(`${EVERY_BOOK_FIELD} holdQueueLength myHold { id position }`),
        true,
      ),
      [`${ALIASES} aliases of booksByCategory("${largest[0]}") without the hold fields`]: await costRefused(
        byCategory(EVERY_BOOK_FIELD),
      ),
      [`${ALIASES} aliases of users without arguments (every member)`]: await costRefused(
        gql(`{ ${aliased('users { id uid name email role status createdAt phone photoURL }')} }`),
        true,
      ),
      // Priced by the books the word is in (decision 070).
      [`${ALIASES} aliased two-letter searches ("ra") asking only totalCount`]: await costRefused(
        gql(`{ ${aliased('books(filter: { search: "ra" }) { totalCount }')} }`),
      ),
    };
    const healthy = (await fetch(`${url}/healthz`)).ok;

    const shapes: Shape[] = [
      // The control: the SPA's category page, one page of the largest genre, as every visitor sends it. On a
      // machine shared with other work the loop's longest block counts the times the process waited for a core,
      // which this row shows for a request known to be light.
      {
        name: "control: the category page's books(first: 24) of the largest genre",
        body: () =>
          gql(
            'query($g: String!) { books(filter: { genre: $g }, first: 24) { nodes { id title author genre image rating quantity } totalCount pageInfo { hasNextPage endCursor } } }',
            { g: largest[0] },
          ),
        sizes: [24, 24],
      },
      {
        // Issue 38: the SPA's own document, as Apollo Client sends it, with a one-letter search and every facet.
        name: 'All Books with the search "a", the largest genre, in stock and every facet, first: $n, signed in',
        body: (n) =>
          gql(print(addTypenameToDocument(AllBooksDocument)), {
            filter: { search: 'a', genre: largest[0], availableOnly: true },
            first: n,
          }),
        sizes: [24, 100],
        member: true,
      },
      {
        name: `${ALIASES} aliases of books(first: $n) with every field`,
        body: (n) => gql(`query($n: Int!) { ${aliased(`books(first: $n) { nodes { ${EVERY_BOOK_FIELD} } }`)} }`, { n }),
        sizes: [1, 100],
      },
      {
        name: `${ALIASES} aliases of books(first: $n) with holdQueueLength and myHold, signed in`,
        body: (n) =>
          gql(
            `query($n: Int!) { ${aliased('books(first: $n) { nodes { id title holdQueueLength myHold { id position status } } }')} }`,
            { n },
          ),
        sizes: [1, 100],
        member: true,
      },
      {
        name: 'the largest whole genre booksByCategory answers, with only the id',
        body: (i) => gql('query($g: String!) { booksByCategory(category: $g) { id } }', { g: genres[i]![0] }),
        sizes: [0, genres.length - 1],
        reported: (i) => genres[i]![1],
      },
      {
        name: `${ALIASES} aliases of users(first: $n), signed in`,
        body: (n) =>
          gql(`query($n: Int!) { ${aliased('users(first: $n) { id uid name email role status createdAt }')} }`, { n }),
        sizes: [1, 100],
        member: true,
      },
    ];

    const results: ListLimitsResult[] = [];
    /** Shapes refused at their smallest size (at 50,000 books: every whole genre, the smallest one too). */
    const noneAccepted: string[] = [];
    for (const shape of shapes) {
      // The largest accepted size: acceptance falls as the size grows.
      let [lo, hi] = shape.sizes;
      if (await costRefused(shape.body(lo), shape.member)) {
        noneAccepted.push(`${shape.name}: refused from ${shape.reported ? shape.reported(lo) : lo}`);
        continue;
      }
      while (lo < hi) {
        const mid = Math.ceil((lo + hi) / 2);
        if (await costRefused(shape.body(mid), shape.member)) hi = mid - 1;
        else lo = mid;
      }
      const body = shape.body(lo);
      const first = await send(body, shape.member);
      if (first.status !== 200 || first.errors) throw new Error(`${shape.name}: ${JSON.stringify(first.errors)}`);
      await resetPeakRss(pid);
      await loopMax(pid, delayFile);
      for (let i = 0; i < SEQUENTIAL; i++) await send(body, shape.member);
      for (let i = 0; i < SEQUENTIAL / 2; i++)
        await Promise.all(Array.from({ length: CONCURRENT }, () => send(body, shape.member)));
      const loop = await loopMax(pid, delayFile);
      results.push({
        shape: shape.name,
        size: shape.reported ? shape.reported(lo) : lo,
        answerBytes: first.bytes,
        loopMaxMs: loop.maxMs,
        loopMaxCpuMs: loop.maxCpuMs,
        peakRssMb: await peakRssMb(pid),
      });
    }
    const targets: Targets = [
      ...Object.entries(refused).map(([name, met]) => [`Issue 24: refused by the cost limit: ${name}`, met] as const),
      ['Issue 24: the gateway answers /healthz after the refusals', healthy],
      ...results
        .slice(1)
        .map(
          (r) =>
            [
              `Issue 24: event loop never blocked > ${LOOP_BOUND_MS} ms of CPU by the heaviest accepted ${r.shape} (${r.size})`,
              r.loopMaxCpuMs <= LOOP_BOUND_MS,
            ] as const,
        ),
    ] as Targets;
    return { results, noneAccepted, startRssMb, refused, targets };
  } finally {
    gateway?.kill('SIGKILL');
    await rm(delays, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const store = await benchStore(SEED);
  try {
    const { results, noneAccepted, startRssMb, targets } = await listLimits(store);
    console.log(
      `Issue 24 on ${store.kind}, ${SEED.books} books, ${SEED.users} members; gateway RSS at start ${startRssMb} MB`,
    );
    console.log(
      '| heaviest accepted request | size | answer bytes | loop max ms | longest block, CPU ms | gateway peak RSS MB |',
    );
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const r of results)
      console.log(
        `| ${r.shape} | ${r.size} | ${r.answerBytes} | ${r.loopMaxMs} | ${r.loopMaxCpuMs} | ${r.peakRssMb} |`,
      );
    for (const shape of noneAccepted) console.log(`- no size accepted: ${shape}`);
    for (const [name, met] of targets) console.log(`- ${met ? 'met' : '**not met**'}: ${name}`);
  } finally {
    await store.dispose();
  }
}
