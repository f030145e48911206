// The domain's failures. Transports map them: GraphQL extensions.code, REST status codes.
export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'ALREADY_BORROWED'
  | 'OUT_OF_STOCK'
  | 'LOAN_LIMIT'
  | 'FEES_UNPAID'
  | 'RENEWAL_LIMIT'
  | 'BOOK_REQUESTED'
  | 'LOAN_NOT_ACTIVE'
  | 'LOAN_OVERDUE'
  | 'CONFLICT'
  | 'ALREADY_ON_HOLD'
  | 'COPIES_AVAILABLE'
  // A hold on a title the library owns no copy of: no copy will ever come back to fill it.
  | 'NO_COPIES'
  | 'HOLD_LIMIT'
  | 'ACCOUNT_IN_USE'
  | 'RATE_LIMITED'
  | 'REQUEST_KEY_REUSED'
  | 'REQUEST_IN_PROGRESS'
  | 'UNAVAILABLE'
  // The desk's copies (issue 31): a copy lent to someone else, out of the collection, busy, or not on loan.
  | 'ITEM_ON_LOAN'
  | 'ITEM_UNAVAILABLE'
  | 'ITEM_BUSY'
  | 'NOT_ON_LOAN'
  | 'MEMBER_BLOCKED'
  // The hold shelf (decision 058): shelving a hold with no copy set aside; clearing one still open or not there.
  | 'HOLD_NOT_READY'
  | 'HOLD_STILL_READY'
  | 'NOT_ON_HOLD_SHELF'
  // The library's calendar (decision 046): no open day within the policy's maxClosedDays to put a date on.
  | 'LIBRARY_CLOSED';

export class LibraryError extends Error {
  readonly code: ErrorCode;
  /** The input field at fault, for BAD_USER_INPUT. */
  readonly field: string | undefined;
  /** A policy refusal of the desk's check-out that staff may lend past with a reason (checkOut's `override`). */
  overridable = false;

  constructor(code: ErrorCode, message: string, field?: string) {
    super(message);
    this.name = 'LibraryError';
    this.code = code;
    this.field = field;
  }
}

export const badInput = (field: string, message: string) => new LibraryError('BAD_USER_INPUT', message, field);

export const MESSAGES = {
  alreadyBorrowed: 'You have already borrowed this book. You can borrow it again after returning it.',
  outOfStock: 'This book is out of stock.',
  bookNotFound: 'Book not found',
  loanNotFound: 'Borrow record not found',
  notYourLoan: 'You can only return books you borrowed.',
  notYourList: 'You can only see your own borrowed books.',
  alreadyReturned: 'This book has already been returned.',
  /** RETURNS=desk: what a member's Return Book says (docs/decisions/041). */
  returnClaimed: "We'll close this loan when the book reaches the desk or the book drop.",
  unauthorized: 'Unauthorized access',
  forbidden: 'Forbidden access',
  staffOnly: 'Only library staff can do this.',
  editorsOnly: 'Only library staff can add or update books.',
  copiesStaffOnly: 'Only library staff can change how many copies the library owns.',
  costStaffOnly: "Only library staff can change a book's replacement cost.",
  bookChanged: 'This book changed while you were editing it. Reload it to see the changes, then make your edit again.',
  loanNotActive: 'This loan has already ended.',
  loanOverdue:
    'This book is overdue, so it cannot be renewed. Please return it; only loans that are not yet due can be renewed.',
  noCopies: 'The library has no copy of this book, so it cannot be put on hold.',
  holdNotFound: 'Hold not found',
  holdEnded: 'This hold has already ended.',
  notYourHold: 'You can only cancel your own holds.',
  bookRequested: 'Another member has requested this book, so it cannot be renewed. Please return it by its due date.',
  unavailable: 'The library is temporarily unavailable. Please try again in a moment.',
  holdNotReady: 'This hold has no copy set aside yet, so there is nothing to put on the hold shelf.',
  holdStillReady: 'This hold is still waiting for its member to pick the copy up: leave the copy on the hold shelf.',
  holdNotOnShelf: "This hold's copy was never put on the hold shelf, or it was borrowed: there is nothing to take off.",
} as const;
