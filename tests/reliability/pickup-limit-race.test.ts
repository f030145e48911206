// Pickup requests (click and collect, decision 075) under races, on both stores: one member's requests sent at the
// same instant through two gateways never pass the loan limit, their loans and requests counted together. On
// MongoDB the two gateways are two stores on one database, with the adapter's in-process queue off (key-lock.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { openStore } from '../../server/store/open-store.ts';
import type { Store } from '../../server/store/port.ts';
import { createCirculation } from '../../server/library/circulation.ts';
import { createHolds } from '../../server/library/holds.ts';
import { LibraryError } from '../../server/library/errors.ts';
import { DEFAULT_POLICY } from '../../server/library/policy.ts';
import { addDays } from '../../server/library/calendar.ts';

const mongodbUri = inject('mongodbUri');
const ROUNDS = 4;
const BOOKS = 12;
// The hold limit far above the loan limit: only the loan limit stops the requests.
const POLICY = { ...DEFAULT_POLICY, borrowing: 'collect' as const, loanLimit: 3, holdLimit: 50 };

const member = (name: string) => ({
  uid: name,
  email: `${name}@example.com`,
  name: `Member ${name}`,
  role: 'member' as const,
});

type Pair = { a: Store; b: Store; dispose(): Promise<void> };

async function sqlitePair(): Promise<Pair> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-pickup-race-'));
  const [a, b] = [await openStore({ dataDir: dir }), await openStore({ dataDir: dir })];
  return {
    a,
    b,
    async dispose() {
      await a.close();
      await b.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function mongoPair(): Promise<Pair> {
  const db = `pickup_race_${randomBytes(5).toString('hex')}`;
  const open = () => openStore({ dataDir: '/nonexistent', mongodbUri: mongodbUri!, mongodbDb: db });
  const [a, b] = [await open(), await open()];
  return {
    a,
    b,
    async dispose() {
      await a.close();
      await b.close();
      const client = await MongoClient.connect(mongodbUri!);
      await client.db(db).dropDatabase();
      await client.close();
    },
  };
}

function services(store: Store, clock: () => Date) {
  const opts = { timeZone: 'Asia/Dhaka', policy: POLICY, now: clock };
  const holds = createHolds(store, opts);
  return createCirculation(store, { ...opts, waitingFor: holds.waitingFor });
}

async function code(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof LibraryError) return error.code;
    throw error;
  }
}

async function manyRequestsAtOnce(pair: Pair, round: number) {
  let tick = Date.now();
  const clock = () => new Date((tick += 1));
  const [one, two] = [services(pair.a, clock), services(pair.b, clock)];
  const books = await Promise.all(
    Array.from({ length: BOOKS }, (_, i) =>
      pair.a.books.insert({
        title: `Requested ${round}-${i}`,
        author: 'A',
        genre: 'Drama',
        description: 'd',
        image: '/x.svg',
        rating: 4,
        quantity: 1,
      }),
    ),
  );
  const returnDate = addDays(one.window().today, 7);
  const keen = member(`keen-${round}`);
  const outcomes = await Promise.all(
    books.map((book, i) => code((i % 2 === 0 ? one : two).borrow(keen, { bookId: book.id, returnDate }))),
  );
  const tally: Record<string, number> = {};
  for (const outcome of outcomes) tally[outcome] = (tally[outcome] ?? 0) + 1;
  expect(tally, 'requests within the loan limit').toEqual({
    ok: POLICY.loanLimit,
    LOAN_LIMIT: BOOKS - POLICY.loanLimit,
  });
  const open = (await pair.b.holds.listByUser(keen.uid)).filter((h) => h.status === 'ready');
  expect(open).toHaveLength(POLICY.loanLimit);
  // Every copy not requested is still on the open shelf.
  const onShelf = await Promise.all(books.map(async (book) => (await pair.a.books.get(book.id))!.quantity));
  expect(onShelf.filter((q) => q === 1)).toHaveLength(BOOKS - POLICY.loanLimit);
  // A request cancelled frees its place: exactly one more goes ahead.
  const holds = createHolds(pair.a, { timeZone: 'Asia/Dhaka', policy: POLICY, now: clock });
  await holds.cancel(keen, open[0]!.id);
  const rest = books.filter((book) => !open.some((h) => h.bookId === book.id)).slice(0, 4);
  const again = await Promise.all(
    rest.map((book, i) => code((i % 2 === 0 ? one : two).borrow(keen, { bookId: book.id, returnDate }))),
  );
  expect(again.filter((c) => c === 'ok')).toHaveLength(1);
}

const stores: [string, () => Promise<Pair>, string | null][] = [
  ['SQLite', sqlitePair, null],
  ['MongoDB', mongoPair, mongodbUri ? null : (inject('mongoSkipReason') ?? 'no MongoDB-protocol server')],
];

describe.each(stores)('pickup requests under races on %s', (_name, open, skip) => {
  it.skipIf(skip !== null)(
    `keeps one member's requests sent at once within the loan limit${skip ? ` (skipped: ${skip})` : ''}`,
    async () => {
      const pair = await open();
      try {
        for (let round = 0; round < ROUNDS; round++) await manyRequestsAtOnce(pair, round);
      } finally {
        await pair.dispose();
      }
    },
  );
});
