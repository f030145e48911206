// experiment only (not committed)
import { freePort } from '../scripts/lib/ports.ts';
import { createSessionTokens } from '../server/auth/session.ts';
import { loadConfig } from '../server/config.ts';
import { createGateway } from '../server/gateway.ts';
import { encodeCursor } from '../server/store/ids.ts';
import { GATEWAY_FLAGS, gatewayEnv, gql, launch, paced, SECRET, SEED } from './load.ts';
import { searchRequest, searchTerms } from './search-terms.ts';
import { benchStore } from './store.ts';
const SIZE = { ...SEED, users: 10_000, loans: 20_000 };
const store = await benchStore(SIZE);
{
  const config = loadConfig({ ...store.env, SESSION_SECRET: SECRET, LOG_LEVEL: 'silent' });
  const verifier = { verify: () => Promise.reject(new Error('x')), close: async () => {} };
  const g = await createGateway(config, { verifier, logger: false, schedule: false });
  await g.library.holds.expireDue();
  console.log('notices', await g.library.notices.sweep());
  await g.close();
}
const port = await freePort();
const extra = (process.env.PROBE_FLAGS ?? '').split(' ').filter(Boolean);
const child = await launch(
  [...GATEWAY_FLAGS, ...extra, '--import', '/tmp/probe/probe.mjs', 'server/index.ts'],
  { ...gatewayEnv(store.env, port), PROBE_FILE: process.env.PROBE_FILE ?? '/tmp/probe/log.txt' },
  `http://127.0.0.1:${port}/healthz`,
);
const db = await store.open();
const ids: string[] = [];
const spare: string[] = [];
for await (const b of db.books.all()) {
  ids.push(b.id);
  if (b.quantity >= 2) spare.push(b.id);
}
await db.close();
const PAGE =
  'query Page($after: String) { books(first: 20, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { id title author genre rating quantity image } } }';
const BOOK =
  'query Book($id: ID!) { book(id: $id) { id title author genre description rating quantity copies image } }';
const MINE =
  'query Mine { me { id name balance unreadNoticeCount loans { id bookTitle dueDate status overdueDays fee canRenew renewBlockedReason } notices(first: 10) { totalCount nodes { id message link read createdAt } } } }';
const terms = await searchTerms(store);
const searches = terms.map(searchRequest);
const sessions = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
const readers = await Promise.all(
  Array.from({ length: 3000 }, (_, i) => {
    const uid = `seed-${SIZE.seed}-${i + 1}`;
    return sessions.issue({ uid, email: `${uid}@example.com`, name: 'M', role: 'member' });
  }),
);
const reads: string[] = [];
for (let i = 0; i < 20000; i++) {
  const r = (i * 7919) % ids.length;
  reads.push(
    i % 3 === 0
      ? gql(PAGE, { after: encodeCursor(ids[r]!) })
      : i % 3 === 1
        ? gql(BOOK, { id: ids[r]! })
        : searches[i % searches.length]!,
  );
}
const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
for (const rate of (process.env.RATES ?? '400,800').split(',').map(Number)) {
  await paced(`S5 ${rate}`, {
    url: `http://127.0.0.1:${port}/graphql`,
    connections: 200,
    rate,
    bodies: [],
    rssOf: child.pid,
    mix: {
      reads,
      mine: gql(MINE),
      readers,
      borrowers: readers.slice(0, 1000),
      books: spare.slice(0, 5000),
      returnDate,
      seed: 2010 + rate,
    },
  });
}
{
  const { readFileSync } = await import('node:fs');
  console.log(
    readFileSync(`/proc/${child.pid}/status`, 'utf8')
      .split('\n')
      .filter((l) => /^(VmHWM|VmRSS|RssAnon|RssFile|RssShmem|Threads)/.test(l))
      .join('\n'),
  );
  const sm = readFileSync(`/proc/${child.pid}/smaps`, 'utf8');
  const agg = new Map();
  let name = '';
  for (const l of sm.split('\n')) {
    const h = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(l);
    if (h) {
      name = h[1] || '[anon]';
      continue;
    }
    const r = /^Rss:\s+(\d+)/.exec(l);
    if (r) agg.set(name, (agg.get(name) ?? 0) + Number(r[1]));
  }
  console.log(
    [...agg]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([n, k]) => `${(k / 1024).toFixed(1)} MB ${n}`)
      .join('\n'),
  );
}
child.kill('SIGTERM');
await store.dispose();
