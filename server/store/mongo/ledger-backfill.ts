// Credits recorded before receipts were records (decision 074) get their balanceAfter once, and every entry
// recorded before references (charges and refunds too) its reference, when the store opens: the balance after
// each in the order settlement.ts reads a ledger (by time, charges first at one instant, then by id), and the
// year's next numbers in the order recorded. Each write is conditional on the field being absent, so a second
// gateway opening at once writes nothing twice (a number it took is then unused).
import type { LedgerDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';
import { nextReference, type LedgerCollections } from './ledger.ts';
import { CREDIT_KINDS, isCharge, signedAmount } from '../../library/rules/ledger.ts';

const oldestFirst = (a: LedgerDoc, b: LedgerDoc) =>
  a.createdAt.getTime() - b.createdAt.getTime() ||
  Number(isCharge(b.kind)) - Number(isCharge(a.kind)) ||
  (a._id.toHexString() < b._id.toHexString() ? -1 : 1);

export async function backfillCredits(c: LedgerCollections, lock: KeyLock): Promise<{ filled: number }> {
  const missing = { kind: { $in: [...CREDIT_KINDS] }, balanceAfter: { $exists: false } };
  const members = new Set<string>();
  for await (const doc of c.ledger.find(missing, { projection: { userId: 1 } })) members.add(doc.userId);
  let filled = 0;
  for (const userId of members) {
    const entries = (await c.ledger.find({ userId }).toArray()).sort(oldestFirst);
    let balance = 0;
    for (const entry of entries) {
      balance += signedAmount(entry);
      if (!CREDIT_KINDS.includes(entry.kind) || entry.balanceAfter !== undefined) continue;
      await c.ledger.updateOne(
        { _id: entry._id, balanceAfter: { $exists: false } },
        { $set: { balanceAfter: balance } },
      );
      filled += 1;
    }
  }
  // Credits first, then every other entry (decision 074, amended: charges and refunds have references too), each
  // in the order recorded, as SQLite's migrations 28 and 29 number them. A charge a live step has just inserted
  // may be numbered here or there, once (the write is conditional).
  const credits = { kind: { $in: [...CREDIT_KINDS] } };
  for (const which of [credits, {}]) {
    const unnumbered = c.ledger.find({ ...which, reference: { $exists: false } }).sort({ createdAt: 1, _id: 1 });
    for await (const entry of unnumbered) {
      const reference = await nextReference(c, lock, entry.createdAt.getUTCFullYear());
      await c.ledger.updateOne({ _id: entry._id, reference: { $exists: false } }, { $set: { reference } });
    }
  }
  return { filled };
}
