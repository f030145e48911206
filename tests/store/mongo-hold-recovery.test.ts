// What the MongoDB adapter's recovery makes of holds a stopped gateway left between two writes (holds.ts,
// hold-recovery.ts): each state is written as that gateway would have left it, then a store opens the data.
import { describe, expect, inject, it } from 'vitest';
import { ObjectId } from 'mongodb';
import { newHold } from './contract/harness.ts';
import { withMongoData } from './mongo-data.ts';
import type { Store } from '../../server/store/port.ts';

const mongoUri = inject('mongodbUri');
const HOLDS = { holdLimit: 2 };

const hold = (bookId: string, userId: string, at: number) => newHold(bookId, userId, at, { bookTitle: 'Held' });

const withData = (work: Parameters<typeof withMongoData>[2]) => withMongoData(mongoUri!, 'hold_recovery', work);

/** A book whose only copy is on loan, and members waiting for it in the order given. */
async function queued(store: Store, members: string[]) {
  const book = await store.books.insert({
    title: 'Held',
    author: 'A',
    genre: 'Drama',
    description: 'd',
    image: '/x.svg',
    rating: 4,
    quantity: 1,
  });
  const loan = await store.loans.checkout({
    bookId: book.id,
    userId: 'lender',
    userName: 'Lender',
    userEmail: 'lender@example.com',
    borrowDate: new Date(),
    returnDate: new Date(Date.now() + 86_400_000),
    bookTitle: 'Held',
    bookAuthor: 'A',
    bookImage: '/x.svg',
    bookCategory: 'Drama',
  });
  if (!loan.ok) throw new Error(loan.reason);
  const ids: string[] = [];
  for (const [i, userId] of members.entries()) {
    const placed = await store.holds.place(hold(book.id, userId, 1000 + i), HOLDS);
    if (!placed.ok) throw new Error(placed.reason);
    ids.push(placed.hold.id);
  }
  return { bookId: book.id, loanId: loan.loan.id, holdIds: ids };
}

describe.runIf(mongoUri)('MongoDB recovery of holds', () => {
  it('sets a shelf copy aside for the first member waiting, and gives a ready hold without a copy one', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const { bookId, loanId, holdIds } = await queued(store, ['b', 'c']);
      await store.close();
      // Stopped after a return put its copy on the shelf, before the queue's turn; and a hold shown ready
      // whose copy went back to the shelf (what the old fill left).
      await db.collection('books').updateOne({ _id: new ObjectId(bookId) }, { $set: { quantity: 1, loansOut: [] } });
      await db.collection('borrowedBooks').updateOne({ _id: new ObjectId(loanId) }, { $set: { status: 'returning' } });
      await db
        .collection('holds')
        .updateOne({ _id: new ObjectId(holdIds[1]!) }, { $set: { status: 'ready', readyAt: new Date() } });
      const reopened = await open();
      try {
        const queue = await reopened.holds.queue(bookId);
        expect(queue.map((h) => [h.userId, h.status])).toEqual([
          ['b', 'ready'],
          ['c', 'waiting'],
        ]);
        expect(await db.collection('books').findOne({ _id: new ObjectId(bookId) })).toMatchObject({
          quantity: 0,
          heldFor: [holdIds[0]],
          loansOut: [],
        });
      } finally {
        await reopened.close();
      }
    });
  });

  it('finishes or drops a hold stopped while being placed, and gives back the places of ended holds', async () => {
    await withData(async (db, open) => {
      const store = await open();
      const { bookId, holdIds } = await queued(store, ['b']);
      const other = await store.books.insert({
        title: 'Other',
        author: 'A',
        genre: 'Drama',
        description: 'd',
        image: '/x.svg',
        rating: 4,
        quantity: 0,
      });
      await store.close();
      const holds = db.collection('holds');
      const base = { userName: 'b', userEmail: 'b@example.com', bookTitle: 'Held', readyAt: null, endedAt: null };
      // A place that took its place under the limit and stopped before joining the queue, and one that stopped
      // before taking it; and b's first hold cancelled, stopped before its place went back.
      const reserved = new ObjectId();
      const unreserved = new ObjectId();
      await holds.insertMany([
        {
          _id: reserved,
          ...base,
          bookId: other.id,
          userId: 'c',
          status: 'placing',
          createdAt: new Date(),
          openKey: `c:${other.id}`,
        },
        {
          _id: unreserved,
          ...base,
          bookId: other.id,
          userId: 'd',
          status: 'placing',
          createdAt: new Date(),
          openKey: `d:${other.id}`,
        },
      ]);
      await db
        .collection<{ _id: string; open: string[] }>('memberHolds')
        .insertOne({ _id: 'c', open: [reserved.toHexString()] });
      await holds.updateOne(
        { _id: new ObjectId(holdIds[0]!) },
        { $set: { status: 'cancelled', endedAt: new Date(), openKey: holdIds[0]! } },
      );
      const reopened = await open();
      try {
        expect((await reopened.holds.get(reserved.toHexString()))?.status).toBe('waiting');
        expect(await holds.countDocuments({ _id: unreserved })).toBe(0);
        // d may place the hold that never happened; b has both places back (limit 2).
        expect((await reopened.holds.place(hold(other.id, 'd', 5000), HOLDS)).ok).toBe(true);
        expect((await reopened.holds.place(hold(other.id, 'b', 5001), HOLDS)).ok).toBe(true);
        expect((await reopened.holds.place(hold(bookId, 'b', 5002), HOLDS)).ok).toBe(true);
        expect(await reopened.holds.place(hold(bookId, 'c', 5003), { holdLimit: 1 })).toEqual({
          ok: false,
          reason: 'hold-limit',
        });
      } finally {
        await reopened.close();
      }
    });
  });
});
