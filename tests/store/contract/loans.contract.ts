// Contract: circulation (LoanStore): stock and loans move together, one active loan per user and book.
import { describe, expect, it } from 'vitest';
import { newId } from '../../../server/store/ids.ts';
import { HEX24, insertBooks, newLoan, sevenDaysLater, useStore } from './harness.ts';
import type { StoreFactory } from './harness.ts';
import type { NewAudit } from '../../../server/store/port.ts';
import { activeLoan } from '../../support/active-loan.ts';

const MISSING = '0123456789abcdef01234567';

export function loansContract(factory: StoreFactory): void {
  describe('loans', () => {
    const store = useStore(factory);
    const quantityOf = async (id: string) => (await store().books.get(id))?.quantity;

    it('checks out a copy: records the loan and answers the new quantity', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 2 }]);
      const request = newLoan(bookId);
      const result = await store().loans.checkout(request);
      if (!result.ok) throw new Error(`checkout failed: ${result.reason}`);
      expect(result.quantity).toBe(1);
      expect(result.loan).toEqual({
        ...request,
        id: expect.stringMatching(HEX24),
        status: 'borrowed',
        returnedAt: null,
        renewals: 0,
        lateFee: 0,
        closedBy: null,
        claimedAt: null,
        returnedVia: null,
        returnedBy: null,
        // One of the book's copies (items.contract.ts checks which).
        itemBarcode: expect.stringMatching(/^BH\d{8}$/),
      });
      expect(result.loan.borrowDate).toBeInstanceOf(Date);
      expect(await quantityOf(bookId)).toBe(1);
      const stored = await store().loans.get(result.loan.id);
      expect(stored).toEqual(result.loan);
      expect(stored?.returnDate).toBeInstanceOf(Date);
    });

    it('records the loan under the id its caller chose, so a repeated request can find it', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 1 }]);
      const id = newId();
      const result = await store().loans.checkout({ ...newLoan(bookId), id });
      expect(result.ok && result.loan.id).toBe(id);
      expect((await store().loans.get(id))?.bookId).toBe(bookId);
    });

    it('writes a desk loan’s audit entries with the loan made or closed, and none with a refused write', async () => {
      const [bookId = '', other = ''] = await insertBooks(store(), [{ quantity: 1 }, { quantity: 1 }]);
      const entry = (action: NewAudit['action'], uid: string, newValue: string): NewAudit => ({
        at: new Date('2026-03-01T10:00:00.000Z'),
        actorUid: 'staff-1',
        actorName: 'Desk',
        api: 'graphql',
        action,
        field: 'status',
        oldValue: null,
        newValue,
        bookId,
        uid,
      });
      const trail = async (uid: string) =>
        (await store().audit.listByUid(uid, { first: 50, after: null })).nodes.map((e) => [e.action, e.newValue]);
      const lent = await store().loans.checkout(newLoan(bookId, { userId: 'u1' }), undefined, [
        entry('check-out', 'u1', 'borrowed'),
      ]);
      if (!lent.ok) throw new Error(`checkout failed: ${lent.reason}`);
      // No copy left: refused, and its entry is not written.
      const refused = await store().loans.checkout(newLoan(bookId, { userId: 'u2' }), undefined, [
        entry('check-out', 'u2', 'borrowed'),
      ]);
      expect(refused).toMatchObject({ ok: false, reason: 'out-of-stock' });
      const back = await store().loans.checkin(lent.loan.id, new Date(), {
        lateFee: () => 0,
        by: 'Desk',
        audit: [entry('check-in', 'u1', 'returned')],
      });
      expect(back.ok).toBe(true);
      // Checked in already: refused, nothing written.
      const again = await store().loans.checkin(lent.loan.id, new Date(), {
        lateFee: () => 0,
        audit: [entry('check-in', 'u1', 'again')],
      });
      expect(again).toEqual({ ok: false, reason: 'not-active' });
      const lost = await store().loans.checkout(newLoan(other, { userId: 'u2' }));
      if (!lost.ok) throw new Error(`checkout failed: ${lost.reason}`);
      const closed = await store().loans.close(lost.loan.id, new Date(), {
        as: 'lost',
        replacementCost: 0,
        processingFee: 0,
        by: 'Desk',
        audit: [entry('mark-lost', 'u2', 'lost')],
      });
      expect(closed.ok).toBe(true);
      expect(await trail('u1')).toEqual([
        ['check-in', 'returned'],
        ['check-out', 'borrowed'],
      ]);
      expect(await trail('u2')).toEqual([['mark-lost', 'lost']]);
    });

    it('refuses unknown and malformed books without touching anything', async () => {
      expect(await store().loans.checkout(newLoan(MISSING))).toEqual({ ok: false, reason: 'book-not-found' });
      expect(await store().loans.checkout(newLoan('not-an-id'))).toEqual({ ok: false, reason: 'book-not-found' });
      expect(await store().loans.listByUser('user-1')).toEqual([]);
    });

    it('refuses a book with no copies left and records no loan', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 0 }]);
      expect(await store().loans.checkout(newLoan(bookId))).toEqual({ ok: false, reason: 'out-of-stock' });
      expect(await quantityOf(bookId)).toBe(0);
      expect(await store().loans.listByUser('user-1')).toEqual([]);
      expect(await activeLoan(store(), 'user-1', bookId)).toBeNull();
    });

    it('refuses a second active loan of the same book for the same user, but not for another user', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 5 }]);
      expect((await store().loans.checkout(newLoan(bookId))).ok).toBe(true);
      expect(await store().loans.checkout(newLoan(bookId))).toEqual({ ok: false, reason: 'already-borrowed' });
      expect(await quantityOf(bookId)).toBe(4);
      expect((await store().loans.checkout(newLoan(bookId, { userId: 'user-2' }))).ok).toBe(true);
      expect(await quantityOf(bookId)).toBe(3);
    });

    it('checks a loan in: marks it returned and puts the copy back', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 1 }]);
      const out = await store().loans.checkout(newLoan(bookId));
      if (!out.ok) throw new Error(out.reason);
      const at = new Date('2026-03-10T12:00:00.000Z');
      const back = await store().loans.checkin(out.loan.id, at);
      expect(back).toEqual({
        ok: true,
        quantity: 1,
        loan: { ...out.loan, status: 'returned', returnedAt: at, returnedVia: 'APP' },
      });
      expect(await quantityOf(bookId)).toBe(1);
      expect(await activeLoan(store(), 'user-1', bookId)).toBeNull();
      // Once returned, the same user may borrow the same book again.
      expect((await store().loans.checkout(newLoan(bookId))).ok).toBe(true);
      expect(await store().loans.listByUser('user-1')).toHaveLength(2);
    });

    it('refuses to check in unknown, malformed or already returned loans', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 1 }]);
      expect(await store().loans.checkin(MISSING, new Date())).toEqual({ ok: false, reason: 'loan-not-found' });
      expect(await store().loans.checkin('bad', new Date())).toEqual({ ok: false, reason: 'loan-not-found' });
      const out = await store().loans.checkout(newLoan(bookId));
      if (!out.ok) throw new Error(out.reason);
      expect((await store().loans.checkin(out.loan.id, new Date())).ok).toBe(true);
      expect(await store().loans.checkin(out.loan.id, new Date())).toEqual({ ok: false, reason: 'not-active' });
      expect(await quantityOf(bookId)).toBe(1);
    });

    it('records a return claim: status returning, the copy still out, no renewal; the check-in closes it', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 1 }]);
      const out = await store().loans.checkout(newLoan(bookId));
      if (!out.ok) throw new Error(out.reason);
      const claimedAt = new Date('2026-03-10T12:00:00.000Z');
      const claim = await store().loans.claimReturn(out.loan.id, claimedAt);
      expect(claim).toEqual({ ok: true, loan: { ...out.loan, status: 'returning', claimedAt } });
      expect(await store().loans.get(out.loan.id)).toEqual({ ...out.loan, status: 'returning', claimedAt });
      expect(await store().loans.claimReturn(out.loan.id, new Date())).toEqual({ ok: false, reason: 'not-active' });
      expect(await store().loans.claimReturn(MISSING, new Date())).toEqual({ ok: false, reason: 'loan-not-found' });
      expect(await store().loans.renew(out.loan.id, { dueDate: sevenDaysLater, maxRenewals: 3 })).toEqual({
        ok: false,
        reason: 'not-active',
      });
      expect(await quantityOf(bookId)).toBe(0);
      expect(await store().loans.countActiveByUser('user-1')).toBe(1);
      expect(await store().loans.checkout(newLoan(bookId))).toEqual({ ok: false, reason: 'already-borrowed' });

      const at = new Date('2026-03-12T09:00:00.000Z');
      const seen: (string | null)[] = [];
      const lateFee = (loan: { claimedAt: Date | null }) => (seen.push(loan.claimedAt?.toISOString() ?? null), 30);
      const back = await store().loans.checkin(out.loan.id, at, { lateFee, by: 'Desk (d@example.com)', via: 'DESK' });
      expect(seen).toEqual([claimedAt.toISOString()]);
      expect(back).toMatchObject({
        ok: true,
        quantity: 1,
        loan: { status: 'returned', claimedAt, returnedVia: 'DESK', returnedBy: 'Desk (d@example.com)', lateFee: 30 },
      });
      expect(await store().loans.claimReturn(out.loan.id, new Date())).toEqual({ ok: false, reason: 'not-active' });
    });

    it("restores the loan's own book, not another one", async () => {
      const [a = '', b = ''] = await insertBooks(store(), [{ quantity: 2 }, { quantity: 2 }]);
      const out = await store().loans.checkout(newLoan(a));
      if (!out.ok) throw new Error(out.reason);
      await store().loans.checkin(out.loan.id, new Date());
      expect(await quantityOf(a)).toBe(2);
      expect(await quantityOf(b)).toBe(2);
    });

    it('answers null for unknown and malformed loan ids', async () => {
      expect(await store().loans.get(MISSING)).toBeNull();
      expect(await store().loans.get('x')).toBeNull();
    });

    it("lists one user's loans newest first, ties broken by id descending", async () => {
      const [a = '', b = '', c = ''] = await insertBooks(store(), [{}, {}, {}]);
      const day = (d: number) => new Date(Date.UTC(2026, 2, d));
      const borrow = async (bookId: string, userId: string, borrowDate: Date) => {
        const r = await store().loans.checkout(newLoan(bookId, { userId, borrowDate }));
        if (!r.ok) throw new Error(r.reason);
        return r.loan.id;
      };
      const old = await borrow(a, 'user-1', day(1));
      const tieFirst = await borrow(b, 'user-1', day(5));
      const tieSecond = await borrow(c, 'user-1', day(5));
      await borrow(a, 'user-2', day(9));
      const list = await store().loans.listByUser('user-1');
      expect(list.map((l) => l.id)).toEqual([tieSecond, tieFirst, old]);
      expect(await store().loans.listByUser('nobody')).toEqual([]);
    });

    it('finds the active loan of a user and book, and counts active loans per user and in all', async () => {
      const [a = '', b = ''] = await insertBooks(store(), [{}, {}]);
      expect(await store().loans.countActive()).toBe(0);
      const first = await store().loans.checkout(newLoan(a));
      await store().loans.checkout(newLoan(b));
      await store().loans.checkout(newLoan(a, { userId: 'user-2' }));
      if (!first.ok) throw new Error(first.reason);
      expect(await activeLoan(store(), 'user-1', a)).toEqual(first.loan);
      expect(await activeLoan(store(), 'user-3', a)).toBeNull();
      expect(await store().loans.countActiveByUser('user-1')).toBe(2);
      expect(await store().loans.countActive()).toBe(3);
      await store().loans.checkin(first.loan.id, new Date());
      expect(await store().loans.countActive()).toBe(2);
      expect(await activeLoan(store(), 'user-1', a)).toBeNull();
      expect(await store().loans.countActiveByUser('user-1')).toBe(1);
      expect(await store().loans.countActiveByUser('nobody')).toBe(0);
    });

    it('gives the last copy to exactly one of 50 simultaneous borrowers', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 1 }]);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store().loans.checkout(newLoan(bookId, { userId: `racer-${i}` }))),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'out-of-stock')).toHaveLength(49);
      expect(await quantityOf(bookId)).toBe(0);
      const active = await Promise.all(results.map((_, i) => store().loans.countActiveByUser(`racer-${i}`)));
      expect(active.reduce((sum, n) => sum + n, 0)).toBe(1);
    });

    it('lets the same user win only once when borrowing the same book twice at once', async () => {
      const [bookId = ''] = await insertBooks(store(), [{ quantity: 5 }]);
      const results = await Promise.all([
        store().loans.checkout(newLoan(bookId)),
        store().loans.checkout(newLoan(bookId)),
      ]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'already-borrowed')).toHaveLength(1);
      expect(await quantityOf(bookId)).toBe(4);
      expect(await store().loans.countActiveByUser('user-1')).toBe(1);
    });
  });
}
