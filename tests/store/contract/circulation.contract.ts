// The circulation policy's store methods: copies owned and versions, the limits checked with a borrow, the
// ledger's charges and credits, renewals, losses, the overdue list and member pages.
import { describe, expect, it } from 'vitest';
import type { Store } from '../../../server/store/port.ts';
import { bookFields, newLoan, profile, sevenDaysLater, useStore, type StoreFactory } from './harness.ts';

const DAY = 86_400_000;
const LIMITS = { loanLimit: 5, maxBalance: 0 };

async function book(store: Store, copies: number): Promise<string> {
  return (await store.books.insert(bookFields({ quantity: copies }))).id;
}

async function lend(store: Store, bookId: string, userId = 'user-1') {
  const result = await store.loans.checkout(newLoan(bookId, { userId }), LIMITS);
  if (!result.ok) throw new Error(`checkout failed: ${result.reason}`);
  return result.loan;
}

export function circulationContract(factory: StoreFactory): void {
  describe('copies owned', () => {
    const store = useStore(factory);

    it('a new book owns its copies, all on the shelf, at version 0', async () => {
      const id = await book(store(), 3);
      expect(await store().books.get(id)).toMatchObject({ quantity: 3, copies: 3, version: 0, replacementCost: null });
    });

    it('borrows and returns move copies available and the version, never copies owned', async () => {
      const id = await book(store(), 2);
      const loan = await lend(store(), id);
      expect(await store().books.get(id)).toMatchObject({ quantity: 1, copies: 2, version: 1 });
      await store().loans.checkin(loan.id, new Date());
      expect(await store().books.get(id)).toMatchObject({ quantity: 2, copies: 2, version: 2 });
    });

    it('an edit of copies owned keeps the loaned copies out, and cannot go below them', async () => {
      const id = await book(store(), 2);
      await lend(store(), id);
      const edit = { ...bookFields(), copies: 4 };
      const grown = await store().books.update(id, edit);
      expect(grown?.book).toMatchObject({ copies: 4, quantity: 3 });
      const refused = await store().books.update(id, { ...edit, copies: 0 });
      expect(refused).toMatchObject({ refused: 'copies-on-loan', modified: false });
      expect(await store().books.get(id)).toMatchObject({ copies: 4, quantity: 3 });
      // Exactly the copies on loan: nothing left on the shelf.
      expect((await store().books.update(id, { ...edit, copies: 1 }))?.book).toMatchObject({ copies: 1, quantity: 0 });
    });

    it("reads an edit's quantity as copies available now (the original API), on top of the loaned copies", async () => {
      const id = await book(store(), 1);
      await lend(store(), id);
      // The stale form of the original client still says 1: that is now one on the shelf plus one on loan.
      const result = await store().books.update(id, { ...bookFields(), quantity: 1 });
      expect(result?.book).toMatchObject({ copies: 2, quantity: 1 });
    });

    it('refuses an edit from a version the book has moved past, and applies one from the current version', async () => {
      const id = await book(store(), 2);
      const loaded = await store().books.get(id);
      await lend(store(), id);
      const stale = await store().books.update(id, { ...bookFields({ title: 'Stale' }), copies: 2 }, loaded!.version);
      expect(stale).toMatchObject({ refused: 'version', book: { title: 'Dracula', version: 1 } });
      const fresh = await store().books.update(id, { ...bookFields({ title: 'Fresh' }), copies: 3 }, 1);
      expect(fresh?.book).toMatchObject({ title: 'Fresh', copies: 3, quantity: 2, version: 2 });
    });

    it('changeStock adds copies to the collection (owned and available), never below the shelf', async () => {
      const id = await book(store(), 1);
      expect(await store().books.changeStock(id, 2)).toBe(3);
      expect(await store().books.get(id)).toMatchObject({ copies: 3, quantity: 3 });
      await lend(store(), id);
      expect(await store().books.changeStock(id, -3)).toBeNull();
      expect(await store().books.changeStock(id, -2)).toBe(0);
      expect(await store().books.get(id)).toMatchObject({ copies: 1, quantity: 0 });
    });
  });

  describe('limits checked with the borrow', () => {
    const store = useStore(factory);

    it('refuses a borrow past the loan limit, and allows it again after a return', async () => {
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => book(store(), 1)));
      const loans = [];
      for (const id of ids.slice(0, 5)) loans.push(await lend(store(), id));
      expect(await store().loans.checkout(newLoan(ids[5]!), LIMITS)).toEqual({ ok: false, reason: 'loan-limit' });
      expect(await store().books.get(ids[5]!)).toMatchObject({ quantity: 1 });
      await store().loans.checkin(loans[0]!.id, new Date());
      expect((await store().loans.checkout(newLoan(ids[5]!), LIMITS)).ok).toBe(true);
    });

    it('50 concurrent borrows by a member with 4 loans give exactly one new loan', async () => {
      const held = await Promise.all([1, 2, 3, 4].map(() => book(store(), 1)));
      for (const id of held) await lend(store(), id);
      const wanted = await Promise.all(Array.from({ length: 50 }, () => book(store(), 1)));
      const results = await Promise.all(wanted.map((id) => store().loans.checkout(newLoan(id), LIMITS)));
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok && r.reason === 'loan-limit')).toHaveLength(49);
      expect(await store().loans.countActiveByUser('user-1')).toBe(5);
      const shelves = await Promise.all(wanted.map(async (id) => (await store().books.get(id))!.quantity));
      expect(shelves.filter((q) => q === 0)).toHaveLength(1);
    });

    it('a return and a borrow racing at the limit never leave the limit or the stock wrong', async () => {
      const held = await Promise.all([1, 2, 3, 4, 5].map(() => book(store(), 1)));
      const loans = [];
      for (const id of held) loans.push(await lend(store(), id));
      const extra = await book(store(), 1);
      const [, borrowed] = await Promise.all([
        store().loans.checkin(loans[0]!.id, new Date()),
        store().loans.checkout(newLoan(extra), LIMITS),
      ]);
      const active = await store().loans.countActiveByUser('user-1');
      expect(active).toBe(borrowed.ok ? 5 : 4);
      expect((await store().books.get(extra))!.quantity).toBe(borrowed.ok ? 0 : 1);
      expect((await store().books.get(held[0]!))!.quantity).toBe(1);
    });

    it('refuses in the order a member is told: missing book, book had, fees, loan limit, then the copy', async () => {
      const had = await book(store(), 2);
      await lend(store(), had);
      const late = await lend(store(), await book(store(), 1));
      await store().loans.checkin(late.id, new Date(), { lateFee: () => 150 });
      const gone = await book(store(), 1);
      const elsewhere = await lend(store(), gone, 'user-2');
      // The member has one loan (at a limit of 1) and owes 150; the last copy of `gone` is another member's.
      const tight = { loanLimit: 1, maxBalance: 0 };
      const reason = async (bookId: string, limits = tight, itemBarcode?: string) => {
        const result = await store().loans.checkout(newLoan(bookId, itemBarcode ? { itemBarcode } : {}), limits);
        return result.ok ? 'ok' : result.reason;
      };
      expect(await reason('0123456789abcdef01234567')).toBe('book-not-found');
      expect(await reason(had)).toBe('already-borrowed');
      expect(await reason(gone)).toBe('fees-unpaid');
      expect(await reason(gone, { loanLimit: 1, maxBalance: 150 })).toBe('loan-limit');
      expect(await reason(gone, { loanLimit: 2, maxBalance: 150 })).toBe('out-of-stock');
      expect(await reason(gone, { loanLimit: 2, maxBalance: 150 }, elsewhere.itemBarcode!)).toBe('item-unavailable');
      expect(await store().loans.countActiveByUser('user-1')).toBe(1);
    });

    it('a late return charges its fee once, and the balance then blocks borrowing until paid', async () => {
      const id = await book(store(), 2);
      const loan = await lend(store(), id);
      const back = await store().loans.checkin(loan.id, new Date(), { lateFee: () => 150 });
      expect(back).toMatchObject({ ok: true, loan: { status: 'returned', lateFee: 150 } });
      expect(await store().loans.checkin(loan.id, new Date(), { lateFee: () => 150 })).toEqual({
        ok: false,
        reason: 'not-active',
      });
      expect(await store().ledger.balance('user-1')).toBe(150);
      expect(await store().ledger.list('user-1')).toEqual([
        expect.objectContaining({
          kind: 'late-fee',
          amount: 150,
          loanId: loan.id,
          bookTitle: 'Dracula',
          recordedBy: null,
        }),
      ]);
      expect(await store().loans.checkout(newLoan(id), LIMITS)).toEqual({
        ok: false,
        reason: 'fees-unpaid',
        balance: 150,
      });
      const paid = await store().ledger.credit({
        userId: 'user-1',
        kind: 'payment',
        amount: 100,
        note: 'Cash',
        recordedBy: 'Desk (desk@example.com)',
        createdAt: new Date(),
      });
      expect(paid).toMatchObject({ ok: true, balance: 50, entry: { kind: 'payment', amount: 100, note: 'Cash' } });
      expect(
        await store().ledger.credit({
          userId: 'user-1',
          kind: 'waiver',
          amount: 51,
          note: 'Too much',
          recordedBy: 'Desk',
          createdAt: new Date(),
        }),
      ).toEqual({ ok: false, reason: 'exceeds-balance', balance: 50 });
      await store().ledger.credit({
        userId: 'user-1',
        kind: 'waiver',
        amount: 50,
        note: 'First time',
        recordedBy: 'Desk',
        createdAt: new Date(),
      });
      expect(await store().ledger.balance('user-1')).toBe(0);
      expect((await store().ledger.list('user-1')).map((e) => e.kind)).toHaveLength(3);
      expect((await store().loans.checkout(newLoan(id), LIMITS)).ok).toBe(true);
    });
  });

  describe('renewals, losses and the overdue list', () => {
    const store = useStore(factory);

    it('renews an active loan up to the given number of times', async () => {
      const loan = await lend(store(), await book(store(), 1));
      const once = await store().loans.renew(loan.id, { dueDate: sevenDaysLater, maxRenewals: 1 });
      expect(once).toMatchObject({ ok: true, loan: { renewals: 1 } });
      if (!once.ok) return;
      expect(once.loan.returnDate.getTime() - loan.returnDate.getTime()).toBe(7 * DAY);
      expect(await store().loans.renew(loan.id, { dueDate: sevenDaysLater, maxRenewals: 1 })).toEqual({
        ok: false,
        reason: 'renewal-limit',
      });
      await store().loans.checkin(loan.id, new Date());
      expect(await store().loans.renew(loan.id, { dueDate: sevenDaysLater, maxRenewals: 5 })).toEqual({
        ok: false,
        reason: 'not-active',
      });
      expect(
        await store().loans.renew('0123456789abcdef01234567', { dueDate: sevenDaysLater, maxRenewals: 5 }),
      ).toEqual({
        ok: false,
        reason: 'loan-not-found',
      });
    });

    it('two renewals at once move the due date once', async () => {
      const loan = await lend(store(), await book(store(), 1));
      const both = await Promise.all(
        [1, 2].map(() => store().loans.renew(loan.id, { dueDate: sevenDaysLater, maxRenewals: 1 })),
      );
      expect(both.filter((r) => r.ok)).toHaveLength(1);
      expect((await store().loans.get(loan.id))?.returnDate.getTime()).toBe(loan.returnDate.getTime() + 7 * DAY);
    });

    it('closes a loan as lost: the copy leaves the collection, both charges are recorded once, the place is freed', async () => {
      const id = await book(store(), 2);
      const loan = await lend(store(), id);
      const at = new Date();
      const opts = { as: 'lost' as const, replacementCost: 600, processingFee: 100, by: 'Desk (desk@example.com)' };
      const closed = await store().loans.close(loan.id, at, opts);
      expect(closed).toMatchObject({ ok: true, loan: { status: 'lost', closedBy: 'Desk (desk@example.com)' } });
      expect(await store().loans.close(loan.id, at, opts)).toEqual({ ok: false, reason: 'not-active' });
      expect(await store().books.get(id)).toMatchObject({ copies: 1, quantity: 1 });
      expect(await store().ledger.balance('user-1')).toBe(700);
      expect((await store().ledger.list('user-1')).map((e) => [e.kind, e.amount, e.recordedBy]).sort()).toEqual([
        ['processing-fee', 100, 'Desk (desk@example.com)'],
        ['replacement', 600, 'Desk (desk@example.com)'],
      ]);
      expect(await store().loans.countActiveByUser('user-1')).toBe(0);
      const damaged = await lend(store(), id, 'user-2');
      await store().loans.close(damaged.id, at, { ...opts, as: 'damaged' });
      expect((await store().loans.get(damaged.id))?.status).toBe('damaged');
      expect(await store().books.get(id)).toMatchObject({ copies: 0, quantity: 0 });
    });

    it('lists active loans due before a day, the longest overdue first, in pages', async () => {
      const due = (days: number) => new Date(Date.UTC(2026, 2, 1) + days * DAY);
      const ids = await Promise.all([1, 2, 3, 4].map(() => book(store(), 1)));
      const made = [];
      for (const [i, days] of [3, 1, 2, 10].entries()) {
        const result = await store().loans.checkout(
          newLoan(ids[i]!, { userId: `u${i}`, returnDate: due(days) }),
          LIMITS,
        );
        if (result.ok) made.push(result.loan);
      }
      await store().loans.checkin(made[1]!.id, new Date()); // returned: not overdue any more
      const first = await store().loans.overdue(due(5), { first: 1 });
      expect([first.totalCount, first.hasNextPage, first.nodes.map((l) => l.id)]).toEqual([2, true, [made[2]!.id]]);
      const second = await store().loans.overdue(due(5), { first: 1, after: first.endCursor });
      expect([second.hasNextPage, second.nodes.map((l) => l.id)]).toEqual([false, [made[0]!.id]]);
      await expect(store().loans.overdue(due(5), { first: 1, after: 'bm9wZQ' })).rejects.toThrow('Invalid cursor');
    });

    it('pages members in sign-up order, searching name and e-mail without case', async () => {
      for (const [i, name] of ['Ada Reader', 'Bob Stone', 'Cleo Reade', 'Dan Brook'].entries())
        await store().users.upsert(profile({ uid: `uid-${i}`, name, email: `m${i}@Example.com` }));
      const all = await store().users.page(null, { first: 3 });
      expect([all.totalCount, all.hasNextPage, all.nodes.map((u) => u.name)]).toEqual([
        4,
        true,
        ['Ada Reader', 'Bob Stone', 'Cleo Reade'],
      ]);
      const rest = await store().users.page(null, { first: 3, after: all.endCursor });
      expect(rest.nodes.map((u) => u.name)).toEqual(['Dan Brook']);
      expect((await store().users.page('READ', { first: 10 })).nodes.map((u) => u.name)).toEqual([
        'Ada Reader',
        'Cleo Reade',
      ]);
      expect((await store().users.page('m3@example', { first: 10 })).nodes.map((u) => u.name)).toEqual(['Dan Brook']);
      expect((await store().users.page('.*', { first: 10 })).totalCount).toBe(0);
    });

    it("searches the name alone when asked: a member's search never matches another's e-mail", async () => {
      for (const [i, name] of ['Ada Reader', 'Bob Stone'].entries())
        await store().users.upsert(profile({ uid: `uid-${i}`, name, email: `secret${i}@example.com` }));
      const byEmail = await store().users.page('secret1', { first: 10 }, 'name');
      expect([byEmail.totalCount, byEmail.nodes]).toEqual([0, []]);
      expect((await store().users.page('STONE', { first: 10 }, 'name')).nodes.map((u) => u.name)).toEqual([
        'Bob Stone',
      ]);
      expect((await store().users.page('secret1', { first: 10 }, 'nameOrEmail')).totalCount).toBe(1);
    });
  });
}
