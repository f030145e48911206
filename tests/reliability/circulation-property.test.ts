// Property: whatever the interleaving of borrows, returns (several of one book at once among them), holds and
// restocks by many members over a few books, stock never goes negative, every copy is on the shelf, on loan or
// set aside for exactly one ready hold, nobody waits while a copy is on the shelf, nobody holds two active
// loans of one book, and every acknowledged borrow has its record. And the same after a crash: the store stops
// mid-sequence (on MongoDB after a random write command, between a step's writes; on SQLite between
// transactions), a fresh store opens the same data and recovers, and the invariants hold again with nothing
// acknowledged lost. Both stores.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { MongoClient } from 'mongodb';
import { describe, expect, inject, it } from 'vitest';
import { openStore } from '../../server/store/open-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { Store } from '../../server/store/port.ts';
import { createCirculation } from '../../server/library/circulation.ts';
import { LibraryError } from '../../server/library/errors.ts';
import { DEFAULT_POLICY } from '../../server/library/policy.ts';
import { addDays } from '../../server/library/calendar.ts';
import { createHolds } from '../../server/library/holds.ts';
import { activeLoan } from '../support/active-loan.ts';
import { expectAllItemsAgree } from '../store/contract/items-agree.ts';

const BOOKS = 3;
const MEMBERS = 5;
const INITIAL = [1, 2, 3];

type Op =
  | { kind: 'borrow' | 'return' | 'renew'; member: number; book: number }
  | { kind: 'restock'; book: number }
  | { kind: 'return-all'; book: number }
  | { kind: 'advance' }
  | { kind: 'pay'; member: number }
  | { kind: 'hold' | 'cancel'; member: number; book: number }
  // Copies as items: a copy scanned at the desk is lent (the store's borrow, with the policy's limits), staff
  // send a copy to repair and bring one back (to the shelf, or to a member waiting).
  | { kind: 'scan'; member: number; book: number; copy: number }
  | { kind: 'repair'; book: number; copy: number }
  | { kind: 'mend'; book: number; copy: number };

// A tight policy so the limit, renewals and fees all come into play among a few members and books.
const POLICY = { ...DEFAULT_POLICY, loanLimit: 2, maxRenewals: 1, lateFeePerDay: 10 };
const DAY = 86_400_000;

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('borrow' as const),
      member: fc.nat(MEMBERS - 1),
      book: fc.nat(BOOKS - 1),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('return' as const),
      member: fc.nat(MEMBERS - 1),
      book: fc.nat(BOOKS - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('restock' as const), book: fc.nat(BOOKS - 1) }) },
  // Every copy of a book out on loan comes back at the same moment, to whoever waits for it.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('return-all' as const), book: fc.nat(BOOKS - 1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('renew' as const),
      member: fc.nat(MEMBERS - 1),
      book: fc.nat(BOOKS - 1),
    }),
  },
  // The library's clock moves three days: loans due in two become late, and returns are charged.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('advance' as const) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('pay' as const), member: fc.nat(MEMBERS - 1) }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constantFrom('hold' as const, 'cancel' as const),
      member: fc.nat(MEMBERS - 1),
      book: fc.nat(BOOKS - 1),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('scan' as const),
      member: fc.nat(MEMBERS - 1),
      book: fc.nat(BOOKS - 1),
      copy: fc.nat(5),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('repair' as const, 'mend' as const),
      book: fc.nat(BOOKS - 1),
      copy: fc.nat(5),
    }),
  },
);

const STAFF = { uid: 'desk', email: 'desk@example.com', name: 'Desk', role: 'admin' as const };

const session = (member: number) => ({
  uid: `member-${member}`,
  email: `m${member}@example.com`,
  name: `Member ${member}`,
  role: 'member' as const,
});

/** What a run expects of each book afterwards: copies owned within [least, most] (a restock cut short by a crash may or may not count). */
interface Tally {
  acknowledged: string[];
  returned: string[];
  held: string[];
  least: number[];
  most: number[];
}

/**
 * Members and books; `queued`: every copy out on loan and every other member waiting for it, so returns
 * (several at once among them) hand copies to queues from the first operation on.
 */
async function setUp(store: Store, queued: boolean) {
  for (let m = 0; m < MEMBERS; m++) await store.users.upsert({ ...session(m), photoURL: null });
  const books = await Promise.all(
    INITIAL.map((quantity, i) =>
      store.books.insert({
        title: `P${i}`,
        author: 'A',
        genre: 'Drama',
        description: 'd',
        image: '/x.svg',
        rating: 4,
        quantity,
      }),
    ),
  );
  if (!queued) return books;
  const holds = createHolds(store, { timeZone: 'Asia/Dhaka', policy: POLICY });
  const circulation = createCirculation(store, { timeZone: 'Asia/Dhaka', policy: POLICY });
  const returnDate = addDays(circulation.window().today, 2);
  // Six copies to five members within the loan limit of two, round the members in turn.
  let next = 0;
  const lent = books.map(() => new Set<number>());
  for (const [i, book] of books.entries()) {
    for (let copy = 0; copy < INITIAL[i]!; copy++) {
      await circulation.borrow(session(next), { bookId: book.id, returnDate });
      lent[i]!.add(next);
      next = (next + 1) % MEMBERS;
    }
  }
  for (const [i, book] of books.entries())
    for (let m = 0; m < MEMBERS; m++) if (!lent[i]!.has(m)) await holds.place(session(m), book.id);
  return books;
}

/**
 * Runs the operations in the order the scheduler picks, interleaved at every await. With `crashed`, errors
 * after the store stopped are the crash's, not bugs.
 */
async function runOps(
  store: Store,
  books: { id: string }[],
  ops: Op[],
  scheduler: fc.Scheduler | 'stepwise',
  crashed: () => boolean = () => false,
  extra: Promise<unknown>[] = [],
): Promise<Tally> {
  let days = 0;
  const start = Date.now();
  const clock = () => new Date(start + days * DAY);
  const holds = createHolds(store, { timeZone: 'Asia/Dhaka', policy: POLICY, now: clock });
  const circulation = createCirculation(store, {
    timeZone: 'Asia/Dhaka',
    policy: POLICY,
    now: clock,
    waitingFor: holds.waitingFor,
  });
  const tally: Tally = { acknowledged: [], returned: [], held: [], least: [...INITIAL], most: [...INITIAL] };
  const giveBack = async (member: number, bookId: string) => {
    const active = await activeLoan(store, session(member).uid, bookId);
    if (active) tally.returned.push((await circulation.giveBack(session(member), active.id)).id);
  };

  const run = async (o: Op) => {
    if (o.kind === 'advance') {
      days += 3;
      await holds.expireDue();
      return;
    }
    if (o.kind === 'pay') {
      const owed = await store.ledger.balance(session(o.member).uid);
      if (owed > 0)
        await circulation.credit(STAFF, 'payment', { uid: session(o.member).uid, amount: owed }).catch((error) => {
          if (!(error instanceof LibraryError)) throw error; // paid meanwhile by another op
        });
      return;
    }
    const book = books[o.book]!;
    if (o.kind === 'scan' || o.kind === 'repair' || o.kind === 'mend') {
      const items = await store.items.listByBook(book.id);
      const item = items[o.copy % Math.max(items.length, 1)];
      if (!item) return;
      if (o.kind === 'repair') {
        // Copies owned may go down by one (not when the copy is out or already in repair).
        tally.least[o.book]! -= 1;
        await store.items.setStatus(item.barcode, 'IN_REPAIR', 'loose pages', clock());
      } else if (o.kind === 'mend') {
        tally.most[o.book]! += 1;
        await store.items.setStatus(item.barcode, 'ON_SHELF', 'mended', clock());
      } else if (o.kind === 'scan') {
        const member = session(o.member);
        const borrowed = await store.loans.checkout(
          {
            bookId: book.id,
            userId: member.uid,
            userName: member.name,
            userEmail: member.email,
            borrowDate: clock(),
            returnDate: new Date(clock().getTime() + 2 * DAY),
            bookTitle: 'P',
            bookAuthor: 'A',
            bookImage: '/x.svg',
            bookCategory: 'Drama',
            itemBarcode: item.barcode,
          },
          { loanLimit: POLICY.loanLimit, maxBalance: 0 },
        );
        if (borrowed.ok) tally.acknowledged.push(borrowed.loan.id);
      }
      return;
    }
    if (o.kind === 'restock') {
      tally.most[o.book]! += 1;
      if ((await store.books.changeStock(book.id, 1)) !== null) tally.least[o.book]! += 1;
      return;
    }
    if (o.kind === 'return-all') {
      const members = Array.from({ length: MEMBERS }, (_, m) => m);
      const settled = await Promise.allSettled(members.map((m) => giveBack(m, book.id)));
      for (const outcome of settled)
        if (outcome.status === 'rejected' && !(outcome.reason instanceof LibraryError)) throw outcome.reason;
      return;
    }
    if (o.kind === 'borrow') {
      const returnDate = addDays(circulation.window().today, 2);
      const { loan } = await circulation.borrow(session(o.member), { bookId: book.id, returnDate });
      // The policy lends at once (BORROWING=instant): every borrow answers its loan.
      if (loan) tally.acknowledged.push(loan.id);
    } else if (o.kind === 'hold') {
      tally.held.push((await holds.place(session(o.member), book.id)).id);
    } else if (o.kind === 'cancel') {
      const open = (await store.holds.queue(book.id)).find((h) => h.userId === session(o.member).uid);
      if (open) await holds.cancel(session(o.member), open.id);
    } else if (o.kind === 'renew') {
      const active = await activeLoan(store, session(o.member).uid, book.id);
      if (active) await circulation.renew(session(o.member), active.id);
    } else {
      await giveBack(o.member, book.id);
    }
  };
  // Stepwise: one operation at a time, and the items invariant holds after every one of them.
  if (scheduler === 'stepwise') {
    for (const o of ops) {
      await run(o).catch((error) => {
        if (!(error instanceof LibraryError)) throw error;
      });
      await expectAllItemsAgree(
        store,
        books.map((book) => book.id),
      );
    }
    return tally;
  }
  // The scheduler decides the order in which the operations start and interleave at every await.
  const started = ops.map((o) =>
    scheduler
      .schedule(Promise.resolve(o.kind))
      .then(() => run(o))
      .catch((error) => {
        // Refusals are fine (no copy, already borrowed, returned meanwhile); anything else is a bug, unless the
        // store was stopped under the operation.
        if (!(error instanceof LibraryError) && !crashed()) throw error;
      }),
  );
  await scheduler.waitAll();
  await Promise.all([...started, ...extra]);
  return tally;
}

/** The invariants of copies, loans and holds, and everything acknowledged still there. */
async function expectConsistent(store: Store, books: { id: string }[], tally: Tally) {
  for (const [i, book] of books.entries()) {
    const { quantity, copies } = (await store.books.get(book.id))!;
    let active = 0;
    for (let m = 0; m < MEMBERS; m++) {
      const loans = (await store.loans.listByUser(session(m).uid)).filter(
        (l) => l.bookId === book.id && l.status === 'borrowed',
      );
      expect(loans.length, 'at most one active loan per member and book').toBeLessThanOrEqual(1);
      active += loans.length;
    }
    expect(quantity).toBeGreaterThanOrEqual(0);
    expect(copies).toBeGreaterThanOrEqual(tally.least[i]!);
    expect(copies).toBeLessThanOrEqual(tally.most[i]!);
    // A copy is on the shelf, on loan, or set aside for exactly one ready hold.
    const queue = await store.holds.queue(book.id);
    const ready = queue.filter((h) => h.status === 'ready').length;
    expect(quantity + active + ready, `book ${i}: shelf + loans + set aside = copies owned`).toBe(copies);
    // Nobody waits while a copy is on the shelf, and the queue is in the order members joined it.
    if (queue.some((h) => h.status === 'waiting')) expect(quantity, `book ${i}: nobody waits by a copy`).toBe(0);
    const waiting = queue.filter((h) => h.status === 'waiting').map((h) => h.createdAt.getTime());
    expect(waiting).toEqual([...waiting].sort((a, b) => a - b));
  }
  for (const id of tally.acknowledged)
    expect(await store.loans.get(id), `acknowledged loan ${id} exists`).not.toBeNull();
  for (const id of tally.returned)
    expect((await store.loans.get(id))?.status, `acknowledged return ${id} stands`).toBe('returned');
  for (const id of tally.held) expect(await store.holds.get(id), `acknowledged hold ${id} exists`).not.toBeNull();
  await checkAccounts(store);
  // Every copy is an item in exactly one state, and loans and ready holds agree with their items.
  await expectAllItemsAgree(
    store,
    books.map((book) => book.id),
  );
}

async function runScenario(store: Store, ops: Op[], scheduler: fc.Scheduler | 'stepwise', queued: boolean) {
  const books = await setUp(store, queued);
  await expectConsistent(store, books, await runOps(store, books, ops, scheduler));
}

/** A store that can be stopped at a point the run picks and opened again on the same data. */
interface CrashTarget {
  /**
   * Opens the store (recovery runs). MongoDB: `onCommand` sees each command before it is sent, and a throw
   * there keeps it from the server.
   */
  open(onCommand?: (name: string) => void): Promise<Store>;
  dispose(): Promise<void>;
  /** MongoDB: the store stops after this many writes (between a step's writes); SQLite: when the scheduler says. */
  byWrites: boolean;
}

const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify']);

/**
 * Runs the operations, stops the store mid-run, opens it again, and checks what recovery left. On MongoDB the
 * stop lets the `atWrite`-th write through and sends nothing after it, as a process killed right then: the
 * operations in flight then fail at their next command, and once they all have, nothing of the stopped store
 * is still on its way to the server when the next one opens.
 */
async function crashScenario(
  target: CrashTarget,
  ops: Op[],
  scheduler: fc.Scheduler,
  atWrite: number,
  queued: boolean,
) {
  let armed = false;
  let stopped = false;
  let writes = 0;
  const store = await target.open((name) => {
    if (stopped) throw new Error('The store stopped');
    if (armed && WRITES.has(name) && (writes += 1) >= atWrite) stopped = true;
  });
  const books = await setUp(store, queued);
  // Writes are counted from here: the stop lands among the operations, never in the setup.
  armed = true;
  let closing: Promise<void> | null = null;
  const extra = target.byWrites
    ? []
    : [
        scheduler.schedule(Promise.resolve('stop')).then(() => {
          stopped = true;
          closing = store.close();
        }),
      ];
  const tally = await runOps(store, books, ops, scheduler, () => stopped, extra);
  stopped = true;
  await (closing ?? store.close());
  const reopened = await target.open();
  try {
    await expectConsistent(reopened, books, tally);
  } finally {
    await reopened.close();
  }
}

/** Every member within the loan limit and renewals, and the ledger agreeing with the loans it charged. */
async function checkAccounts(store: Store) {
  for (let m = 0; m < MEMBERS; m++) {
    const uid = session(m).uid;
    const loans = await store.loans.listByUser(uid);
    expect(loans.filter((l) => l.status === 'borrowed').length, `${uid} within the loan limit`).toBeLessThanOrEqual(
      POLICY.loanLimit,
    );
    for (const loan of loans) expect(loan.renewals).toBeLessThanOrEqual(POLICY.maxRenewals);
    // One late-fee charge per late return, of the fee the loan records; the balance is charges minus
    // payments, never below zero.
    const ledger = await store.ledger.list(uid);
    const charges = ledger.filter((e) => e.kind === 'late-fee');
    expect(charges.map((e) => `${e.loanId}:${e.amount}`).sort()).toEqual(
      loans
        .filter((l) => l.lateFee > 0)
        .map((l) => `${l.id}:${l.lateFee}`)
        .sort(),
    );
    const paid = ledger.filter((e) => e.kind === 'payment').reduce((sum, e) => sum + e.amount, 0);
    const balance = await store.ledger.balance(uid);
    expect(balance).toBe(charges.reduce((sum, e) => sum + e.amount, 0) - paid);
    expect(balance).toBeGreaterThanOrEqual(0);
  }
}

/** 1,000 members borrow the single copy of a book at once: exactly one gets it. */
async function thousandForOneCopy(store: Store) {
  const circulation = createCirculation(store, { timeZone: 'Asia/Dhaka', policy: DEFAULT_POLICY });
  const book = await store.books.insert({
    title: 'Last copy',
    author: 'A',
    genre: 'Drama',
    description: 'd',
    image: '/x.svg',
    rating: 4,
    quantity: 1,
  });
  const returnDate = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
  const outcomes = await Promise.allSettled(
    Array.from({ length: 1000 }, (_, i) => circulation.borrow(session(i), { bookId: book.id, returnDate })),
  );
  const won = outcomes.filter((o) => o.status === 'fulfilled');
  const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
  // Tallied by reason, so a failure names what else a borrower was told.
  const reasons: Record<string, number> = {};
  for (const { reason } of refused) {
    const key = reason instanceof LibraryError ? reason.code : String(reason);
    reasons[key] = (reasons[key] ?? 0) + 1;
  }
  expect(won).toHaveLength(1);
  expect(reasons).toEqual({ OUT_OF_STOCK: 999 });
  expect((await store.books.get(book.id))?.quantity).toBe(0);
}

function propertyOn(
  open: () => Promise<{ store: Store; dispose(): Promise<void> }>,
  numRuns: number,
  stepwise = false,
) {
  return fc.assert(
    fc.asyncProperty(
      fc.array(op, { minLength: 5, maxLength: 40 }),
      fc.scheduler(),
      fc.boolean(),
      async (ops, scheduler, queued) => {
        const { store, dispose } = await open();
        try {
          await runScenario(store, ops, stepwise ? 'stepwise' : scheduler, queued);
        } finally {
          await dispose();
        }
      },
    ),
    { numRuns, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
  );
}

/** As propertyOn, stopping the store at a random point of each run and recovering (see crashScenario). */
function crashPropertyOn(target: () => Promise<CrashTarget>, numRuns: number) {
  return fc.assert(
    fc.asyncProperty(
      // Long enough that the stop lands among returns to members waiting, as often as not mid-way.
      fc.array(op, { minLength: 15, maxLength: 40 }),
      fc.scheduler(),
      fc.integer({ min: 1, max: 80 }),
      fc.boolean(),
      async (ops, scheduler, atWrite, queued) => {
        const t = await target();
        try {
          await crashScenario(t, ops, scheduler, atWrite, queued);
        } finally {
          await t.dispose();
        }
      },
    ),
    { numRuns, seed: Number(process.env.FC_SEED ?? Date.now() % 2 ** 31) },
  );
}

async function sqliteTarget(): Promise<CrashTarget> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-prop-crash-'));
  return {
    byWrites: false,
    open: () => openStore({ dataDir: dir }),
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

function mongoTarget(uri: string) {
  return async (): Promise<CrashTarget> => {
    const db = `prop_crash_${randomBytes(5).toString('hex')}`;
    return {
      byWrites: true,
      open: (onCommand) => openMongoStore(uri, db, onCommand ? { onCommand: (e) => onCommand(e.commandName) } : {}),
      async dispose() {
        const client = await MongoClient.connect(uri);
        await client.db(db).dropDatabase();
        await client.close();
      },
    };
  };
}

describe('circulation under random interleavings', () => {
  it('recovers consistent stock, loans and holds after a stop at any point on SQLite', async () => {
    await crashPropertyOn(sqliteTarget, 40);
  }, 120_000);

  it('keeps stock and loans consistent on SQLite', async () => {
    await propertyOn(async () => {
      const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-prop-'));
      const store = await openStore({ dataDir: dir });
      return { store, dispose: async () => (await store.close(), await rm(dir, { recursive: true, force: true })) };
    }, 60);
  }, 120_000);

  it('keeps every copy an item in exactly one state, agreeing with loans and holds, after every step on SQLite', async () => {
    await propertyOn(
      async () => {
        const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-prop-steps-'));
        const store = await openStore({ dataDir: dir });
        return { store, dispose: async () => (await store.close(), await rm(dir, { recursive: true, force: true })) };
      },
      30,
      true,
    );
  }, 120_000);

  it('gives the last copy to exactly one of 1,000 concurrent borrowers on SQLite', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bookhaven-thousand-'));
    const store = await openStore({ dataDir: dir });
    try {
      await thousandForOneCopy(store);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  const mongo = inject('mongodbUri');
  it.skipIf(!mongo)(
    `gives the last copy to exactly one of 1,000 concurrent borrowers on MongoDB${mongo ? '' : ' (skipped: no MongoDB-protocol server)'}`,
    async () => {
      const db = `thousand_${randomBytes(5).toString('hex')}`;
      const store = await openStore({ dataDir: '/nonexistent', mongodbUri: mongo!, mongodbDb: db });
      try {
        await thousandForOneCopy(store);
      } finally {
        await store.close();
        const client = await MongoClient.connect(mongo!);
        await client.db(db).dropDatabase();
        await client.close();
      }
    },
    120_000,
  );

  it.skipIf(!mongo)(
    `keeps stock and loans consistent on MongoDB${mongo ? '' : ' (skipped: no MongoDB-protocol server)'}`,
    async () => {
      await propertyOn(async () => {
        const db = `prop_${randomBytes(5).toString('hex')}`;
        const store = await openStore({ dataDir: '/nonexistent', mongodbUri: mongo!, mongodbDb: db });
        return {
          store,
          dispose: async () => {
            await store.close();
            const client = await MongoClient.connect(mongo!);
            await client.db(db).dropDatabase();
            await client.close();
          },
        };
      }, 15);
    },
    180_000,
  );

  it.skipIf(!mongo)(
    `recovers consistent stock, loans and holds after a stop between any two writes on MongoDB${mongo ? '' : ' (skipped: no MongoDB-protocol server)'}`,
    async () => {
      await crashPropertyOn(mongoTarget(mongo!), 15);
    },
    240_000,
  );

  it.skipIf(!mongo)(
    `keeps every copy an item in exactly one state after every step on MongoDB${mongo ? '' : ' (skipped: no MongoDB-protocol server)'}`,
    async () => {
      await propertyOn(
        async () => {
          const db = `prop_steps_${randomBytes(5).toString('hex')}`;
          const store = await openStore({ dataDir: '/nonexistent', mongodbUri: mongo!, mongodbDb: db });
          return {
            store,
            dispose: async () => {
              await store.close();
              const client = await MongoClient.connect(mongo!);
              await client.db(db).dropDatabase();
              await client.close();
            },
          };
        },
        10,
        true,
      );
    },
    180_000,
  );
});
