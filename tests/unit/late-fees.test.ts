// The one late-fee rule (policy.ts) and the library's days it counts (library-calendar.ts), without a store.
import { describe, expect, it } from 'vitest';
import { DEFAULT_POLICY, lateFeeFor, type Policy } from '../../server/library/policy.ts';
import { openDays } from '../../server/library/library-calendar.ts';
import { DEFAULT_OPENING_HOURS } from '../../server/store/seed/calendar.ts';
import { addDays } from '../../server/library/calendar.ts';
import type { HoursChange, OpeningHours } from '../../server/store/port.ts';

const at = new Date('2026-04-01T00:00:00.000Z');
// 2026-04-14 is a Tuesday.
const days = openDays(
  [...DEFAULT_OPENING_HOURS],
  [{ day: '2026-04-14', reason: 'Bengali New Year', createdAt: at }],
  DEFAULT_POLICY.maxClosedDays,
);
const fee = (policy: Partial<Policy>, day: string, replacementCost = 1000) =>
  lateFeeFor(
    { ...DEFAULT_POLICY, ...policy },
    { dueDay: '2026-04-12', day, openAfter: days.openAfter, replacementCost },
  );

describe('late fees', () => {
  it('charges nothing on or before the due day', () => {
    expect(fee({}, '2026-04-10')).toBe(0);
    expect(fee({}, '2026-04-12')).toBe(0);
  });

  it('counts the days the library opens after the due day (FEE_DAYS=open), or every day (calendar)', () => {
    // 13th, 15th and 16th open; the 14th closed.
    expect(fee({}, '2026-04-16')).toBe(150);
    expect(fee({ feeDays: 'calendar' }, '2026-04-16')).toBe(200);
  });

  it('takes the grace days off the days counted', () => {
    expect(fee({ graceDays: 2 }, '2026-04-16')).toBe(50);
    expect(fee({ graceDays: 5 }, '2026-04-16')).toBe(0);
  });

  it("stops at the book's replacement cost unless FEE_CAP=none", () => {
    expect(fee({}, '2026-05-30', 300)).toBe(300);
    expect(fee({ feeCap: 'none' }, '2026-05-30', 300)).toBeGreaterThan(300);
  });
});

describe('the library days', () => {
  it('moves a closed day to the next open one, and can answer as before a closure', () => {
    expect(days.isOpen('2026-04-14')).toBe(false);
    expect(days.nextOpen('2026-04-14')).toBe('2026-04-15');
    expect(days.nextOpen('2026-04-13')).toBe('2026-04-13');
    expect(days.without('2026-04-14', '2026-04-14').nextOpen('2026-04-14')).toBe('2026-04-14');
  });

  it('keeps a weekday without hours closed every week', () => {
    const noFridays = openDays(
      DEFAULT_OPENING_HOURS.filter((h) => h.weekday !== 5),
      [],
      DEFAULT_POLICY.maxClosedDays,
    );
    // 2026-04-17 is a Friday.
    expect(noFridays.nextOpen('2026-04-17')).toBe('2026-04-18');
  });

  it('finds the next open day after a closure of any length within the limit, and refuses past it', () => {
    const closures = Array.from({ length: 78 }, (_, i) => ({
      day: new Date(Date.UTC(2026, 3, 3 + i)).toISOString().slice(0, 10),
      reason: 'Renovation',
      createdAt: at,
    }));
    // Closed 3 April to 19 June.
    expect(openDays([...DEFAULT_OPENING_HOURS], closures, 366).nextOpen('2026-04-15')).toBe('2026-06-20');
    const refused = (() => {
      try {
        return openDays([...DEFAULT_OPENING_HOURS], closures, 30).nextOpen('2026-04-15');
      } catch (error) {
        return error;
      }
    })();
    expect(refused).toMatchObject({
      code: 'LIBRARY_CLOSED',
      message:
        'The library is closed for more than 30 days from 2026-04-15, so no date can be set then. Please ask at the desk.',
    });
  });

  it('counts the open days after one day up to another as the days one by one would (openAfter)', () => {
    // A seeded walk over histories of hours (weekly changes, periods with an end), closures on open and on closed
    // weekdays, and spans from none to two years.
    let state = 44;
    // mulberry32: every bit of it varies (an LCG's low bits would alternate).
    const rand = (n: number) => {
      state = (state + 0x6d2b79f5) >>> 0;
      let t = Math.imul(state ^ (state >>> 15), state | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
    };
    const dayFrom = (offset: number) => addDays('2025-06-01', offset);
    const week = (): OpeningHours[] =>
      [0, 1, 2, 3, 4, 5, 6].filter(() => rand(3) > 0).map((weekday) => ({ weekday, opens: '09:00', closes: '17:00' }));
    for (let trial = 0; trial < 300; trial += 1) {
      const changes: HoursChange[] = Array.from({ length: rand(4) }, (_, i) => {
        const from = dayFrom(rand(700));
        return { id: String(i), from, to: rand(2) ? null : addDays(from, rand(90)), hours: week(), setAt: at };
      });
      const closures = Array.from({ length: rand(30) }, () => ({
        day: dayFrom(rand(700)),
        reason: 'Eid',
        createdAt: at,
      }));
      const library = openDays({ base: week(), changes }, closures, DEFAULT_POLICY.maxClosedDays);
      const from = dayFrom(rand(700));
      const through = addDays(from, rand(800) - 30);
      let oneByOne = 0;
      for (let day = addDays(from, 1); day <= through; day = addDays(day, 1)) if (library.isOpen(day)) oneByOne += 1;
      expect(library.openAfter(from, through), `trial ${trial}: ${from} to ${through}`).toBe(oneByOne);
    }
  });
});
