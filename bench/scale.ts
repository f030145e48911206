// Issue 28, section 4: the catalogue at three sizes. For each, a store seeded once (books, a tenth as many members,
// as many loans as books: 100,000 members and 1,000,000 loans at 1,000,000 books) and timed, its size on disk, then
// a gateway of its own: searches (S3's term mix, plus two- and three-word searches from the catalogue's titles and
// authors) arriving steadily at 200 req/s, their p50/p99 and the gateway's peak RSS, and the first card of All
// Books and of a category in Chromium. Prints the table and writes it (bench/results/scale-<time>.md, .json) with a
// chart (bench/results/scale.svg; at the three default sizes also docs/performance-scale.svg, which
// docs/performance.md shows). Run by `npm run bench` (BENCH_SCALE=0 leaves it out), or alone:
//   node bench/scale.ts          BENCH_SCALE_SIZES=10000,100000,1000000 (default), BENCH_DURATION seconds per size
import type { ChildProcess } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../scripts/lib/ports.ts';
import { seed } from '../scripts/seed.ts';
import type { Store } from '../server/store/port.ts';
import { MIGRATIONS } from '../server/store/sqlite/schema.ts';
import { GATEWAY_FLAGS, gatewayEnv, launch, paced, ROOT } from './load.ts';
import { lcpUnavailable } from './lcp.ts';
import { FIRST_CARD_BUDGET_MS, pageBudgets } from './page-budgets.ts';
import type { Targets } from './report.ts';
import { s3Terms } from './scenarios.ts';
import { catalogueWords, searchRequest } from './search-terms.ts';
import { benchStore, type BenchStore } from './store.ts';

const DEFAULT_SIZES = '10000,100000,1000000';
const SIZES = (process.env.BENCH_SCALE_SIZES ?? DEFAULT_SIZES).split(',').map(Number);
const RATE = 200;
const SEED_NUMBER = 2028;
/** The goals at the largest size, on SQLite (issue 28). */
const GOALS = { searchP99Ms: 50, firstCardMs: FIRST_CARD_BUDGET_MS, rssMb: 250 };

interface SizeResult {
  books: number;
  members: number;
  loans: number;
  seedSeconds: number;
  storeMb: number;
  search: { rps: number; p50: number; p99: number; errors: number };
  rssMb: number;
  firstCardMs: Record<string, number>;
}

const sizeParams = (books: number) => ({
  books,
  users: Math.min(100_000, Math.max(100, Math.round(books / 10))),
  loans: Math.min(1_000_000, books),
  seed: SEED_NUMBER,
});

/**
 * The seed time (and loans made) of the cached store benchStore copies (its cache is named the same way),
 * seeding it here first when there is none, so the time is the seed's own and not a copy's.
 */
async function seedTimed(p: ReturnType<typeof sizeParams>): Promise<{ seconds: number; loans: number }> {
  // Seeded (and not timed) by benchStore.
  if (process.env.BENCH_STORE === 'mongodb') return { seconds: NaN, loans: p.loans };
  const cache = path.join(
    os.tmpdir(),
    'bookhaven-bench-cache',
    `books-${p.books}-users-${p.users}-seed-${p.seed}-loans-${p.loans}-schema-${MIGRATIONS.length}`,
  );
  const timing = path.join(cache, 'seed-seconds.json');
  if (existsSync(path.join(cache, 'bookhaven.db')) && existsSync(timing))
    return JSON.parse(await readFile(timing, 'utf8')) as { seconds: number; loans: number };
  await mkdir(cache, { recursive: true });
  console.log(`Seeding ${p.books} books, ${p.users} members and ${p.loans} loans into ${cache} ...`);
  const { seconds, loans } = await seed({
    books: p.books,
    users: p.users,
    loans: p.loans,
    seed: p.seed,
    dataDir: cache,
    mongodbUri: null,
    mongodbDb: 'bench',
    mode: 'reset',
    quiet: true,
  });
  await writeFile(timing, JSON.stringify({ seconds, loans }));
  return { seconds, loans };
}

/** Two- and three-word searches, as members type them: title words and author names, in either order. */
async function wordSearches(db: Store, count: number): Promise<string[]> {
  const out: string[] = [];
  for await (const book of db.books.all()) {
    const title = book.title.split(/\s+/);
    const author = book.author.split(/\s+/);
    const i = out.length;
    out.push(
      i % 2 ? `${author.at(-1)} ${title[0]}` : `${title[0]} ${title[1] ?? author[0]} ${author.at(-1)}`.toLowerCase(),
    );
    if (out.length >= count) break;
  }
  return out;
}

/** The scale run's searches, in the order it sends them: S3's mix, then one in three of them two or three words. */
export async function scaleSearches(db: Store): Promise<string[]> {
  const words = await catalogueWords(db);
  const phrases = await wordSearches(db, Math.ceil(words.length / 2));
  return s3Terms(words).flatMap((term, i) => (i % 2 && phrases[i >> 1] ? [term, phrases[i >> 1]!] : [term]));
}

const storeMb = (store: BenchStore) => {
  const dir = store.env['DATA_DIR'] ?? '';
  const file = path.join(dir, 'bookhaven.db');
  const bytes = ['', '-wal'].reduce((sum, end) => sum + (existsSync(file + end) ? statSync(file + end).size : 0), 0);
  return Math.round(bytes / 1e5) / 10;
};

async function measureSize(books: number): Promise<SizeResult> {
  const p = sizeParams(books);
  const seeded = await seedTimed(p);
  const store = await benchStore(p);
  const children: ChildProcess[] = [];
  try {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const gateway = await launch([...GATEWAY_FLAGS, 'server/index.ts'], gatewayEnv(store.env, port), `${url}/healthz`);
    children.push(gateway);
    const db = await store.open();
    const terms = await scaleSearches(db).finally(() => db.close());
    const row = await paced(`scale ${books} books: searches, steady ${RATE} req/s`, {
      url: `${url}/graphql`,
      connections: 50,
      rate: RATE,
      bodies: terms.map(searchRequest),
      rssOf: gateway.pid,
    });
    gateway.kill('SIGTERM');
    const skip = lcpUnavailable();
    const pages = skip ? null : await pageBudgets(store, 3);
    if (skip) console.log(`  first cards: not measured (${skip})`);
    return {
      books,
      members: p.users,
      // What the seed managed: members at their loan limit take no more.
      loans: seeded.loans,
      seedSeconds: seeded.seconds,
      storeMb: storeMb(store),
      search: { rps: row.rps, p50: row.p50, p99: row.p99, errors: row.errors },
      rssMb: row.rssMb ?? 0,
      firstCardMs: Object.fromEntries(
        (pages?.results ?? []).filter((r) => r.page !== 'All Users').map((r) => [r.page, r.firstCardMs]),
      ),
    };
  } finally {
    for (const child of children) child.kill('SIGKILL');
    await store.dispose();
  }
}

/** A line chart per measure, books on a log scale: what docs/performance.md shows. */
function chart(results: SizeResult[]): string {
  const series: [string, (r: SizeResult) => number][] = [
    ['search p99 ms', (r) => r.search.p99],
    ['search p50 ms', (r) => r.search.p50],
    ['All Books first card ms', (r) => r.firstCardMs['All Books'] ?? NaN],
    ['gateway peak RSS MB', (r) => r.rssMb],
  ];
  const [w, h, pad] = [300, 160, 36];
  const xs = results.map((r) => Math.log10(r.books));
  const [x0, x1] = [Math.min(...xs), Math.max(...xs, Math.min(...xs) + 1)];
  const panels = series.map(([name, value], i) => {
    const ys = results.map(value).filter(Number.isFinite);
    const top = Math.max(1, ...ys) * 1.15;
    const at = (r: SizeResult) =>
      `${pad + ((Math.log10(r.books) - x0) / (x1 - x0)) * (w - 2 * pad)},${h - pad - (value(r) / top) * (h - 2 * pad)}`;
    const points = results.filter((r) => Number.isFinite(value(r)));
    const ox = (i % 2) * (w + 20);
    const oy = Math.floor(i / 2) * (h + 20);
    return `<g transform="translate(${ox},${oy})">
  <rect width="${w}" height="${h}" fill="#fff" stroke="#ddd"/>
  <text x="${pad}" y="18" font-size="12">${name}</text>
  <polyline fill="none" stroke="#4f46e5" stroke-width="2" points="${points.map(at).join(' ')}"/>
  ${points.map((r) => `<text x="${at(r).split(',')[0]}" y="${Number(at(r).split(',')[1]) - 6}" font-size="10" text-anchor="middle">${Math.round(value(r) * 10) / 10}</text>`).join('')}
  ${results.map((r) => `<text x="${at(r).split(',')[0]}" y="${h - 12}" font-size="10" text-anchor="middle">${r.books.toLocaleString('en')}</text>`).join('')}
</g>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${2 * w + 20}" height="${2 * h + 20}" font-family="sans-serif">
${panels.join('\n')}
</svg>
`;
}

/** Growth between two sizes no faster than the logarithm of the catalogue (1.2x from 100,000 to 1,000,000). */
const logGrowth = (small: number, large: number, a: number, b: number) =>
  a > 0 && b > 0 && b / a <= Math.log(large) / Math.log(small);

export async function scale(): Promise<{ results: SizeResult[]; targets: Targets }> {
  const results: SizeResult[] = [];
  for (const books of SIZES) results.push(await measureSize(books));
  const largest = results.at(-1);
  const [small, large] = [results.at(-2), results.at(-1)];
  const kind = process.env.BENCH_STORE ?? 'sqlite';
  const targets: Targets = largest
    ? [
        [
          `Scale ${largest.books} books (${kind}): search p99 <= ${GOALS.searchP99Ms} ms at ${RATE} req/s`,
          largest.search.rps >= RATE * 0.95 && largest.search.p99 <= GOALS.searchP99Ms,
        ],
        [
          `Scale ${largest.books} books: first card under ${GOALS.firstCardMs} ms (All Books and a category)`,
          Object.values(largest.firstCardMs).length === 2 &&
            Object.values(largest.firstCardMs).every((ms) => ms < GOALS.firstCardMs),
        ],
        [
          `Scale ${largest.books} books: gateway RSS <= ${GOALS.rssMb} MB`,
          largest.rssMb > 0 && largest.rssMb <= GOALS.rssMb,
        ],
        ...(small && large && small !== large
          ? ([
              [
                `Scale: search p99 grows no faster than log(books) from ${small.books} to ${large.books}`,
                logGrowth(small.books, large.books, small.search.p99, large.search.p99),
              ],
              [
                `Scale: All Books first card grows no faster than log(books) from ${small.books} to ${large.books}`,
                logGrowth(
                  small.books,
                  large.books,
                  small.firstCardMs['All Books'] ?? 0,
                  large.firstCardMs['All Books'] ?? 0,
                ),
              ],
            ] as Targets)
          : []),
      ]
    : [];
  const table = [
    `### Scale run: ${kind}, searches at a steady ${RATE} req/s`,
    '',
    '| books | members | loans | seed s | store MB | search req/s | p50 ms | p99 ms | errors | gateway peak RSS MB | first card: All Books ms | first card: category ms |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map((r) => {
      const category = Object.entries(r.firstCardMs).find(([page]) => page.startsWith('category'))?.[1];
      return `| ${r.books.toLocaleString('en')} | ${r.members.toLocaleString('en')} | ${r.loans.toLocaleString('en')} | ${Number.isFinite(r.seedSeconds) ? r.seedSeconds : '-'} | ${r.storeMb} | ${r.search.rps} | ${r.search.p50} | ${r.search.p99} | ${r.search.errors} | ${r.rssMb} | ${r.firstCardMs['All Books'] ?? '-'} | ${category ?? '-'} |`;
    }),
    '',
    ...targets.map(([name, met]) => `- ${met ? 'met' : '**not met**'}: ${name}`),
  ].join('\n');
  console.log(`\n${table}\n`);
  const out = path.join(ROOT, 'bench', 'results');
  await mkdir(out, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  await writeFile(
    path.join(out, `scale-${stamp}.json`),
    JSON.stringify({ store: kind, rate: RATE, results, targets }, null, 2),
  );
  await writeFile(path.join(out, 'scale.svg'), chart(results));
  // The three sizes of the issue, and only they, become the chart docs/performance.md shows.
  if (SIZES.join() === DEFAULT_SIZES) await writeFile(path.join(ROOT, 'docs', 'performance-scale.svg'), chart(results));
  await writeFile(path.join(out, `scale-${stamp}.md`), `${table}\n`);
  console.log(`Wrote bench/results/scale-${stamp}.json, .md and bench/results/scale.svg`);
  return { results, targets };
}

if (import.meta.main) await scale();
