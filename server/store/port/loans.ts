// Loans: one member's borrow of one copy, from checkout to its return, loss or damage.
import type { NewAudit } from './audit.ts';
import type { ItemRecord } from './items.ts';
import type { Page, PageRequest } from './paging.ts';

/** 'lost' and 'damaged': closed by staff, the copy left the collection and the member was charged. */
/** `returning`: the member says the book is on its way back (RETURNS=desk); the copy is still out. */
export type LoanStatus = 'borrowed' | 'returning' | 'returned' | 'lost' | 'damaged';
/** How a loan was closed: by the member in the app, or at the desk. */
export type ReturnChannel = 'APP' | 'DESK';

export interface LoanRecord {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  borrowDate: Date;
  returnDate: Date;
  returnedAt: Date | null;
  status: LoanStatus;
  renewals: number;
  /** The late fee charged when the loan ended; 0 while on loan. */
  lateFee: number;
  /** The staff member who closed the loan at the desk (check-in, lost, damaged); null otherwise. */
  closedBy: string | null;
  /** When the member claimed the return (RETURNS=desk); the late fee stops on that day. Null otherwise. */
  claimedAt: Date | null;
  /** How the loan was closed, and who closed it (the member, or the staff member); null while open. */
  returnedVia: ReturnChannel | null;
  returnedBy: string | null;
  bookTitle: string;
  bookAuthor: string;
  bookImage: string;
  bookCategory: string;
  /** The copy lent (its item's barcode); null only on loans that ended before copies were items. */
  itemBarcode: string | null;
}

export type NewLoan = Omit<
  LoanRecord,
  | 'id'
  | 'status'
  | 'returnedAt'
  | 'renewals'
  | 'lateFee'
  | 'closedBy'
  | 'claimedAt'
  | 'returnedVia'
  | 'returnedBy'
  | 'itemBarcode'
> & {
  /** The loan's id when the caller chose it up front (an idempotency key answers it); a fresh one otherwise. */
  id?: string;
  /**
   * The copy to lend, scanned at the desk: it must be on the shelf, or set aside for this member's ready hold of
   * the book. Without it the store picks one (the copy set aside for the member's hold, or one from the shelf).
   */
  itemBarcode?: string;
};

/** What a borrow must respect, checked atomically with it (the policy's numbers, from library/policy.ts). */
export interface CheckoutLimits {
  /** The most active loans the member may have, the new one included. */
  loanLimit: number;
  /** The borrow is refused while the member's balance is above this. */
  maxBalance: number;
}

export type CheckoutResult =
  | { ok: true; loan: LoanRecord; quantity: number }
  | { ok: false; reason: 'book-not-found' | 'out-of-stock' | 'already-borrowed' | 'loan-limit' }
  /** The scanned copy is not this book's, or is not on the shelf (nor set aside for this member). */
  | { ok: false; reason: 'item-unavailable'; item: ItemRecord | null }
  | { ok: false; reason: 'fees-unpaid'; balance: number };

export type CheckinResult =
  { ok: true; loan: LoanRecord; quantity: number | null } | { ok: false; reason: 'loan-not-found' | 'not-active' };

export interface CheckinOptions {
  /** The late fee for this loan ending now (the policy's rule); charged to the member in the same step. */
  lateFee: (loan: LoanRecord) => number;
  /** The staff member checking it in at the desk. */
  by?: string | null;
  /** How it comes back, and who brings it (the member in the app, or the staff member): recorded on the loan. */
  via?: ReturnChannel;
  returnedBy?: string | null;
  /** The audit trail's entries of this return, written with it (see `LoanStore`). */
  audit?: readonly NewAudit[];
  /** The library's calendar year of `at`, which the late fee's reference counts in (its UTC year when left out). */
  year?: number;
}

export interface LossOptions {
  as: 'lost' | 'damaged';
  /** Charged to the member in the same step as the loan closes. */
  replacementCost: number;
  processingFee: number;
  by: string;
  /** The audit trail's entries of this loss, written with it (see `LoanStore`). */
  audit?: readonly NewAudit[];
  /** The library's calendar year of `at`, which the charges' references count in (their UTC year when left out). */
  year?: number;
}

export type RenewResult =
  { ok: true; loan: LoanRecord } | { ok: false; reason: 'loan-not-found' | 'not-active' | 'renewal-limit' };

/**
 * A loan made or closed at the desk carries its audit entries (`audit`), written if and only if the write happens,
 * with it: in SQLite's transaction; on MongoDB kept on the loan from its first write and inserted, under ids fixed
 * there, by the step that completes it, live or in recovery (decision 040). A refused write records none.
 */
export interface LoanStore {
  /**
   * Atomically (as far as the engine allows): takes one copy of loan.bookId (the one set aside for the member's
   * ready hold, which it fulfils, or else one from the shelf) and records the loan, within the member's limits
   * (none when not given); at most one active loan per (userId, bookId). Never leaves a copy
   * taken without a loan.
   */
  checkout(loan: NewLoan, limits?: CheckoutLimits, audit?: readonly NewAudit[]): Promise<CheckoutResult>;
  /**
   * Marks an active loan returned, puts its copy back on the loan's own book (or aside for the first member
   * waiting) and charges its late fee (if any).
   */
  checkin(loanId: string, at: Date, opts?: CheckinOptions): Promise<CheckinResult>;
  /**
   * Records the member's claim that an active loan's book is on its way back: status `returning` as of `at`.
   * The copy stays out (not on the shelf, not to a hold) until checkin. Refused when not active or claimed.
   */
  claimReturn(loanId: string, at: Date): Promise<RenewResult>;
  /**
   * Moves an active loan's due date to `dueDate(loan)` (the loan as stored at that moment), if it has been
   * renewed fewer than maxRenewals times.
   */
  renew(loanId: string, opts: { dueDate: (loan: LoanRecord) => Date; maxRenewals: number }): Promise<RenewResult>;
  /**
   * Moves every active loan (claimed returns too) due from `from` through `through` to `to`: the library closed
   * on those days. Answers the loans moved, as they are now; a loan already moved (a second run) is not moved
   * again.
   */
  moveDue(from: Date, through: Date, to: Date): Promise<LoanRecord[]>;
  /**
   * Moves each listed active loan that is still due `from` to `to` (a moon-dated holiday moved or dropped: the
   * loans its closure moved go back). Answers the loans moved, as they are now; one renewed or returned since stays.
   */
  moveDueOf(moves: readonly { loanId: string; from: Date; to: Date }[]): Promise<LoanRecord[]>;
  /** Closes an active loan as lost or damaged: the copy leaves the collection and the charges are recorded. */
  close(loanId: string, at: Date, opts: LossOptions): Promise<CheckinResult>;
  /** Active loans due before `dueBefore`, the longest overdue first (due date, then id). */
  overdue(dueBefore: Date, page: PageRequest): Promise<Page<LoanRecord>>;
  get(id: string): Promise<LoanRecord | null>;
  /** A copy's last loan (the latest borrow of that item), any status; null when it was never lent. */
  lastOfItem(itemBarcode: string): Promise<LoanRecord | null>;
  /** Newest first (borrowDate descending, then id descending). */
  listByUser(userId: string): Promise<LoanRecord[]>;
  /**
   * What a hold's wait is estimated from (library/rules/hold-estimate.ts): the book's loans out now (borrowed or
   * being returned), and its latest `returned` loans returned (not lost or damaged), latest borrowed first.
   */
  ofBook(bookId: string, returned: number): Promise<{ out: LoanRecord[]; returned: LoanRecord[] }>;
  countActiveByUser(userId: string): Promise<number>;
  /** Active loans of every member: the books out right now (the loans-in-progress gauge at /metrics). */
  countActive(): Promise<number>;
}
