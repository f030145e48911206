// The item store on MongoDB: reading copies, adding them and setting a copy's status by hand. Each change of
// copies owned is a move (items.ts): the item marked, the ledger changed with the barcode listed in itemMoves,
// the item finished; recovery finishes or reverts a move a stopped gateway left.
import { ObjectId } from 'mongodb';
import type { ItemShelfStatus, ItemStore, SetItemStatusResult } from '../port.ts';
import { firstOfRun } from '../../../shared/barcodes.ts';
import { parseId } from '../ids.ts';
import { toObjectId } from './documents.ts';
import type { ItemCollections, ItemDoc } from './item-docs.ts';
import { itemSteps } from './items.ts';
import type { KeyLock } from './key-lock.ts';
import type { LedgerCollections } from './ledger.ts';
import { mongoFound } from './lost-found.ts';

const SHELF_STATUSES: readonly ItemShelfStatus[] = ['ON_SHELF', 'IN_REPAIR', 'LOST', 'WITHDRAWN'];

/** Attempts at a status change that keeps meeting another step's write before it gives up as busy. */
const ATTEMPTS = 5;

export function mongoItems(
  c: ItemCollections & LedgerCollections,
  lock: KeyLock,
  fill: (bookOid: ObjectId) => Promise<void>,
): ItemStore {
  const { books, items } = c;
  const steps = itemSteps(c, lock);
  const bookLock = <T>(bookOid: ObjectId, work: () => Promise<T>) => lock.run(`book:${bookOid.toHexString()}`, work);
  const quantityOf = async (bookOid: ObjectId) =>
    (await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } }))?.quantity ?? 0;
  /** A copy being added is not a copy yet. */
  const visible = (doc: ItemDoc | null): doc is ItemDoc => doc !== null && doc.move?.from !== 'NEW';

  async function record(barcode: string) {
    const doc = await items.findOne({ _id: barcode });
    return visible(doc) ? ((await steps.records([doc]))[0] ?? null) : null;
  }

  /** Moves a free copy in or out of the collection: marked, counted in the ledger, finished. */
  async function move(doc: ItemDoc, to: ItemShelfStatus, note: string | null, delta: number): Promise<boolean> {
    const bookOid = ObjectId.createFromHexString(doc.bookId);
    const begun = await lock.run(`items:${doc.bookId}`, () =>
      items.updateOne(
        { _id: doc._id, shelfStatus: doc.shelfStatus, loanId: null, holdId: null, move: { $exists: false } },
        { $set: { move: { from: doc.shelfStatus, to, note } } },
      ),
    );
    if (begun.modifiedCount === 0) return false;
    // Leaving the shelf needs the ledger to still count it there (a hold's fill may have taken it meanwhile).
    const counted = await bookLock(bookOid, () =>
      books.updateOne(
        { _id: bookOid, itemMoves: { $ne: doc._id }, ...(delta < 0 ? { quantity: { $gte: 1 } } : {}) },
        {
          $inc: { copies: delta, quantity: delta, version: 1 },
          $push: { itemMoves: doc._id },
          $set: { updatedAt: new Date() },
        },
      ),
    );
    if (counted.modifiedCount === 0) {
      await steps.revert(bookOid, [doc._id]);
      return false;
    }
    await steps.finish(bookOid, [doc._id], { delta, to });
    if (delta > 0) await fill(bookOid);
    return true;
  }

  return {
    get: (barcode) => record(String(barcode)),
    found: mongoFound(c, lock, { move, record, quantityOf }),

    async listByBook(bookId) {
      const id = parseId(bookId);
      if (!id) return [];
      const docs = await items.find({ bookId: id }).sort({ _id: 1 }).toArray();
      return steps.records(docs.filter(visible));
    },

    async reserve(count) {
      if (!Number.isInteger(count) || count < 1 || count > 100) throw new RangeError('Add 1 to 100 copies at a time');
      return steps.allocate(count);
    },

    async add(bookId, count, at, note, reserved) {
      if (!Number.isInteger(count) || count < 1 || count > 100) throw new RangeError('Add 1 to 100 copies at a time');
      if (reserved) firstOfRun(reserved, count);
      const bookOid = toObjectId(bookId);
      if (!bookOid || (await books.countDocuments({ _id: bookOid }, { limit: 1 })) === 0) return null;
      const barcodes = (await steps.prepare(bookOid, count, at, note ?? null, reserved)) ?? [];
      const counted = await bookLock(bookOid, () =>
        books.updateOne(
          { _id: bookOid },
          {
            $inc: { copies: count, quantity: count, version: 1 },
            $push: { itemMoves: { $each: barcodes } },
            $set: { updatedAt: new Date() },
          },
        ),
      );
      if (counted.matchedCount === 0) {
        await steps.revert(bookOid, barcodes);
        return null;
      }
      await steps.finish(bookOid, barcodes, { delta: 1, to: 'ON_SHELF' });
      // Each new copy goes to a member waiting first, as a return does.
      await fill(bookOid);
      return steps.records(
        await items
          .find({ _id: { $in: barcodes } })
          .sort({ _id: 1 })
          .toArray(),
      );
    },

    async setStatus(barcode, status, note, _at): Promise<SetItemStatusResult> {
      // A loan's or a hold's status is theirs to set, never staff's.
      if (!SHELF_STATUSES.includes(status)) throw new RangeError(`Cannot set a copy ${String(status)} by hand`);
      for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
        const doc = await items.findOne({ _id: String(barcode) });
        if (!visible(doc)) return { ok: false, reason: 'item-not-found' };
        if (doc.loanId || doc.holdId || doc.move) return { ok: false, reason: 'item-busy' };
        const bookOid = ObjectId.createFromHexString(doc.bookId);
        const delta = status === 'ON_SHELF' ? 1 : doc.shelfStatus === 'ON_SHELF' ? -1 : 0;
        if (status === doc.shelfStatus || delta === 0) {
          // No change of copies owned: the note, or one status out of the collection for another.
          const set = { shelfStatus: status, ...(note !== null ? { note } : {}) };
          const done = await lock.run(`items:${doc.bookId}`, () =>
            items.updateOne(
              { _id: doc._id, shelfStatus: doc.shelfStatus, loanId: null, holdId: null, move: { $exists: false } },
              { $set: set },
            ),
          );
          if (done.matchedCount === 0) continue;
        } else if (!(await move(doc, status, note, delta))) continue;
        const item = await record(doc._id);
        if (item) return { ok: true, item, quantity: await quantityOf(bookOid) };
      }
      return { ok: false, reason: 'item-busy' };
    },
  };
}
