// Holds in MongoDB without multi-document transactions. The book document's heldFor lists the ready holds a
// copy is set aside for, changed in the same atomic update as quantity (copies owned = quantity + loansOut +
// heldFor), and that update is each transition's commit point: setting a copy aside for the first member
// waiting, giving it back to the shelf when a ready hold ends, handing it to that member's loan. The hold's own
// status follows; recoverHolds() makes it agree with the book after a gateway stopped in between.
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import type { HoldRecord, HoldStatus, HoldStore } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, parseId } from '../ids.ts';
import { isDuplicateKey, toObjectId } from './documents.ts';
import type { BookDoc, HoldDoc, LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

const OPEN: HoldStatus[] = ['waiting', 'ready'];

export function toHold(doc: HoldDoc): HoldRecord {
  return {
    id: doc._id.toHexString(),
    bookId: doc.bookId,
    userId: doc.userId,
    userName: doc.userName,
    userEmail: doc.userEmail,
    bookTitle: doc.bookTitle,
    status: doc.status,
    createdAt: doc.createdAt,
    readyAt: doc.readyAt ?? null,
    endedAt: doc.endedAt ?? null,
  };
}

export interface HoldCollections {
  books: Collection<BookDoc>;
  holds: Collection<HoldDoc>;
  loans: Collection<LoanDoc>;
}

export function holdSteps(c: HoldCollections, lock: KeyLock) {
  const { books, holds } = c;
  const bookLock = <T>(bookOid: ObjectId, work: () => Promise<T>) => lock.run(`book:${bookOid.toHexString()}`, work);

  /** Gives a set-aside copy back to the shelf if the book still holds it for this hold. */
  async function unhold(bookOid: ObjectId, holdId: string): Promise<boolean> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        { _id: bookOid, heldFor: holdId },
        { $inc: { quantity: 1, version: 1 }, $pull: { heldFor: holdId }, $set: { updatedAt: new Date() } },
      ),
    );
    return book !== null;
  }

  /** Moves copies from the shelf to the members waiting for the book, first come first served. */
  async function fill(bookOid: ObjectId, at: Date): Promise<void> {
    const bookId = bookOid.toHexString();
    for (;;) {
      const [next] = await holds.find({ bookId, status: 'waiting' }).sort({ createdAt: 1, _id: 1 }).limit(1).toArray();
      if (!next) return;
      const holdId = next._id.toHexString();
      const setAside = await bookLock(bookOid, () =>
        books.findOneAndUpdate(
          { _id: bookOid, quantity: { $gt: 0 }, heldFor: { $ne: holdId } },
          { $inc: { quantity: -1, version: 1 }, $addToSet: { heldFor: holdId }, $set: { updatedAt: new Date() } },
        ),
      );
      if (!setAside && (await books.countDocuments({ _id: bookOid, heldFor: holdId }, { limit: 1 })) === 0) return;
      const ready = await holds.updateOne(
        { _id: next._id, status: 'waiting' },
        { $set: { status: 'ready', readyAt: at } },
      );
      // Cancelled between the read and the set-aside: the copy goes back, and the next member is tried.
      if (ready.matchedCount === 0) await unhold(bookOid, holdId);
    }
  }

  /** Ends an open hold; a ready one's copy passes on. Null when it was not open. */
  async function end(doc: HoldDoc, status: 'cancelled' | 'expired', at: Date): Promise<HoldDoc | null> {
    const ended = await holds.findOneAndUpdate(
      { _id: doc._id, status: { $in: OPEN } },
      { $set: { status, endedAt: at, openKey: doc._id.toHexString() } },
      { returnDocument: 'after' },
    );
    if (!ended) return null;
    const bookOid = toObjectId(doc.bookId);
    if (bookOid && (await unhold(bookOid, doc._id.toHexString()))) await fill(bookOid, at);
    return ended;
  }

  return { fill, unhold, end };
}

/** Makes holds agree with the books after a stop between writes; gives a copy back whose hold has ended. */
export async function recoverHolds(c: HoldCollections, lock: KeyLock): Promise<void> {
  const { books, holds, loans } = c;
  const steps = holdSteps(c, lock);
  for await (const book of books.find({ 'heldFor.0': { $exists: true } }, { projection: { _id: 1, heldFor: 1 } })) {
    for (const holdId of book.heldFor ?? []) {
      const hold = await holds.findOne({ _id: ObjectId.createFromHexString(holdId) });
      if (hold?.status === 'waiting')
        await holds.updateOne({ _id: hold._id, status: 'waiting' }, { $set: { status: 'ready', readyAt: new Date() } });
      else if (hold?.status !== 'ready' && (await steps.unhold(book._id, holdId)))
        await steps.fill(book._id, new Date());
    }
  }
  // A ready hold whose copy went to its member's loan, stopped before the hold was marked fulfilled.
  for await (const hold of holds.find({ status: 'ready' })) {
    const holding = await books.countDocuments(
      { _id: ObjectId.createFromHexString(hold.bookId), heldFor: hold._id.toHexString() },
      { limit: 1 },
    );
    if (holding > 0) continue;
    const loan = await loans.findOne({
      userId: hold.userId,
      bookId: hold.bookId,
      status: { $in: ['pending', 'borrowed'] },
    });
    await holds.updateOne(
      { _id: hold._id, status: 'ready' },
      loan
        ? { $set: { status: 'fulfilled', endedAt: loan.borrowDate, openKey: hold._id.toHexString() } }
        : { $set: { status: 'waiting', readyAt: null } },
    );
  }
}

export function mongoHolds(c: HoldCollections, lock: KeyLock): HoldStore {
  const { books, holds, loans } = c;
  const steps = holdSteps(c, lock);
  const memberLock = <T>(userId: string, work: () => Promise<T>) => lock.run(`member:${userId}`, work);

  return {
    async place(hold, opts) {
      const bookId = parseId(hold.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      const bookOid = ObjectId.createFromHexString(bookId);
      return memberLock(hold.userId, async () => {
        const book = await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } });
        if (!book) return { ok: false, reason: 'book-not-found' } as const;
        if (await loans.countDocuments({ activeKey: `${hold.userId}:${bookId}` }, { limit: 1 }))
          return { ok: false, reason: 'already-borrowed' } as const;
        if (book.quantity > 0) return { ok: false, reason: 'copies-available' } as const;
        if ((await holds.countDocuments({ userId: hold.userId, status: { $in: OPEN } })) >= opts.holdLimit)
          return { ok: false, reason: 'hold-limit' } as const;
        const doc: HoldDoc = {
          _id: new ObjectId(),
          bookId,
          userId: hold.userId,
          userName: hold.userName,
          userEmail: hold.userEmail,
          bookTitle: hold.bookTitle,
          status: 'waiting',
          createdAt: hold.createdAt,
          readyAt: null,
          endedAt: null,
          openKey: `${hold.userId}:${bookId}`,
        };
        try {
          await holds.insertOne(doc);
        } catch (error) {
          if (isDuplicateKey(error)) return { ok: false, reason: 'already-on-hold' } as const;
          throw error;
        }
        // A copy may have come back between the check and the insert: it is this member's now, if first.
        await steps.fill(bookOid, hold.createdAt);
        const placed = (await holds.findOne({ _id: doc._id })) ?? doc;
        const position = await holds.countDocuments({
          bookId,
          status: { $in: OPEN },
          $or: [{ createdAt: { $lt: doc.createdAt } }, { createdAt: doc.createdAt, _id: { $lte: doc._id } }],
        });
        return { ok: true, hold: toHold(placed), position } as const;
      });
    },

    async cancel(holdId, at) {
      const _id = toObjectId(holdId);
      const doc = _id ? await holds.findOne({ _id }) : null;
      if (!doc) return { ok: false, reason: 'hold-not-found' };
      const ended = await steps.end(doc, 'cancelled', at);
      return ended ? { ok: true, hold: toHold(ended) } : { ok: false, reason: 'not-open' };
    },

    async expire(readyBefore, at) {
      const expired: HoldRecord[] = [];
      for await (const doc of holds
        .find({ status: 'ready', readyAt: { $lt: readyBefore } })
        .sort({ readyAt: 1, _id: 1 })) {
        const ended = await steps.end(doc, 'expired', at);
        if (ended) expired.push(toHold(ended));
      }
      return expired;
    },

    async get(id) {
      const _id = toObjectId(id);
      const doc = _id ? await holds.findOne({ _id }) : null;
      return doc ? toHold(doc) : null;
    },

    async listByUser(userId) {
      return (await holds.find({ userId }).sort({ createdAt: -1, _id: -1 }).toArray()).map(toHold);
    },

    async queue(bookId) {
      const id = parseId(bookId);
      if (!id) return [];
      const open = (
        await holds
          .find({ bookId: id, status: { $in: OPEN } })
          .sort({ createdAt: 1, _id: 1 })
          .toArray()
      ).map(toHold);
      return [...open.filter((h) => h.status === 'ready'), ...open.filter((h) => h.status === 'waiting')];
    },

    async ready(page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const query = after
        ? {
            status: 'ready' as const,
            $or: [
              { readyAt: { $gt: after.time } },
              { readyAt: after.time, _id: { $gt: ObjectId.createFromHexString(after.id) } },
            ],
          }
        : { status: 'ready' as const };
      const docs = await holds.find(query).sort({ readyAt: 1, _id: 1 }).limit(limit).toArray();
      return keysetPage(
        docs,
        limit,
        toHold,
        (hold) => (hold.readyAt ? encodeTimeCursor(hold.readyAt, hold.id) : null),
        await holds.countDocuments({ status: 'ready' }),
      );
    },

    queues: (bookIds) => queuesOf(holds, bookIds),
  };
}

/** HoldStore.queues: the open holds of many books in one find (the book_queue index), ordered as queue() does. */
async function queuesOf(holds: Collection<HoldDoc>, bookIds: string[]): Promise<Map<string, HoldRecord[]>> {
  // Keyed by the canonical id while read, answered under the ids as given.
  const byId = new Map<string, HoldRecord[]>();
  for (const id of bookIds.map(parseId)) if (id) byId.set(id, []);
  const ids = [...byId.keys()];
  if (ids.length === 0) return queuesAsGiven(bookIds, byId);
  const docs = await holds
    .find({ bookId: { $in: ids }, status: { $in: OPEN } })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
  // Ready holds first, then waiting ones, each in the order they joined (as queue() answers one book).
  for (const status of ['ready', 'waiting'] as const)
    for (const doc of docs) if (doc.status === status) byId.get(doc.bookId)?.push(toHold(doc));
  return queuesAsGiven(bookIds, byId);
}

const queuesAsGiven = (bookIds: string[], byId: Map<string, HoldRecord[]>) =>
  new Map(bookIds.map((id) => [id, byId.get(parseId(id) ?? '') ?? []]));
