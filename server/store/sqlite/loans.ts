// Loans in SQLite: checkout and checkin each run in one BEGIN IMMEDIATE transaction, so stock and loans
// always move together; the partial unique index backs the one-active-loan rule.
import type { DatabaseSync } from 'node:sqlite';
import type { CheckinResult, CheckoutResult, LoanRecord, LoanStatus, LoanStore, NewLoan } from '../port.ts';
import { newId, parseId } from '../ids.ts';
import { date, dateOrNull, isUniqueViolation, num, text, transaction } from './db.ts';
import type { Row } from './db.ts';

function toStatus(value: string): LoanStatus {
  if (value === 'borrowed' || value === 'returned') return value;
  throw new TypeError(`Unknown loan status ${value}`);
}

function toLoan(row: Row): LoanRecord {
  return {
    id: text(row, 'id'),
    bookId: text(row, 'book_id'),
    userId: text(row, 'user_id'),
    userName: text(row, 'user_name'),
    userEmail: text(row, 'user_email'),
    borrowDate: date(row, 'borrow_date'),
    returnDate: date(row, 'return_date'),
    returnedAt: dateOrNull(row, 'returned_at'),
    status: toStatus(text(row, 'status')),
    bookTitle: text(row, 'book_title'),
    bookAuthor: text(row, 'book_author'),
    bookImage: text(row, 'book_image'),
    bookCategory: text(row, 'book_category'),
  };
}

export function sqliteLoans(db: DatabaseSync): LoanStore {
  const bookQuantity = db.prepare('SELECT quantity FROM books WHERE id = ?');
  const activeLoan = db.prepare("SELECT * FROM loans WHERE user_id = ? AND book_id = ? AND status = 'borrowed'");
  const takeCopy = db.prepare(
    'UPDATE books SET quantity = quantity - 1, updated_at = ? WHERE id = ? AND quantity > 0 RETURNING quantity',
  );
  const putCopyBack = db.prepare(
    'UPDATE books SET quantity = quantity + 1, updated_at = ? WHERE id = ? RETURNING quantity',
  );
  const insertLoan = db.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date,
    return_date, returned_at, status, book_title, book_author, book_image, book_category)
    VALUES (?, ?, ?, ?, ?, ?, ?, NULL, 'borrowed', ?, ?, ?, ?) RETURNING *`);
  const markReturned = db.prepare(`UPDATE loans SET status = 'returned', returned_at = ?
    WHERE id = ? AND status = 'borrowed' RETURNING *`);
  const loanById = db.prepare('SELECT * FROM loans WHERE id = ?');

  return {
    async checkout(loan: NewLoan): Promise<CheckoutResult> {
      const bookId = parseId(loan.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      try {
        return transaction(db, (): CheckoutResult => {
          // Same precedence as the Mongo adapter: a missing book, then an existing loan, then stock.
          if (!bookQuantity.get(bookId)) return { ok: false, reason: 'book-not-found' };
          if (activeLoan.get(loan.userId, bookId)) return { ok: false, reason: 'already-borrowed' };
          const taken = takeCopy.get(Date.now(), bookId);
          if (!taken) return { ok: false, reason: 'out-of-stock' };
          const row = insertLoan.get(
            newId(),
            bookId,
            loan.userId,
            loan.userName,
            loan.userEmail,
            loan.borrowDate.getTime(),
            loan.returnDate.getTime(),
            loan.bookTitle,
            loan.bookAuthor,
            loan.bookImage,
            loan.bookCategory,
          );
          if (!row) throw new Error('Insert returned no row');
          return { ok: true, loan: toLoan(row), quantity: num(taken, 'quantity') };
        });
      } catch (error) {
        // Another connection to the same file won the race between our check and our insert.
        if (isUniqueViolation(error)) return { ok: false, reason: 'already-borrowed' };
        throw error;
      }
    },

    async checkin(loanId: string, at: Date): Promise<CheckinResult> {
      const id = parseId(loanId);
      if (!id) return { ok: false, reason: 'loan-not-found' };
      return transaction(db, (): CheckinResult => {
        const row = markReturned.get(at.getTime(), id);
        if (!row) return { ok: false, reason: loanById.get(id) ? 'not-active' : 'loan-not-found' };
        const loan = toLoan(row);
        const book = putCopyBack.get(Date.now(), loan.bookId);
        return { ok: true, loan, quantity: book ? num(book, 'quantity') : null };
      });
    },

    async get(id) {
      const key = parseId(id);
      const row = key ? loanById.get(key) : undefined;
      return row ? toLoan(row) : null;
    },

    async listByUser(userId) {
      return db
        .prepare('SELECT * FROM loans WHERE user_id = ? ORDER BY borrow_date DESC, id DESC')
        .all(userId)
        .map(toLoan);
    },

    async findActive(userId, bookId) {
      const key = parseId(bookId);
      const row = key ? activeLoan.get(userId, key) : undefined;
      return row ? toLoan(row) : null;
    },

    async countActiveByUser(userId) {
      const row = db.prepare("SELECT COUNT(*) AS n FROM loans WHERE user_id = ? AND status = 'borrowed'").get(userId);
      return row ? num(row, 'n') : 0;
    },
  };
}
