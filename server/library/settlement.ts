// How a member's credits settled their charges (decision 059), which the ledger does not record: a payment or a
// waiver lowers the balance, not one charge. The rule: credits settle the oldest charge still open first (by
// when each was recorded, then the order it was recorded in); money left over from a payment, or from a refund
// returning what was paid, settles the next charge made. A waived part is money never paid.
import type { LedgerRecord } from '../store/port.ts';
import { isCharge } from './rules/ledger.ts';

interface Charge {
  entry: LedgerRecord;
  open: number;
  waived: number;
}

/** By time; at one instant charges first (a credit then settles them), then by id (the order recorded). */
const oldestFirst = (a: LedgerRecord, b: LedgerRecord) =>
  a.createdAt.getTime() - b.createdAt.getTime() ||
  Number(isCharge(b.kind)) - Number(isCharge(a.kind)) ||
  (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function settle(ledger: readonly LedgerRecord[]): Charge[] {
  const charges: Charge[] = [];
  // Paid money no open charge took yet (a refund may leave the balance below zero).
  let unspent = 0;
  const spend = (amount: number, waived: boolean) => {
    let left = amount;
    for (const charge of charges) {
      if (left === 0) break;
      const take = Math.min(left, charge.open);
      charge.open -= take;
      if (waived) charge.waived += take;
      left -= take;
    }
    // A waiver never exceeds the balance; what a payment or refund leaves over is the member's credit.
    if (!waived) unspent += left;
  };
  for (const entry of [...ledger].sort(oldestFirst)) {
    if (isCharge(entry.kind)) {
      const take = Math.min(unspent, entry.amount);
      unspent -= take;
      charges.push({ entry, open: entry.amount - take, waived: 0 });
    } else if (entry.kind === 'lost-found') {
      // A refund first cancels what is still owed of its own charge; the rest returns money paid.
      const own = charges.find((c) => c.entry.kind === 'replacement' && c.entry.loanId === entry.loanId);
      const cancelled = own ? Math.min(own.open, entry.amount) : 0;
      if (own) own.open -= cancelled;
      spend(entry.amount - cancelled, false);
    } else {
      spend(entry.amount, entry.kind === 'waiver');
    }
  }
  return charges;
}

/**
 * What finding a lost loan's copy refunds: its replacement charge less the part waived. The part paid goes back
 * to the member as a credit and the part still owed is cancelled; a waived part was never paid, so it is not
 * returned. 0 when the loan was charged no replacement.
 */
export function replacementRefund(ledger: readonly LedgerRecord[], loanId: string): number {
  const charge = settle(ledger).find((c) => c.entry.kind === 'replacement' && c.entry.loanId === loanId);
  return charge ? charge.entry.amount - charge.waived : 0;
}
