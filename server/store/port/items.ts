// Items: the copies as things with barcodes, their statuses, and a lost copy found.
import type { LedgerRecord } from './ledger.ts';
import type { LoanRecord } from './loans.ts';

/**
 * What one copy is doing. ON_LOAN and RETURNING follow the active loan that has it (RETURNING: the member
 * claimed the return, RETURNS=desk), ON_HOLD_SHELF the ready hold it is set aside for; the store keeps those in
 * the same step as the loan or hold. The others are set by staff (setStatus) on a copy nobody has.
 */
export type ItemStatus = 'ON_SHELF' | 'ON_LOAN' | 'ON_HOLD_SHELF' | 'RETURNING' | 'IN_REPAIR' | 'LOST' | 'WITHDRAWN';
/** The statuses staff set by hand, on a copy no loan or hold has. */
export type ItemShelfStatus = 'ON_SHELF' | 'IN_REPAIR' | 'LOST' | 'WITHDRAWN';

/**
 * A copy the library owns (or owned): a barcode printed on its label (the library's scheme, barcodes.ts). A
 * book's copies owned (BookRecord.copies) are its items ON_SHELF, ON_LOAN, ON_HOLD_SHELF or RETURNING; its copies
 * available (quantity) those ON_SHELF. IN_REPAIR, LOST and WITHDRAWN items are out of both.
 */
export interface ItemRecord {
  barcode: string;
  bookId: string;
  status: ItemStatus;
  addedAt: Date;
  /** Staff's note on its condition (or why it left); '' when none. */
  note: string;
  /** The active loan that has it (ON_LOAN, RETURNING); null otherwise. */
  loanId: string | null;
  /** The ready hold it is set aside for (ON_HOLD_SHELF); null otherwise. */
  holdId: string | null;
}

export type SetItemStatusResult =
  | { ok: true; item: ItemRecord; /** The book's copies available after it. */ quantity: number }
  /** item-busy: a loan or a ready hold has it (check it in, or cancel the hold, first). */
  | { ok: false; reason: 'item-not-found' | 'item-busy' };

/**
 * Items: the copies as things with barcodes. Adding and changing items moves the book's copies owned and
 * available in the same step (a copy reaching the shelf goes to the first member waiting, as a return does);
 * editing a book's copies owned (BookStore.update, changeStock) adds items or withdraws copies from the shelf.
 */
export interface ItemStore {
  get(barcode: string): Promise<ItemRecord | null>;
  /** A book's items, in the order they were added (every status). */
  listByBook(bookId: string): Promise<ItemRecord[]>;
  /**
   * Hands out `count` (1..100) new barcodes, consecutive and never given out again, for an add that names its
   * copies before it runs (an idempotency key's ref, decision 031). A number reserved and never added stays unused.
   */
  reserve(count: number): Promise<string[]>;
  /**
   * Adds `count` (1..100) new copies on the shelf with new barcodes, or with the ones `reserve` gave (`barcodes`);
   * null when no book has that id.
   */
  add(
    bookId: string,
    count: number,
    at: Date,
    note?: string,
    barcodes?: readonly string[],
  ): Promise<ItemRecord[] | null>;
  /**
   * Sets a copy's status by hand (in repair, lost, withdrawn, or back on the shelf: repaired, found), with the
   * note when given, when no loan or hold has it. Leaving the shelf takes it out of copies owned and available;
   * coming back puts it in both (to the first member waiting, if any). The same status again changes only the note.
   */
  setStatus(barcode: string, status: ItemShelfStatus, note: string | null, at: Date): Promise<SetItemStatusResult>;
  /**
   * A LOST copy found (scanned at the desk): back on the shelf (or to the first member waiting), and when its last
   * loan was closed as lost, that loan's replacement charge refunded as a `lost-found` credit, at most once per
   * loan (the balance may go below zero), of the amount `refundOf` gives from the member's ledger as it is at that
   * step. `refund` is the credit this call recorded; null when none (no lost loan, nothing to refund, refunded
   * before, or a concurrent scan recorded it). Refused when the copy is not LOST. `year`: the library's calendar
   * year of `at`, which the refund's reference counts in (its UTC year when left out).
   */
  found(barcode: string, at: Date, by: string, refundOf: RefundRule, year?: number): Promise<FoundResult>;
}

/** What a lost loan's refund is, given the member's ledger (any order): the library's rule (settlement.ts). */
export type RefundRule = (ledger: readonly LedgerRecord[], loanId: string) => number;

export type FoundResult =
  | {
      ok: true;
      item: ItemRecord;
      quantity: number;
      /** The copy's last loan when it was closed as lost; null otherwise (staff marked the copy lost by hand). */
      loan: LoanRecord | null;
      refund: LedgerRecord | null;
    }
  | { ok: false; reason: 'item-not-found' | 'not-lost' | 'item-busy' };
