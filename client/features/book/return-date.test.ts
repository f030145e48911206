import { describe, expect, it } from 'vitest';
import { addDays, formatDateInputValue, minReturnDate, toDateInputValue } from './return-date.ts';

describe('return date', () => {
  it('adds days to a calendar day: the default return date is today plus 14', () => {
    expect(addDays('2026-01-05', 14)).toBe('2026-01-19');
  });

  it('crosses month and year ends', () => {
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-20', 14)).toBe('2028-03-05');
  });

  it('uses the local day even just before midnight', () => {
    const lateEvening = new Date(2026, 5, 30, 23, 59);
    expect(minReturnDate(lateEvening)).toBe('2026-06-30');
    expect(toDateInputValue(new Date(2026, 6, 1, 0, 0))).toBe('2026-07-01');
  });

  it('formats a chosen day without shifting it', () => {
    expect(formatDateInputValue('2026-01-19', 'en-US')).toBe('1/19/2026');
  });
});
