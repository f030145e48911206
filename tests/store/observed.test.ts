// The store's revision, which every public read's ETag is derived from, must move on every write. It fails
// closed: every method of the port that is not declared a read counts as a write. This walks every method of
// every part of each real adapter, so a write method added to the port is covered without being listed.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { MongoClient } from 'mongodb';
import {
  ELSEWHERE_POLL_MS,
  observeWrites,
  READS,
  UNSEEN_PARTS,
  UNSEEN_WRITES_MS,
} from '../../server/store/observed.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { BookStore, Store } from '../../server/store/port.ts';
import { bookFields, newLoan, profile } from './contract/harness.ts';

type Opened = { store: Store; dispose(): Promise<void> };
const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

async function sqlite(dir?: string): Promise<Opened & { dir: string }> {
  const at = dir ?? (await mkdtemp(join(tmpdir(), 'bookhaven-observed-')));
  const store = await openSqliteStore(join(at, 'bookhaven.db'));
  return {
    dir: at,
    store,
    dispose: async () => {
      await store.close();
      if (!dir) await rm(at, { recursive: true, force: true });
    },
  };
}

async function mongo(dbName = `bh_observed_${process.pid}_${Date.now().toString(36)}`): Promise<Opened> {
  const store = await openMongoStore(mongoUri!, dbName);
  return {
    store,
    async dispose() {
      await store.close();
      const client = await MongoClient.connect(mongoUri!, { serverSelectionTimeoutMS: 5_000 });
      try {
        await client.db(dbName).dropDatabase();
      } finally {
        await client.close();
      }
    },
  };
}

/** [part, method] for every method of every part of a store (own or inherited). */
function everyMethod(store: Store): [string, string, (...args: unknown[]) => unknown][] {
  const found: [string, string, (...args: unknown[]) => unknown][] = [];
  for (const [part, value] of Object.entries(store)) {
    if (!value || typeof value !== 'object' || (UNSEEN_PARTS as readonly string[]).includes(part)) continue;
    const names = new Set<string>();
    for (
      let o: object | null = value as object;
      o && o !== Object.prototype;
      o = Object.getPrototypeOf(o) as object | null
    ) {
      for (const name of Object.getOwnPropertyNames(o)) if (name !== 'constructor') names.add(name);
    }
    for (const name of names) {
      const fn = (value as Record<string, unknown>)[name];
      if (typeof fn === 'function') found.push([part, name, fn as (...args: unknown[]) => unknown]);
    }
  }
  return found;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const adapters: [string, () => Promise<Opened>][] = [['SQLite', () => sqlite()]];
if (mongoUri) adapters.push(['MongoDB', () => mongo()]);

/** Argument lists that make each method of the port do real work on `bookId` (the rest fail and are caught). */
const argumentsFor = (bookId: string): unknown[][] => [
  [bookId, bookFields({ title: 'Changed' }), 1],
  [newLoan(bookId)],
  [profile()],
  [[bookFields()]],
  [[{ name: 'Drama', image: '/x.jpg', description: 'Plays' }]],
];

async function settle(result: unknown): Promise<void> {
  if (result && typeof (result as Promise<unknown>).then === 'function')
    await (result as Promise<unknown>).catch(() => {});
  else if (result && Symbol.asyncIterator in (result as object))
    for await (const _ of result as AsyncIterable<unknown>) break;
}

describe.each(adapters)('the revision of a %s store', (name, open) => {
  it('moves after every method that is not declared a read, and after no read; declared reads commit nothing', async () => {
    const opened = await open();
    cleanups.push(opened.dispose);
    // On SQLite another connection to the file sees any commit (data_version): a read that writes is caught.
    const watcher = name === 'SQLite' ? await sqlite((opened as Opened & { dir: string }).dir) : null;
    if (watcher) cleanups.push(watcher.dispose);
    // A still clock: only writes may move the revision here.
    const observed = observeWrites(opened.store, { now: () => 0 });
    const book = await observed.books.insert(bookFields());
    const methods = everyMethod(opened.store);
    // Every declared read is a method the adapter has: a renamed read would otherwise count as a write silently.
    for (const [part, reads] of Object.entries(READS)) {
      for (const read of reads)
        expect(
          methods.some(([p, m]) => p === part && m === read),
          `${part}.${read}`,
        ).toBe(true);
    }
    const writes: string[] = [];
    const moved: string[] = [];
    const committed: string[] = [];
    for (const [part, method] of methods) {
      const isRead = (READS as Record<string, readonly string[]>)[part]?.includes(method) ?? false;
      if (!isRead) writes.push(`${part}.${method}`);
      const call = (observed as unknown as Record<string, Record<string, (...args: unknown[]) => unknown>>)[part]![
        method
      ]!;
      for (const args of argumentsFor(book.id)) {
        const before = observed.revision();
        const seenBefore = watcher?.store.writesElsewhere?.();
        // A write that fails still counts: it may have done part of its work.
        await settle(call(...args));
        if (observed.revision() !== before) moved.push(`${part}.${method}`);
        if (isRead && watcher && watcher.store.writesElsewhere?.() !== seenBefore) committed.push(`${part}.${method}`);
      }
    }
    expect(writes.length).toBeGreaterThan(5);
    expect([...new Set(moved)].sort()).toEqual(writes.sort());
    expect(moved.length).toBe(writes.length * argumentsFor(book.id).length);
    expect(committed).toEqual([]);
  });

  it('leaves the revision alone when a lease is taken, renewed or released (no answer shows one)', async () => {
    const opened = await open();
    cleanups.push(opened.dispose);
    const observed = observeWrites(opened.store, { now: () => 0 });
    const before = observed.revision();
    expect(await observed.leases.acquire('schedule', 'a', new Date(0), 1_000)).toBe(true);
    expect(await observed.leases.acquire('schedule', 'a', new Date(500), 1_000)).toBe(true);
    await observed.leases.release('schedule', 'a');
    expect(observed.revision()).toBe(before);
  });

  it('counts a write method the port did not have when the list of reads was written', async () => {
    const opened = await open();
    cleanups.push(opened.dispose);
    const books = Object.assign(Object.create(opened.store.books) as BookStore, { discard: async () => 0 });
    // A clock that stands still: on MongoDB the revision also moves every UNSEEN_WRITES_MS of the real one, which
    // could pass between the two reads below (the clean-clone run failed so once, 1.25 -> 1.26).
    const observed = observeWrites(
      {
        ...opened.store,
        kind: opened.store.kind,
        ping: () => opened.store.ping(),
        close: () => opened.store.close(),
        books,
      } as Store,
      { now: () => 0 },
    );
    const before = observed.revision();
    await (observed.books as unknown as { discard(): Promise<number> }).discard();
    expect(observed.revision()).not.toBe(before);
    const again = observed.revision();
    await observed.books.count();
    expect(observed.revision()).toBe(again);
  });

  it('times every call that answers a promise, reads and writes, failed or not (the /metrics store latency)', async () => {
    const opened = await open();
    cleanups.push(opened.dispose);
    const calls: [string, number, boolean][] = [];
    let clock = 0;
    // Each reading of the clock moves it 2 ms: a call that settles reads it twice, so takes 2 ms.
    const observed = observeWrites(opened.store, {
      now: () => (clock += 2),
      onCall: (operation, seconds, failed) => calls.push([operation, seconds, failed]),
    });
    const book = await observed.books.insert(bookFields());
    await observed.books.get(book.id);
    await observed.loans.countActive();
    await settle(observed.loans.checkin('not-an-id', new Date()));
    await settle(observed.books.list({}, { first: 1, after: 'not a cursor' }));
    expect(calls).toEqual([
      ['books.insert', 0.002, false],
      ['books.get', 0.002, false],
      ['loans.countActive', 0.002, false],
      ['loans.checkin', 0.002, false],
      ['books.list', 0.002, true],
    ]);
  });

  it('never repeats across a restart (a new wrapper over the same data)', async () => {
    const opened = await open();
    cleanups.push(opened.dispose);
    expect(observeWrites(opened.store).revision()).not.toBe(observeWrites(opened.store).revision());
  });
});

describe('writes the store is not told about', () => {
  it("SQLite: another connection's commit moves the revision once the poll interval has passed", async () => {
    const a = await sqlite();
    cleanups.push(a.dispose);
    const b = await sqlite(a.dir);
    cleanups.push(b.dispose);
    let clock = 1000;
    const observed = observeWrites(a.store, { now: () => clock });
    const book = await observed.books.insert(bookFields());
    const before = observed.revision();
    await b.store.books.changeStock(book.id, -1);
    // Asked at most every ELSEWHERE_POLL_MS; this process's own writes are seen at once.
    expect(observed.revision()).toBe(before);
    clock += ELSEWHERE_POLL_MS;
    const afterElsewhere = observed.revision();
    expect(afterElsewhere).not.toBe(before);
    await observed.books.changeStock(book.id, 1);
    expect(observed.revision()).not.toBe(afterElsewhere);
  });

  it.skipIf(!mongoUri)(
    "MongoDB: another gateway's writes are unseen, so the revision moves every UNSEEN_WRITES_MS",
    async () => {
      const opened = await mongo();
      cleanups.push(opened.dispose);
      let clock = 0;
      const observed = observeWrites(opened.store, { now: () => clock });
      const before = observed.revision();
      clock += UNSEEN_WRITES_MS - 1;
      expect(observed.revision()).toBe(before);
      clock += 1;
      expect(observed.revision()).not.toBe(before);
    },
  );
});
