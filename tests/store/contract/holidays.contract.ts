// The moon-dated holidays staff acted on: each decision written once per version, and the loans a holiday's
// closure moved put back by id, only while still due where it put them.
import { describe, expect, it } from 'vitest';
import { insertBooks, newLoan, useStore, type StoreFactory } from './harness.ts';
import type { HolidayRecord } from '../../../server/store/port.ts';

const at = new Date('2026-03-01T06:00:00.000Z');
const day = (d: string) => new Date(`${d}T00:00:00.000Z`);

export function holidaysContract(factory: StoreFactory): void {
  describe('moon-dated holidays', () => {
    const store = useStore(factory);

    it('keeps a decision per key, each written only over the version it was read at', async () => {
      const { holidays } = store();
      const eid: HolidayRecord = {
        key: 'eid-ul-fitr-2026',
        from: '2026-03-19',
        to: '2026-03-21',
        state: 'confirmed',
        moved: [{ loanId: 'a'.repeat(24), was: '2026-03-19', to: '2026-03-22' }],
        version: 1,
        decidedAt: at,
      };
      expect(await holidays.get(['eid-ul-fitr-2026'])).toEqual([]);
      expect(await holidays.save(eid)).toBe(true);
      // Another staff member's first decision on the same holiday lost the race.
      expect(await holidays.save({ ...eid, state: 'dropped' })).toBe(false);
      const moved = { ...eid, from: '2026-03-20', to: '2026-03-22', moved: [], version: 2 };
      expect(await holidays.save(moved)).toBe(true);
      expect(await holidays.save({ ...moved, state: 'dropped' })).toBe(false);
      expect(await holidays.get(['eid-ul-fitr-2026', 'ashura-2026'])).toEqual([moved]);
      expect(await holidays.get([])).toEqual([]);
    });

    it('moves listed loans back only while they are due where the closure put them', async () => {
      const books = await insertBooks(store(), [{ title: 'A' }, { title: 'B' }]);
      const { loans } = store();
      const ids: string[] = [];
      for (const [i, bookId] of books.entries()) {
        const lent = await loans.checkout(newLoan(bookId, { returnDate: day('2026-03-22'), userId: `user-${i}` }));
        if (!lent.ok) throw new Error('checkout failed');
        ids.push(lent.loan.id);
      }
      const [a = '', b = ''] = ids;
      await loans.checkin(b, at);
      const back = await loans.moveDueOf([
        { loanId: a, from: day('2026-03-22'), to: day('2026-03-19') },
        { loanId: b, from: day('2026-03-22'), to: day('2026-03-19') },
        { loanId: 'not-an-id', from: day('2026-03-22'), to: day('2026-03-19') },
      ]);
      expect(back.map((loan) => [loan.id, loan.returnDate.toISOString()])).toEqual([[a, '2026-03-19T00:00:00.000Z']]);
      // Not due on the day named any more: stays.
      expect(await loans.moveDueOf([{ loanId: a, from: day('2026-03-22'), to: day('2026-03-20') }])).toEqual([]);
      expect((await loans.get(a))?.returnDate).toEqual(day('2026-03-19'));
    });
  });
}
