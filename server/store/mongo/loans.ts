// Loans in MongoDB without multi-document transactions (standalone servers, FerretDB): the loan is inserted
// first, guarded by the unique activeKey, and the stock decrement is conditional; when it fails the loan is
// deleted again, so a copy is never taken without a loan. Read-modify-writes of one document are queued
// through the KeyLock (see key-lock.ts for why).
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import type { CheckinResult, CheckoutResult, LoanStore, NewLoan } from '../port.ts';
import { parseId } from '../ids.ts';
import { activeKey, isDuplicateKey, toLoan, toObjectId } from './documents.ts';
import type { BookDoc, LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

export function mongoLoans(loans: Collection<LoanDoc>, books: Collection<BookDoc>, lock: KeyLock): LoanStore {
  async function moveCopy(bookOid: ObjectId, delta: 1 | -1): Promise<number | null> {
    const filter = delta < 0 ? { _id: bookOid, quantity: { $gt: 0 } } : { _id: bookOid };
    const book = await lock.run(`book:${bookOid.toHexString()}`, () =>
      books.findOneAndUpdate(filter, { $inc: { quantity: delta }, $set: { updatedAt: new Date() } }, { returnDocument: 'after' }),
    );
    return book ? book.quantity : null;
  }

  return {
    async checkout(loan: NewLoan): Promise<CheckoutResult> {
      const bookId = parseId(loan.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      const bookOid = ObjectId.createFromHexString(bookId);
      const doc: LoanDoc = {
        _id: new ObjectId(),
        bookId,
        userId: loan.userId,
        userName: loan.userName,
        userEmail: loan.userEmail,
        borrowDate: loan.borrowDate,
        returnDate: loan.returnDate,
        returnedAt: null,
        status: 'borrowed',
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
        quantity = await moveCopy(bookOid, -1);
      } catch (error) {
        await loans.deleteOne({ _id: doc._id }).catch(() => undefined);
        throw error;
      }
      if (quantity !== null) return { ok: true, loan: toLoan(doc), quantity };
      await loans.deleteOne({ _id: doc._id });
      const exists = await books.countDocuments({ _id: bookOid }, { limit: 1 });
      return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
    },

    async checkin(loanId: string, at: Date): Promise<CheckinResult> {
      const _id = toObjectId(loanId);
      if (!_id) return { ok: false, reason: 'loan-not-found' };
      const returned = await lock.run(`loan:${_id.toHexString()}`, () =>
        loans.findOneAndUpdate(
          { _id, status: 'borrowed' },
          { $set: { status: 'returned', returnedAt: at, activeKey: _id.toHexString() } },
          { returnDocument: 'after' },
        ),
      );
      if (!returned) {
        const exists = await loans.countDocuments({ _id }, { limit: 1 });
        return { ok: false, reason: exists > 0 ? 'not-active' : 'loan-not-found' };
      }
      const bookOid = toObjectId(returned.bookId);
      const quantity = bookOid ? await moveCopy(bookOid, 1) : null;
      return { ok: true, loan: toLoan(returned), quantity };
    },

    async get(id) {
      const _id = toObjectId(id);
      const doc = _id ? await loans.findOne({ _id }) : null;
      return doc ? toLoan(doc) : null;
    },

    async listByUser(userId) {
      const docs = await loans.find({ userId: String(userId) }).sort({ borrowDate: -1, _id: -1 }).toArray();
      return docs.map(toLoan);
    },

    async findActive(userId, bookId) {
      const book = parseId(bookId);
      if (!book) return null;
      const doc = await loans.findOne({ activeKey: activeKey(String(userId), book), status: 'borrowed' });
      return doc ? toLoan(doc) : null;
    },

    async countActiveByUser(userId) {
      return loans.countDocuments({ userId: String(userId), status: 'borrowed' });
    },
  };
}
