// Members' reading histories (port/reading-history.ts): the member's choice, the page of their closed loans, the
// loans the daily run may anonymize (returned long enough ago, of members who do not keep their history), and the
// anonymizing write: the member goes off the loan, the loan stays (statistics); writing again changes nothing.
import { describe, expect, it } from 'vitest';
import { isAnonymousMember, type Store } from '../../../server/store/port.ts';
import { bookFields, newLoan, profile, useStore, type StoreFactory } from './harness.ts';

const AT = (day: number) => new Date(Date.UTC(2026, 2, day, 10));

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
      expect(await s.readingHistory.anonymize('ada', [app, desk, bobs, out.loan.id], marker)).toBe(2);
      expect(await s.readingHistory.anonymize('ada', [app, desk], marker)).toBe(0);
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
  });
}
