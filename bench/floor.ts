// `node bench/floor.ts [other checkout]`: server CPU time per request (from /proc) of the gateway and of stock
// Apollo Server 5 (bench/peers.ts, PEER=apollo) for S1-S4's requests and for `{ __typename }`, the floor: what
// Apollo Server's pipeline, our Fastify layer and our plugins cost with no resolver behind them. Mercurius +
// graphql-jit runs the same requests (its CPU is near the least these resolvers and this store need under any
// GraphQL server), and a bare node:http server answers `{ __typename }`'s bytes (the platform's floor: HTTP
// parsing and the loopback socket, whose kernel time is charged to the writing process). With another
// checkout, its gateway (A) and this one (B) run instead of the peers: a change measured on every request kind. Closed loop, 50 connections; each
// round starts new processes and every target takes its turn on each request kind. BENCH_DURATION seconds a
// turn (default 5), BENCH_ROUNDS rounds (3); BENCH_FLOOR_ONLY=T,S2 runs only those kinds. TS (the floor with a
// member's session to check) and ME (`me { id }`) split S4 into steps, when named: BENCH_FLOOR_ONLY=T,TS,ME,S4.
// The gateway runs with its deployed heap flags (GATEWAY_FLAGS); the peers as their users run them, with V8's
// defaults (BENCH_PEER_FLAGS to give them others). BENCH_FLOOR_GATEWAY_B="<flags>" adds a second gateway with
// those flags in place of them, in the same rounds. Every server is preloaded with bench/gc-meter.ts, so each row
// also says how long garbage collection paused it a request and its share of the CPU time.
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/ports.ts';
import { conditions, describe, ended } from './conditions.ts';
import {
  cpuMs,
  DURATION,
  GATEWAY_FLAGS,
  gatewayEnv,
  gql,
  launch,
  memberTokens,
  PEER_FLAGS,
  ROOT,
  ROUNDS,
  SECRET,
  spread,
  stop,
} from './load.ts';
import { BOOK, bookIds, inTurn, MINE, pageBodies, prepared, s3Terms, shuffled } from './scenarios.ts';
import { searchRequest, searchTerms } from './search-terms.ts';

const other = process.argv[2];
const CONNECTIONS = 50;
const GATEWAY_B = process.env.BENCH_FLOOR_GATEWAY_B?.split(' ').filter(Boolean);
/** S4 split into steps (TS, ME), run only when BENCH_FLOOR_ONLY names them. */
const S4_STEPS = ['TS', 'ME'];
const GC_METER = ['--import', pathToFileURL(path.join(ROOT, 'bench', 'gc-meter.ts')).href];

/** Garbage collection's pauses so far in a server preloaded with bench/gc-meter.ts (ms). */
async function gcSoFar(file: string): Promise<{ ms: number; major: number }> {
  const totals = JSON.parse(await readFile(file, 'utf8').catch(() => '{}')) as {
    minorMs?: number;
    majorMs?: number;
    major?: number;
  };
  return { ms: (totals.minorMs ?? 0) + (totals.majorMs ?? 0), major: totals.major ?? 0 };
}

interface Target {
  name: string;
  url: string;
  child: ChildProcess;
  /** Where its gc-meter writes. */
  gcFile: string;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const measuredUnder = conditions();
  console.log(`Conditions: ${describe(measuredUnder)}`);
  const store = await prepared();
  const ids = await bookIds(store);
  const readers = await memberTokens(2000);
  const kinds: Record<string, autocannon.Request[]> = {
    T: inTurn([gql('{ __typename }')]),
    S1: inTurn(pageBodies(ids)),
    S2: inTurn(shuffled(ids, 2).map((id) => gql(BOOK, { id }))),
    S3: inTurn(s3Terms(await searchTerms(store)).map(searchRequest)),
    S4: inTurn([gql(MINE)], shuffled(readers, 3)),
    // S4_STEPS: the floor with a member's session to check (TS), then the member's record (ME), then S4.
    TS: inTurn([gql('{ __typename }')], shuffled(readers, 4)),
    ME: inTurn([gql('query Me { me { id } }')], shuffled(readers, 5)),
  };
  const only = (process.env.BENCH_FLOOR_ONLY ?? '').split(',').filter(Boolean);
  const chosen = Object.keys(kinds).filter((k) => (only.length === 0 ? !S4_STEPS.includes(k) : only.includes(k)));
  const cpu = new Map<string, number[]>();
  const rps = new Map<string, number[]>();
  const gc = new Map<string, number[]>();
  const majors = new Map<string, number[]>();
  const push = (map: Map<string, number[]>, key: string, value: number) =>
    map.set(key, [...(map.get(key) ?? []), value]);
  const work = await mkdtemp(path.join(os.tmpdir(), 'bookhaven-floor-'));
  const gcFileOf = (name: string) => path.join(work, `gc-${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const startGateway = async (name: string, dir: string, flags = GATEWAY_FLAGS): Promise<Target> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const gcFile = gcFileOf(name);
    const child = await launch(
      [...flags, ...GC_METER, 'server/index.ts'],
      gatewayEnv(store.env, port, { GC_METER_FILE: gcFile }),
      `${url}/healthz`,
      dir,
    );
    return { name, url: `${url}/graphql`, child, gcFile };
  };
  const bodyFile = path.join(work, 'typename.json');
  await writeFile(bodyFile, JSON.stringify({ data: { __typename: 'Query' } }));
  const startPeer = async (name: string, peer: string): Promise<Target> => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}/graphql`;
    const gcFile = gcFileOf(name);
    const env = {
      ...store.env,
      PEER: peer,
      PORT: String(port),
      SESSION_SECRET: SECRET,
      BODY_FILE: bodyFile,
      GC_METER_FILE: gcFile,
    };
    const child = await launch([...PEER_FLAGS, ...GC_METER, 'bench/peers.ts'], env, `${url}?query=%7B__typename%7D`);
    return { name, url, child, gcFile };
  };
  try {
    for (let round = 0; round < ROUNDS; round++) {
      const targets = other
        ? [await startGateway('A (other)', path.resolve(other)), await startGateway('B (this)', ROOT)]
        : [
            await startGateway('gateway', ROOT),
            ...(GATEWAY_B ? [await startGateway('gateway (B flags)', ROOT, GATEWAY_B)] : []),
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
            const gcBefore = await gcSoFar(target.gcFile);
            const result = await autocannon({ ...opts, duration: DURATION });
            const used = (await cpuMs(target.child.pid!)) - before;
            // The meter writes every 100 ms: wait for the turn's last pauses to be written.
            await new Promise((resolve) => setTimeout(resolve, 250));
            const gcAfter = await gcSoFar(target.gcFile);
            const bad = result.errors + result.timeouts + result.non2xx;
            const key = `${kind}\t${target.name}`;
            push(cpu, key, Math.round((used * 10_000) / result.requests.total) / 10);
            push(rps, key, Math.round(result.requests.average));
            // Pauses are wall time: on a busy machine they hold time the process was not running, so the count
            // of major collections (mark-compact and its incremental steps) a 10,000 requests is given too.
            push(gc, key, Math.round(((gcAfter.ms - gcBefore.ms) * 1000) / used) / 10);
            push(majors, key, Math.round(((gcAfter.major - gcBefore.major) * 10_000) / result.requests.total));
            console.log(
              `  round ${round + 1} ${kind} ${target.name}: ${Math.round(result.requests.average)} req/s, ${cpu.get(key)!.at(-1)} µs CPU a request, GC ${gc.get(key)!.at(-1)}% of it, ${majors.get(key)!.at(-1)} major GC steps a 10k${bad ? `, ${bad} failed` : ''}`,
            );
          }
      } finally {
        // Each round's servers are gone before the next round's start: one still shutting down took CPU from the
        // next round's first turns and wrote its garbage-collection totals into the file its successor writes.
        await Promise.all(targets.map(({ child }) => stop(child)));
      }
    }
  } finally {
    await store.dispose();
    await rm(work, { recursive: true, force: true });
  }
  const under = ended(measuredUnder);
  console.log(`\nConditions: ${describe(under)}`);
  console.log(
    `Heap flags: gateway ${GATEWAY_FLAGS.join(' ') || '(V8 defaults)'}${GATEWAY_B ? `; gateway (B flags) ${GATEWAY_B.join(' ')}` : ''}; peers ${PEER_FLAGS.join(' ') || '(V8 defaults)'}`,
  );
  console.log(
    'kind\ttarget\tCPU µs a request (median; spread; rounds)\treq/s (median; rounds)\tGC share % (median; rounds)',
  );
  for (const [key, values] of cpu)
    console.log(
      `${key}\t${median(values)} (±${spread(values)}%; ${values.join(', ')})\t${median(rps.get(key)!)} (${rps.get(key)!.join(', ')})\t${median(gc.get(key)!)} (${gc.get(key)!.join(', ')})\t${median(majors.get(key)!)}`,
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
      gcSharePct: median(gc.get(key)!),
      gcShareRounds: gc.get(key),
      majorGcStepsPer10k: median(majors.get(key)!),
    };
  });
  await writeFile(
    file,
    `${JSON.stringify({ conditions: under, heapFlags: { gateway: GATEWAY_FLAGS, gatewayB: GATEWAY_B ?? null, peers: PEER_FLAGS }, durationSeconds: DURATION, rounds: ROUNDS, rows }, null, 2)}\n`,
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
