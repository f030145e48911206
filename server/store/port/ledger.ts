// The ledger: a member's charges, payments and waivers, one record each; the balance is their sum.

/** 'lost-found': a lost copy found, its loan's replacement charge refunded (a credit; the balance may go below 0). */
export type LedgerKind = 'late-fee' | 'replacement' | 'processing-fee' | 'payment' | 'waiver' | 'lost-found';

export interface LedgerRecord {
  id: string;
  userId: string;
  kind: LedgerKind;
  /** Whole taka, > 0; the kind says which way it moves the balance. */
  amount: number;
  loanId: string | null;
  bookTitle: string | null;
  /** Staff's words as typed, or a note the library wrote itself (systemNote), said in the reader's language. */
  note: string;
  /** The staff member who recorded it; null for charges the library made itself. */
  recordedBy: string | null;
  createdAt: Date;
  /**
   * A payment's or waiver's: what the member owed just after it, fixed in the step that recorded it and never
   * recomputed (decision 074), so its receipt reprints as printed. null on charges and refunds.
   */
  balanceAfter: number | null;
  /**
   * Every entry's short reference, `R-2026-000123`: the year and its place in that year's one sequence, unique,
   * taken in the step that records it (decision 074). null only on an entry recorded before references whose
   * back-fill has not run yet (MongoDB, while the store opens).
   */
  reference: string | null;
}

/** The notes the library writes on ledger entries itself; each is a sentence of server/library/i18n. */
export const LEDGER_NOTES = [
  'ledgerReturnedLate',
  'ledgerLostReplacement',
  'ledgerLostProcessing',
  'ledgerDamagedReplacement',
  'ledgerDamagedProcessing',
  'ledgerPaidAtDesk',
  'ledgerWaivedAtDesk',
  'ledgerLostFound',
] as const;
export type LedgerNoteKey = (typeof LEDGER_NOTES)[number];

/**
 * A note the library writes, as stored: its key behind U+0001, which no note staff type can hold (text with
 * control characters is refused), so it is said in the reader's language when read and a typed note never is.
 */
export const systemNote = (key: LedgerNoteKey): string => `\u0001${key}`;
/** The key of a note the library wrote; null for staff's words. */
export const systemNoteKey = (note: string): LedgerNoteKey | null => {
  const key = note.startsWith('\u0001') ? note.slice(1) : null;
  return LEDGER_NOTES.find((known) => known === key) ?? null;
};

/** `R-2026-000123`: an entry's reference from its year and its place in that year's sequence. */
export const creditReference = (year: number, sequence: number): string =>
  `R-${year}-${String(sequence).padStart(6, '0')}`;

/** A reference as staff may type it (any case, spaces around), or null when the text is not one. */
export function readReference(text: string): string | null {
  const match = /^R-?(\d{4})-?(\d{1,9})$/i.exec(text.trim());
  return match ? creditReference(Number(match[1]), Number(match[2])) : null;
}

export type NewCredit = Pick<LedgerRecord, 'userId' | 'amount' | 'note' | 'recordedBy' | 'createdAt'> & {
  kind: 'payment' | 'waiver';
  /** The entry's id when the caller chose it (24 hex, e.g. the ref of a request claim); a new one otherwise. */
  id?: string;
  /**
   * The year its reference counts in: the library's calendar year of `createdAt` (in Dhaka the first hours of
   * 1 January are already the new year in the library, still the old one in UTC); its UTC year when not given.
   */
  year?: number;
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
  /** The entry (a charge, a refund, a payment or a waiver) with this reference (as creditReference writes it), or null. */
  byReference(reference: string): Promise<LedgerRecord | null>;
  /**
   * Records a payment or waiver, refused when it is more than the balance at that moment: the check and the
   * record are one step, so credits at once, from any number of gateways, never take the balance below zero.
   * The entry is written with its balanceAfter and the next reference of its year (in UTC), in the same step.
   */
  credit(
    entry: NewCredit,
  ): Promise<
    { ok: true; entry: LedgerRecord; balance: number } | { ok: false; reason: 'exceeds-balance'; balance: number }
  >;
}
