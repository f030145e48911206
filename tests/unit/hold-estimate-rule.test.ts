// How long will I wait (server/library/rules/hold-estimate.ts): a waiting hold's expected day from the loans ahead
// of it, the copies owned and how late this book's loans come back, counted on the library's open days.
import { describe, expect, it } from 'vitest';
import {
  expectedBy,
  medianOf,
  openDaysLate,
  shiftOpenDays,
  type WaitFacts,
} from '../../server/library/rules/hold-estimate.ts';

const EVERY_DAY = { isOpen: () => true };
// 2026-12-04 and 2026-12-11 are Fridays: the library shuts on Fridays.
const NO_FRIDAYS = { isOpen: (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() !== 5 };

const facts = (over: Partial<WaitFacts> = {}): WaitFacts => ({
  today: '2026-12-01',
  ahead: 0,
  copies: 1,
  dueDays: ['2026-12-08'],
  setAside: 0,
  lateness: [],
  loanDays: 14,
  pausedUntil: null,
  ...over,
});

describe('expectedBy', () => {
  it('is the due day of the one copy out when the hold is first and loans come back on time', () => {
    expect(expectedBy(facts(), EVERY_DAY)).toBe('2026-12-08');
  });

  it('is null when the library owns no copy', () => {
    expect(expectedBy(facts({ copies: 0, dueDays: [] }), EVERY_DAY)).toBeNull();
  });

  it('waits a loan longer for each member ahead on one copy', () => {
    expect(expectedBy(facts({ ahead: 1 }), EVERY_DAY)).toBe('2026-12-22');
    expect(expectedBy(facts({ ahead: 2 }), EVERY_DAY)).toBe('2027-01-05');
  });

  it('takes the first copy back when the library owns several', () => {
    const two = facts({ copies: 2, dueDays: ['2026-12-10', '2026-12-05'] });
    expect(expectedBy(two, EVERY_DAY)).toBe('2026-12-05');
    expect(expectedBy({ ...two, ahead: 1 }, EVERY_DAY)).toBe('2026-12-10');
    expect(expectedBy({ ...two, ahead: 2 }, EVERY_DAY)).toBe('2026-12-19');
  });

  it('moves the days by the median lateness of the book’s returned loans, early or late', () => {
    expect(expectedBy(facts({ lateness: [2, 3, 10] }), EVERY_DAY)).toBe('2026-12-11');
    expect(expectedBy(facts({ lateness: [-2, -1, 5] }), EVERY_DAY)).toBe('2026-12-07');
  });

  it('counts open days only: a late day the library is shut does not count, and no day falls on one', () => {
    // Two open days late after Tuesday 8 December: Wednesday 9 and Thursday 10.
    expect(expectedBy(facts({ lateness: [2] }), NO_FRIDAYS)).toBe('2026-12-10');
    // Three: Friday 11 is shut, so Saturday 12.
    expect(expectedBy(facts({ lateness: [3] }), NO_FRIDAYS)).toBe('2026-12-12');
    expect(expectedBy(facts({ dueDays: ['2026-12-04'] }), NO_FRIDAYS)).toBe('2026-12-05');
  });

  it('is today at the earliest: an overdue loan is expected back now', () => {
    expect(expectedBy(facts({ dueDays: ['2026-11-20'] }), EVERY_DAY)).toBe('2026-12-01');
  });

  it('counts a copy set aside for a ready hold as lent to its member today', () => {
    expect(expectedBy(facts({ copies: 2, setAside: 1 }), EVERY_DAY)).toBe('2026-12-08');
    expect(expectedBy(facts({ copies: 2, setAside: 1, ahead: 1 }), EVERY_DAY)).toBe('2026-12-15');
  });

  it('is not before the day the hold’s own pause ends', () => {
    expect(expectedBy(facts({ pausedUntil: '2026-12-20' }), EVERY_DAY)).toBe('2026-12-20');
    expect(expectedBy(facts({ pausedUntil: '2026-12-04' }), EVERY_DAY)).toBe('2026-12-08');
    expect(expectedBy(facts({ pausedUntil: '2026-12-11', dueDays: ['2026-12-03'] }), NO_FRIDAYS)).toBe('2026-12-12');
  });
});

describe('the counts it is made of', () => {
  it('medianOf: the middle value, the mean of the middle two rounded up, 0 for none', () => {
    expect(medianOf([])).toBe(0);
    expect(medianOf([5, -1, 2])).toBe(2);
    expect(medianOf([1, 2])).toBe(2);
    expect(medianOf([-3, -2])).toBe(-2);
  });

  it('openDaysLate: open days after the due day when late, before it when early', () => {
    expect(openDaysLate(NO_FRIDAYS, '2026-12-03', '2026-12-03')).toBe(0);
    expect(openDaysLate(NO_FRIDAYS, '2026-12-03', '2026-12-05')).toBe(1);
    expect(openDaysLate(EVERY_DAY, '2026-12-03', '2026-12-05')).toBe(2);
    expect(openDaysLate(NO_FRIDAYS, '2026-12-06', '2026-12-03')).toBe(-2);
  });

  it('shiftOpenDays: whole open days either way, the day itself for 0', () => {
    expect(shiftOpenDays(NO_FRIDAYS, '2026-12-03', 1)).toBe('2026-12-05');
    expect(shiftOpenDays(NO_FRIDAYS, '2026-12-05', -1)).toBe('2026-12-03');
    expect(shiftOpenDays(NO_FRIDAYS, '2026-12-03', 0)).toBe('2026-12-03');
  });
});
