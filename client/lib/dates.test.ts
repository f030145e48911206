import { describe, expect, it } from 'vitest';
import { addDays, formatDateTime, formatDay, formatInstantDay, toDateInputValue } from './dates.ts';
import { setCurrentLocale } from './locale.ts';

describe('dates: one unambiguous style everywhere', () => {
  it('writes a calendar day as "10 Dec 2026", never as 12/10/2026', () => {
    expect(formatDay('2026-12-10')).toBe('10 Dec 2026');
    expect(formatDay('2026-03-04')).toBe('4 Mar 2026');
    expect(formatDay('soon')).toBe('soon');
  });

  it("writes the day an instant fell on in the library's time zone", () => {
    // 20:30 UTC on 9 December is already 10 December in Dhaka (UTC+6), still the 9th in New York.
    expect(formatInstantDay('2026-12-09T20:30:00.000Z', 'Asia/Dhaka')).toBe('10 Dec 2026');
    expect(formatInstantDay('2026-12-09T20:30:00.000Z', 'America/New_York')).toBe('9 Dec 2026');
    expect(formatDateTime('2026-12-09T20:30:00.000Z', 'Asia/Dhaka')).toBe('10 Dec 2026, 02:30');
  });

  it('writes dates in Bangla with Bengali digits and Bangla month names, never mixed with Latin digits', () => {
    expect(formatDay('2026-12-10', 'bn')).toBe('১০ ডিসেম্বর ২০২৬');
    expect(formatDay('2026-03-04', 'bn')).toBe('৪ মার্চ ২০২৬');
    expect(formatInstantDay('2026-12-09T20:30:00.000Z', 'Asia/Dhaka', 'bn')).toBe('১০ ডিসেম্বর ২০২৬');
    expect(formatDateTime('2026-12-09T20:30:00.000Z', 'Asia/Dhaka', 'bn')).toBe('১০ ডিসেম্বর ২০২৬, ০২:৩০');
    expect(formatDateTime('2026-12-10T08:05:00.000Z', 'Asia/Dhaka', 'en')).toBe('10 Dec 2026, 14:05');
  });

  it('writes in the language in use when none is named', () => {
    setCurrentLocale('bn');
    try {
      expect(formatDay('2026-12-10')).toBe('১০ ডিসেম্বর ২০২৬');
    } finally {
      setCurrentLocale('en');
    }
    expect(formatDay('2026-12-10')).toBe('10 Dec 2026');
  });

  it('adds days to a calendar day across month and year ends', () => {
    expect(addDays('2026-01-05', 21)).toBe('2026-01-26');
    expect(addDays('2026-12-25', 14)).toBe('2027-01-08');
    expect(addDays('2028-02-20', 14)).toBe('2028-03-05');
  });

  it("uses the reader's local day for a date input, even just before midnight", () => {
    expect(toDateInputValue(new Date(2026, 5, 30, 23, 59))).toBe('2026-06-30');
    expect(toDateInputValue(new Date(2026, 6, 1, 0, 0))).toBe('2026-07-01');
  });
});
