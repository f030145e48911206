// Erasing a member: their user record and notices go; their loans and holds stay without name or e-mail, their
// ledger entries without staff's notes on payments, the audit trail's entries about them without the values the library
// names and without their own name; nobody else's records change; erasing again changes nothing.
import { describe, expect, it } from 'vitest';
import type { AuditAction, NewAudit, NewNotice } from '../../../server/store/port.ts';
import { systemNote } from '../../../server/store/port.ts';
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

/** What the library names as personal (server/library/audit-privacy.ts); the store only applies the list. */
const PERSONAL: { auditActions: AuditAction[] } = { auditActions: ['member-edited', 'member-note-added'] };

const entry = (over: Partial<NewAudit>): NewAudit => ({
  at: new Date('2026-03-02T10:00:00.000Z'),
  actorUid: 'desk',
  actorName: 'Desk Staff',
  api: 'graphql',
  action: 'member-edited',
  field: 'phone',
  oldValue: '01711 000111',
  newValue: '01999 000222',
  bookId: null,
  uid: 'ada',
  ...over,
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

      expect(await s.erasure.erase('ada', PERSONAL)).toEqual({
        user: true,
        loansAnonymised: 1,
        holdsAnonymised: 1,
        noticesDeleted: 2,
        auditRedacted: 0,
        ledgerNotesCleared: 0,
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

      expect(await s.erasure.erase('ada', PERSONAL)).toEqual({
        user: false,
        loansAnonymised: 0,
        holdsAnonymised: 0,
        noticesDeleted: 0,
        auditRedacted: 0,
        ledgerNotesCleared: 0,
      });
    });

    it("empties the personal values of the audit entries about the member, their own name in them and staff's ledger notes", async () => {
      const s = store();
      await s.users.upsert(profile({ uid: 'ada' }));
      await s.users.upsert(profile({ uid: 'bob', email: 'bob@example.com', name: 'Bob' }));
      const shelf = (await s.books.insert(bookFields({ quantity: 2 }))).id;
      // A late fee, then a payment with staff's note on it.
      for (const uid of ['ada', 'bob']) {
        const out = await s.loans.checkout(newLoan(shelf, { userId: uid }));
        if (!out.ok) throw new Error('fixture borrow failed');
        await s.loans.checkin(out.loan.id, new Date('2026-03-05T10:00:00.000Z'), { lateFee: () => 100 });
        const paid = await s.ledger.credit({
          userId: uid,
          kind: 'payment',
          amount: 100,
          note: `Paid for ${uid} by her brother`,
          recordedBy: 'Desk Staff',
          createdAt: new Date('2026-03-06T10:00:00.000Z'),
        });
        if (!paid.ok) throw new Error('fixture payment failed');
      }
      const [phone, note, payment, role, bobs] = await s.audit.record([
        entry({}),
        entry({ action: 'member-note-added', field: 'note', oldValue: null, newValue: 'Moved to Mirpur' }),
        entry({ action: 'payment', field: 'balance', oldValue: '100', newValue: '0' }),
        // A member's own sign-in made them staff: the entry names them as who made it.
        entry({
          action: 'role-changed',
          field: 'role',
          oldValue: 'member',
          newValue: 'admin',
          actorUid: 'ada',
          actorName: 'Ada Reader',
        }),
        entry({ uid: 'bob' }),
      ]);

      expect(await s.erasure.erase('ada', PERSONAL)).toMatchObject({
        user: true,
        auditRedacted: 3,
        ledgerNotesCleared: 1,
      });
      const erased = (await s.audit.listByUid('ada', { first: 10 })).nodes;
      expect(erased).toEqual([
        { ...role, actorName: '' },
        payment,
        { ...note, newValue: null },
        { ...phone, oldValue: null, newValue: null },
      ]);
      expect((await s.ledger.list('ada')).map((e) => [e.kind, e.amount, e.note])).toEqual([
        ['payment', 100, ''],
        ['late-fee', 100, systemNote('ledgerReturnedLate')],
      ]);
      // Nobody else's records change.
      expect((await s.audit.listByUid('bob', { first: 10 })).nodes).toEqual([bobs]);
      expect((await s.ledger.list('bob')).map((e) => e.note)).toEqual([
        'Paid for bob by her brother',
        systemNote('ledgerReturnedLate'),
      ]);

      expect(await s.erasure.erase('ada', PERSONAL)).toMatchObject({ auditRedacted: 0, ledgerNotesCleared: 0 });
    });
  });
}
