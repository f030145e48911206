// What a member owes: which ledger kinds are charges (they raise the balance) and which lower it (payments,
// waivers, a lost copy's refund). The one place this is written: settlement.ts reads it, MongoDB counts each
// entry's signed amount into the account's balance by it, and SQLite's statements are built from these lists.
import type { LedgerKind, LedgerRecord } from '../../store/port.ts';

/** The kinds that raise a member's balance: what the library charges. */
export const CHARGE_KINDS: readonly LedgerKind[] = ['late-fee', 'replacement', 'processing-fee'];

/** The kinds a member settles charges with at the desk (the cash-up's credits); a refund is neither. */
export const CREDIT_KINDS: readonly LedgerKind[] = ['payment', 'waiver'];

export const isCharge = (kind: LedgerKind): boolean => CHARGE_KINDS.includes(kind);

/** What one entry moves the balance by: a charge up, every other kind down. */
export const signedAmount = (entry: Pick<LedgerRecord, 'kind' | 'amount'>): number =>
  isCharge(entry.kind) ? entry.amount : -entry.amount;

/** What a member owes: charges less everything else (below zero when a refund returned money paid). */
export function balanceOf(entries: Iterable<Pick<LedgerRecord, 'kind' | 'amount'>>): number {
  let balance = 0;
  for (const entry of entries) balance += signedAmount(entry);
  return balance;
}
