import { describe, expect, it } from 'vitest';
import { daysBetween, parseDay, todayIn } from '../../server/library/calendar.ts';

describe('library calendar', () => {
  it("takes today's date in the library's time zone, not UTC", () => {
    // 20:00 UTC on 1 March is already 2 March in Dhaka (UTC+6).
    const instant = new Date('2026-03-01T20:00:00Z');
    expect(todayIn('Asia/Dhaka', instant)).toBe('2026-03-02');
    expect(todayIn('UTC', instant)).toBe('2026-03-01');
  });

  it('parses calendar days and rejects impossible ones', () => {
    expect(parseDay('2026-12-06', 'Asia/Dhaka')).toBe('2026-12-06');
    expect(parseDay('2026-02-30', 'Asia/Dhaka')).toBeNull();
    expect(parseDay('06/12/2026', 'Asia/Dhaka')).toBeNull();
    expect(parseDay('tomorrow', 'Asia/Dhaka')).toBeNull();
  });

  it('reads an ISO date-time as its day in the library zone', () => {
    expect(parseDay('2026-12-06T19:30:00.000Z', 'Asia/Dhaka')).toBe('2026-12-07');
    expect(parseDay('2026-12-06T19:30:00+06:00', 'Asia/Dhaka')).toBe('2026-12-06');
  });

  it('counts whole days between calendar days', () => {
    expect(daysBetween('2026-12-31', '2027-01-14')).toBe(14);
    expect(daysBetween('2026-03-02', '2026-03-01')).toBe(-1);
  });
});
