// A loan's copy in the book's ledger on MongoDB (loans.ts explains the ledgers): taking it for a loan, putting
// it back when the loan ends (aside for a hold, to the next member waiting, or on the shelf), writing it off when
// it is lost or damaged. Each move is one atomic conditional update of the book document, the commit point; the
// items follow it (align, items.ts).
import { ObjectId } from 'mongodb';
import { holdSteps, type HoldCollections } from './hold-steps.ts';
import { itemSteps } from './items.ts';
import type { KeyLock } from './key-lock.ts';

export function loanCopies(c: HoldCollections, lock: KeyLock) {
  const { books, holds } = c;
  const bookLock = <T>(bookOid: ObjectId, work: () => Promise<T>) => lock.run(`book:${bookOid.toHexString()}`, work);
  const held = holdSteps(c, lock);
  const goods = itemSteps(c, lock);

  /**
   * Takes a copy for the loan unless the ledger has it already: the one set aside for its hold, or one from
   * the shelf.
   */
  async function lend(bookOid: ObjectId, loanId: string, holdId?: string): Promise<number | null> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        holdId
          ? { _id: bookOid, heldFor: holdId, loansOut: { $ne: loanId } }
          : { _id: bookOid, quantity: { $gt: 0 }, loansOut: { $ne: loanId } },
        holdId
          ? {
              $inc: { version: 1 },
              $pull: { heldFor: holdId },
              $addToSet: { loansOut: loanId },
              $set: { updatedAt: new Date() },
            }
          : { $inc: { quantity: -1, version: 1 }, $addToSet: { loansOut: loanId }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
    if (book) return book.quantity;
    return (await books.findOne({ _id: bookOid, loansOut: loanId }))?.quantity ?? null;
  }

  /**
   * Puts the loan's copy back if the ledger still has it: aside again for the hold it was taken from, else
   * straight to the first member waiting, else on the shelf. The return's commit point. A hold that has a
   * copy set aside again already (a fill raced the borrow) or has ended meanwhile does not keep this one.
   */
  async function putBack(bookOid: ObjectId, loanId: string, holdId?: string, at = new Date()): Promise<number | null> {
    const update = { $inc: { version: 1 }, $pull: { loansOut: loanId }, $set: { updatedAt: new Date() } };
    const aside =
      holdId &&
      (await bookLock(bookOid, () =>
        books.updateOne(
          { _id: bookOid, loansOut: loanId, heldFor: { $ne: holdId } },
          { ...update, $addToSet: { heldFor: holdId } },
        ),
      ));
    if (aside && aside.modifiedCount === 1) {
      await goods.align(bookOid);
      const hold = await holds.findOne({ _id: ObjectId.createFromHexString(holdId) }, { projection: { status: 1 } });
      if (hold?.status !== 'ready' && (await held.unhold(bookOid, holdId))) await held.fill(bookOid, new Date());
    } else if (!(await held.handOver(bookOid, loanId, at))) {
      const book = await bookLock(bookOid, () =>
        books.findOneAndUpdate({ _id: bookOid, loansOut: loanId }, { ...update, $inc: { quantity: 1, version: 1 } }),
      );
      // The loan's copy back on the shelf (align releases it), then to whoever waits.
      await goods.align(bookOid);
      if (book) await held.fill(bookOid, at);
    }
    return (await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } }))?.quantity ?? null;
  }

  /** The copy of a lost or damaged loan leaves the collection: copies owned go down, copies available stay. */
  async function writeOff(bookOid: ObjectId, loanId: string): Promise<number | null> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        { _id: bookOid, loansOut: loanId },
        { $inc: { copies: -1, version: 1 }, $pull: { loansOut: loanId }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
    // The copy leaves the collection: align writes its item off (LOST, or WITHDRAWN when damaged).
    await goods.align(bookOid);
    if (book) return book.quantity;
    return (await books.findOne({ _id: bookOid }))?.quantity ?? null;
  }

  return { lend, putBack, writeOff };
}
