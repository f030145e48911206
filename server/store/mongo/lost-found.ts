// A lost copy found, in MongoDB (decision 059), step by step like the charges (ledger.ts): the refund of the
// last loan's replacement charge (the amount the library's rule gives from the member's ledger, read with the
// account's credits not yet written, queued behind the member's other ledger writes) is inserted first under the unique chargeKey `<loanId>:lost-found` (its commit
// point: one per loan however many desks scan or retry), then counted into the account's balance once
// (account.counted; no `balance >= amount` guard: a refund may take the balance below zero; recovery counts what a
// stopped gateway left marked), then the copy moves back (item-store.ts, move). A gateway stopped after the refund
// leaves the copy LOST with the refund in the ledger: scanning it again brings it back without a second refund.
import { ObjectId } from 'mongodb';
import { systemNote } from '../port.ts';
import type { FoundResult, ItemRecord, ItemShelfStatus, LedgerRecord, LoanRecord, RefundRule } from '../port.ts';
import { isDuplicateKey, toEntry, toLoan } from './documents.ts';
import type { LedgerDoc } from './documents.ts';
import { toItem, type ItemCollections, type ItemDoc } from './item-docs.ts';
import { countCharge, type LedgerCollections } from './ledger.ts';
import type { KeyLock } from './key-lock.ts';

const REFUND_NOTE = systemNote('ledgerLostFound');

/** Attempts at bringing a copy back that keeps meeting another step's write before it gives up as busy. */
const ATTEMPTS = 5;

interface FoundDeps {
  move(doc: ItemDoc, to: ItemShelfStatus, note: string | null, delta: number): Promise<boolean>;
  record(barcode: string): Promise<ItemRecord | null>;
  quantityOf(bookOid: ObjectId): Promise<number>;
}

export function mongoFound(c: ItemCollections & LedgerCollections, lock: KeyLock, deps: FoundDeps) {
  const { items, loans, ledger, accounts } = c;

  /** The member's ledger as it stands: the entries written and the credits counted but not written yet. */
  async function entriesOf(userId: string): Promise<LedgerRecord[]> {
    const [written, account] = await Promise.all([
      ledger.find({ userId }).toArray(),
      accounts.findOne({ _id: userId }, { projection: { credits: 1 } }),
    ]);
    const seen = new Set(written.map((doc) => doc._id.toHexString()));
    const pending = Object.values(account?.credits ?? {}).filter((doc) => !seen.has(doc._id.toHexString()));
    return [...written, ...pending].map(toEntry);
  }

  /** The copy's last loan, when it was closed as lost. */
  async function lostLoan(barcode: string): Promise<LoanRecord | null> {
    const [last] = await loans.find({ itemBarcode: barcode }).sort({ borrowDate: -1, _id: -1 }).limit(1).toArray();
    return last && last.status === 'lost' ? toLoan(last) : null;
  }

  /** Refunds the loan's replacement charge once; the entry when this call recorded it. */
  async function refund(
    loan: LoanRecord,
    at: Date,
    by: string,
    refundOf: RefundRule,
    year: number,
  ): Promise<LedgerRecord | null> {
    const chargeKey = `${loan.id}:lost-found`;
    // Read and inserted in the member's queue (FerretDB v1's in-process lock), as a payment or waiver is decided.
    const inserted = await lock.run(`member:${loan.userId}`, async (): Promise<LedgerDoc | null> => {
      const amount = refundOf(await entriesOf(loan.userId), loan.id);
      if (amount <= 0) return null;
      const doc: LedgerDoc = {
        _id: new ObjectId(),
        userId: loan.userId,
        kind: 'lost-found',
        amount,
        loanId: loan.id,
        bookTitle: loan.bookTitle,
        note: REFUND_NOTE,
        recordedBy: by,
        createdAt: at,
        chargeKey,
        counted: false,
      };
      try {
        await ledger.insertOne(doc);
        return doc;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
        return null;
      }
    });
    // Counted (and numbered) whoever inserted it: a scan after a stopped one finishes its step.
    const counted = await countCharge(c, lock, chargeKey, year);
    return inserted ? toEntry(counted ?? inserted) : null;
  }

  return async function found(
    barcode: string,
    at: Date,
    by: string,
    refundOf: RefundRule,
    year = at.getUTCFullYear(),
  ): Promise<FoundResult> {
    let refunded: LedgerRecord | null = null;
    let loan: LoanRecord | null = null;
    let seen: ItemDoc | null = null;
    for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
      const doc = (seen = await items.findOne({ _id: String(barcode) }));
      if (!doc || doc.move?.from === 'NEW') return { ok: false, reason: 'item-not-found' };
      if (doc.move) {
        // Another scan is bringing it back: as if it were back already (this scan's refund, if any, stands).
        if (doc.move.from !== 'LOST' || doc.move.to !== 'ON_SHELF') return { ok: false, reason: 'item-busy' };
        if (!refunded) return { ok: false, reason: 'not-lost' };
        // This scan's refund stands, and the copy is on its way back: the answer is the copy as that scan leaves
        // it (waiting for it would only spin on another gateway's progress).
        return answer(doc, toItem({ ...doc, shelfStatus: doc.move.to, move: undefined }, null));
      }
      const lost = doc.shelfStatus === 'LOST' && !doc.loanId && !doc.holdId;
      if (!lost) {
        // Another desk brought it back while this one refunded: the refund stands, and is this scan's answer.
        if (!refunded) return { ok: false, reason: 'not-lost' };
        return answer(doc);
      }
      if (attempt === 0) {
        loan = await lostLoan(doc._id);
        refunded = loan ? await refund(loan, at, by, refundOf, year) : null;
      }
      if (await deps.move(doc, 'ON_SHELF', null, 1)) return answer(doc);
    }
    return refunded && seen ? answer(seen) : { ok: false, reason: 'item-busy' };

    async function answer(doc: ItemDoc, as?: ItemRecord): Promise<FoundResult> {
      const item = as ?? (await deps.record(doc._id));
      if (!item) return { ok: false, reason: 'item-not-found' };
      const quantity = await deps.quantityOf(ObjectId.createFromHexString(doc.bookId));
      return { ok: true, item, quantity, loan, refund: refunded };
    }
  };
}
