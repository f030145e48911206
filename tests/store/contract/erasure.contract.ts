// Erasing a member: their user record and notices go; their loans and holds stay without name or e-mail;
// nobody else's records change; erasing again changes nothing.
import { describe, expect, it } from 'vitest';
import type { NewNotice } from '../../../server/store/port.ts';
import { bookFields, newLoan, profile, useStore, type StoreFactory } from './harness.ts';

const notice = (key: string, userId: string, bookId: string): NewNotice => ({
  userId,
  kind: 'due-soon',
  key,
  bookId,
  bookTitle: 'Dracula',
  loanId: null,
  holdId: null,
  day: '2026-12-01',
  createdAt: new Date('2026-03-02T10:00:00.000Z'),
});

export function erasureContract(factory: StoreFactory): void {
  describe('erasure', () => {
    const store = useStore(factory);

    it("removes the member's name and e-mail from their loans and holds, and deletes their notices and user", async () => {
      const s = store();
      await s.users.upsert(profile({ uid: 'ada' }));
      await s.users.upsert(profile({ uid: 'bob', email: 'bob@example.com', name: 'Bob' }));
      const shelf = (await s.books.insert(bookFields({ quantity: 2 }))).id;
      const scarce = (await s.books.insert(bookFields({ title: 'Carmilla', quantity: 1 }))).id;
      const ada = { userId: 'ada', userName: 'Ada Reader', userEmail: 'ada@example.com' };
      const bob = { userId: 'bob', userName: 'Bob', userEmail: 'bob@example.com' };
      const adaLoan = await s.loans.checkout(newLoan(shelf, ada));
      const bobLoan = await s.loans.checkout(newLoan(scarce, bob));
      if (!adaLoan.ok || !bobLoan.ok) throw new Error('fixture borrow failed');
      // Returned in the app: the loan names her as who closed it, too.
      await s.loans.checkin(adaLoan.loan.id, new Date('2026-03-05T10:00:00.000Z'), {
        lateFee: () => 0,
        via: 'APP',
        returnedBy: 'Ada Reader',
      });
      const placed = await s.holds.place(
        { bookId: scarce, ...ada, bookTitle: 'Carmilla', createdAt: new Date('2026-03-03T10:00:00.000Z') },
        { holdLimit: 5 },
      );
      if (!placed.ok) throw new Error(`fixture hold failed: ${placed.reason}`);
      await s.holds.cancel(placed.hold.id, new Date('2026-03-04T10:00:00.000Z'));
      await s.notices.record([
        notice('ada-1', 'ada', shelf),
        notice('ada-2', 'ada', shelf),
        notice('bob-1', 'bob', scarce),
      ]);

      expect(await s.erasure.erase('ada')).toEqual({
        user: true,
        loansAnonymised: 1,
        holdsAnonymised: 1,
        noticesDeleted: 2,
      });
      expect(await s.users.getByUid('ada')).toBeNull();
      const [kept] = await s.loans.listByUser('ada');
      expect(kept).toMatchObject({
        id: adaLoan.loan.id,
        userName: '',
        userEmail: '',
        status: 'returned',
        returnedVia: 'APP',
        returnedBy: null,
        bookTitle: 'Dracula',
      });
      expect(await s.holds.listByUser('ada')).toEqual([
        expect.objectContaining({ id: placed.hold.id, userName: '', userEmail: '', status: 'cancelled' }),
      ]);
      expect((await s.notices.list('ada', { unreadOnly: false, page: { first: 10 } })).totalCount).toBe(0);

      // Nobody else's records change.
      expect(await s.users.getByUid('bob')).toMatchObject({ email: 'bob@example.com' });
      expect(await s.loans.listByUser('bob')).toEqual([
        expect.objectContaining({ userName: 'Bob', userEmail: 'bob@example.com' }),
      ]);
      expect((await s.notices.list('bob', { unreadOnly: false, page: { first: 10 } })).totalCount).toBe(1);

      expect(await s.erasure.erase('ada')).toEqual({
        user: false,
        loansAnonymised: 0,
        holdsAnonymised: 0,
        noticesDeleted: 0,
      });
    });
  });
}
