// When a closed loan may lose its member (issue 42, decision 083): a pure function of the loan and the member's
// ledger, asked by the daily run and by a member deleting their history (library/reading-history.ts).
import type { LedgerRecord, LoanRecord } from '../../store/port.ts';
import { balanceOf, isCharge } from './ledger.ts';

/**
 * A loan returned at or before `by` may be anonymized unless something is owed on it: a charge of its own while
 * the member's balance is above zero; once settled, it keeps its member until the last payment, waiver or refund
 * was made at or before `by` too (the same days after settling as after a return).
 */
export function mayAnonymize(loan: LoanRecord, ledger: readonly LedgerRecord[], by: Date): boolean {
  if (loan.returnedAt === null || loan.returnedAt > by) return false;
  const charged = ledger.some((entry) => entry.loanId === loan.id && isCharge(entry.kind));
  if (!charged) return true;
  if (balanceOf(ledger) > 0) return false;
  const settled = Math.max(...ledger.filter((entry) => !isCharge(entry.kind)).map((e) => e.createdAt.getTime()));
  return settled <= by.getTime();
}
