// Checkout's refusals, in the order a member is told (server/library/rules/checkout.ts): the one rule both
// stores ask, so each case here holds on SQLite and on MongoDB alike.
import { describe, expect, it } from 'vitest';
import { balanceMatters, checkoutRefusal, NO_LIMITS } from '../../server/library/rules/checkout.ts';
import type { CheckoutState } from '../../server/library/rules/checkout.ts';

const ok: CheckoutState<string | null> = {
  bookExists: true,
  alreadyBorrowed: false,
  balance: 0,
  onLoan: 0,
  limits: { loanLimit: 5, maxBalance: 100 },
  onShelf: 1,
  holdReady: false,
  scan: null,
};
const reason = (state: Partial<CheckoutState<string | null>>) => checkoutRefusal({ ...ok, ...state })?.reason ?? null;

describe('checkoutRefusal', () => {
  it('lets a borrow go ahead when nothing refuses it', () => {
    expect(checkoutRefusal(ok)).toBeNull();
  });

  it('refuses in order: a missing book, a book had already, fees, the loan limit, then the copy', () => {
    const everything = { alreadyBorrowed: true, balance: 101, onLoan: 5, onShelf: 0 };
    expect(reason({ ...everything, bookExists: false })).toBe('book-not-found');
    expect(reason(everything)).toBe('already-borrowed');
    expect(reason({ ...everything, alreadyBorrowed: false })).toBe('fees-unpaid');
    expect(reason({ ...everything, alreadyBorrowed: false, balance: 100 })).toBe('loan-limit');
    expect(reason({ ...everything, alreadyBorrowed: false, balance: 100, onLoan: 4 })).toBe('out-of-stock');
  });

  it('tells the balance that refused, which may equal the limit without refusing', () => {
    expect(checkoutRefusal({ ...ok, balance: 150 })).toEqual({ ok: false, reason: 'fees-unpaid', balance: 150 });
    expect(reason({ balance: 100 })).toBeNull();
  });

  it('counts the new loan in the limit: the limit-th active loan is refused', () => {
    expect(reason({ onLoan: 4 })).toBeNull();
    expect(reason({ onLoan: 5 })).toBe('loan-limit');
  });

  it("lends the copy set aside for the member's ready hold whatever the shelf holds", () => {
    expect(reason({ onShelf: 0 })).toBe('out-of-stock');
    expect(reason({ onShelf: 0, holdReady: true })).toBeNull();
  });

  it('refuses a scanned copy that may not be lent, naming it, and lends one that may be from an empty shelf', () => {
    expect(checkoutRefusal({ ...ok, scan: { item: 'BH0000017', lendable: false } })).toEqual({
      ok: false,
      reason: 'item-unavailable',
      item: 'BH0000017',
    });
    expect(reason({ scan: { item: null, lendable: false } })).toBe('item-unavailable');
    expect(reason({ onShelf: 0, scan: { item: 'BH0000017', lendable: true } })).toBeNull();
    expect(reason({ onLoan: 5, scan: { item: 'BH0000017', lendable: false } })).toBe('loan-limit');
  });

  it('reads the balance only under a fee limit', () => {
    expect(balanceMatters(NO_LIMITS)).toBe(false);
    expect(balanceMatters({ loanLimit: 5, maxBalance: 0 })).toBe(true);
    expect(reason({ limits: NO_LIMITS, onLoan: 1000, balance: 1_000_000 })).toBeNull();
  });
});
