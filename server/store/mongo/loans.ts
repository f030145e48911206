// Loans in MongoDB without multi-document transactions (standalone servers, FerretDB). The book document is
// the ledger: a borrow takes a copy and adds the loan's id to book.loansOut in one atomic update, a return
// does the reverse, so quantity + loansOut never drift apart. Around that update the loan moves
// pending -> borrowed and returning -> returned. A gateway killed between the writes leaves a pending or
// returning loan; recoverLoans() finishes it on the next start. Every step is conditional on the ledger, so
// running one twice (a retry, a recovery) changes nothing, and each is one single-document conditional update,
// which MongoDB applies atomically: several gateways, one of them recovering while the others serve, stay
// consistent. On FerretDB v1 writes to one book are also queued through the KeyLock (see key-lock.ts).
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import type { CheckinResult, CheckoutResult, LoanStore, NewLoan } from '../port.ts';
import { parseId } from '../ids.ts';
import { activeKey, isDuplicateKey, toLoan, toObjectId } from './documents.ts';
import type { BookDoc, LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

const ACTIVE: { $in: LoanDoc['status'][] } = { $in: ['borrowed', 'returning'] };

export function mongoLoans(loans: Collection<LoanDoc>, books: Collection<BookDoc>, lock: KeyLock): LoanStore {
  const steps = loanSteps(loans, books, lock);

  return {
    async checkout(loan: NewLoan): Promise<CheckoutResult> {
      const bookId = parseId(loan.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      const doc: LoanDoc = {
        _id: new ObjectId(),
        bookId,
        userId: loan.userId,
        userName: loan.userName,
        userEmail: loan.userEmail,
        borrowDate: loan.borrowDate,
        returnDate: loan.returnDate,
        returnedAt: null,
        status: 'pending',
        activeKey: activeKey(loan.userId, bookId),
        bookTitle: loan.bookTitle,
        bookAuthor: loan.bookAuthor,
        bookImage: loan.bookImage,
        bookCategory: loan.bookCategory,
      };
      try {
        await loans.insertOne(doc);
      } catch (error) {
        if (isDuplicateKey(error)) return { ok: false, reason: 'already-borrowed' };
        throw error;
      }
      let quantity: number | null;
      try {
        quantity = await steps.finishBorrow(doc);
      } catch (error) {
        // The caller sees an error; the loan is settled now as recovery would settle it (kept if its copy was
        // taken, as when an answer is lost), and if even that fails, recovery settles it on the next start.
        await steps.settleBorrow(doc).catch(() => undefined);
        throw error;
      }
      if (quantity !== null) return { ok: true, loan: toLoan({ ...doc, status: 'borrowed' }), quantity };
      const exists = await books.countDocuments({ _id: new ObjectId(bookId) }, { limit: 1 });
      return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
    },

    async checkin(loanId: string, at: Date): Promise<CheckinResult> {
      const _id = toObjectId(loanId);
      if (!_id) return { ok: false, reason: 'loan-not-found' };
      const returning = await loans.findOneAndUpdate(
        { _id, status: 'borrowed' },
        { $set: { status: 'returning', returnedAt: at } },
        { returnDocument: 'after' },
      );
      if (!returning) {
        const current = await loans.findOne({ _id });
        return { ok: false, reason: current && current.status !== 'pending' ? 'not-active' : 'loan-not-found' };
      }
      const quantity = await steps.finishReturn(returning);
      return { ok: true, loan: toLoan({ ...returning, status: 'returned' }), quantity };
    },

    async get(id) {
      const _id = toObjectId(id);
      // By _id alone, which FerretDB answers from its primary key; a pending borrow is not a loan yet.
      const doc = _id ? await loans.findOne({ _id }) : null;
      return doc && doc.status !== 'pending' ? toLoan(doc) : null;
    },

    async listByUser(userId) {
      const docs = await loans
        .find({ userId: String(userId), status: { $ne: 'pending' } })
        .sort({ borrowDate: -1, _id: -1 })
        .toArray();
      return docs.map(toLoan);
    },

    async findActive(userId, bookId) {
      const book = parseId(bookId);
      if (!book) return null;
      const doc = await loans.findOne({ activeKey: activeKey(String(userId), book), status: ACTIVE });
      return doc ? toLoan(doc) : null;
    },

    async countActiveByUser(userId) {
      return loans.countDocuments({ userId: String(userId), status: ACTIVE });
    },
  };
}

/** The second and third writes of a borrow and a return, shared by the live path and recovery. */
export function loanSteps(loans: Collection<LoanDoc>, books: Collection<BookDoc>, lock: KeyLock) {
  const bookLock = <T>(bookOid: ObjectId, work: () => Promise<T>) => lock.run(`book:${bookOid.toHexString()}`, work);

  /** Takes a copy for the loan unless the ledger has it already: the borrow's commit point. */
  async function lend(bookOid: ObjectId, loanId: string): Promise<number | null> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        { _id: bookOid, quantity: { $gt: 0 }, loansOut: { $ne: loanId } },
        { $inc: { quantity: -1 }, $addToSet: { loansOut: loanId }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
    if (book) return book.quantity;
    return (await books.findOne({ _id: bookOid, loansOut: loanId }))?.quantity ?? null;
  }

  /** Puts the loan's copy back if the ledger still has it: the return's commit point. */
  async function putBack(bookOid: ObjectId, loanId: string): Promise<number | null> {
    const book = await bookLock(bookOid, () =>
      books.findOneAndUpdate(
        { _id: bookOid, loansOut: loanId },
        { $inc: { quantity: 1 }, $pull: { loansOut: loanId }, $set: { updatedAt: new Date() } },
        { returnDocument: 'after' },
      ),
    );
    if (book) return book.quantity;
    return (await books.findOne({ _id: bookOid }))?.quantity ?? null;
  }

  return {
    /** Lends the copy and confirms the loan; with no copy to lend, removes the pending loan. */
    async finishBorrow(doc: LoanDoc): Promise<number | null> {
      const bookOid = ObjectId.createFromHexString(doc.bookId);
      const quantity = await lend(bookOid, doc._id.toHexString());
      if (quantity === null) {
        const dropped = await loans.deleteOne({ _id: doc._id, status: 'pending' });
        if (dropped.deletedCount === 1) return null;
        // Not pending any more: another gateway's recovery lent it a copy that came back meanwhile and
        // confirmed it, so the borrow stands (or dropped it, and then there is no copy to report).
        return (await books.findOne({ _id: bookOid, loansOut: doc._id.toHexString() }))?.quantity ?? null;
      }
      const confirmed = await loans.updateOne({ _id: doc._id, status: 'pending' }, { $set: { status: 'borrowed' } });
      if (confirmed.matchedCount === 0 && (await loans.countDocuments({ _id: doc._id }, { limit: 1 })) === 0) {
        // Another gateway, recovering as it started, found no copy for this pending borrow and dropped it
        // before the copy was taken here: the borrow did not happen, so the copy goes back.
        await putBack(bookOid, doc._id.toHexString());
        return null;
      }
      return quantity;
    },
    /**
     * After a borrow failed part way: keeps the loan if its copy was taken, drops it if not, as recovery
     * would. It never moves a copy itself, so it cannot undo a loan that another gateway's recovery has just
     * confirmed (giving back the copy of a standing loan would lend it twice).
     */
    async settleBorrow(doc: LoanDoc): Promise<void> {
      const lent = await books.countDocuments(
        { _id: ObjectId.createFromHexString(doc.bookId), loansOut: doc._id.toHexString() },
        { limit: 1 },
      );
      if (lent > 0) await loans.updateOne({ _id: doc._id, status: 'pending' }, { $set: { status: 'borrowed' } });
      else await loans.deleteOne({ _id: doc._id, status: 'pending' });
    },
    async finishReturn(doc: LoanDoc): Promise<number | null> {
      const bookOid = toObjectId(doc.bookId);
      const quantity = bookOid ? await putBack(bookOid, doc._id.toHexString()) : null;
      await loans.updateOne(
        { _id: doc._id, status: 'returning' },
        { $set: { status: 'returned', activeKey: doc._id.toHexString() } },
      );
      return quantity;
    },
  };
}

/**
 * Runs when the store opens. Books written before the ledger existed get one (their active loans); borrows
 * and returns that a stopped gateway left half done are finished. A pending borrow whose copy was taken is
 * completed (its client never heard back, as if the answer was lost); one without a copy is dropped.
 */
export async function recoverLoans(
  loans: Collection<LoanDoc>,
  books: Collection<BookDoc>,
  lock: KeyLock,
): Promise<{ finished: number }> {
  if ((await books.countDocuments({ loansOut: { $exists: false } }, { limit: 1 })) > 0) {
    const out = new Map<string, string[]>();
    for await (const loan of loans.find(
      { status: { $in: ['borrowed', 'returning'] } },
      { projection: { _id: 1, bookId: 1 } },
    )) {
      out.set(loan.bookId, [...(out.get(loan.bookId) ?? []), loan._id.toHexString()]);
    }
    for await (const book of books.find({ loansOut: { $exists: false } }, { projection: { _id: 1 } })) {
      await books.updateOne(
        { _id: book._id, loansOut: { $exists: false } },
        { $set: { loansOut: out.get(book._id.toHexString()) ?? [] } },
      );
    }
  }
  const steps = loanSteps(loans, books, lock);
  let finished = 0;
  for await (const doc of loans.find({ status: { $in: ['pending', 'returning'] } })) {
    if (doc.status === 'pending') await steps.finishBorrow(doc);
    else await steps.finishReturn(doc);
    finished += 1;
  }
  return { finished };
}
