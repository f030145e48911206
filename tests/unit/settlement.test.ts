// What finding a lost copy refunds (settlement.ts): credits settle the oldest open charge first, a waived part is
// never returned, money paid beyond the balance (a refund's) settles later charges as paid.
import { describe, expect, it } from 'vitest';
import { replacementRefund } from '../../server/library/settlement.ts';
import type { LedgerKind, LedgerRecord } from '../../server/store/port.ts';

let seq = 0;
const entry = (kind: LedgerKind, amount: number, at: number, loanId: string | null = null): LedgerRecord => ({
  id: (++seq).toString(16).padStart(24, '0'),
  userId: 'u1',
  kind,
  amount,
  loanId,
  bookTitle: null,
  note: '',
  recordedBy: null,
  createdAt: new Date(at),
  balanceAfter: null,
  reference: null,
});
const lost = (loanId: string, at: number) => [
  entry('replacement', 400, at, loanId),
  entry('processing-fee', 100, at, loanId),
];

describe('replacementRefund', () => {
  it('is the whole charge when nothing was credited, and 0 with no replacement charged', () => {
    expect(replacementRefund(lost('L1', 1), 'L1')).toBe(400);
    expect(replacementRefund(lost('L1', 1), 'L2')).toBe(0);
  });

  it('leaves out the waived part, oldest charge first', () => {
    const ledger = [entry('late-fee', 50, 0, 'L0'), ...lost('L1', 1), entry('waiver', 250, 2)];
    // The waiver settles the late fee (50), then 200 of the replacement.
    expect(replacementRefund(ledger, 'L1')).toBe(200);
  });

  it('orders by time whatever the list order, charges first at one instant', () => {
    const ledger = [entry('waiver', 400, 1), ...lost('L1', 1)];
    expect(replacementRefund(ledger.reverse(), 'L1')).toBe(0);
  });

  it("counts a refund's returned money as paid for the charges after it", () => {
    // L1 paid in full (500), then found: 400 comes back as credit, which pays L2's replacement when it is lost.
    const ledger = [
      ...lost('L1', 1),
      entry('payment', 500, 2),
      entry('lost-found', 400, 3, 'L1'),
      ...lost('L2', 4),
      entry('waiver', 100, 5),
    ];
    expect(replacementRefund(ledger, 'L1')).toBe(400);
    // The credit pays 400 of L2's replacement; the waiver settles L2's processing fee only.
    expect(replacementRefund(ledger, 'L2')).toBe(400);
  });
});
