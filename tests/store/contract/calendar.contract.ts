// The library's calendar: the weekly hours a fresh store starts with, closures one per day, a year's holidays
// seeded once, and the loans a closure moves off its day.
import { describe, expect, it } from 'vitest';
import { insertBooks, newLoan, useStore, type StoreFactory } from './harness.ts';
import { fixedHolidays } from '../../../server/store/seed/calendar.ts';

const at = new Date('2026-04-01T06:00:00.000Z');
const day = (d: string) => new Date(`${d}T00:00:00.000Z`);

export function calendarContract(factory: StoreFactory): void {
  describe('calendar', () => {
    const store = useStore(factory);

    it("starts with the specification's hours: Saturday to Thursday 10am to 8pm, Friday 2pm to 8pm", async () => {
      expect(await store().calendar.openingHours()).toEqual([
        { weekday: 0, opens: '10:00', closes: '20:00' },
        { weekday: 1, opens: '10:00', closes: '20:00' },
        { weekday: 2, opens: '10:00', closes: '20:00' },
        { weekday: 3, opens: '10:00', closes: '20:00' },
        { weekday: 4, opens: '10:00', closes: '20:00' },
        { weekday: 5, opens: '14:00', closes: '20:00' },
        { weekday: 6, opens: '10:00', closes: '20:00' },
      ]);
    });

    it('keeps one closure per day, lists them by day within a range, and removes one', async () => {
      const { calendar } = store();
      const eid = { day: '2026-03-20', reason: 'Eid ul-Fitr', reasonBn: null, createdAt: at };
      expect(await calendar.addClosure(eid)).toEqual({ ok: true, closure: eid });
      await calendar.addClosure({ day: '2026-03-19', reason: 'Eid ul-Fitr (eve)', createdAt: at });
      await calendar.addClosure({ day: '2026-04-14', reason: 'Bengali New Year', createdAt: at });
      // A second closure of the same day is refused with the first.
      expect(await calendar.addClosure({ day: '2026-03-20', reason: 'Other', createdAt: at })).toEqual({
        ok: false,
        closure: eid,
      });
      const days = (await calendar.closures('2026-03-19', '2026-03-31')).map((c) => c.day);
      expect(days).toEqual(['2026-03-19', '2026-03-20']);
      expect(await calendar.removeClosure('2026-03-20')).toEqual(eid);
      expect(await calendar.removeClosure('2026-03-20')).toBeNull();
      expect((await calendar.closures('2026-01-01', '2026-12-31')).map((c) => c.day)).toEqual([
        '2026-03-19',
        '2026-04-14',
      ]);
    });

    it("seeds a year's fixed holidays once, and not into a year that has closures already", async () => {
      const { calendar } = store();
      const holidays = fixedHolidays(2027, at);
      expect(await calendar.seedYear(2027, holidays)).toBe(holidays.length);
      expect(await calendar.seedYear(2027, holidays)).toBe(0);
      // Staff removed one: the next start does not put it back.
      await calendar.removeClosure('2027-12-25');
      expect(await calendar.seedYear(2027, holidays)).toBe(0);
      expect(await calendar.closures('2027-12-25', '2027-12-25')).toEqual([]);
      // A year staff already entered a closure in is left as they made it.
      await calendar.addClosure({ day: '2028-03-10', reason: 'Eid ul-Fitr', createdAt: at });
      expect(await calendar.seedYear(2028, fixedHolidays(2028, at))).toBe(0);
      const victory = await calendar.closures('2027-12-16', '2027-12-16');
      expect(victory.map((c) => [c.reason, c.reasonBn])).toEqual([['Victory Day', 'বিজয় দিবস']]);
    });

    it("keeps a closure's reason in English and in Bangla, either of them alone too", async () => {
      const { calendar } = store();
      const both = { day: '2026-06-06', reason: 'Eid ul-Adha', reasonBn: 'ঈদুল আজহা', createdAt: at };
      const bangla = { day: '2026-06-07', reason: '', reasonBn: 'ঈদুল আজহার ছুটি', createdAt: at };
      const english = { day: '2026-06-08', reason: 'Staff training', createdAt: at };
      expect(await calendar.addClosure(both)).toEqual({ ok: true, closure: both });
      expect(await calendar.addClosure(bangla)).toEqual({ ok: true, closure: bangla });
      expect(await calendar.addClosure(english)).toEqual({ ok: true, closure: { ...english, reasonBn: null } });
      expect(await calendar.closures('2026-06-06', '2026-06-08')).toEqual([
        both,
        bangla,
        { ...english, reasonBn: null },
      ]);
      expect(await calendar.removeClosure('2026-06-06')).toEqual(both);
    });

    it('records changes of hours, never edited, and answers those in force on a range of days in the order set', async () => {
      const { calendar } = store();
      const later = new Date(at.getTime() + 60_000);
      const weekly = await calendar.addHoursChange({
        from: '2026-04-04',
        to: null,
        hours: [{ weekday: 6, opens: '09:00', closes: '17:00' }],
        setAt: at,
      });
      const ramadan = await calendar.addHoursChange({
        from: '2027-02-08',
        to: '2027-03-09',
        hours: [
          { weekday: 0, opens: '09:00', closes: '15:00' },
          { weekday: 1, opens: '09:30', closes: '15:30' },
        ],
        setAt: later,
      });
      expect(weekly).toEqual({
        id: expect.any(String),
        from: '2026-04-04',
        to: null,
        hours: [{ weekday: 6, opens: '09:00', closes: '17:00' }],
        setAt: at,
      });
      expect(ramadan.to).toBe('2027-03-09');
      expect(ramadan.id).not.toBe(weekly.id);
      // Before the first day of any change: none. A range reaching into a period: both, in the order set.
      expect(await calendar.hoursChanges('2026-01-01', '2026-04-03')).toEqual([]);
      expect(await calendar.hoursChanges('2026-05-01', '2026-05-31')).toEqual([weekly]);
      expect(await calendar.hoursChanges('2027-03-09', '2027-03-20')).toEqual([weekly, ramadan]);
      expect(await calendar.hoursChanges('2027-03-10', '2027-12-31')).toEqual([weekly]);
      // The hours the library started with stay as they were.
      expect(await calendar.openingHours()).toHaveLength(7);
    });

    it('moves the active loans due on a closed day, once, and leaves ended loans and other days alone', async () => {
      const [bookA, bookB, bookC] = await insertBooks(store(), [{ title: 'A' }, { title: 'B' }, { title: 'C' }]);
      const { loans } = store();
      const due = day('2026-04-14');
      const a = await loans.checkout(newLoan(bookA ?? '', { returnDate: due }));
      const b = await loans.checkout(newLoan(bookB ?? '', { returnDate: due, userId: 'user-2' }));
      const c = await loans.checkout(newLoan(bookC ?? '', { returnDate: day('2026-04-13') }));
      if (!a.ok || !b.ok || !c.ok) throw new Error('checkout failed');
      await loans.checkin(b.loan.id, at);
      const moved = await loans.moveDue(due, due, day('2026-04-15'));
      expect(moved.map((loan) => [loan.id, loan.returnDate.toISOString()])).toEqual([
        [a.loan.id, '2026-04-15T00:00:00.000Z'],
      ]);
      expect(await loans.moveDue(due, due, day('2026-04-15'))).toEqual([]);
      expect((await loans.get(c.loan.id))?.returnDate).toEqual(day('2026-04-13'));
      expect((await loans.get(b.loan.id))?.returnDate).toEqual(due);
    });

    it('moves the active loans due on any day of a closed range, each to the same day after it', async () => {
      const books = await insertBooks(store(), [{ title: 'D' }, { title: 'E' }, { title: 'F' }, { title: 'G' }]);
      const { loans } = store();
      const dues = ['2026-05-09', '2026-05-10', '2026-05-12', '2026-05-13'];
      const ids: string[] = [];
      for (const [i, bookId] of books.entries()) {
        const lent = await loans.checkout(newLoan(bookId, { returnDate: day(dues[i] ?? ''), userId: `user-${i}` }));
        if (!lent.ok) throw new Error('checkout failed');
        ids.push(lent.loan.id);
      }
      const moved = await loans.moveDue(day('2026-05-10'), day('2026-05-12'), day('2026-05-14'));
      expect(moved.map((loan) => [loan.id, loan.returnDate.toISOString()]).sort()).toEqual(
        [
          [ids[1], '2026-05-14T00:00:00.000Z'],
          [ids[2], '2026-05-14T00:00:00.000Z'],
        ].sort(),
      );
      expect((await loans.get(ids[0] ?? ''))?.returnDate).toEqual(day('2026-05-09'));
      expect((await loans.get(ids[3] ?? ''))?.returnDate).toEqual(day('2026-05-13'));
    });

    it('renews a loan to the due date the caller works out from the loan as stored', async () => {
      const [bookId] = await insertBooks(store(), [{ title: 'A' }]);
      const out = await store().loans.checkout(newLoan(bookId ?? '', { returnDate: day('2026-04-07') }));
      if (!out.ok) throw new Error('checkout failed');
      const seen: string[] = [];
      const renewed = await store().loans.renew(out.loan.id, {
        maxRenewals: 1,
        dueDate: (loan) => {
          seen.push(loan.returnDate.toISOString());
          return day('2026-04-15');
        },
      });
      expect(renewed.ok && renewed.loan.returnDate).toEqual(day('2026-04-15'));
      expect(renewed.ok && renewed.loan.renewals).toBe(1);
      expect(seen.at(-1)).toBe('2026-04-07T00:00:00.000Z');
    });
  });
}
