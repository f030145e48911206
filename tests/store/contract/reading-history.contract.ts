// Members' reading histories (port/reading-history.ts): the member's choice, the page of their closed loans, the
// loans the daily run may anonymize (returned long enough ago, of members who do not keep their history), and the
// anonymizing write: the member goes off the loan, the loan stays (statistics); writing again changes nothing.
import { describe, expect, it } from 'vitest';
import { LOAN_TRAIL } from '../../../server/library/audit-privacy.ts';
import { isAnonymousMember, type NewAudit, type Store } from '../../../server/store/port.ts';
import { bookFields, newLoan, profile, useStore, type StoreFactory } from './harness.ts';

const AT = (day: number) => new Date(Date.UTC(2026, 2, day, 10));

const entry = (over: Partial<NewAudit>): NewAudit => ({
  at: AT(1),
  actorUid: 'staff',
  actorName: 'Desk Staff',
  api: 'graphql',
  action: 'check-out',
  field: null,
  oldValue: null,
  newValue: null,
  bookId: null,
  uid: 'ada',
  ...over,
});

async function returnedLoan(s: Store, uid: string, title: string, returned: Date, via: 'APP' | 'DESK' = 'APP') {
  const bookId = (await s.books.insert(bookFields({ title, quantity: 1 }))).id;
  const lent = await s.loans.checkout(
    newLoan(bookId, { userId: uid, userName: `Reader ${uid}`, userEmail: `${uid}@example.com`, bookTitle: title }),
  );
  if (!lent.ok) throw new Error('fixture borrow failed');
  const back = await s.loans.checkin(lent.loan.id, returned, {
    lateFee: () => 0,
    via,
    returnedBy: via === 'APP' ? `Reader ${uid}` : 'Desk Staff',
  });
  if (!back.ok) throw new Error('fixture return failed');
  return lent.loan.id;
}

export function readingHistoryContract(factory: StoreFactory): void {
  describe('reading history', () => {
    const store = useStore(factory);

    it("keeps a member's choice: off until they turn it on; null for no such member", async () => {
      const s = store();
      await s.users.upsert(profile({ uid: 'ada' }));
      expect(await s.readingHistory.keeps('ada')).toBe(false);
      expect(await s.readingHistory.setKeeps('ada', true)).toBe(true);
      expect(await s.readingHistory.keeps('ada')).toBe(true);
      expect(await s.readingHistory.setKeeps('ada', false)).toBe(false);
      expect(await s.readingHistory.setKeeps('nobody', true)).toBeNull();
      expect(await s.readingHistory.keeps('nobody')).toBe(false);
    });

    it('pages a member’s closed loans, newest borrow first, leaving out loans still out', async () => {
      const s = store();
      const first = await returnedLoan(s, 'ada', 'Dracula', AT(2));
      const second = await returnedLoan(s, 'ada', 'Carmilla', AT(3));
      const outBook = (await s.books.insert(bookFields({ title: 'Still Out' }))).id;
      expect((await s.loans.checkout(newLoan(outBook, { userId: 'ada' }))).ok).toBe(true);
      const page = await s.readingHistory.page('ada', { first: 1 });
      expect(page).toMatchObject({ totalCount: 2, hasNextPage: true });
      const next = await s.readingHistory.page('ada', { first: 1, after: page.endCursor });
      expect([...page.nodes, ...next.nodes].map((loan) => loan.id).sort()).toEqual([first, second].sort());
      expect(next.hasNextPage).toBe(false);
    });

    it('finds the loans returned by a day that still name a member who does not keep their history', async () => {
      const s = store();
      await s.users.upsert(profile({ uid: 'ada' }));
      await s.users.upsert(profile({ uid: 'kay', email: 'kay@example.com' }));
      await s.readingHistory.setKeeps('kay', true);
      const old = await returnedLoan(s, 'ada', 'Old Return', AT(2));
      await returnedLoan(s, 'ada', 'Recent Return', AT(20));
      const kept = await returnedLoan(s, 'kay', 'Kept Return', AT(2));
      expect((await s.readingHistory.named(AT(10), { limit: 10 })).map((l) => l.id)).toEqual([old]);
      expect((await s.readingHistory.named(AT(10), { limit: 10, after: AT(2) })).map((l) => l.id)).toEqual([]);
      // A member's own, whatever they chose (they delete their history).
      expect((await s.readingHistory.named(AT(10), { userId: 'kay', limit: 10 })).map((l) => l.id)).toEqual([kept]);
    });

    it('takes the member off their closed loans, once; the loans stay, and nobody else’s change', async () => {
      const s = store();
      const app = await returnedLoan(s, 'ada', 'By App', AT(2), 'APP');
      const desk = await returnedLoan(s, 'ada', 'At Desk', AT(3), 'DESK');
      const bobs = await returnedLoan(s, 'bob', 'Bob’s', AT(2));
      const outBook = (await s.books.insert(bookFields({ title: 'Still Out' }))).id;
      const out = await s.loans.checkout(newLoan(outBook, { userId: 'ada' }));
      if (!out.ok) throw new Error('fixture borrow failed');
      const marker = 'anonymous:0a1b2c';
      // Bob's loan and the loan still out are not Ada's to give up here.
      expect(await s.readingHistory.anonymize('ada', [app, desk, bobs, out.loan.id], marker, LOAN_TRAIL)).toBe(2);
      expect(await s.readingHistory.anonymize('ada', [app, desk], marker, LOAN_TRAIL)).toBe(0);
      expect(await s.loans.get(app)).toMatchObject({
        userId: marker,
        userName: '',
        userEmail: '',
        status: 'returned',
        bookTitle: 'By App',
        returnedVia: 'APP',
        returnedBy: null,
      });
      expect(await s.loans.get(desk)).toMatchObject({ userId: marker, returnedBy: 'Desk Staff' });
      expect(isAnonymousMember((await s.loans.get(bobs))?.userId ?? '')).toBe(false);
      expect((await s.loans.listByUser('ada')).map((l) => l.id)).toEqual([out.loan.id]);
      expect(await s.readingHistory.named(AT(10), { limit: 10 })).toEqual([expect.objectContaining({ id: bobs })]);
    });

    it("takes the member off the loan's audit entries, by its id or (older ones) its book and days, and no others", async () => {
      const s = store();
      // Ada's loan of Dracula, from 1 March to 2 March; then the same book again from 5 March (still hers).
      const bookId = (await s.books.insert(bookFields({ title: 'Dracula', quantity: 1 }))).id;
      const lent = await s.loans.checkout(newLoan(bookId, { userId: 'ada', borrowDate: AT(1) }));
      if (!lent.ok) throw new Error('fixture borrow failed');
      const loanId = lent.loan.id;
      if (!(await s.loans.checkin(loanId, AT(2), { lateFee: () => 0, via: 'APP', returnedBy: 'Ada' })).ok)
        throw new Error('fixture return failed');
      const again = await s.loans.checkout(newLoan(bookId, { userId: 'ada', borrowDate: AT(5) }));
      if (!again.ok) throw new Error('fixture borrow failed');
      const ada = { actorUid: 'ada', actorName: 'Ada Reader' };
      await s.audit.record([
        // The loan's, recorded with its id: by the member in the app (a staff override's words with it).
        entry({ ...ada, action: 'borrowed', field: 'dueDate', newValue: '2026-03-15', bookId, loanId }),
        entry({
          action: 'override',
          field: 'LOAN_LIMIT',
          oldValue: 'Ada has 5',
          newValue: 'knows her',
          bookId,
          loanId,
        }),
        // An older entry of the loan without its id: matched by member, book, action and its days.
        entry({ at: AT(2), action: 'check-in', field: 'status', oldValue: 'borrowed', newValue: 'returned', bookId }),
        // Not the loan's: her next loan of the book, her card, Bob's loan of the book.
        entry({ at: AT(5), action: 'check-out', field: 'item', newValue: 'BH0000017', bookId }),
        entry({ action: 'member-registered', field: 'cardNumber', newValue: 'BM0000013' }),
        entry({ action: 'check-out', field: 'item', newValue: 'BH0000025', bookId, uid: 'bob' }),
      ]);
      const marker = 'anonymous:feed';
      expect(await s.readingHistory.anonymize('ada', [loanId], marker, LOAN_TRAIL)).toBe(1);
      const trail = (await s.audit.listByBook(bookId, { first: 10 })).nodes;
      const about = (who: string) => trail.filter((e) => e.uid === who).map((e) => e.action);
      expect(about(marker).sort()).toEqual(['borrowed', 'check-in', 'override']);
      expect(trail.find((e) => e.action === 'borrowed')).toMatchObject({
        uid: marker,
        actorUid: marker,
        actorName: '',
        newValue: '2026-03-15',
        loanId,
      });
      // Staff stay who made theirs; staff's words about the member go; the library's facts stay.
      expect(trail.find((e) => e.action === 'override')).toMatchObject({
        actorUid: 'staff',
        actorName: 'Desk Staff',
        oldValue: null,
        newValue: null,
      });
      expect(trail.find((e) => e.action === 'check-in')).toMatchObject({ oldValue: 'borrowed', newValue: 'returned' });
      expect(about('bob')).toEqual(['check-out']);
      const hers = (await s.audit.listByUid('ada', { first: 10 })).nodes;
      expect(hers.map((e) => e.newValue).sort()).toEqual(['BH0000017', 'BM0000013']);
      // Once: nothing of hers is changed again, and the entries keep the first marker.
      expect(await s.readingHistory.anonymize('ada', [loanId], 'anonymous:other', LOAN_TRAIL)).toBe(0);
      expect((await s.audit.listByBook(bookId, { first: 10 })).nodes).toEqual(trail);
    });
  });
}
