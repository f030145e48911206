// Holds in MongoDB without multi-document transactions. The book document's heldFor lists the holds a copy
// is set aside for, changed in the same atomic update as quantity (copies owned = quantity + loansOut +
// heldFor); that update is the commit point of every move of a copy. A hold's own status follows in a second
// write, in an order that keeps "no hold is ready without a copy set aside for it" between the two:
// - to a hold: the copy is set aside first (only for a hold not holding one), then the hold is marked ready;
//   a returned copy goes from the loan to the hold in that first update, never by way of the shelf;
// - from a hold: the hold ends first (cancelled, expired, fulfilled), then its copy passes on.
// Every step is conditional, so any number of gateways may run the same step at once, and a fill that finds
// its step done by another finishes it instead of undoing it. A gateway stopped between two writes leaves a
// state that recoverHolds() (hold-recovery.ts) completes. The hold limit is the member's document
// (memberHolds): a new hold takes a place there in one conditional update before it joins the queue.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { HoldStatus } from '../port.ts';
import { nextWaiting } from '../../library/rules/hold-queue.ts';
import { isDuplicateKey, toObjectId } from './documents.ts';
import type { AccountDoc, BookDoc, HoldDoc, LoanDoc, MemberHoldsDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';
import type { ItemCollections } from './item-docs.ts';
import { itemSteps } from './items.ts';
import { pickupLimit } from './pickup-limit.ts';

export const OPEN: HoldStatus[] = ['waiting', 'ready'];

export interface HoldCollections extends ItemCollections {
  books: Collection<BookDoc>;
  holds: Collection<HoldDoc>;
  loans: Collection<LoanDoc>;
  memberHolds: Collection<MemberHoldsDoc>;
  /** Members' accounts: a pickup request's place under the loan limit (pickup-limit.ts). */
  accounts: Collection<AccountDoc>;
}

export function holdSteps(c: HoldCollections, lock: KeyLock) {
  const { books, holds, memberHolds } = c;
  const bookLock = <T>(bookOid: ObjectId, work: () => Promise<T>) => lock.run(`book:${bookOid.toHexString()}`, work);
  const memberLock = <T>(userId: string, work: () => Promise<T>) => lock.run(`member-holds:${userId}`, work);
  // After each move of a copy in the ledger, the items follow (items.ts).
  const goods = itemSteps(c, lock);
  const requests = pickupLimit(c, lock);

  /**
   * Takes a place under the member's hold limit for the hold unless it has one: the limit's commit point. The
   * filter matches while the member has fewer than `limit` places (no element at index limit - 1).
   */
  async function reserve(userId: string, holdId: string, limit: number): Promise<boolean> {
    if (limit <= 0) return false;
    return memberLock(userId, async () => {
      try {
        // A member's first hold creates the document; at the limit (or already holding this place) the filter
        // misses, the upsert's insert meets the existing document, and the answer is in its list.
        const filter = { _id: userId, [`open.${limit - 1}`]: { $exists: false }, open: { $ne: holdId } };
        const reserved = await memberHolds.updateOne(
          filter as Filter<MemberHoldsDoc>,
          { $push: { open: holdId } },
          {
            upsert: true,
          },
        );
        if (reserved.modifiedCount === 1 || reserved.upsertedCount === 1) return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      return (await memberHolds.countDocuments({ _id: userId, open: holdId }, { limit: 1 })) > 0;
    });
  }

  /** Gives back the hold's place under the limit if it holds one. */
  async function release(userId: string, holdId: string): Promise<void> {
    await memberLock(userId, () => memberHolds.updateOne({ _id: userId, open: holdId }, { $pull: { open: holdId } }));
  }

  /** Gives a set-aside copy back to the shelf if the book still holds it for this hold. */
  async function unhold(bookOid: ObjectId, holdId: string): Promise<boolean> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        { _id: bookOid, heldFor: holdId },
        { $inc: { quantity: 1, version: 1 }, $pull: { heldFor: holdId }, $set: { updatedAt: new Date() } },
      ),
    );
    if (book !== null) await goods.align(bookOid);
    return book !== null;
  }

  /**
   * Who is next at `at` of the holds waiting for the book (library/rules/hold-queue.ts: first come, first served,
   * paused holds passed over), passing over those a copy is set aside for already.
   */
  async function nextInLine(bookId: string, at: Date, aside: readonly string[] = []): Promise<HoldDoc | null> {
    const filter: Filter<HoldDoc> = { bookId, status: 'waiting' };
    if (aside.length > 0) filter._id = { $nin: aside.map((id) => ObjectId.createFromHexString(id)) };
    const waiting = await holds.find(filter, { projection: { _id: 1, createdAt: 1, pausedUntil: 1 } }).toArray();
    const line = waiting.map((doc) => ({
      id: doc._id.toHexString(),
      createdAt: doc.createdAt,
      pausedUntil: doc.pausedUntil ?? null,
      doc,
    }));
    return nextWaiting(line, at)?.doc ?? null;
  }

  /**
   * Marks ready the hold a copy was just set aside for (the second write of a hand-over). Marked ready by
   * another fill meanwhile: the copy set aside is its one copy, so it stays. Ended since the read (cancelled):
   * the copy goes back to the shelf, and the answer is true (the caller passes it on).
   */
  async function markReady(bookOid: ObjectId, hold: HoldDoc, at: Date): Promise<boolean> {
    const ready = await holds.updateOne(
      { _id: hold._id, status: 'waiting' },
      { $set: { status: 'ready', readyAt: at } },
    );
    if (ready.matchedCount === 1) return false;
    const now = await holds.findOne({ _id: hold._id }, { projection: { status: 1 } });
    return now?.status !== 'ready' && (await unhold(bookOid, hold._id.toHexString()));
  }

  /**
   * Moves copies from the shelf to the members waiting for the book, first come first served, until the shelf
   * is empty or nobody waits. Run by every write that puts a copy on the shelf or a member in the queue, so
   * whichever runs last leaves no copy on the shelf while someone waits.
   */
  async function fill(bookOid: ObjectId, at: Date): Promise<void> {
    const bookId = bookOid.toHexString();
    for (;;) {
      const next = await nextInLine(bookId, at);
      if (!next) return;
      const holdId = next._id.toHexString();
      const setAside = await bookLock(bookOid, () =>
        books.updateOne(
          { _id: bookOid, quantity: { $gt: 0 }, heldFor: { $ne: holdId } },
          { $inc: { quantity: -1, version: 1 }, $addToSet: { heldFor: holdId }, $set: { updatedAt: new Date() } },
        ),
      );
      if (setAside.modifiedCount === 0) {
        const book = await books.findOne({ _id: bookOid }, { projection: { quantity: 1, heldFor: 1 } });
        // Not set aside for this hold: the shelf was empty (done), or a copy came back meanwhile (try again).
        // Set aside already: another fill did it and has not marked the hold yet, so this one finishes its step.
        if (!book?.heldFor?.includes(holdId)) {
          if ((book?.quantity ?? 0) > 0) continue;
          return;
        }
      }
      await goods.align(bookOid);
      await markReady(bookOid, next, at);
    }
  }

  /**
   * Hands a returned loan's copy straight to the first member waiting without a copy set aside, in the update
   * that takes it off the loan, so it is never on the shelf for someone else to take. False when nobody waits
   * or the copy is not the loan's any more: the caller then puts it on the shelf, if it still is, and fills.
   */
  async function handOver(bookOid: ObjectId, loanId: string, at: Date): Promise<boolean> {
    for (;;) {
      const book = await books.findOne({ _id: bookOid }, { projection: { loansOut: 1, heldFor: 1 } });
      if (!book?.loansOut?.includes(loanId)) return false;
      const next = await nextInLine(bookOid.toHexString(), at, book.heldFor);
      if (!next) return false;
      const holdId = next._id.toHexString();
      const handed = await bookLock(bookOid, () =>
        books.updateOne(
          { _id: bookOid, loansOut: loanId, heldFor: { $ne: holdId } },
          {
            $inc: { version: 1 },
            $pull: { loansOut: loanId },
            $addToSet: { heldFor: holdId },
            $set: { updatedAt: new Date() },
          },
        ),
      );
      // Missed: another return or fill set a copy aside for that member meanwhile; the next one gets this.
      if (handed.modifiedCount === 0) continue;
      // The loan's copy itself goes to the hold (align gives a hold the copy a returned loan left).
      await goods.align(bookOid);
      if (await markReady(bookOid, next, at)) await fill(bookOid, at);
      return true;
    }
  }

  /**
   * After a hold stopped being open: its place under the limit goes back, and a copy still set aside for it
   * (a fill that raced its end) passes on.
   */
  async function settleEnded(bookId: string, userId: string, holdId: string, at: Date): Promise<void> {
    await release(userId, holdId);
    // A pickup request's place under the loan limit too (a hold from a queue holds none).
    await requests.release(userId, holdId);
    const bookOid = toObjectId(bookId);
    if (bookOid && (await unhold(bookOid, holdId))) await fill(bookOid, at);
  }

  /** Ends an open hold; a ready one's copy passes on. Null when it was not open. */
  async function end(doc: HoldDoc, status: 'cancelled' | 'expired', at: Date): Promise<HoldDoc | null> {
    const ended = await holds.findOneAndUpdate(
      { _id: doc._id, status: { $in: OPEN } },
      { $set: { status, endedAt: at, openKey: doc._id.toHexString() } },
      { returnDocument: 'after' },
    );
    if (!ended) return null;
    await settleEnded(doc.bookId, doc.userId, doc._id.toHexString(), at);
    return ended;
  }

  /**
   * Marks fulfilled the ready hold whose set-aside copy a loan has taken (the book's update, done before, was
   * the commit point). Any copy set aside for it since is a stray and passes on.
   */
  async function fulfil(holdId: string, at: Date, itemBarcode: string | null = null): Promise<void> {
    const _id = ObjectId.createFromHexString(holdId);
    // It keeps the copy it was fulfilled with: the one set aside, or the one scanned instead.
    const item = itemBarcode ? { itemBarcode } : {};
    await holds.updateOne(
      { _id, status: 'ready' },
      // Borrowed: its copy has left the hold shelf (the shelf's lists no longer read it).
      { $set: { status: 'fulfilled', endedAt: at, openKey: holdId, ...item }, $unset: { shelf: '' } },
    );
    const hold = await holds.findOne({ _id }, { projection: { bookId: 1, userId: 1, status: 1 } });
    if (hold && !OPEN.includes(hold.status as HoldStatus)) await settleEnded(hold.bookId, hold.userId, holdId, at);
  }

  return { fill, handOver, unhold, end, fulfil, reserve, release, settleEnded };
}
