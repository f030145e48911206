// The ledger: a member's charges, payments and waivers, one record each; the balance is their sum.

/** 'lost-found': a lost copy found, its loan's replacement charge refunded (a credit; the balance may go below 0). */
export type LedgerKind = 'late-fee' | 'replacement' | 'processing-fee' | 'payment' | 'waiver' | 'lost-found';

/** Kinds that raise a member's balance; the others lower it. */
export const CHARGES: readonly LedgerKind[] = ['late-fee', 'replacement', 'processing-fee'];

export interface LedgerRecord {
  id: string;
  userId: string;
  kind: LedgerKind;
  /** Whole taka, > 0; the kind says which way it moves the balance. */
  amount: number;
  loanId: string | null;
  bookTitle: string | null;
  note: string;
  /** The staff member who recorded it; null for charges the library made itself. */
  recordedBy: string | null;
  createdAt: Date;
}

export type NewCredit = Pick<LedgerRecord, 'userId' | 'amount' | 'note' | 'recordedBy' | 'createdAt'> & {
  kind: 'payment' | 'waiver';
  /** The entry's id when the caller chose it (24 hex, e.g. the ref of a request claim); a new one otherwise. */
  id?: string;
};

/** A member's account as records, never an edited total: charges, payments, waivers. */
export interface LedgerStore {
  /** Charges minus payments and waivers. */
  balance(userId: string): Promise<number>;
  /** Newest first. */
  list(userId: string): Promise<LedgerRecord[]>;
  /**
   * Payments and waivers recorded from `from` (inclusive) to `to` (exclusive), oldest first: the desk's
   * cash-up of a day. Charges are left out (the library makes them, no money changes hands).
   */
  credits(from: Date, to: Date): Promise<LedgerRecord[]>;
  /**
   * Records a payment or waiver, refused when it is more than the balance at that moment: the check and the
   * record are one step, so credits at once, from any number of gateways, never take the balance below zero.
   */
  credit(
    entry: NewCredit,
  ): Promise<
    { ok: true; entry: LedgerRecord; balance: number } | { ok: false; reason: 'exceeds-balance'; balance: number }
  >;
}
