// What a member owes (server/library/rules/ledger.ts): which ledger kinds are charges, the one list that the
// settlement, MongoDB's balance and SQLite's statements all read.
import { describe, expect, it } from 'vitest';
import { balanceOf, CHARGE_KINDS, CREDIT_KINDS, isCharge, signedAmount } from '../../server/library/rules/ledger.ts';
import type { LedgerKind } from '../../server/store/port.ts';

const ALL: readonly LedgerKind[] = ['late-fee', 'replacement', 'processing-fee', 'payment', 'waiver', 'lost-found'];

describe('ledger rules', () => {
  it('counts late fees, replacement costs and processing fees as charges, and nothing else', () => {
    expect(ALL.filter(isCharge)).toEqual(['late-fee', 'replacement', 'processing-fee']);
    expect(CHARGE_KINDS).toEqual(ALL.filter(isCharge));
  });

  it('takes payments and waivers as the credits of a cash-up, which are never charges', () => {
    expect(CREDIT_KINDS).toEqual(['payment', 'waiver']);
    expect(CREDIT_KINDS.some(isCharge)).toBe(false);
  });

  it('moves the balance up by a charge and down by every other kind', () => {
    expect(signedAmount({ kind: 'late-fee', amount: 30 })).toBe(30);
    expect(signedAmount({ kind: 'payment', amount: 30 })).toBe(-30);
    expect(signedAmount({ kind: 'lost-found', amount: 30 })).toBe(-30);
  });

  it('owes charges less credits, 0 for no entries, and below zero after a refund of money paid', () => {
    expect(balanceOf([])).toBe(0);
    const lost = [
      { kind: 'replacement' as const, amount: 400 },
      { kind: 'processing-fee' as const, amount: 100 },
      { kind: 'late-fee' as const, amount: 20 },
    ];
    expect(balanceOf(lost)).toBe(520);
    expect(balanceOf([...lost, { kind: 'payment', amount: 500 }, { kind: 'waiver', amount: 20 }])).toBe(0);
    expect(balanceOf([...lost, { kind: 'payment', amount: 520 }, { kind: 'lost-found', amount: 400 }])).toBe(-400);
  });
});
