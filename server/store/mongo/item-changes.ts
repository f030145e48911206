// Staff changes to a book's copies on MongoDB (items.ts explains the design): copies added or withdrawn are
// marked as moving, the ledger is changed with the barcodes listed in book.itemMoves, then the items are finished:
// recovery finishes a move the ledger lists and reverts one it does not.
import type { ObjectId } from 'mongodb';
import type { ItemShelfStatus } from '../port.ts';
import { freeItems, itemLockOf, type ItemCollections } from './item-docs.ts';
import type { KeyLock } from './key-lock.ts';

/** What the changes share with the other item steps (items.ts). */
interface Shared {
  allocate: (n: number) => Promise<string[]>;
  align: (bookOid: ObjectId) => Promise<void>;
}

export function itemChanges(c: ItemCollections, lock: KeyLock, { allocate, align }: Shared) {
  const { books, items } = c;
  const itemLock = itemLockOf(lock);

  /**
   * Marks items as moving for a change of the book's copies owned: `delta` new copies, or -delta free copies
   * to withdraw (the most recently added first). Null when the shelf has too few free copies.
   */
  async function prepare(
    bookOid: ObjectId,
    delta: number,
    at: Date,
    note: string | null = null,
    reserved?: readonly string[],
  ) {
    const bookId = bookOid.toHexString();
    if (delta > 0) {
      // The barcodes an add reserved before it ran (its idempotency key's ref), else new ones.
      const barcodes = reserved ? [...reserved] : await allocate(delta);
      await items.insertMany(
        barcodes.map((barcode) => ({
          _id: barcode,
          bookId,
          birth: barcode,
          shelfStatus: 'ON_SHELF' as const,
          addedAt: at,
          note: note ?? '',
          loanId: null,
          holdId: null,
          move: { from: 'NEW' as const, to: 'ON_SHELF' as const, note },
        })),
      );
      return barcodes;
    }
    const marked: string[] = [];
    for (let attempt = 0; marked.length < -delta && attempt < 3; attempt++) {
      const candidates = await items
        .find(freeItems(bookId), { projection: { _id: 1 } })
        .sort({ _id: -1 })
        .limit(-delta - marked.length)
        .toArray();
      if (candidates.length === 0) break;
      for (const candidate of candidates) {
        const begun = await itemLock(bookId, () =>
          items.updateOne(
            { ...freeItems(bookId), _id: candidate._id },
            { $set: { move: { from: 'ON_SHELF', to: 'WITHDRAWN', note } } },
          ),
        );
        if (begun.modifiedCount === 1) marked.push(candidate._id);
      }
    }
    if (marked.length < -delta) {
      await revert(bookOid, marked);
      return null;
    }
    return marked;
  }

  /**
   * Finishes moves whose ledger change is written; then the book no longer lists them. `made`: the live step
   * that made them (each barcode moved copies owned by `delta`, to `to`). A move another gateway's recovery
   * undid between the mark and the ledger change (it found it unlisted) is gone from the item: the ledger
   * change is taken back, so the counters follow the items.
   */
  async function finish(
    bookOid: ObjectId,
    barcodes: string[],
    made?: { delta: number; to: ItemShelfStatus },
  ): Promise<void> {
    if (barcodes.length === 0) return;
    const bookId = bookOid.toHexString();
    const undone = await itemLock(bookId, async () => {
      const docs = await items.find({ _id: { $in: barcodes } }).toArray();
      for (const doc of docs) {
        if (!doc.move) continue;
        const move = doc.move;
        await items.updateOne(
          { _id: doc._id, move: { $exists: true } },
          { $set: { shelfStatus: move.to, note: move.note ?? doc.note }, $unset: { move: '' } },
        );
      }
      if (!made) return [];
      const byId = new Map(docs.map((doc) => [doc._id, doc]));
      return barcodes.filter((barcode) => {
        const doc = byId.get(barcode);
        return !doc || (!doc.move && doc.shelfStatus !== made.to);
      });
    });
    for (const barcode of undone)
      await lock.run(`book:${bookId}`, () =>
        books.updateOne(
          { _id: bookOid, itemMoves: barcode },
          {
            $inc: { copies: -(made?.delta ?? 0), quantity: -(made?.delta ?? 0), version: 1 },
            $pull: { itemMoves: barcode },
          },
        ),
      );
    await books.updateOne({ _id: bookOid }, { $pullAll: { itemMoves: barcodes } });
    // A copy just finished on the shelf may be the one a hold's entry in the ledger waits for (a fill that ran
    // while it was still moving: recovery's, or another step's).
    await align(bookOid);
  }

  /** Undoes moves whose ledger change was refused (or never written): new items go, others stay as they were. */
  async function revert(bookOid: ObjectId, barcodes: string[]): Promise<void> {
    if (barcodes.length === 0) return;
    const bookId = bookOid.toHexString();
    await itemLock(bookId, async () => {
      await items.deleteMany({ _id: { $in: barcodes }, 'move.from': 'NEW' });
      await items.updateMany({ _id: { $in: barcodes }, move: { $exists: true } }, { $unset: { move: '' } });
    });
    // A copy back on the shelf may be one a hold's ledger entry was waiting for.
    await align(bookOid);
  }

  return { prepare, finish, revert };
}
