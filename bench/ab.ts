// `node bench/ab.ts <other checkout> <list|get|304|rest|distinct|borrow> [rounds]`: one change measured against another on a
// noisy machine. Starts the gateway of another checkout (A; e.g. `git worktree add /tmp/base HEAD` with its
// node_modules linked) and of this one (B) on the same seeded store, then runs the scenario on each in turn,
// `rounds` times (default 3) with new processes each round, and prints every figure and the ratio of the
// medians, for throughput and for the gateway's CPU time per request (read from /proc, steadier than
// throughput on a shared machine).
// list: books(first: 20) by POST; get: the same as a public GET, a full answer each time; 304: that GET with
// the If-None-Match of its first answer (a browser revalidating). GATEWAY_<NAME>=value sets NAME on both
// gateways (GATEWAY_RESPONSE_CACHE_TTL_MS=0 turned off an older checkout's response cache), GATEWAY_A_<NAME>
// and GATEWAY_B_<NAME> on one (`node bench/ab.ts . list` with GATEWAY_A_NODE_COMPILE_CACHE= compares the
// same code without and with the compile cache).
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/ports.ts';
import { borrowReturn } from './borrow-return.ts';
import { cpuMs, DURATION, GATEWAY_FLAGS, gatewayEnv, launch, LIST, ROOT, SEED, someBookId } from './load.ts';
import { distinctSearches, searchTerms } from './search-terms.ts';
import { benchStore } from './store.ts';

const [other, scenario = 'list', rounds = '3'] = process.argv.slice(2);
if (!other || !['list', 'get', '304', 'rest', 'distinct', 'borrow'].includes(scenario)) {
  console.error('usage: node bench/ab.ts <other checkout> <list|get|304|rest|distinct|borrow> [rounds]');
  process.exit(2);
}

/** A gateway of `dir` (a checkout) on the seeded store, as side A or B. */
async function start(
  side: 'A' | 'B',
  dir: string,
  storeEnv: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const variables = Object.entries(process.env);
  const extra = Object.fromEntries([
    ...variables
      .filter(([name]) => name.startsWith('GATEWAY_') && !/^GATEWAY_[AB]_/.test(name))
      .map(([name, value]) => [name.slice(8), value ?? '']),
    ...variables
      .filter(([name]) => name.startsWith(`GATEWAY_${side}_`))
      .map(([name, value]) => [name.slice(10), value ?? '']),
  ]);
  const env = gatewayEnv(storeEnv, port, extra);
  return { url, child: await launch([...GATEWAY_FLAGS, 'server/index.ts'], env, `${url}/healthz`, dir) };
}

/** books(first: 20) as the SPA sends a public query: GET, with Apollo's CSRF header; `revalidate` adds If-None-Match. */
async function publicGet(url: string, revalidate: boolean): Promise<autocannon.Options> {
  const { query } = JSON.parse(LIST) as { query: string };
  const target = `${url}/graphql?${new URLSearchParams({ query })}`;
  // The same Accept on every request: the ETag names the media type too.
  const headers: Record<string, string> = { 'apollo-require-preflight': 'true', accept: 'application/json' };
  const etag = (await fetch(target, { headers })).headers.get('etag');
  if (revalidate && etag) headers['if-none-match'] = etag;
  return { url: target, headers };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const store = await benchStore(SEED);
  // Distinct searches: every one runs its query (none repeats within a run).
  const terms = scenario === 'distinct' ? await searchTerms(store) : [];
  const figures: Record<'A' | 'B', number[]> = { A: [], B: [] };
  const cpu: Record<'A' | 'B', number[]> = { A: [], B: [] };
  try {
    for (let round = 0; round < Number(rounds); round++) {
      // New processes each round: one process of the same code can run 10% to 15% faster or slower than the
      // next for its whole life (what the JIT made of it, where it landed), so rounds must sample that too.
      const gateways = {
        A: await start('A', path.resolve(other!), store.env),
        B: await start('B', ROOT, store.env),
      };
      try {
        for (const name of ['A', 'B'] as const) {
          const { url, child } = gateways[name];
          const before = await cpuMs(child.pid!);
          if (scenario === 'borrow') {
            // A fresh member range each round, so no round finds the loans of the one before.
            const result = await borrowReturn(url, store, {
              members: SEED.users,
              seed: SEED.seed + round * 2 + (name === 'B' ? 1 : 0),
              connections: 50,
            });
            figures[name].push(Math.round(result.pairsPerSecond));
            // Warm-up and start-up included, so this is a ceiling; both sides pay the same.
            cpu[name].push(
              Math.round((((await cpuMs(child.pid!)) - before) * 1000) / (result.pairsPerSecond * DURATION)),
            );
            continue;
          }
          const target: autocannon.Options =
            scenario === 'rest'
              ? { url: `${url}/api/books/${await someBookId(url)}` }
              : scenario === 'get' || scenario === '304'
                ? await publicGet(url, scenario === '304')
                : scenario === 'distinct'
                  ? {
                      url: `${url}/graphql`,
                      method: 'POST',
                      headers: { 'content-type': 'application/json' },
                      requests: distinctSearches(terms),
                    }
                  : {
                      url: `${url}/graphql`,
                      method: 'POST',
                      headers: { 'content-type': 'application/json' },
                      body: LIST,
                    };
          await autocannon({ ...target, connections: 50, duration: 1 } as autocannon.Options);
          const measured = await cpuMs(child.pid!);
          const result = await autocannon({ ...target, connections: 50, duration: DURATION } as autocannon.Options);
          if (scenario === '304' && result['3xx'] < result.requests.total)
            console.warn(`${name}: ${result['3xx']} of ${result.requests.total} answers were 304`);
          figures[name].push(Math.round(result.requests.average));
          cpu[name].push(
            Math.round(((((await cpuMs(child.pid!)) - measured) * 1000) / result.requests.total) * 10) / 10,
          );
        }
      } finally {
        for (const { child } of Object.values(gateways)) child.kill('SIGTERM');
      }
    }
    const unit = scenario === 'borrow' ? 'pairs/s' : 'req/s';
    // Each round's A and B ran back to back, so their ratio has less of the machine's drift in it.
    const paired = (xs: Record<'A' | 'B', number[]>) => median(xs.B.map((b, i) => b / xs.A[i]!)).toFixed(2);
    console.log(
      `${scenario} (${unit}): A ${figures.A.join(', ')}; B ${figures.B.join(', ')}; B/A of medians ${(median(figures.B) / median(figures.A)).toFixed(2)}, median B/A of rounds ${paired(figures)}`,
    );
    const per = scenario === 'borrow' ? 'pair' : 'request';
    console.log(
      `${scenario} (gateway CPU µs per ${per}): A ${cpu.A.join(', ')}; B ${cpu.B.join(', ')}; B/A of medians ${(median(cpu.B) / median(cpu.A)).toFixed(2)}, median B/A of rounds ${paired(cpu)}`,
    );
  } finally {
    await store.dispose();
  }
}

await main();
