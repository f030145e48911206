// Statistics for the library's reports: counts and sums the store aggregates over its records (SQL on SQLite,
// pipelines on MongoDB), never a copy of the records. The store knows nothing of time zones or weeks: the
// library (server/library/reports.ts) gives it the instants its periods begin and end, and shapes the answer.

/**
 * Consecutive periods as the instants between them: period i runs from bounds[i] (inclusive) to bounds[i + 1]
 * (exclusive), so n + 1 instants, oldest first, name n periods.
 */
export type PeriodBounds = readonly Date[];

/** One period of circulation. */
export interface LoanCounts {
  /** Loans made (borrowed) in the period. */
  loans: number;
  /** Loans returned in the period (a copy closed as lost or damaged did not come back: not counted). */
  returns: number;
  /** Accounts created in the period. */
  newMembers: number;
  /** Members who borrowed at least once in the period, each once. */
  activeMembers: number;
}

/** One period of the ledger, in whole taka. */
export interface LedgerSums {
  /** Charges recorded (late fees, replacement and processing fees). */
  charged: number;
  paid: number;
  waived: number;
}

export interface BookLoans {
  bookId: string;
  /** The title as the loans recorded it (the latest loan's), should the book have gone since. */
  bookTitle: string;
  loans: number;
}

export interface GenreLoans {
  genre: string;
  loans: number;
}

/**
 * Loans still out and past due, counted by what their fee so far depends on (library/policy.ts lateFeeFor):
 * the due date, the member's return claim (the fee stops on its day) and the book's replacement cost (the cap).
 */
export interface OverdueGroup {
  /** Midnight UTC of the due day, as loans store it. */
  dueDate: Date;
  claimedAt: Date | null;
  /** The book's replacement cost; null when it has none (the policy's default applies) or is gone. */
  replacementCost: number | null;
  count: number;
}

export interface HoldCounts {
  /** Holds placed in the period. */
  placed: number;
  /** Holds ended in the period by their member borrowing the copy. */
  filled: number;
  /** Holds ended in the period because the copy was not picked up in time. */
  expired: number;
  /**
   * The median time from placing a hold to its copy being set aside (ready), in milliseconds, over the holds
   * that became ready in the period; null when none did.
   */
  medianWaitMs: number | null;
}

export interface StatsStore {
  /** Circulation per period: one answer a period, in the order of `bounds`. */
  loanCounts(bounds: PeriodBounds): Promise<LoanCounts[]>;
  /** Ledger records per period: one answer a period, in the order of `bounds`. */
  ledgerSums(bounds: PeriodBounds): Promise<LedgerSums[]>;
  /** The books lent most from `from` (inclusive) to `to` (exclusive), most loans first, then by id; at most `first`. */
  topBooks(from: Date, to: Date, first: number): Promise<BookLoans[]>;
  /** Loans per genre (as recorded on the loan) from `from` to `to`, most loans first, then by genre. */
  topGenres(from: Date, to: Date): Promise<GenreLoans[]>;
  /** Active loans (claimed returns included) due before `dueBefore`, grouped (see OverdueGroup); any order. */
  overdueGroups(dueBefore: Date): Promise<OverdueGroup[]>;
  holdCounts(from: Date, to: Date): Promise<HoldCounts>;
}
