// A lost copy found (decision 059): the copy comes back (to the shelf or the first member waiting) and its lost
// loan's replacement charge is refunded as a 'lost-found' credit, once per loan, even when scanned twice at once.
import { describe, expect, it } from 'vitest';
import { replacementRefund } from '../../../server/library/settlement.ts';
import type { Store } from '../../../server/store/port.ts';
import { systemNote } from '../../../server/store/port.ts';
import { bookFields, newLoan, useStore, type StoreFactory } from './harness.ts';
import { expectItemsAgree } from './items-agree.ts';

const AT = new Date('2026-03-20T10:00:00.000Z');
const LATER = new Date('2026-04-02T10:00:00.000Z');
const CHARGES = { replacementCost: 500, processingFee: 100, by: 'staff-1' };

async function lostLoan(store: Store, copies: number, userId = 'user-1') {
  const bookId = (await store.books.insert(bookFields({ quantity: copies }))).id;
  const lent = await store.loans.checkout(newLoan(bookId, { userId }));
  if (!lent.ok) throw new Error(`checkout failed: ${lent.reason}`);
  expect(await store.loans.close(lent.loan.id, AT, { as: 'lost', ...CHARGES })).toMatchObject({ ok: true });
  return { bookId, loan: lent.loan, barcode: lent.loan.itemBarcode! };
}

const refunds = async (store: Store, userId: string) =>
  (await store.ledger.list(userId)).filter((entry) => entry.kind === 'lost-found');

export function lostFoundContract(factory: StoreFactory): void {
  describe('lost copies found', () => {
    const store = useStore(factory);

    it("brings a lost copy back and refunds its loan's replacement once, however many scans at once", async () => {
      const { bookId, loan, barcode } = await lostLoan(store(), 2);
      expect(await store().ledger.balance('user-1')).toBe(600);
      expect(await store().books.get(bookId)).toMatchObject({ copies: 1, quantity: 1 });
      const scans = await Promise.all(
        [1, 2, 3].map(() => store().items.found(barcode, LATER, 'staff-2', replacementRefund)),
      );
      const ok = scans.filter((scan) => scan.ok);
      expect(ok.length).toBeGreaterThanOrEqual(1);
      // Refused scans were told the copy is back already.
      expect(scans.filter((scan) => !scan.ok)).toEqual(
        Array.from({ length: 3 - ok.length }, () => ({ ok: false, reason: 'not-lost' })),
      );
      const reported = ok.flatMap((scan) => (scan.ok && scan.refund ? [scan.refund] : []));
      expect(reported).toHaveLength(1);
      expect(reported[0]).toMatchObject({
        kind: 'lost-found',
        amount: 500,
        loanId: loan.id,
        userId: 'user-1',
        bookTitle: 'Dracula',
        // The library's own note: a key, said in the reader's language when read.
        note: systemNote('ledgerLostFound'),
        recordedBy: 'staff-2',
        createdAt: LATER,
      });
      expect(ok[0]).toMatchObject({ ok: true, item: { status: 'ON_SHELF', loanId: null }, loan: { id: loan.id } });
      // The processing fee stays charged.
      expect(await refunds(store(), 'user-1')).toEqual(reported);
      expect(await store().ledger.balance('user-1')).toBe(100);
      expect(await store().items.get(barcode)).toMatchObject({ status: 'ON_SHELF', loanId: null, holdId: null });
      expect(await store().books.get(bookId)).toMatchObject({ copies: 2, quantity: 2 });
      await expectItemsAgree(store(), bookId);
      expect(await store().items.found(barcode, LATER, 'staff-2', replacementRefund)).toEqual({
        ok: false,
        reason: 'not-lost',
      });
      expect((await store().loans.get(loan.id))?.status).toBe('lost');
      expect((await store().loans.lastOfItem(barcode))?.id).toBe(loan.id);
    });

    it('hands a found copy straight to the first member waiting', async () => {
      const { bookId, barcode } = await lostLoan(store(), 1);
      const placed = await store().holds.place(
        {
          bookId,
          userId: 'user-2',
          userName: 'Bea',
          userEmail: 'bea@example.com',
          bookTitle: 'Dracula',
          createdAt: AT,
        },
        { holdLimit: 5 },
      );
      if (!placed.ok) throw new Error(`hold refused: ${placed.reason}`);
      expect(placed.hold.status).toBe('waiting');
      const found = await store().items.found(barcode, LATER, 'staff-2', replacementRefund);
      expect(found).toMatchObject({ ok: true, item: { status: 'ON_HOLD_SHELF', holdId: placed.hold.id } });
      expect(await store().holds.get(placed.hold.id)).toMatchObject({ status: 'ready', itemBarcode: barcode });
      expect(await store().books.get(bookId)).toMatchObject({ copies: 1, quantity: 0 });
      await expectItemsAgree(store(), bookId);
    });

    it('may take the balance below zero: the member paid for the copy, which is then found', async () => {
      const { barcode } = await lostLoan(store(), 1);
      const paid = await store().ledger.credit({
        userId: 'user-1',
        kind: 'payment',
        amount: 600,
        note: 'cash',
        recordedBy: 'staff-1',
        createdAt: AT,
      });
      expect(paid).toMatchObject({ ok: true, balance: 0 });
      expect(await store().items.found(barcode, LATER, 'staff-2', replacementRefund)).toMatchObject({
        ok: true,
        refund: { amount: 500 },
      });
      expect(await store().ledger.balance('user-1')).toBe(-500);
      // The store's cash-up lists money taken at the desk: the refund is not.
      expect((await store().ledger.credits(AT, new Date(LATER.getTime() + 1))).map((entry) => entry.kind)).toEqual([
        'payment',
      ]);
    });

    it('brings back a copy marked lost by hand without a refund, and never refunds a loan twice', async () => {
      const bookId = (await store().books.insert(bookFields({ quantity: 2 }))).id;
      const [shelf] = await store().items.listByBook(bookId);
      await store().items.setStatus(shelf!.barcode, 'LOST', null, AT);
      expect(await store().items.found(shelf!.barcode, LATER, 'staff-2', replacementRefund)).toMatchObject({
        ok: true,
        loan: null,
        refund: null,
        item: { status: 'ON_SHELF' },
      });
      await expectItemsAgree(store(), bookId);

      const { barcode, loan } = await lostLoan(store(), 1, 'user-3');
      expect(await store().items.found(barcode, LATER, 'staff-2', replacementRefund)).toMatchObject({
        ok: true,
        refund: { amount: 500 },
      });
      // Lost again, by hand this time, and found again: the loan was refunded already.
      await store().items.setStatus(barcode, 'LOST', null, LATER);
      const again = await store().items.found(barcode, LATER, 'staff-2', replacementRefund);
      expect(again).toMatchObject({ ok: true, refund: null, item: { status: 'ON_SHELF' } });
      expect(await refunds(store(), 'user-3')).toHaveLength(1);
      expect(await store().ledger.balance('user-3')).toBe(100);
      expect((await store().loans.lastOfItem(barcode))?.id).toBe(loan.id);
    });

    it('refuses a copy that is not lost, and a barcode no copy has', async () => {
      const bookId = (await store().books.insert(bookFields({ quantity: 1 }))).id;
      const [shelf] = await store().items.listByBook(bookId);
      expect(await store().items.found(shelf!.barcode, LATER, 'staff-2', replacementRefund)).toEqual({
        ok: false,
        reason: 'not-lost',
      });
      expect(await store().items.found('BH00000000', LATER, 'staff-2', replacementRefund)).toEqual({
        ok: false,
        reason: 'item-not-found',
      });
      expect(await store().items.found('nonsense', LATER, 'staff-2', replacementRefund)).toEqual({
        ok: false,
        reason: 'item-not-found',
      });
      expect(await store().loans.lastOfItem(shelf!.barcode)).toBeNull();
      await expectItemsAgree(store(), bookId);
    });
  });
}
