// Copies as items in MongoDB, without multi-document transactions (docs/decisions/054-items-in-mongodb.md).
// The book document stays the ledger of counts (quantity, copies, loansOut, heldFor: loans.ts, hold-steps.ts);
// an item document (item-docs.ts) says which copy is which and which loan or ready hold has it.
// - Taking a copy from the shelf for a loan claims a free item FIRST (one conditional update of the item, so two
//   desks scanning one copy cannot both have it), then changes the ledger; a refused ledger change releases it.
// - Every other move changes the ledger first, then align() (item-align.ts) brings the claims in line with it.
// - Staff changes (copies added, withdrawn, set aside) mark the item as moving, change the ledger with the
//   barcode listed in book.itemMoves, then finish the item (item-changes.ts). A book's first copies (insert,
//   migration) each have a unique `birth`, so making them again adds none twice (item-births.ts).
// Every write is conditional, so a step run twice, or by two gateways, changes nothing the second time; on
// FerretDB v1 item writes of one book are also queued through the KeyLock (key-lock.ts).
import type { ObjectId } from 'mongodb';
import type { ItemRecord } from '../port.ts';
import { itemBarcode } from '../../../shared/barcodes.ts';
import { itemAlign } from './item-align.ts';
import { itemBirths } from './item-births.ts';
import { itemChanges } from './item-changes.ts';
import { freeItems, itemLockOf, oid, toItem, type ItemCollections, type ItemDoc } from './item-docs.ts';
import type { KeyLock } from './key-lock.ts';

const BARCODES = 'item-barcodes';

export function itemSteps(c: ItemCollections, lock: KeyLock) {
  const { loans, items, counters } = c;
  const itemLock = itemLockOf(lock);
  const align = itemAlign(c, lock);

  /** `n` new barcodes, in order. */
  async function allocate(n: number): Promise<string[]> {
    if (n <= 0) return [];
    const counter = await lock.run('counter:items', () =>
      counters.findOneAndUpdate({ _id: BARCODES }, { $inc: { seq: n } }, { upsert: true, returnDocument: 'after' }),
    );
    const last = counter?.seq ?? n;
    return Array.from({ length: n }, (_, i) => itemBarcode(last - n + 1 + i));
  }

  /** The records of items, their loans' return claims read in one query. */
  async function records(docs: ItemDoc[]): Promise<ItemRecord[]> {
    const loanIds = docs.flatMap((doc) => (doc.loanId ? [oid(doc.loanId)] : []));
    const claimed = new Map<string, Date | null>();
    if (loanIds.length > 0)
      for (const loan of await loans.find({ _id: { $in: loanIds } }, { projection: { claimedAt: 1 } }).toArray())
        claimed.set(loan._id.toHexString(), loan.claimedAt ?? null);
    return docs.map((doc) => toItem(doc, doc.loanId ? (claimed.get(doc.loanId) ?? null) : null));
  }

  /** Claims a copy for a borrow before the ledger lends it: the scanned one if free, else the oldest free one. */
  async function claimForLoan(bookId: string, loanId: string, barcode?: string): Promise<ItemDoc | null> {
    const filter = barcode === undefined ? freeItems(bookId) : { ...freeItems(bookId), _id: barcode };
    return itemLock(bookId, () =>
      items.findOneAndUpdate(filter, { $set: { loanId } }, { sort: { _id: 1 }, returnDocument: 'after' }),
    );
  }

  /** Gives back what a borrow that did not happen claimed, then lines the book's items up with its ledger. */
  async function releaseLoan(bookOid: ObjectId, loanId: string): Promise<void> {
    const bookId = bookOid.toHexString();
    await itemLock(bookId, () => items.updateMany({ bookId, loanId }, { $set: { loanId: null } }));
    await align(bookOid);
  }

  /** The item a loan has, once align has given it one. */
  async function itemOfLoan(bookOid: ObjectId, loanId: string): Promise<string | null> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const item = await items.findOne({ bookId: bookOid.toHexString(), loanId }, { projection: { _id: 1 } });
      if (item) return item._id;
      await align(bookOid);
    }
    return null;
  }

  return {
    allocate,
    records,
    claimForLoan,
    releaseLoan,
    itemOfLoan,
    align,
    ...itemChanges(c, lock, { allocate, align }),
    ...itemBirths(c, { allocate, align }),
  };
}

export type ItemSteps = ReturnType<typeof itemSteps>;
