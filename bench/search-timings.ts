// Issue 28: how long ranked searches and their facets take on a seeded SQLite store, opened as the gateway opens
// it (reader threads). Not part of `npm run bench`: a quick check after a change to search, e.g.
//   npm run seed -- --books 50000 --users 10000 --loans 20000 --data-dir /tmp/search-data
//   node bench/search-timings.ts /tmp/search-data/bookhaven.db
// Each case runs 17 times: the first (before any count is kept) is reported apart, the first two are left out of
// the median and the maximum. Each run follows a stock change, so no kept page (decision 091) answers a search
// and no kept count answers the facets (a search's count is kept across it); the last case times a kept page.
// Words come from the catalogue's first books, so any seed gives real matches.
import { openSqliteStore } from '../server/store/sqlite/open-sqlite-store.ts';

const RUNS = 17;
const WARM_UP = 2;
const file = process.argv[2];
if (!file) throw new Error('usage: node bench/search-timings.ts <bookhaven.db>');
const store = await openSqliteStore(file);

const sample = (await store.books.list({}, { first: 10 })).nodes;
const wordsOf = (text: string) => text.toLowerCase().split(/\s+/);
const [third, seventh] = [sample[3], sample[7]];
if (!third || !seventh) throw new Error('seed at least 10 books first');
const two = `${wordsOf(third.title)[0]} ${wordsOf(third.author).at(-1)}`;
const three = `${wordsOf(seventh.title).slice(0, 2).join(' ')} ${wordsOf(seventh.author)[0]}`;

async function time(name: string, run: () => Promise<number | undefined>, before?: () => Promise<unknown>) {
  const times: number[] = [];
  let matches = 0;
  let first = 0;
  for (let i = 0; i < RUNS; i++) {
    await before?.();
    const started = performance.now();
    matches = (await run()) ?? matches;
    if (i === 0) first = performance.now() - started;
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  console.log(
    `${name.padEnd(36)} ${String(matches).padStart(7)} matches  first ${first.toFixed(2)} ms  median ${median.toFixed(2)} ms  max ${(times.at(-1) ?? 0).toFixed(2)} ms`,
  );
}

const [book] = sample;
let flip = -1;
const stockChange = () => store.books.changeStock(book?.id ?? '', (flip = -flip));
for (const search of ['a', 'th', 'the', 'love', two, three, 'ra mo', 'i the', 'ii the', 'zzqx'])
  await time(
    `search "${search}"`,
    async () => (await store.books.list({ search }, { first: 20 })).totalCount,
    stockChange,
  );
const firstPage = await store.books.list({ search: 'love' }, { first: 20 });
await time(
  'search "love", page 2',
  async () => {
    await store.books.list({ search: 'love' }, { first: 20, after: firstPage.endCursor });
    return firstPage.totalCount;
  },
  stockChange,
);
await time(
  `search "${two}" in Romance`,
  async () => (await store.books.list({ search: two, genre: 'Romance' }, { first: 20 })).totalCount,
  stockChange,
);
await time(
  'search "love", kept page',
  async () => (await store.books.list({ search: 'love' }, { first: 20 })).totalCount,
);
for (const search of ['a', 'th', 'love', two, null])
  await time(
    `facets of ${search === null ? 'every book' : `"${search}"`}`,
    async () => (await store.books.facets({ search })).genreCounts.reduce((sum, entry) => sum + entry.count, 0),
    stockChange,
  );
await store.close();
