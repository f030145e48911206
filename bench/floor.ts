// `node bench/floor.ts [other checkout]`: server CPU time per request (from /proc) of the gateway and of stock
// Apollo Server 5 (bench/peers.ts, PEER=apollo) for S1-S4's requests and for `{ __typename }`, the floor: what
// Apollo Server's pipeline, our Fastify layer and our plugins cost with no resolver behind them. Mercurius +
// graphql-jit runs the same requests (its CPU is near the least these resolvers and this store need under any
// GraphQL server), and a bare node:http server answers `{ __typename }`'s bytes (the platform's floor: HTTP
// parsing and the loopback socket, whose kernel time is charged to the writing process). With another
// checkout, its gateway (A) and this one (B) run instead of the peers: a change measured on every request kind. Closed loop, 50 connections; each
// round starts new processes and every target takes its turn on each request kind. BENCH_DURATION seconds a
// turn (default 5), BENCH_ROUNDS rounds (3); BENCH_FLOOR_ONLY=T,S2 runs only those kinds.
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/ports.ts';
import { createSessionTokens } from '../server/auth/session.ts';
import { encodeCursor } from '../server/store/ids.ts';
import { conditions, describe, ended } from './conditions.ts';
import { cpuMs, DURATION, GATEWAY_FLAGS, gatewayEnv, gql, launch, ROOT, ROUNDS, SECRET, spread } from './load.ts';
import { BOOK, inTurn, MINE, PAGE, prepared, s3Terms, shuffled, SIZE } from './scenarios.ts';
import { searchRequest, searchTerms } from './search-terms.ts';

const other = process.argv[2];
const CONNECTIONS = 50;

interface Target {
  name: string;
  url: string;
  child: ChildProcess;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const measuredUnder = conditions();
  console.log(`Conditions: ${describe(measuredUnder)}`);
  const store = await prepared();
  const db = await store.open();
  const ids: string[] = [];
  for await (const book of db.books.all()) ids.push(book.id);
  await db.close();
  const sessions = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
  const readers = await Promise.all(
    Array.from({ length: 2000 }, (_, i) => {
      const uid = `seed-${SIZE.seed}-${i + 1}`;
      return sessions.issue({ uid, email: `${uid}@example.com`, name: `Member ${i + 1}`, role: 'member' });
    }),
  );
  const kinds: Record<string, autocannon.Request[]> = {
    T: inTurn([gql('{ __typename }')]),
    S1: inTurn(shuffled(ids, 1).map((id) => gql(PAGE, { after: encodeCursor(id) }))),
    S2: inTurn(shuffled(ids, 2).map((id) => gql(BOOK, { id }))),
    S3: inTurn(s3Terms(await searchTerms(store)).map(searchRequest)),
    S4: inTurn([gql(MINE)], shuffled(readers, 3)),
  };
  const only = (process.env.BENCH_FLOOR_ONLY ?? '').split(',').filter(Boolean);
  const chosen = Object.keys(kinds).filter((k) => only.length === 0 || only.includes(k));
  const cpu = new Map<string, number[]>();
  const rps = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, key: string, value: number) =>
    map.set(key, [...(map.get(key) ?? []), value]);
  const startGateway = async (name: string, dir: string): Promise<Target> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const child = await launch(
      [...GATEWAY_FLAGS, 'server/index.ts'],
      gatewayEnv(store.env, port),
      `${url}/healthz`,
      dir,
    );
    return { name, url: `${url}/graphql`, child };
  };
  const bodyFile = path.join(await mkdtemp(path.join(os.tmpdir(), 'bookhaven-floor-')), 'typename.json');
  await writeFile(bodyFile, JSON.stringify({ data: { __typename: 'Query' } }));
  const startPeer = async (name: string, peer: string): Promise<Target> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/graphql`;
    const env = { ...store.env, PEER: peer, PORT: String(port), SESSION_SECRET: SECRET, BODY_FILE: bodyFile };
    const child = await launch([...GATEWAY_FLAGS, 'bench/peers.ts'], env, `${url}?query=%7B__typename%7D`);
    return { name, url, child };
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const targets = other
        ? [await startGateway('A (other)', path.resolve(other)), await startGateway('B (this)', ROOT)]
        : [
            await startGateway('gateway', ROOT),
            await startPeer('stock Apollo', 'apollo'),
            await startPeer('Mercurius + jit', 'mercurius'),
            await startPeer('node:http', 'http'),
          ];
      try {
        for (const kind of chosen)
          for (const target of targets) {
            // The bare server answers one constant body: `{ __typename }`'s.
            if (target.name === 'node:http' && kind !== 'T') continue;
            const opts = {
              url: target.url,
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              requests: kinds[kind],
              connections: CONNECTIONS,
            } as autocannon.Options;
            await autocannon({ ...opts, duration: 1 });
            const before = await cpuMs(target.child.pid!);
            const result = await autocannon({ ...opts, duration: DURATION });
            const used = (await cpuMs(target.child.pid!)) - before;
            const bad = result.errors + result.timeouts + result.non2xx;
            const key = `${kind}\t${target.name}`;
            push(cpu, key, Math.round((used * 10_000) / result.requests.total) / 10);
            push(rps, key, Math.round(result.requests.average));
            console.log(
              `  round ${round + 1} ${kind} ${target.name}: ${Math.round(result.requests.average)} req/s, ${cpu.get(key)!.at(-1)} µs CPU a request${bad ? `, ${bad} failed` : ''}`,
            );
          }
      } finally {
        for (const { child } of targets) child.kill('SIGTERM');
      }
    }
  } finally {
    await store.dispose();
    await rm(path.dirname(bodyFile), { recursive: true, force: true });
  }
  const under = ended(measuredUnder);
  console.log(`\nConditions: ${describe(under)}`);
  console.log('kind\ttarget\tCPU µs a request (median; spread; rounds)\treq/s (median; rounds)');
  for (const [key, values] of cpu)
    console.log(
      `${key}\t${median(values)} (±${spread(values)}%; ${values.join(', ')})\t${median(rps.get(key)!)} (${rps.get(key)!.join(', ')})`,
    );
  const results = path.join(ROOT, 'bench', 'results');
  await mkdir(results, { recursive: true });
  const file = path.join(results, `${new Date().toISOString().replaceAll(':', '-')}-floor.json`);
  const rows = [...cpu].map(([key, values]) => {
    const [kind, target] = key.split('\t');
    return {
      kind,
      target,
      cpuUs: median(values),
      cpuSpreadPct: spread(values),
      cpuRounds: values,
      rpsRounds: rps.get(key),
    };
  });
  await writeFile(
    file,
    `${JSON.stringify({ conditions: under, durationSeconds: DURATION, rounds: ROUNDS, rows }, null, 2)}\n`,
  );
  console.log(`JSON: ${path.relative(ROOT, file)}`);
  if (other)
    for (const kind of chosen) {
      // Each round's A and B ran back to back: the median of their ratios has less of the machine's drift.
      const [a, b] = ['A (other)', 'B (this)'].map((name) => cpu.get(`${kind}\t${name}`)!);
      const ratios = b!.map((x, i) => x / a![i]!);
      console.log(
        `${kind}: CPU a request B/A, median of rounds ${median(ratios).toFixed(3)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`,
      );
    }
}

await main();
