// `node bench/profile.ts <list|page|typename|typename-signed-in|mine|search|distinct|rest|borrow|borrow-rest|holds>`:
// one scenario against a gateway started with --cpu-prof, then where its CPU went: by package and by function (self
// time).
// The .cpuprofile stays under bench/results/profiles/ for Chrome DevTools or speedscope.
// PROFILE_WITH=perf records the gateway with Linux perf instead (`perf record -g`, JavaScript named through
// --perf-basic-prof-only-functions): native code too, SQLite's and the kernel's, which V8's profiler charges to
// the JavaScript function that called into it. perf.data stays beside, for `perf report -i`.
import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import path from 'node:path';
import { freePort } from '../scripts/lib/ports.ts';
import { borrowReturn } from './borrow-return.ts';
import { holdsScenario } from './holds.ts';
import {
  GATEWAY_FLAGS,
  gatewayEnv,
  gql,
  launch,
  LIST,
  load,
  memberTokens,
  PEER_FLAGS,
  ROOT,
  SECRET,
  SEED,
  someBookId,
  stop,
} from './load.ts';
import { distinctSearches, searchRequest, searchTerms } from './search-terms.ts';
import { bookIds, inTurn, MINE, pageBodies, prepared } from './scenarios.ts';
import { benchStore } from './store.ts';

interface ProfileNode {
  id: number;
  hitCount?: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
}

const scenario = process.argv[2] ?? 'distinct';
const dir = path.join(
  ROOT,
  'bench',
  'results',
  'profiles',
  `${scenario}${process.env.PROFILE_PEER ? `-${process.env.PROFILE_PEER}` : ''}`,
);

function where(url: string): string {
  if (!url) return '(native / V8)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return 'node core';
  return path.relative(ROOT, url.replace('file://', ''));
}

function top(entries: Map<string, number>, total: number, n: number) {
  return [...entries]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `  ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
}

/** The parts of a process perf's symbols fall in, the first that matches (`[k]` marks the kernel's). */
const PERF_PARTS: [RegExp, string][] = [
  [/^\[k\]/, 'kernel'],
  [/sqlite3|pcache|Btree|Vdbe|Pager|unixShm|unixLock/, 'SQLite'],
  [/^\[\.\] JS:/, 'JavaScript (optimized or baseline code)'],
  [/^\[\.\] Builtins_/, "V8's builtins (property access, promises, calls)"],
  [/v8::internal/, 'V8 runtime (garbage collection, JSON, strings)'],
  [/node::/, "Node's C++"],
  [/./, 'other native (libc, allocator)'],
];

/** perf's samples by symbol (`perf report`), then summed by part: SQLite's C code, the kernel, V8, JavaScript. */
async function perfSummary(data: string): Promise<void> {
  const args = ['report', '-i', data, '--no-children', '-g', 'none', '--sort', 'sym'];
  const { stdout } = await promisify(execFile)('perf', args, { maxBuffer: 64 * 1024 * 1024 });
  const lines = stdout.split('\n').filter((line) => /^\s*[\d.]+%/.test(line));
  const parts = new Map<string, number>();
  for (const line of lines) {
    const [, share = '0', symbol = ''] = /^\s*([\d.]+)%\s+(.*)$/.exec(line) ?? [];
    const part = PERF_PARTS.find(([pattern]) => pattern.test(symbol))![1];
    parts.set(part, (parts.get(part) ?? 0) + Number(share));
  }
  const byPart = [...parts].sort((a, b) => b[1] - a[1]).map(([k, v]) => `  ${v.toFixed(1).padStart(5)}%  ${k}`);
  console.log(`\nperf samples by part:\n${byPart.join('\n')}`);
  console.log(`\nBy symbol:\n${lines.slice(0, 25).join('\n')}`);
  console.log(`\nProfile: ${path.relative(ROOT, data)} (perf report -i)`);
}

async function main() {
  // S4's request reads members with loans and notices, so `mine` runs on S1-S5's store (20,000 loans, notices swept).
  const store = scenario === 'mine' ? await prepared() : await benchStore(SEED);
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // PROFILE_PEER=apollo (a PEER of bench/peers.ts) profiles that server instead, for GraphQL scenarios.
  const peer = process.env.PROFILE_PEER;
  const perf = process.env.PROFILE_WITH === 'perf';
  const gateway = await launch(
    [
      ...(perf ? ['--perf-basic-prof-only-functions'] : ['--cpu-prof', `--cpu-prof-dir=${dir}`]),
      ...(peer ? PEER_FLAGS : GATEWAY_FLAGS),
      peer ? 'bench/peers.ts' : 'server/index.ts',
    ],
    peer ? { ...store.env, PEER: peer, PORT: String(port), SESSION_SECRET: SECRET } : gatewayEnv(store.env, port),
    peer ? `${url}/graphql?query=%7B__typename%7D` : `${url}/healthz`,
  );
  const perfData = path.join(dir, 'perf.data');
  const recorder = perf
    ? spawn('perf', ['record', '-F', '999', '-g', '-p', String(gateway.pid), '-o', perfData], { stdio: 'ignore' })
    : null;
  try {
    // One book through GraphQL: GET /api/books would put a 15 MB answer into every profile.
    const someBook = await someBookId(url);
    const rssOf = gateway.pid;
    if (scenario === 'list') await load('list', { rssOf, url: `${url}/graphql`, method: 'POST', body: LIST });
    // S1's requests: a page of 20 books after a random book's cursor.
    else if (scenario === 'page')
      await load('page', { rssOf, url: `${url}/graphql`, requests: inTurn(pageBodies(await bookIds(store))) });
    // The floor: Apollo Server's pipeline, our Fastify layer and plugins, with no resolver behind them.
    else if (scenario === 'typename')
      await load('typename', { rssOf, url: `${url}/graphql`, method: 'POST', body: gql('{ __typename }') });
    // The floor with a member's session on each request: what checking who asks costs.
    else if (scenario === 'typename-signed-in') {
      const tokens = await memberTokens(2000);
      await load('typename-signed-in', {
        rssOf,
        url: `${url}/graphql`,
        requests: inTurn([gql('{ __typename }')], tokens),
      });
    }
    // S4's request: a member's loans and notices, each request another member's session.
    else if (scenario === 'mine') {
      const tokens = await memberTokens(2000);
      await load('mine', { rssOf, url: `${url}/graphql`, requests: inTurn([gql(MINE)], tokens) });
    } else if (scenario === 'search')
      await load('search', {
        rssOf,
        url: `${url}/graphql`,
        method: 'POST',
        body: searchRequest('tHe'),
        connections: 100,
      });
    else if (scenario === 'distinct')
      await load('distinct', {
        rssOf,
        url: `${url}/graphql`,
        connections: 100,
        requests: distinctSearches(await searchTerms(store)),
        probe: { method: 'POST', body: searchRequest('tHe') },
      });
    else if (scenario === 'rest') await load('rest', { rssOf, url: `${url}/api/books/${someBook}` });
    else if (scenario === 'borrow' || scenario === 'borrow-rest')
      await borrowReturn(url, store, {
        members: SEED.users,
        seed: SEED.seed,
        connections: 50,
        rssOf,
        via: scenario === 'borrow' ? 'graphql' : 'rest',
      });
    else if (scenario === 'holds') console.log((await holdsScenario(url, store, { rssOf })).headline);
    else throw new Error(`unknown scenario ${scenario}`);
  } finally {
    if (recorder) {
      recorder.kill('SIGINT');
      await once(recorder, 'exit');
    }
    await stop(gateway);
    await store.dispose();
  }
  if (perf) return perfSummary(perfData);
  const file = (await readdir(dir)).find((f) => f.endsWith('.cpuprofile'));
  if (!file) throw new Error('the gateway wrote no profile (did it exit cleanly?)');
  const profile = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as CpuProfile;
  const byPackage = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const hits = node.hitCount ?? 0;
    if (node.callFrame.functionName === '(idle)' || hits === 0) continue;
    total += hits;
    const place = where(node.callFrame.url);
    byPackage.set(place, (byPackage.get(place) ?? 0) + hits);
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${place}:${node.callFrame.lineNumber + 1}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + hits);
  }
  console.log(
    `\nBusy samples: ${total}. Self time by package:\n${top(byPackage, total, 12)}\n\nBy function:\n${top(byFunction, total, 20)}`,
  );
  console.log(`\nProfile: ${path.relative(ROOT, path.join(dir, file))}`);
}

await main();
