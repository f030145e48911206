// Items when the store opens, after loans and holds are recovered (loans.ts, hold-recovery.ts):
// - the migration (once, then a marker): every book without items gets items for its copies owned, made by
//   birth so a run stopped part way and run again adds none twice, and its active loans and ready holds their
//   items;
// - a staff move stopped part way is finished if the ledger lists it (book.itemMoves), else reverted;
// - claims are compared with the loans and holds in bulk (a few reads, not one per book), and the books where
//   they disagree (a claim whose loan ended, an active loan or a ready hold without its item) are aligned.
import { ObjectId } from 'mongodb';
import type { ItemCollections } from './item-docs.ts';
import { itemSteps } from './items.ts';
import type { KeyLock } from './key-lock.ts';

const MIGRATED = 'items-migrated';
const BATCH = 100;
const oid = (hex: string) => ObjectId.createFromHexString(hex);

export async function recoverItems(c: ItemCollections, lock: KeyLock): Promise<{ aligned: number }> {
  const { books, loans, holds, items, counters } = c;
  const steps = itemSteps(c, lock);

  if ((await counters.countDocuments({ _id: MIGRATED }, { limit: 1 })) === 0) {
    let after: ObjectId | null = null;
    for (;;) {
      const batch = await books
        .find(after ? { _id: { $gt: after }, itemized: { $exists: false } } : { itemized: { $exists: false } }, {
          projection: { _id: 1 },
        })
        .sort({ _id: 1 })
        .limit(BATCH)
        .toArray();
      const last = batch.at(-1);
      if (!last) break;
      await steps.migrate(batch.map((book) => book._id));
      after = last._id;
    }
    await counters.updateOne({ _id: MIGRATED }, { $set: { seq: 0 } }, { upsert: true });
  }

  // A move the ledger lists is done and only finished; one it does not list is undone (a gateway still making
  // it takes its ledger change back when it finds the move gone: items.ts finish).
  for (const item of await items.find({ move: { $exists: true } }, { projection: { bookId: 1 } }).toArray()) {
    const bookOid = oid(item.bookId);
    const listed = await books.countDocuments({ _id: bookOid, itemMoves: item._id }, { limit: 1 });
    if (listed > 0) await steps.finish(bookOid, [item._id]);
    else await steps.revert(bookOid, [item._id]);
  }
  for (const book of await books.find({ itemMoves: { $type: 'string' } }, { projection: { itemMoves: 1 } }).toArray())
    await steps.finish(book._id, book.itemMoves ?? []);

  const off = new Set<string>();
  const loanClaims = new Map<string, { barcode: string; bookId: string }>();
  for (const item of await items
    .find({ loanId: { $type: 'string' } }, { projection: { bookId: 1, loanId: 1 } })
    .toArray())
    loanClaims.set(item.loanId ?? '', { barcode: item._id, bookId: item.bookId });
  const active = await loans
    .find(
      { status: { $in: ['pending', 'borrowed', 'returning', 'closing'] } },
      { projection: { bookId: 1, itemBarcode: 1, status: 1 } },
    )
    .toArray();
  const activeIds = new Set(active.map((loan) => loan._id.toHexString()));
  for (const [loanId, claim] of loanClaims) if (!activeIds.has(loanId)) off.add(claim.bookId);
  // An active loan or a ready hold without an item, or naming another than the one it has.
  for (const loan of active) {
    const claim = loanClaims.get(loan._id.toHexString());
    if (loan.status !== 'pending' && (!claim || claim.barcode !== loan.itemBarcode)) off.add(loan.bookId);
  }

  const holdClaims = new Map<string, { barcode: string; bookId: string }>();
  for (const item of await items
    .find({ holdId: { $type: 'string' } }, { projection: { bookId: 1, holdId: 1 } })
    .toArray())
    holdClaims.set(item.holdId ?? '', { barcode: item._id, bookId: item.bookId });
  const ready = await holds.find({ status: 'ready' }, { projection: { bookId: 1, itemBarcode: 1 } }).toArray();
  const readyIds = new Set(ready.map((hold) => hold._id.toHexString()));
  for (const [holdId, claim] of holdClaims) if (!readyIds.has(holdId)) off.add(claim.bookId);
  for (const hold of ready) {
    const claim = holdClaims.get(hold._id.toHexString());
    if (!claim || claim.barcode !== hold.itemBarcode) off.add(hold.bookId);
  }

  for (const bookId of off) await steps.align(oid(bookId));
  return { aligned: off.size };
}
