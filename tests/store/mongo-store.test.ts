// What only the MongoDB adapter promises: openStore picks it for a URI, seeding works, and an outage fails fast.
import { describe, expect, inject, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import { openStore } from '../../server/store/open-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import { seedIfEmpty } from '../../server/store/seed/seed-if-empty.ts';
import { SEED_BOOKS } from '../../server/store/seed/books.ts';
import { NO_LOCK } from '../../server/store/mongo/key-lock.ts';
import { loanSteps } from '../../server/store/mongo/loan-steps.ts';
import type { BookDoc, LoanDoc } from '../../server/store/mongo/documents.ts';
import { auditDocs, type AuditDoc } from '../../server/store/mongo/audit.ts';

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe('MongoDB store without a server', () => {
  it('rejects within seconds when nothing answers, instead of hanging', async () => {
    const started = Date.now();
    await expect(openMongoStore('mongodb://127.0.0.1:9/', 'bookhaven_unreachable')).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(9_000);
  }, 15_000);
});

describe.runIf(mongoUri)('MongoDB store with a server', () => {
  const uri = mongoUri ?? '';
  const dbName = `bh_mongo_store_${process.pid}_${Date.now().toString(36)}`;

  it('is what openStore opens for a URI, seeds once, and stops answering pings once closed', async () => {
    const store = await openStore({ dataDir: '/nonexistent', mongodbUri: uri, mongodbDb: dbName });
    try {
      expect(store.kind).toBe('mongodb');
      expect(await seedIfEmpty(store)).toEqual({ categories: 9, books: SEED_BOOKS.length, closures: 14 });
      expect(await seedIfEmpty(store)).toEqual({ categories: 0, books: 0, closures: 0 });
      const client = await MongoClient.connect(uri);
      try {
        const names = (await client.db(dbName).listCollections().toArray()).map((c) => c.name).sort();
        expect(names).toEqual([
          'accounts',
          'audit',
          // Which back-fills have run (anonymous-audit-backfill.ts).
          'backfills',
          'books',
          'borrowedBooks',
          'categories',
          'closures',
          'counters',
          'endedSessions',
          'holds',
          'items',
          'ledger',
          'memberHolds',
          'memberNotes',
          'notices',
          'openingHours',
          'requests',
          'suggestions',
          'users',
        ]);
        const loanIndexes = await client.db(dbName).collection('borrowedBooks').indexes();
        expect(loanIndexes.find((i) => i.name === 'active_key_unique')?.unique).toBe(true);
      } finally {
        await client.db(dbName).dropDatabase();
        await client.close();
      }
    } finally {
      await store.close();
    }
    await expect(store.ping()).rejects.toThrow();
  });

  it('migrates data from before the circulation policy without losing a loan', async () => {
    const name = `${dbName}_migrate`;
    const client = await MongoClient.connect(uri);
    try {
      const db = client.db(name);
      const bookOid = new ObjectId();
      const now = new Date();
      // A book with one copy on the shelf and two out, as the earlier gateway wrote it (no copies, version).
      await db.collection('books').insertOne({
        _id: bookOid,
        title: 'Old',
        author: 'A',
        genre: 'Drama',
        description: 'd',
        image: '/x.svg',
        rating: 4,
        quantity: 1,
        searchKey: 'old\u001fa',
        loansOut: [],
        createdAt: now,
        updatedAt: now,
      });
      const loanIds = [new ObjectId(), new ObjectId()];
      await db.collection('borrowedBooks').insertMany(
        loanIds.map((_id, i) => ({
          _id,
          bookId: bookOid.toHexString(),
          userId: 'u1',
          userName: 'U',
          userEmail: 'u@example.com',
          borrowDate: now,
          returnDate: now,
          returnedAt: null,
          status: 'borrowed',
          activeKey: `u1:${i}`,
          bookTitle: 'Old',
          bookAuthor: 'A',
          bookImage: '/x.svg',
          bookCategory: 'Drama',
        })),
      );
      await db
        .collection('books')
        .updateOne({ _id: bookOid }, { $set: { loansOut: loanIds.map((id) => id.toHexString()) } });
      const store = await openStore({ dataDir: '/nonexistent', mongodbUri: uri, mongodbDb: name });
      try {
        expect(await store.books.get(bookOid.toHexString())).toMatchObject({ quantity: 1, copies: 3, version: 0 });
        expect(await store.loans.get(loanIds[0]!.toHexString())).toMatchObject({ status: 'borrowed', renewals: 0 });
        // The member's two loans count against the limit.
        const other = await store.books.insert({ ...bookFieldsFor('Another'), quantity: 1 });
        const limited = await store.loans.checkout(
          { ...loanFor(other.id), userId: 'u1' },
          { loanLimit: 2, maxBalance: 0 },
        );
        expect(limited).toEqual({ ok: false, reason: 'loan-limit' });
        expect(await store.loans.checkin(loanIds[0]!.toHexString(), new Date())).toMatchObject({
          ok: true,
          quantity: 2,
        });
        expect(
          (await store.loans.checkout({ ...loanFor(other.id), userId: 'u1' }, { loanLimit: 2, maxBalance: 0 })).ok,
        ).toBe(true);
      } finally {
        await store.close();
      }
    } finally {
      await client.db(name).dropDatabase();
      await client.close();
    }
  });

  it('reopens an existing database and keeps its data (a gateway restart)', async () => {
    const reopened = `${dbName}_reopen`;
    const first = await openStore({ dataDir: '/nonexistent', mongodbUri: uri, mongodbDb: reopened });
    const book = await first.books.insert({
      title: 'Kept',
      author: 'A',
      genre: 'Drama',
      description: 'd',
      image: '/x.svg',
      rating: 4,
      quantity: 2,
    });
    await first.close();
    const second = await openStore({ dataDir: '/nonexistent', mongodbUri: uri, mongodbDb: reopened });
    try {
      expect((await second.books.get(book.id))?.title).toBe('Kept');
      const checkout = await second.loans.checkout({
        bookId: book.id,
        userId: 'u',
        userName: 'U',
        userEmail: 'u@example.com',
        borrowDate: new Date(),
        returnDate: new Date(),
        bookTitle: 'Kept',
        bookAuthor: 'A',
        bookImage: '/x.svg',
        bookCategory: 'Drama',
      });
      expect(checkout).toMatchObject({ ok: true, quantity: 1 });
    } finally {
      const client = await MongoClient.connect(uri);
      await client.db(reopened).dropDatabase();
      await client.close();
      await second.close();
    }
  });

  /** A book with one copy and a pending loan for it, in a database of its own, for one race between gateways. */
  async function pendingBorrow(
    name: string,
    run: (db: {
      books: Collection<BookDoc>;
      loans: Collection<LoanDoc>;
      bookOid: ObjectId;
      pending: LoanDoc;
      steps: ReturnType<typeof loanSteps>;
      audit: Collection<AuditDoc>;
    }) => Promise<void>,
  ) {
    const client = await MongoClient.connect(uri);
    try {
      const db = client.db(`${dbName}_${name}`);
      const books = db.collection<BookDoc>('books');
      const loans = db.collection<LoanDoc>('borrowedBooks');
      const bookOid = new ObjectId();
      const now = new Date();
      await books.insertOne({
        _id: bookOid,
        title: 'T',
        author: 'A',
        genre: 'Drama',
        description: 'd',
        image: '/x.svg',
        rating: 4,
        quantity: 1,
        searchKey: 't a',
        loansOut: [],
        createdAt: now,
        updatedAt: now,
      });
      const pending: LoanDoc = {
        _id: new ObjectId(),
        bookId: bookOid.toHexString(),
        userId: 'u',
        userName: 'U',
        userEmail: 'u@example.com',
        borrowDate: now,
        returnDate: now,
        returnedAt: null,
        status: 'pending',
        activeKey: `u:${bookOid.toHexString()}`,
        bookTitle: 'T',
        bookAuthor: 'A',
        bookImage: '/x.svg',
        bookCategory: 'Drama',
      };
      await loans.insertOne(pending);
      const steps = loanSteps(
        {
          books,
          loans,
          accounts: db.collection('accounts'),
          ledger: db.collection('ledger'),
          holds: db.collection('holds'),
          memberHolds: db.collection('memberHolds'),
          items: db.collection('items'),
          counters: db.collection('counters'),
          audit: db.collection('audit'),
        },
        NO_LOCK,
      );
      await run({ books, loans, bookOid, pending, steps, audit: db.collection<AuditDoc>('audit') });
    } finally {
      await client.db(`${dbName}_${name}`).dropDatabase();
      await client.close();
    }
  }

  it('gives the copy back when another gateway recovering on start dropped the pending borrow first', async () => {
    // Gateway B starts while A is between a borrow's first write (the pending loan) and its second (taking
    // the copy); the book has no copy then, so B's recovery drops the loan. A copy comes back, A takes it for
    // a loan that no longer exists: A must return it and refuse the borrow, or the copy is lost for good.
    await pendingBorrow('dropped', async ({ books, loans, bookOid, pending, steps }) => {
      await loans.deleteOne({ _id: pending._id, status: 'pending' }); // what B's recovery did
      expect(await steps.finishBorrow(pending, 5)).toBeNull();
      expect(await books.findOne({ _id: bookOid })).toMatchObject({ quantity: 1, loansOut: [] });
      expect(await loans.countDocuments({})).toBe(0);
    });
  });

  it('settles a failed borrow without undoing a loan that another gateway recovering on start confirmed', async () => {
    // A's borrow took the copy and then failed; before A settles it, B's recovery confirms the loan. Giving
    // the copy back now would leave a standing loan with no copy, so the book could be lent twice.
    await pendingBorrow('confirmed', async ({ books, loans, bookOid, pending, steps }) => {
      expect(await steps.finishBorrow(pending, 5)).toMatchObject({ quantity: 0 }); // B's recovery: takes the copy, confirms the loan
      await steps.settleBorrow(pending); // A, settling its failed borrow
      expect(await books.findOne({ _id: bookOid })).toMatchObject({
        quantity: 0,
        loansOut: [pending._id.toHexString()],
      });
      expect(await loans.findOne({ _id: pending._id })).toMatchObject({ status: 'borrowed' });
    });
    // And a failed borrow that never took the copy leaves nothing behind.
    await pendingBorrow('untaken', async ({ books, loans, bookOid, pending, steps }) => {
      await steps.settleBorrow(pending);
      expect(await books.findOne({ _id: bookOid })).toMatchObject({ quantity: 1, loansOut: [] });
      expect(await loans.countDocuments({})).toBe(0);
    });
  });

  it("writes a standing borrow's audit entries once, however often its steps run; none if dropped", async () => {
    const entries = auditDocs([
      {
        at: new Date(),
        actorUid: 'staff',
        actorName: 'Desk',
        api: 'graphql',
        action: 'check-out',
        field: 'item',
        oldValue: null,
        newValue: 'BH00000018',
        bookId: null,
        uid: 'u',
      },
    ]);
    // The borrow stands: its live step and a recovery both finish it, and its entry is written once.
    await pendingBorrow('audited', async ({ loans, pending, steps, audit }) => {
      const left = { ...pending, audit: entries };
      await loans.updateOne({ _id: pending._id }, { $set: { audit: entries } });
      expect(await steps.finishBorrow(left, 5)).toMatchObject({ quantity: 0 });
      await steps.settleBorrow(left);
      expect(await audit.find({}).toArray()).toEqual(entries);
      expect(await loans.findOne({ _id: pending._id })).not.toHaveProperty('audit');
    });
    // A borrow that never took its copy is dropped with its entries unwritten.
    await pendingBorrow('audit-dropped', async ({ loans, pending, steps, audit }) => {
      await loans.updateOne({ _id: pending._id }, { $set: { audit: entries } });
      await steps.settleBorrow({ ...pending, audit: entries });
      expect(await loans.countDocuments({})).toBe(0);
      expect(await audit.countDocuments({})).toBe(0);
    });
  });

  it("makes holds agree with the books after a gateway stopped between a hold's two writes", async () => {
    const name = `${dbName}_holds_recover`;
    const client = await MongoClient.connect(uri);
    try {
      const db = client.db(name);
      const store = await openStore({ dataDir: '/nonexistent', mongodbUri: uri, mongodbDb: name });
      const book = await store.books.insert({ ...bookFieldsFor('Held'), quantity: 1 });
      await store.loans.checkout({ ...loanFor(book.id), userId: 'a' });
      const waiting = await store.holds.place(
        {
          bookId: book.id,
          userId: 'b',
          userName: 'B',
          userEmail: 'b@example.com',
          bookTitle: 'Held',
          createdAt: new Date(),
        },
        { holdLimit: 5 },
      );
      const cancelled = await store.holds.place(
        {
          bookId: book.id,
          userId: 'c',
          userName: 'C',
          userEmail: 'c@example.com',
          bookTitle: 'Held',
          createdAt: new Date(),
        },
        { holdLimit: 5 },
      );
      await store.close();
      if (!waiting.ok || !cancelled.ok) throw new Error('holds refused');
      // As if a gateway set a copy aside for B and stopped before marking the hold ready, and another had
      // set one aside for C, whose hold was cancelled before the copy went back.
      const books = db.collection('books');
      await books.updateOne(
        { _id: new ObjectId(book.id) },
        { $inc: { copies: 2 }, $set: { heldFor: [waiting.hold.id, cancelled.hold.id] } },
      );
      await db
        .collection('holds')
        .updateOne(
          { _id: new ObjectId(cancelled.hold.id) },
          { $set: { status: 'cancelled', openKey: cancelled.hold.id } },
        );
      const reopened = await openStore({ dataDir: '/nonexistent', mongodbUri: uri, mongodbDb: name });
      try {
        expect(await reopened.holds.get(waiting.hold.id)).toMatchObject({ status: 'ready' });
        const after = await books.findOne({ _id: new ObjectId(book.id) });
        expect(after).toMatchObject({ quantity: 1, heldFor: [waiting.hold.id], copies: 3 });
      } finally {
        await reopened.close();
      }
    } finally {
      await client.db(name).dropDatabase();
      await client.close();
    }
  });
});

function bookFieldsFor(title: string) {
  return { title, author: 'A', genre: 'Drama', description: 'd', image: '/x.svg', rating: 4, quantity: 1 };
}

function loanFor(bookId: string) {
  return {
    bookId,
    userId: 'u',
    userName: 'U',
    userEmail: 'u@example.com',
    borrowDate: new Date(),
    returnDate: new Date(),
    bookTitle: 'T',
    bookAuthor: 'A',
    bookImage: '/x.svg',
    bookCategory: 'Drama',
  };
}
