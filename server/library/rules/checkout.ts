// Which refusal a borrow meets, in the order a member is told: the book is missing, they have it already, their
// fees, their loan limit, then the copy (none to take, or the one scanned may not be lent). Both adapters read
// this state and ask here: SQLite in the borrow's transaction, so the answer stands; MongoDB before its
// conditional writes, which then decide the loan limit and the copy for real (docs/decisions/014).
import type { CheckoutLimits, CheckoutResult, ItemRecord } from '../../store/port.ts';

/** A borrow's refusal; `Item` is the scanned copy as the adapter read it (a record, or its own document). */
export type CheckoutRefusal<Item = ItemRecord | null> =
  | Exclude<Extract<CheckoutResult, { ok: false }>, { reason: 'item-unavailable' }>
  | { ok: false; reason: 'item-unavailable'; item: Item };

/** What checkout reads before it writes. */
export interface CheckoutState<Item = ItemRecord | null> {
  bookExists: boolean;
  /** The member has an active loan of this book. */
  alreadyBorrowed: boolean;
  /** What the member owes (ledger.ts); read only when `balanceMatters(limits)`, 0 otherwise. */
  balance: number;
  /** The member's active loans. */
  onLoan: number;
  limits: CheckoutLimits;
  /** Copies of the book on the shelf. */
  onShelf: number;
  /** A copy is set aside for this member's ready hold of the book: theirs, whatever the shelf holds. */
  holdReady: boolean;
  /**
   * The copy scanned at the desk, if one was: lendable when it is this book's and free on the shelf, or the one
   * set aside for this member's ready hold.
   */
  scan: { item: Item; lendable: boolean } | null;
}

/** Limits that refuse nothing (a caller that passes none). */
export const NO_LIMITS: CheckoutLimits = { loanLimit: Number.MAX_SAFE_INTEGER, maxBalance: Number.MAX_SAFE_INTEGER };

/** Whether the balance can refuse a borrow under these limits: when not, an adapter need not read it. */
export const balanceMatters = (limits: CheckoutLimits): boolean => limits.maxBalance < NO_LIMITS.maxBalance;

/** The refusal that applies to a borrow in this state, or null when it may go ahead. */
export function checkoutRefusal<Item>(state: CheckoutState<Item>): CheckoutRefusal<Item> | null {
  if (!state.bookExists) return { ok: false, reason: 'book-not-found' };
  if (state.alreadyBorrowed) return { ok: false, reason: 'already-borrowed' };
  if (state.balance > state.limits.maxBalance) return { ok: false, reason: 'fees-unpaid', balance: state.balance };
  if (state.onLoan >= state.limits.loanLimit) return { ok: false, reason: 'loan-limit' };
  if (state.scan) return state.scan.lendable ? null : { ok: false, reason: 'item-unavailable', item: state.scan.item };
  if (!state.holdReady && state.onShelf <= 0) return { ok: false, reason: 'out-of-stock' };
  return null;
}
