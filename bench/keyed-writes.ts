// Keyed writes and the gateway's memory: 2,000 writes, each with an idempotency key of its own of the longest
// length accepted (128 characters), borrow and return pairs by 1,000 members over 20 connections, against a
// gateway started with npm start's heap bounds (GATEWAY_FLAGS) on the bench's seeded store. Twice, on a new
// gateway each: the keys passed as variables, and written into the query text (a document of its own per
// write). Reports the gateway's RSS before and after and its peak, against the S5 goal of 200 MB; exits 1
// when a peak is over it. `node bench/keyed-writes.ts` (KEYED_WRITES, KEYED_CONNECTIONS; BENCH_STORE=mongodb).
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { freePort } from '../scripts/lib/ports.ts';
import { createSessionTokens } from '../server/auth/session.ts';
import { benchStore, type BenchStore } from './store.ts';
import { GATEWAY_FLAGS, gatewayEnv, gql, launch, peakRssMb, resetPeakRss, SECRET, SEED } from './load.ts';

const WRITES = Number(process.env.KEYED_WRITES ?? 2000);
const CONNECTIONS = Number(process.env.KEYED_CONNECTIONS ?? 20);
const MEMBERS = 1000;
const RSS_BOUND_MB = 200;

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

/** A key of 128 visible characters, different for every write. */
const key = () => randomBytes(96).toString('base64url');

const FORMS = {
  variables: {
    borrow: (bookId: string, returnDate: string) =>
      gql('mutation B($i: BorrowInput!, $k: String) { borrow(input: $i, idempotencyKey: $k) { record { id } } }', {
        i: { bookId, returnDate },
        k: key(),
      }),
    giveBack: (id: string) =>
      gql('mutation R($id: ID!, $k: String) { returnBook(borrowId: $id, idempotencyKey: $k) { id } }', {
        id,
        k: key(),
      }),
  },
  'in the query text': {
    borrow: (bookId: string, returnDate: string) =>
      gql(
        `mutation { borrow(input: { bookId: "${bookId}", returnDate: "${returnDate}" }, idempotencyKey: "${key()}") { record { id } } }`,
      ),
    giveBack: (id: string) => gql(`mutation { returnBook(borrowId: "${id}", idempotencyKey: "${key()}") { id } }`),
  },
};

async function run(store: BenchStore, books: string[], tokens: string[], form: keyof typeof FORMS) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const gateway = await launch([...GATEWAY_FLAGS, 'server/index.ts'], gatewayEnv(store.env, port), `${url}/healthz`);
  try {
    const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const send = async (token: string, body: string) => {
      const answer = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      return (await answer.json()) as { data?: Record<string, { record?: { id: string }; id?: string } | null> };
    };
    /** One borrow and its return by member n; 1 when either failed. */
    const pair = async (n: number) => {
      const token = tokens[n % MEMBERS]!;
      const borrowed = await send(token, FORMS[form].borrow(books[n % books.length]!, returnDate));
      const id = borrowed.data?.['borrow']?.record?.id;
      if (!id) return 1;
      return (await send(token, FORMS[form].giveBack(id))).data?.['returnBook'] ? 0 : 1;
    };
    // A few pairs first, so the start figure is a gateway that has loaded its write paths.
    for (let n = 0; n < 20; n++) await pair(n);
    const before = await rssMb(gateway.pid!);
    await resetPeakRss(gateway.pid!);
    const started = performance.now();
    let next = 20;
    let failed = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (next < 20 + WRITES / 2) failed += await pair(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [after, peak] = [await rssMb(gateway.pid!), await peakRssMb(gateway.pid!)];
    console.log(
      `${WRITES} keyed writes, keys ${form}, in ${seconds.toFixed(1)} s on ${store.kind} (${failed} pairs failed): ` +
        `gateway RSS ${before} -> ${after} MB, peak ${peak} MB (<= ${RSS_BOUND_MB} MB: ${peak <= RSS_BOUND_MB ? 'met' : 'not met'})`,
    );
    if (peak > RSS_BOUND_MB || failed > 0) process.exitCode = 1;
  } finally {
    gateway.kill('SIGTERM');
  }
}

const store = await benchStore(SEED);
try {
  const db = await store.open();
  const books: string[] = [];
  for await (const book of db.books.all()) {
    if (book.quantity >= 2) books.push(book.id);
    if (books.length === 997) break;
  }
  await db.close();
  const sessions = createSessionTokens(new TextEncoder().encode(SECRET), 3600);
  const tokens = await Promise.all(
    Array.from({ length: MEMBERS }, (_, i) =>
      sessions.issue({ uid: `seed-${SEED.seed}-${i}`, email: `m${i}@example.com`, name: `M ${i}`, role: 'member' }),
    ),
  );
  for (const form of Object.keys(FORMS) as (keyof typeof FORMS)[]) await run(store, books, tokens, form);
} finally {
  await store.dispose();
}
