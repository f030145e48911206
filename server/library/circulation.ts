// Circulation: borrowing and returning. Who may do what is decided here; the store makes each step atomic.
// Lending rules (loan limits, fees, holds) plug in as BorrowRules without touching the flow.
import type { BookRecord, LoanRecord, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, MESSAGES, badInput } from './errors.ts';
import { addDays, dayToDate, daysBetween, parseDay, todayIn } from './calendar.ts';
import * as check from './validate.ts';

/** The longest loan a borrower may ask for; guards against typos such as year 20260. */
export const MAX_LOAN_DAYS = 365;

export interface BorrowContext {
  session: Session;
  book: BookRecord;
  returnDay: string;
  today: string;
  store: Store;
}

/** A lending rule: resolves to a LibraryError to refuse the loan, or null to allow it. */
export type BorrowRule = (context: BorrowContext) => Promise<LibraryError | null>;

export interface Circulation {
  borrow(
    session: Session,
    input: { bookId?: unknown; returnDate?: unknown },
  ): Promise<{ loan: LoanRecord; quantity: number }>;
  /** `claimedBookId` is what a REST client said the loan was for; it must match the loan when given. */
  giveBack(session: Session, borrowId: unknown, claimedBookId?: unknown): Promise<LoanRecord>;
  loansOf(session: Session, userId?: string | null): Promise<LoanRecord[]>;
  /** The return dates a borrow accepts now: from today to the latest, in the library's calendar. */
  window(): { today: string; latestReturnDate: string; timeZone: string };
}

export function createCirculation(
  store: Store,
  opts: { timeZone: string; rules?: BorrowRule[]; now?: () => Date },
): Circulation {
  const rules = opts.rules ?? [];
  const now = opts.now ?? (() => new Date());

  function returnDayOf(value: unknown, today: string): string {
    if (value === undefined || value === null || value === '')
      throw badInput('returnDate', 'Please select a return date');
    const day = typeof value === 'string' ? parseDay(value, opts.timeZone) : null;
    if (day === null) throw badInput('returnDate', 'returnDate must be a date (YYYY-MM-DD)');
    const days = daysBetween(today, day);
    if (days < 0) throw badInput('returnDate', 'The return date cannot be before today');
    if (days > MAX_LOAN_DAYS) throw badInput('returnDate', `The return date must be within ${MAX_LOAN_DAYS} days`);
    return day;
  }

  return {
    window() {
      const today = todayIn(opts.timeZone, now());
      return { today, latestReturnDate: addDays(today, MAX_LOAN_DAYS), timeZone: opts.timeZone };
    },
    async borrow(session, input) {
      const bookId = check.id(input.bookId, 'bookId');
      const today = todayIn(opts.timeZone, now());
      const returnDay = returnDayOf(input.returnDate, today);
      const book = await store.books.get(bookId);
      if (!book) throw new LibraryError('NOT_FOUND', MESSAGES.bookNotFound);
      for (const rule of rules) {
        const refusal = await rule({ session, book, returnDay, today, store });
        if (refusal) throw refusal;
      }
      const result = await store.loans.checkout({
        bookId,
        userId: session.uid,
        userName: session.name,
        userEmail: session.email,
        borrowDate: now(),
        returnDate: dayToDate(returnDay),
        bookTitle: book.title,
        bookAuthor: book.author,
        bookImage: book.image,
        bookCategory: book.genre,
      });
      if (result.ok) return { loan: result.loan, quantity: result.quantity };
      if (result.reason === 'already-borrowed') throw new LibraryError('ALREADY_BORROWED', MESSAGES.alreadyBorrowed);
      if (result.reason === 'out-of-stock') throw new LibraryError('OUT_OF_STOCK', MESSAGES.outOfStock);
      throw new LibraryError('NOT_FOUND', MESSAGES.bookNotFound);
    },

    async giveBack(session, rawBorrowId, claimedBookId) {
      const borrowId = check.id(rawBorrowId, 'borrowId');
      const loan = await store.loans.get(borrowId);
      if (!loan) throw new LibraryError('NOT_FOUND', MESSAGES.loanNotFound);
      if (loan.userId !== session.uid) throw new LibraryError('FORBIDDEN', MESSAGES.notYourLoan);
      if (claimedBookId !== undefined && claimedBookId !== null && check.id(claimedBookId, 'bookId') !== loan.bookId) {
        throw badInput('bookId', 'bookId does not match the borrowed book');
      }
      if (loan.status !== 'borrowed') throw badInput('borrowId', MESSAGES.alreadyReturned);
      const result = await store.loans.checkin(borrowId, now());
      if (result.ok) return result.loan;
      if (result.reason === 'not-active') throw badInput('borrowId', MESSAGES.alreadyReturned);
      throw new LibraryError('NOT_FOUND', MESSAGES.loanNotFound);
    },

    async loansOf(session, userId) {
      if (userId != null && userId !== session.uid) throw new LibraryError('FORBIDDEN', MESSAGES.notYourList);
      return store.loans.listByUser(session.uid);
    },
  };
}
