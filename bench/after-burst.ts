// `node bench/after-burst.ts [quiet seconds, 40]`: what the gateway gives back once a burst is over (decision 097).
// S4's request (a member's loans and notices, each request another member) at 50 connections for BENCH_DURATION
// seconds, then nothing: the gateway's RSS from /proc at the end of the load and every 2 s of the quiet after it.
// BENCH_NODE_FLAGS gives the gateway other flags, as in every bench; the JSON lands in bench/results/.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { freePort } from '../scripts/lib/ports.ts';
import { conditions, describe, ended } from './conditions.ts';
import { GATEWAY_FLAGS, gatewayEnv, gql, launch, load, memberTokens, ROOT, stop } from './load.ts';
import { inTurn, MINE, prepared } from './scenarios.ts';

const quietSeconds = Number(process.argv[2] ?? 40);

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function main() {
  const under = conditions();
  const store = await prepared();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = await launch([...GATEWAY_FLAGS, 'server/index.ts'], gatewayEnv(store.env, port), `${url}/healthz`);
  const pid = gateway.pid!;
  try {
    const tokens = await memberTokens(2000);
    const row = await load('burst', { rssOf: pid, url: `${url}/graphql`, requests: inTurn([gql(MINE)], tokens) });
    const atEnd = await rssMb(pid);
    const quiet: { seconds: number; rssMb: number }[] = [];
    const started = performance.now();
    for (let seconds = 2; seconds <= quietSeconds; seconds += 2) {
      await new Promise((resolve) => setTimeout(resolve, started + seconds * 1000 - performance.now()));
      quiet.push({ seconds, rssMb: await rssMb(pid) });
    }
    const lowest = quiet.reduce((a, b) => (b.rssMb < a.rssMb ? b : a), { seconds: 0, rssMb: atEnd });
    console.log(`\nConditions: ${describe(ended(under))}`);
    console.log(`Heap flags: ${GATEWAY_FLAGS.join(' ')}`);
    console.log(`RSS at the end of the burst: ${atEnd} MB (peak ${row.rssMb} MB)`);
    console.log(`Quiet: ${quiet.map((q) => `${q.seconds} s ${q.rssMb}`).join(', ')}`);
    console.log(`Lowest: ${lowest.rssMb} MB, ${lowest.seconds} s after the burst`);
    const results = path.join(ROOT, 'bench', 'results');
    await mkdir(results, { recursive: true });
    const file = path.join(results, `${new Date().toISOString().replaceAll(':', '-')}-after-burst.json`);
    await writeFile(
      file,
      JSON.stringify(
        { conditions: ended(under), flags: GATEWAY_FLAGS, burst: row, atEndMb: atEnd, quiet, lowest },
        null,
        2,
      ),
    );
    console.log(path.relative(ROOT, file));
  } finally {
    await stop(gateway);
    await store.dispose();
  }
}

await main();
