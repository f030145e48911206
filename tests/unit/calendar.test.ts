import { describe, expect, it } from 'vitest';
import { daysBetween, parseDay, todayIn } from '../../server/library/calendar.ts';

describe('library calendar', () => {
  it("takes today's date in the library's time zone, not UTC", () => {
    // 20:00 UTC on 1 March is already 2 March in Dhaka (UTC+6).
    const instant = new Date('2026-03-01T20:00:00Z');
    expect(todayIn('Asia/Dhaka', instant)).toBe('2026-03-02');
    expect(todayIn('UTC', instant)).toBe('2026-03-01');
  });

  it('says the day right on both sides of midnight when asked again and again, in zones of whole, half and quarter hours', () => {
    const fresh = (timeZone: string, at: Date) =>
      new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
    // Local midnight in each zone, then every 250 ms of the two minutes around it, forwards and then back.
    const midnights = {
      'Asia/Dhaka': '2026-03-01T18:00:00Z',
      'Asia/Kolkata': '2026-03-01T18:30:00Z',
      'Asia/Kathmandu': '2026-03-01T18:15:00Z',
      'Pacific/Chatham': '2026-03-01T10:15:00Z',
      'America/St_Johns': '2026-03-02T03:30:00Z',
    };
    for (const [zone, midnight] of Object.entries(midnights)) {
      const at = Date.parse(midnight);
      const instants = Array.from({ length: 481 }, (_, i) => new Date(at - 60_000 + i * 250));
      for (const instant of [...instants, ...[...instants].reverse()])
        expect(todayIn(zone, instant), `${zone} at ${instant.toISOString()}`).toBe(fresh(zone, instant));
      expect(todayIn(zone, new Date(at - 1))).not.toBe(todayIn(zone, new Date(at)));
    }
    // Before 1980 some zones' offsets had seconds (Dhaka's was 6:01:40 until 1890): asked without keeping.
    const beforeStandardTime = new Date('1880-06-01T17:58:30Z');
    expect(todayIn('Asia/Dhaka', beforeStandardTime)).toBe(fresh('Asia/Dhaka', beforeStandardTime));
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
