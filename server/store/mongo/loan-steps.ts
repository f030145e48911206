// The later writes of a borrow, a return and a loss on MongoDB, shared by the live path (loans.ts,
// loan-checkout.ts) and recovery (loan-recovery.ts): the member's place under the loan limit (their account
// document), the loan's charges (counted once, ledger.ts), the loan's own status, and its copy (loan-copies.ts).
// Every step is conditional on the ledgers, so running one twice (a retry, a recovery) changes nothing.
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import type { LedgerKind, NewAudit } from '../port.ts';
import { systemNote } from '../port.ts';
import { isDuplicateKey, toObjectId } from './documents.ts';
import type { AccountDoc, BookDoc, HoldDoc, LedgerDoc, LoanDoc, MemberHoldsDoc } from './documents.ts';
import { holdSteps } from './hold-steps.ts';
import type { ItemCollections } from './item-docs.ts';
import { itemSteps } from './items.ts';
import type { KeyLock } from './key-lock.ts';
import { countCharge } from './ledger.ts';
import { auditDocs, insertAuditOnce, type AuditDoc } from './audit.ts';
import { loanCopies } from './loan-copies.ts';

export interface LoanCollections extends ItemCollections {
  loans: Collection<LoanDoc>;
  books: Collection<BookDoc>;
  accounts: Collection<AccountDoc>;
  ledger: Collection<LedgerDoc>;
  holds: Collection<HoldDoc>;
  memberHolds: Collection<MemberHoldsDoc>;
  audit: Collection<AuditDoc>;
}

/** The audit entries a loan carries until its last step, when the write has any. */
export const carried = (audit: readonly NewAudit[] | undefined) => (audit?.length ? { audit: auditDocs(audit) } : {});

/** The later writes of a borrow, a return and a loss, shared by the live path and recovery. */
export function loanSteps(c: LoanCollections, lock: KeyLock) {
  const { loans, books, accounts, ledger } = c;
  const held = holdSteps(c, lock);
  const goods = itemSteps(c, lock);
  const { lend, putBack, writeOff } = loanCopies(c, lock);
  const memberLock = <T>(userId: string, work: () => Promise<T>) => lock.run(`member:${userId}`, work);

  /** Reserves the loan's place under the member's limit unless it has one: the limit's commit point. */
  async function reserve(userId: string, loanId: string, limit: number): Promise<boolean> {
    return memberLock(userId, async () => {
      try {
        // A member's first borrow creates the account; at the limit (or already holding this loan) the filter
        // misses, the upsert's insert meets the existing account, and the answer is in its loansOut.
        const reserved = await accounts.updateOne(
          { _id: userId, onLoan: { $lt: limit }, loansOut: { $ne: loanId } },
          { $inc: { onLoan: 1 }, $addToSet: { loansOut: loanId } },
          { upsert: true },
        );
        if (reserved.modifiedCount === 1 || reserved.upsertedCount === 1) return true;
      } catch (error) {
        if (!isDuplicateKey(error)) throw error;
      }
      return (await accounts.countDocuments({ _id: userId, loansOut: loanId }, { limit: 1 })) > 0;
    });
  }

  /** Gives back the loan's place under the limit if it holds one. */
  async function release(userId: string, loanId: string): Promise<void> {
    await memberLock(userId, () =>
      accounts.updateOne({ _id: userId, loansOut: loanId }, { $inc: { onLoan: -1 }, $pull: { loansOut: loanId } }),
    );
  }

  /**
   * Marks the hold a loan took its copy from fulfilled. When a different copy was scanned, the one set aside
   * went back to the shelf (align), and from there to the next member waiting.
   */
  async function fulfil(doc: LoanDoc, itemBarcode: string | null): Promise<void> {
    if (!doc.holdId) return;
    await held.fulfil(doc.holdId, doc.borrowDate, itemBarcode);
    await held.fill(ObjectId.createFromHexString(doc.bookId), doc.borrowDate);
  }

  /** Confirms a borrow that holds its copy and its place, naming the item it has. */
  async function confirm(doc: LoanDoc, bookOid: ObjectId) {
    // The ledger has lent: a hold's copy follows to the loan, or (a different copy scanned) back to the shelf.
    await goods.align(bookOid);
    const itemBarcode = await goods.itemOfLoan(bookOid, doc._id.toHexString());
    // The borrow holds its copy and its place: it stands, and so do its audit entries.
    if (doc.audit) await insertAuditOnce(c.audit, doc.audit);
    const confirmed = await loans.updateOne(
      { _id: doc._id, status: 'pending' },
      { $set: { status: 'borrowed', itemBarcode }, $unset: { audit: '' } },
    );
    return { confirmed: confirmed.matchedCount === 1, itemBarcode };
  }

  /** Records a charge for a loan once, whatever how often it is asked. */
  async function charge(doc: LoanDoc, kind: LedgerKind, amount: number, note: string): Promise<void> {
    if (amount <= 0) return;
    const loanId = doc._id.toHexString();
    try {
      await ledger.insertOne({
        _id: new ObjectId(),
        userId: doc.userId,
        kind,
        amount,
        loanId,
        bookTitle: doc.bookTitle,
        note,
        recordedBy: kind === 'late-fee' ? null : (doc.closedBy ?? null),
        createdAt: doc.returnedAt ?? new Date(),
        chargeKey: `${loanId}:${kind}`,
        counted: false,
      });
    } catch (error) {
      if (!isDuplicateKey(error)) throw error;
    }
    await countCharge(c, lock, `${loanId}:${kind}`, doc.chargeYear);
  }

  /** Removes a pending borrow; `reserved`: it may hold a place under the limit, which goes back. */
  async function drop(doc: LoanDoc, reserved = true): Promise<boolean> {
    const dropped = await loans.deleteOne({ _id: doc._id, status: 'pending' });
    if (reserved) await release(doc.userId, doc._id.toHexString());
    return dropped.deletedCount === 1;
  }

  return {
    /** Drops a pending borrow that will not happen, giving back its place under the limit. */
    drop,
    /**
     * Lends the copy, reserves the member's place under the limit and confirms the loan. Without a copy or a
     * place the pending loan is removed (and a copy already taken goes back): null for no copy, 'loan-limit'.
     * The copy first: most refusals under load are an empty shelf, and they then never touch the account.
     */
    async finishBorrow(
      doc: LoanDoc,
      limit: number,
    ): Promise<{ quantity: number; itemBarcode: string | null } | null | 'loan-limit'> {
      const loanId = doc._id.toHexString();
      const bookOid = ObjectId.createFromHexString(doc.bookId);
      const quantity = await lend(bookOid, loanId, doc.holdId);
      if (quantity === null) {
        const dropped = await drop(doc, false);
        if (dropped) {
          await goods.releaseLoan(bookOid, loanId);
          return null;
        }
        // Not pending any more: another gateway's recovery confirmed it meanwhile (its copy was taken), so the
        // borrow stands (or dropped it, and then there is no copy to report).
        const stands = await books.findOne({ _id: bookOid, loansOut: loanId }, { projection: { quantity: 1 } });
        const after = await loans.findOne({ _id: doc._id }, { projection: { itemBarcode: 1 } });
        return stands ? { quantity: stands.quantity, itemBarcode: after?.itemBarcode ?? null } : null;
      }
      if (!(await reserve(doc.userId, loanId, limit))) {
        await putBack(bookOid, loanId, doc.holdId);
        await drop(doc, false);
        await goods.releaseLoan(bookOid, loanId);
        return 'loan-limit';
      }
      const { confirmed, itemBarcode } = await confirm(doc, bookOid);
      if (!confirmed && (await loans.countDocuments({ _id: doc._id }, { limit: 1 })) === 0) {
        // Another gateway, recovering as it started, dropped this pending borrow before it held both its copy
        // and its place: the borrow did not happen, so both go back.
        await putBack(bookOid, loanId, doc.holdId);
        await release(doc.userId, loanId);
        await goods.releaseLoan(bookOid, loanId);
        return null;
      }
      await fulfil(doc, itemBarcode);
      // Read after the hold's copy passed on (a scanned copy instead of the one set aside).
      const now = await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } });
      return { quantity: now?.quantity ?? quantity, itemBarcode };
    },
    /**
     * After a borrow failed part way, and on recovery: keeps the loan if it holds both its copy and its place
     * under the limit (the borrow's commit point), and otherwise gives back what it holds and drops it. A loan
     * that holds both is never undone, so a loan another gateway has just confirmed stands.
     */
    async settleBorrow(doc: LoanDoc): Promise<void> {
      const loanId = doc._id.toHexString();
      const bookOid = ObjectId.createFromHexString(doc.bookId);
      const lent = (await books.countDocuments({ _id: bookOid, loansOut: loanId }, { limit: 1 })) > 0;
      const placed = (await accounts.countDocuments({ _id: doc.userId, loansOut: loanId }, { limit: 1 })) > 0;
      if (lent && placed) {
        const { itemBarcode } = await confirm(doc, bookOid);
        await fulfil(doc, itemBarcode);
        return;
      }
      if (lent) await putBack(bookOid, loanId, doc.holdId);
      await drop(doc, placed);
      await goods.releaseLoan(bookOid, loanId);
    },
    /** Charges the late fee, puts the copy back, releases the member's place, and marks the loan returned. */
    async finishReturn(doc: LoanDoc): Promise<number | null> {
      const loanId = doc._id.toHexString();
      await charge(doc, 'late-fee', doc.lateFee ?? 0, systemNote('ledgerReturnedLate'));
      const bookOid = toObjectId(doc.bookId);
      // The hold it goes to is ready from the return's day (the library's clock), as on SQLite.
      const quantity = bookOid ? await putBack(bookOid, loanId, undefined, doc.returnedAt ?? new Date()) : null;
      await release(doc.userId, loanId);
      if (doc.audit) await insertAuditOnce(c.audit, doc.audit);
      await loans.updateOne(
        { _id: doc._id, status: 'returning' },
        { $set: { status: 'returned', activeKey: loanId }, $unset: { audit: '' } },
      );
      return quantity;
    },
    /** Charges replacement and processing, writes the copy off, releases the member's place, closes the loan. */
    async finishClose(doc: LoanDoc): Promise<number | null> {
      const loanId = doc._id.toHexString();
      const [replacement, processing] =
        doc.loss === 'damaged'
          ? (['ledgerDamagedReplacement', 'ledgerDamagedProcessing'] as const)
          : (['ledgerLostReplacement', 'ledgerLostProcessing'] as const);
      await charge(doc, 'replacement', doc.charges?.replacement ?? 0, systemNote(replacement));
      await charge(doc, 'processing-fee', doc.charges?.processing ?? 0, systemNote(processing));
      const bookOid = toObjectId(doc.bookId);
      const quantity = bookOid ? await writeOff(bookOid, loanId) : null;
      await release(doc.userId, loanId);
      if (doc.audit) await insertAuditOnce(c.audit, doc.audit);
      await loans.updateOne(
        { _id: doc._id, status: 'closing' },
        { $set: { status: doc.loss === 'damaged' ? 'damaged' : 'lost', activeKey: loanId }, $unset: { audit: '' } },
      );
      return quantity;
    },
  };
}
