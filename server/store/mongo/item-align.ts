// Lining a book's items up with its ledger on MongoDB (items.ts explains the design): a loan or hold in the
// ledger without an item takes the item its predecessor left (a returned copy goes to the hold it was handed to,
// a hold's copy to its member's loan) or else a free one; an item whose loan or hold left the ledger is released
// (or written off, LOST or WITHDRAWN, when its loan was closed as lost or damaged).
import type { ObjectId } from 'mongodb';
import type { HoldDoc, LoanDoc } from './documents.ts';
import { itemLockOf, oid, type ItemCollections, type ItemDoc } from './item-docs.ts';
import type { KeyLock } from './key-lock.ts';

// Passes of one align before it gives up (each after a pass that wrote): two gateways aligning one book at once
// settle in two or three.
const ALIGN_PASSES = 20;
const LOSS_STATUSES: readonly LoanDoc['status'][] = ['closing', 'lost', 'damaged'];

export function itemAlign(c: ItemCollections, lock: KeyLock) {
  const { books, loans, holds, items } = c;
  const itemLock = itemLockOf(lock);

  /**
   * Brings the book's claims in line with its ledger. A pass reads, then writes what its reads call for; another
   * gateway may have written between the two, so a pass that wrote anything (or found an item changed under a
   * conditional write) is followed by another, and align ends only on a pass that found nothing to write: the
   * claims agreed with the ledger as read after every write this step made. Whichever step writes last then
   * also checks last, so the claims agree once the steps are done.
   */
  async function align(bookOid: ObjectId): Promise<void> {
    const bookId = bookOid.toHexString();
    for (let pass = 0; pass < ALIGN_PASSES; pass++) if (!(await itemLock(bookId, () => alignOnce(bookOid)))) return;
  }

  /** One pass of align; true when it wrote (or a conditional write missed), so another pass must check. */
  async function alignOnce(bookOid: ObjectId): Promise<boolean> {
    const bookId = bookOid.toHexString();
    // Items first, then the claiming loans, then the ledger: a claim read is never newer than the ledger, and a
    // borrow seen pending here has not lent yet, so its claim-first item is left to it.
    const all = await items.find({ bookId }).sort({ _id: 1 }).toArray();
    const claimers = [...new Set(all.flatMap((doc) => (doc.loanId ? [doc.loanId] : [])))];
    const loanDocs = new Map<string, LoanDoc>();
    const readLoans = async (ids: string[]) => {
      if (ids.length === 0) return;
      const projection = { status: 1, loss: 1, holdId: 1, itemBarcode: 1 };
      for (const loan of await loans.find({ _id: { $in: ids.map(oid) } }, { projection }).toArray())
        loanDocs.set(loan._id.toHexString(), loan);
    };
    await readLoans(claimers);
    const book = await books.findOne({ _id: bookOid }, { projection: { loansOut: 1, heldFor: 1 } });
    if (!book) return false;
    const loansOut = book.loansOut ?? [];
    const heldFor = book.heldFor ?? [];
    await readLoans(loansOut.filter((id) => !loanDocs.has(id)));
    const holdDocs = new Map<string, HoldDoc>();
    if (heldFor.length > 0)
      for (const hold of await holds
        .find({ _id: { $in: heldFor.map(oid) } }, { projection: { itemBarcode: 1 } })
        .toArray())
        holdDocs.set(hold._id.toHexString(), hold);

    const owned = new Map<string, ItemDoc>();
    const stale: ItemDoc[] = [];
    for (const doc of all) {
      const key = doc.loanId ? `l:${doc.loanId}` : doc.holdId ? `h:${doc.holdId}` : null;
      if (!key) continue;
      const live = doc.loanId
        ? loansOut.includes(doc.loanId) || loanDocs.get(doc.loanId)?.status === 'pending'
        : heldFor.includes(doc.holdId ?? '');
      const kept = owned.get(key);
      // Two items for one loan or hold (two aligns raced): the one its record names stays.
      const named = doc.loanId ? loanDocs.get(doc.loanId)?.itemBarcode : holdDocs.get(doc.holdId ?? '')?.itemBarcode;
      if (live && (!kept || (named === doc._id && kept._id !== named))) {
        if (kept) stale.push(kept);
        owned.set(key, doc);
      } else stale.push(doc);
    }
    const lossOf = (doc: ItemDoc) => {
      const loan = doc.loanId ? loanDocs.get(doc.loanId) : undefined;
      return loan && LOSS_STATUSES.includes(loan.status) ? (loan.loss ?? 'lost') : null;
    };
    // What a loan or hold that needs an item may take: a stale claim (not a lost copy's), then the shelf.
    const pool = stale.filter((doc) => lossOf(doc) === null);
    const free = all.filter((doc) => !doc.loanId && !doc.holdId && doc.shelfStatus === 'ON_SHELF' && !doc.move);
    let wrote = false;

    const give = async (owner: { loanId: string } | { holdId: string }, related?: string) => {
      const fromPool =
        pool.find((doc) => related !== undefined && doc.holdId === related) ??
        pool.find((doc) => 'holdId' in owner && doc.loanId !== null) ??
        pool[0];
      const pick = fromPool ?? free[0];
      if (!pick) return null;
      (fromPool ? pool : free).splice((fromPool ? pool : free).indexOf(pick), 1);
      const set = 'loanId' in owner ? { loanId: owner.loanId, holdId: null } : { holdId: owner.holdId, loanId: null };
      wrote = true;
      const moved = await items.updateOne(
        { _id: pick._id, loanId: pick.loanId, holdId: pick.holdId, move: { $exists: false } },
        { $set: set },
      );
      return moved.modifiedCount === 0 ? null : pick._id;
    };
    for (const loanId of loansOut) {
      let barcode = owned.get(`l:${loanId}`)?._id ?? null;
      if (!barcode) barcode = await give({ loanId }, loanDocs.get(loanId)?.holdId);
      const loan = loanDocs.get(loanId);
      // A loan or hold names its item only over the name this pass read, so a pass that read before another
      // gateway's pass cannot overwrite what that pass wrote after.
      if (barcode && loan && loan.itemBarcode !== barcode) {
        wrote = true;
        const named = { _id: oid(loanId), itemBarcode: loan.itemBarcode ?? null };
        await loans.updateOne(named, { $set: { itemBarcode: barcode } });
      }
    }
    for (const holdId of heldFor) {
      let barcode = owned.get(`h:${holdId}`)?._id ?? null;
      if (!barcode) barcode = await give({ holdId });
      const hold = holdDocs.get(holdId);
      if (barcode && hold && hold.itemBarcode !== barcode) {
        wrote = true;
        const named = { _id: oid(holdId), itemBarcode: hold.itemBarcode ?? null };
        await holds.updateOne(named, { $set: { itemBarcode: barcode } });
      }
    }
    // Claims nobody in the ledger has: back to the shelf, or out of the collection with a lost or damaged loan.
    for (const doc of stale) {
      if (!pool.includes(doc) && lossOf(doc) === null) continue; // given to another loan or hold above
      const loss = lossOf(doc);
      const set = loss
        ? loss === 'damaged'
          ? { loanId: null, holdId: null, shelfStatus: 'WITHDRAWN' as const, note: 'damaged' }
          : { loanId: null, holdId: null, shelfStatus: 'LOST' as const }
        : { loanId: null, holdId: null };
      wrote = true;
      await items.updateOne({ _id: doc._id, loanId: doc.loanId, holdId: doc.holdId }, { $set: set });
    }
    return wrote;
  }

  return align;
}
