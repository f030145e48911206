// `npm run bench`: the gateway against its references in one run on one machine (loopback only, bounded).
// Seeds (and caches) a 50k-book SQLite store, starts the gateway and the peers as separate processes, drives
// each scenario with autocannon, and prints a Markdown table, the ratios and the targets; JSON goes to
// bench/results/. BENCH_DURATION (seconds per scenario, default 5) and BENCH_BOOKS (default 50000) tune it.
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { seed } from '../scripts/seed.ts';
import { createSessionTokens } from '../server/auth/session.ts';
import { openStore } from '../server/store/open-store.ts';
import { freePort } from '../tests/support/ports.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const BOOKS = Number(process.env.BENCH_BOOKS ?? 50_000);
const USERS = 1000;
const SECRET = 'bench-secret-'.padEnd(48, 'x');

interface Result { scenario: string; rps: number; p50: number; p99: number; errors: number; note?: string }
const results: Result[] = [];

async function seededCopy(): Promise<string> {
  const cache = path.join(os.tmpdir(), 'bookhaven-bench', `books-${BOOKS}-users-${USERS}`);
  if (!existsSync(path.join(cache, 'bookhaven.db'))) {
    console.log(`Seeding ${BOOKS} books once into ${cache} ...`);
    await mkdir(cache, { recursive: true });
    await seed({ books: BOOKS, users: USERS, loans: 0, dataDir: cache, mongodbUri: null, mongodbDb: 'bench', mode: 'reset', seed: 2010 });
  }
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-bench-run-'));
  await cp(path.join(cache, 'bookhaven.db'), path.join(dir, 'bookhaven.db'));
  return dir;
}

async function launch(args: string[], env: Record<string, string>, ready: () => Promise<boolean>): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, { cwd: ROOT, env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited`);
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${args.join(' ')} did not start`);
}

const up = (url: string) => async () => (await fetch(url)).status < 500;

async function load(scenario: string, opts: { url: string; method?: 'GET' | 'POST'; body?: string; connections?: number; headers?: Record<string, string> }, note?: string) {
  const result = await autocannon({
    url: opts.url,
    method: opts.method ?? 'GET',
    body: opts.body,
    headers: { 'content-type': 'application/json', ...opts.headers },
    connections: opts.connections ?? 50,
    duration: DURATION,
  });
  const row = { scenario, rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, note };
  results.push(row);
  console.log(`  ${scenario}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, errors ${row.errors}`);
  return row;
}

const gql = (query: string, variables: Record<string, unknown> = {}) => JSON.stringify({ query, variables });
const BOOKS_FIRST_20 = gql('query Books { books(first: 20) { totalCount pageInfo { hasNextPage endCursor } nodes { id title author genre rating quantity image } } }');
const SEARCH = gql('query Search($q: String!) { books(filter: { search: $q }, first: 20) { totalCount nodes { id title author } } }', { q: 'the' });

function peakRssMb(pid: number) {
  return readFile(`/proc/${pid}/status`, 'utf8').then((status) => Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function main() {
  const dataDir = await seededCopy();
  const [gwPort, yogaPort, httpPort, fastifyPort] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const gwUrl = `http://127.0.0.1:${gwPort}`;
  const children: ChildProcess[] = [];
  try {
    // The same V8 heap bounds as npm start, so the RSS figure is the one production sees.
    const gateway = await launch(['--max-old-space-size=160', '--max-semi-space-size=8', 'server/index.ts'], { DATA_DIR: dataDir, PORT: String(gwPort), SESSION_SECRET: SECRET, FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9', LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '1000000', NODE_ENV: 'production' }, up(`${gwUrl}/healthz`));
    children.push(gateway);
    children.push(await launch(['bench/peers.ts'], { PEER: 'yoga', PORT: String(yogaPort), DATA_DIR: dataDir }, up(`http://127.0.0.1:${yogaPort}/graphql?query=%7B__typename%7D`)));

    const post = (url: string, body: string) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const listBody = await (await post(`${gwUrl}/graphql`, BOOKS_FIRST_20)).text();
    const someBook = (JSON.parse(listBody) as { data: { books: { nodes: { id: string }[] } } }).data.books.nodes[0]!.id;
    const bookBody = await (await fetch(`${gwUrl}/api/books/${someBook}`)).text();
    const bodies = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-bench-bodies-'));
    await writeFile(path.join(bodies, 'list.json'), listBody);
    await writeFile(path.join(bodies, 'book.json'), bookBody);
    children.push(await launch(['bench/peers.ts'], { PEER: 'http', PORT: String(httpPort), BODY_FILE: path.join(bodies, 'list.json') }, up(`http://127.0.0.1:${httpPort}/`)));
    children.push(await launch(['bench/peers.ts'], { PEER: 'fastify', PORT: String(fastifyPort), BODY_FILE: path.join(bodies, 'book.json') }, up(`http://127.0.0.1:${fastifyPort}/api/books/x`)));

    console.log(`Warming up, then ${DURATION} s per scenario...`);
    await autocannon({ url: `${gwUrl}/graphql`, method: 'POST', body: BOOKS_FIRST_20, headers: { 'content-type': 'application/json' }, duration: 2, connections: 20 });

    const p1 = await load('GraphQL books(first: 20): gateway', { url: `${gwUrl}/graphql`, method: 'POST', body: BOOKS_FIRST_20 });
    const p1Yoga = await load('GraphQL books(first: 20): Yoga', { url: `http://127.0.0.1:${yogaPort}/graphql`, method: 'POST', body: BOOKS_FIRST_20 });
    const p1Http = await load('same bytes: bare node:http', { url: `http://127.0.0.1:${httpPort}/graphql`, method: 'POST', body: BOOKS_FIRST_20 });
    const p3 = await load('GraphQL search (100 conns): gateway', { url: `${gwUrl}/graphql`, method: 'POST', body: SEARCH, connections: 100 });
    const p3Yoga = await load('GraphQL search (100 conns): Yoga', { url: `http://127.0.0.1:${yogaPort}/graphql`, method: 'POST', body: SEARCH, connections: 100 });
    const p2 = await load('REST GET /api/books/:id: gateway', { url: `${gwUrl}/api/books/${someBook}` });
    const p2Bare = await load('REST by id: bare Fastify constant', { url: `http://127.0.0.1:${fastifyPort}/api/books/${someBook}` });
    const p4 = await borrowReturn(gwUrl, dataDir);

    const started = performance.now();
    const all = await fetch(`${gwUrl}/api/books`);
    const bytes = (await all.arrayBuffer()).byteLength;
    const ttlb = Math.round(performance.now() - started);
    const rss = await peakRssMb(gateway.pid!);
    results.push({ scenario: `GET /api/books (${BOOKS} books, ${(bytes / 1e6).toFixed(1)} MB)`, rps: 0, p50: ttlb, p99: ttlb, errors: all.ok ? 0 : 1, note: 'time to last byte' });

    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const headline = {
      gatewayVsYoga: ratio(p1.rps, p1Yoga.rps),
      gatewayVsBareHttp: ratio(p1.rps, p1Http.rps),
      searchVsYoga: ratio(p3.rps, p3Yoga.rps),
      restVsBareFastify: ratio(p2.rps, p2Bare.rps),
      borrowReturnPairsPerSecond: p4.pairsPerSecond,
      gatewayPeakRssMb: Math.round(rss),
    };
    const targets = [
      ['P1 books(first:20) >= 1.0x Yoga', headline.gatewayVsYoga >= 1],
      ['P1 books(first:20) >= 0.5x bare node:http', headline.gatewayVsBareHttp >= 0.5],
      ['P2 REST by id >= 0.8x bare Fastify', headline.restVsBareFastify >= 0.8],
      ['P3 search p99 <= 10 ms at 100 connections', p3.p99 <= 10],
      ['P4 >= 1000 borrow+return pairs/s, zero oversell', p4.pairsPerSecond >= 1000 && p4.oversold === 0],
      ['P6 gateway peak RSS <= 200 MB', headline.gatewayPeakRssMb <= 200],
    ] as const;

    const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
    console.log(`\n### BookHaven benchmark (${cpu}, ${os.cpus().length} cores, Node ${process.version}, ${BOOKS} books, ${DURATION} s per scenario)\n`);
    console.log('| scenario | req/s | p50 ms | p99 ms | errors |\n|---|---:|---:|---:|---:|');
    for (const r of results) console.log(`| ${r.scenario}${r.note ? ` (${r.note})` : ''} | ${r.rps || '-'} | ${r.p50} | ${r.p99} | ${r.errors} |`);
    console.log(`\nRatios: gateway/Yoga ${headline.gatewayVsYoga}x, gateway/bare http ${headline.gatewayVsBareHttp}x, search gateway/Yoga ${headline.searchVsYoga}x, REST/bare Fastify ${headline.restVsBareFastify}x; borrow+return ${headline.borrowReturnPairsPerSecond} pairs/s (oversold: ${p4.oversold}); gateway peak RSS ${headline.gatewayPeakRssMb} MB`);
    console.log('\nTargets:');
    for (const [name, met] of targets) console.log(`  ${met ? 'met    ' : 'not met'}  ${name}`);

    await mkdir(path.join(ROOT, 'bench', 'results'), { recursive: true });
    const file = path.join(ROOT, 'bench', 'results', `${new Date().toISOString().replaceAll(':', '-')}.json`);
    await writeFile(file, JSON.stringify({ machine: { cpu, cores: os.cpus().length, node: process.version }, books: BOOKS, durationSeconds: DURATION, results, headline, borrowReturn: p4, targets: Object.fromEntries(targets) }, null, 2));
    console.log(`\nJSON: ${path.relative(ROOT, file)}`);
    await rm(bodies, { recursive: true, force: true });
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Many members borrow and return over many books for DURATION seconds; then nothing may be oversold. */
async function borrowReturn(gwUrl: string, dataDir: string) {
  const tokens = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
  const store = await openStore({ dataDir });
  const pool: { id: string; quantity: number }[] = [];
  for await (const book of store.books.all()) if (book.quantity > 0 && pool.length < 2000) pool.push({ id: book.id, quantity: book.quantity });
  const members = await Promise.all(Array.from({ length: 50 }, (_, i) => tokens.issue({ uid: `seed-2010-${i}`, email: `m${i}@example.com`, name: `Member ${i}`, role: 'member' })));
  const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const call = (token: string, body: string) => fetch(`${gwUrl}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
  let pairs = 0;
  let errors = 0;
  const deadline = Date.now() + DURATION * 1000;
  await Promise.all(
    members.map(async (token, i) => {
      for (let n = i; Date.now() < deadline; n += members.length) {
        const book = pool[n % pool.length]!;
        const borrowed = (await (await call(token, gql('mutation($i: BorrowInput!) { borrow(input: $i) { record { id } currentQuantity } }', { i: { bookId: book.id, returnDate } }))).json()) as { data?: { borrow: { record: { id: string } } } };
        const loanId = borrowed.data?.borrow.record.id;
        if (!loanId) { errors++; continue; }
        const back = (await (await call(token, gql('mutation($id: ID!) { returnBook(borrowId: $id) { id } }', { id: loanId }))).json()) as { data?: unknown };
        if (back.data) pairs++;
        else errors++;
      }
    }),
  );
  let oversold = 0;
  for (const book of pool) {
    const now = (await store.books.get(book.id))!.quantity;
    if (now < 0 || now !== book.quantity) oversold++;
  }
  await store.close();
  const pairsPerSecond = Math.round(pairs / DURATION);
  results.push({ scenario: 'borrow + return pairs (50 members, GraphQL)', rps: pairsPerSecond, p50: 0, p99: 0, errors, note: `pairs/s; books off their stock afterwards: ${oversold}` });
  console.log(`  borrow + return: ${pairsPerSecond} pairs/s, errors ${errors}, books off stock ${oversold}`);
  return { pairsPerSecond, errors, oversold };
}

await main();
