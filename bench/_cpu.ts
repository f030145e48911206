// experiment only
import autocannon from 'autocannon';
import { freePort } from '../scripts/lib/ports.ts';
import { encodeCursor } from '../server/store/ids.ts';
import { cpuMs, GATEWAY_FLAGS, gatewayEnv, gql, launch, SEED } from './load.ts';
import { benchStore } from './store.ts';
const store = await benchStore({ ...SEED, users: 10_000, loans: 20_000 });
const db = await store.open(); const ids: string[] = []; for await (const b of db.books.all()) ids.push(b.id); await db.close();
const PAGE = 'query Page($after: String) { books(first: 20, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id title author genre rating quantity image } } }';
const bodies = ids.map((id) => gql(PAGE, { after: encodeCursor(id) })).sort(() => Math.random() - 0.5);
const variants = JSON.parse(process.env.VARIANTS!) as Record<string, { env?: Record<string, string>; flags?: string[]; entry?: string }>;
const out: Record<string, number[]> = {};
for (let round = 0; round < Number(process.env.ROUNDS ?? 3); round++) for (const [name, v] of Object.entries(variants)) {
  const port = await freePort();
  const child = await launch([...GATEWAY_FLAGS, ...(v.flags ?? []), v.entry ?? 'server/index.ts'], { ...gatewayEnv(store.env, port), ...(v.env ?? {}) }, `http://127.0.0.1:${port}/healthz`, process.env.CWD ?? undefined);
  let n = 0;
  const opts = { url: `http://127.0.0.1:${port}/graphql`, method: 'POST', headers: { 'content-type': 'application/json' }, connections: 50, requests: [{ method: 'POST', setupRequest: (r: any) => ({ ...r, body: bodies[n++ % bodies.length] }) }] } as any;
  await autocannon({ ...opts, duration: 1 });
  const c0 = await cpuMs(child.pid!);
  const r = await autocannon({ ...opts, duration: Number(process.env.SECS ?? 3) });
  const c1 = await cpuMs(child.pid!);
  const us = Math.round(((c1 - c0) * 1000) / r.requests.total);
  (out[name] ??= []).push(us);
  console.log(name, 'round', round, 'req/s', Math.round(r.requests.average), 'cpu µs/req', us);
  await new Promise((res) => { child.once('exit', res); child.kill('SIGTERM'); });
}
for (const [k, v] of Object.entries(out)) console.log(k, 'median', v.sort((a, b) => a - b)[Math.floor(v.length / 2)], v.join(' '));
await store.dispose();
