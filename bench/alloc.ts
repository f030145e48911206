// `node bench/alloc.ts [kind] [requests]`: what one request allocates, in the gateway and in stock Apollo Server
// (bench/peers.ts, PEER=apollo), and where: each server runs with bench/heap-sampler.ts, is warmed up, then
// answers `requests` (default 20,000) requests of `kind` (T = `{ __typename }`, S1 = the page of 20 books after
// the first book, S2 = `book(id)`, S4 = `me { loans notices }` for 1,000 signed-in members in turn) while V8's
// sampling heap profiler counts every allocation, collected or not. Prints bytes a request and the allocating
// functions by bytes (self), per server; the profiles stay in bench/results/heap/ for Chrome DevTools.
// ALLOC_PEERS=apollo,mercurius names the peers (bench/peers.ts).
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/ports.ts';
import { encodeCursor } from '../server/store/ids.ts';
import { gatewayEnv, gql, launch, memberTokens, ROOT, SECRET } from './load.ts';
import { BOOK, inTurn, MINE, PAGE, prepared } from './scenarios.ts';

interface SampleNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SampleNode[];
}

const kind = process.argv[2] ?? 'T';
const requests = Number(process.argv[3] ?? 20_000);
const dir = path.join(ROOT, 'bench', 'results', 'heap');

function where(frame: SampleNode['callFrame']): string {
  const url = frame.url.replace('file://', '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  const place = pkg ? `${pkg[1]}/${pkg[2]}` : url.startsWith('node:') ? url : path.relative(ROOT, url) || '(V8)';
  return `${frame.functionName || '(anonymous)'} ${place}:${frame.lineNumber + 1}`;
}

function bySite(root: SampleNode): Map<string, number> {
  const sites = new Map<string, number>();
  const walk = (node: SampleNode) => {
    if (node.selfSize > 0) sites.set(where(node.callFrame), (sites.get(where(node.callFrame)) ?? 0) + node.selfSize);
    node.children.forEach(walk);
  };
  walk(root);
  return sites;
}

async function profileOf(
  name: string,
  start: (port: number, file: string) => ReturnType<typeof launch>,
  body: string,
  tokens?: string[],
) {
  const port = await freePort();
  const file = path.join(dir, `${kind}-${name.replace(/\W+/g, '-')}.heapprofile`);
  const child = await start(port, file);
  const opts = {
    url: `http://127.0.0.1:${port}/graphql`,
    method: 'POST' as const,
    headers: { 'content-type': 'application/json' },
    body,
    connections: 10,
    ...(tokens ? { requests: inTurn([body], tokens) } : {}),
  };
  try {
    await autocannon({ ...opts, amount: 5_000 });
    child.kill('SIGUSR2');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const result = await autocannon({ ...opts, amount: requests });
    child.kill('SIGUSR2');
    let text = '';
    for (let i = 0; i < 100 && !text; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      text = await readFile(file, 'utf8').catch(() => '');
    }
    const sites = bySite((JSON.parse(text) as { head: SampleNode }).head);
    const total = [...sites.values()].reduce((a, b) => a + b, 0);
    const answered = result.requests.total;
    console.log(`\n${name}: ${Math.round(total / answered)} bytes allocated a request (${answered} requests)`);
    for (const [site, bytes] of [...sites].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`  ${String(Math.round(bytes / answered)).padStart(6)} B  ${site}`);
    return total / answered;
  } finally {
    child.kill('SIGTERM');
  }
}

async function main() {
  const store = await prepared();
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const db = await store.open();
  let id = '';
  for await (const book of db.books.all()) {
    id = book.id;
    break;
  }
  await db.close();
  const bodies: Record<string, string> = {
    T: gql('{ __typename }'),
    S1: gql(PAGE, { after: encodeCursor(id) }),
    S2: gql(BOOK, { id }),
    S4: gql(MINE),
  };
  const body = bodies[kind];
  if (!body) throw new Error(`unknown kind ${kind}: T, S1, S2 or S4`);
  const tokens = kind === 'S4' ? await memberTokens(1000) : undefined;
  const peers = (process.env.ALLOC_PEERS ?? 'apollo').split(',');
  // The heap flags of GATEWAY_FLAGS bound the heap the samples are kept in too: the profiler gets room of its own.
  const sampler = ['--import', './bench/heap-sampler.ts', '--max-old-space-size=1024', '--max-semi-space-size=8'];
  try {
    const ours = await profileOf(
      'gateway',
      (port, file) =>
        launch(
          [...sampler, 'server/index.ts'],
          { ...gatewayEnv(store.env, port), HEAP_PROFILE_FILE: file },
          `http://127.0.0.1:${port}/healthz`,
        ),
      body,
      tokens,
    );
    for (const peer of peers) {
      const theirs = await profileOf(
        peer === 'apollo' ? 'stock Apollo' : peer,
        (port, file) =>
          launch(
            [...sampler, 'bench/peers.ts'],
            { ...store.env, PEER: peer, PORT: String(port), SESSION_SECRET: SECRET, HEAP_PROFILE_FILE: file },
            `http://127.0.0.1:${port}/graphql?query=%7B__typename%7D`,
          ),
        body,
        tokens,
      );
      console.log(`\n${kind}: the gateway allocates ${(ours / theirs).toFixed(2)}x what ${peer} does a request`);
    }
  } finally {
    await store.dispose();
  }
}

await main();
