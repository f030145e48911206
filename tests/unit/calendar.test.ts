import { describe, expect, it } from 'vitest';
import {
  addDays,
  dayToDate,
  daysBetween,
  parseDay,
  startOfDay,
  todayIn,
  utcDayOf,
} from '../../server/library/calendar.ts';

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

  it("says an instant's day right on the days its zone changes its offset, and on every other day", () => {
    const formats = new Map<string, Intl.DateTimeFormat>();
    const fresh = (timeZone: string, at: Date) => {
      const options = { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' } as const;
      if (!formats.has(timeZone)) formats.set(timeZone, new Intl.DateTimeFormat('en-CA', options));
      return formats.get(timeZone)!.format(at);
    };
    // Each zone's UTC days of a change: every minute of them, and the days around them.
    const changes = {
      'America/New_York': ['2026-03-08', '2026-11-01'], // an hour at 2:00 local
      'Europe/London': ['2026-03-29', '2026-10-25'], // at 1:00 UTC
      'Australia/Lord_Howe': ['2026-04-04', '2026-10-03'], // half an hour
      'Pacific/Apia': ['2011-12-30'], // 29 December 2011 skipped: -10 to +14 at local midnight
      'America/Santiago': ['2026-04-05', '2026-09-06'], // at local midnight
    };
    const wrong: string[] = [];
    const ask = (zone: string, instant: Date) => {
      if (todayIn(zone, instant) !== fresh(zone, instant)) wrong.push(`${zone} at ${instant.toISOString()}`);
    };
    for (const [zone, days] of Object.entries(changes))
      for (const day of days)
        for (let minute = -24 * 60; minute < 48 * 60; minute += 1)
          ask(zone, new Date(Date.parse(`${day}T00:00:00Z`) + minute * 60_000));
    // Every 7 h 13 min from 1980 to 2040 in a zone with summer time, a zone without and one of quarter hours.
    for (const zone of ['America/New_York', 'Asia/Dhaka', 'Asia/Kathmandu'])
      for (let time = Date.UTC(1980, 0, 1); time < Date.UTC(2040, 0, 1); time += 26_000_000) ask(zone, new Date(time));
    expect(wrong).toEqual([]);
  });

  it('counts, adds and names UTC calendar days as the ISO date-time of their midnight does', () => {
    const wrong: string[] = [];
    for (let time = Date.UTC(1999, 11, 1); time < Date.UTC(2101, 2, 1); time += 86_400_000 * 3 + 3_600_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      const later = new Date(Date.parse(day) + 40 * 86_400_000).toISOString().slice(0, 10);
      const since2000 = Math.round((Date.parse(day) - Date.UTC(2000, 0, 1)) / 86_400_000);
      if (utcDayOf(time) !== day) wrong.push(`utcDayOf ${day}`);
      if (dayToDate(day).getTime() !== Date.parse(`${day}T00:00:00.000Z`)) wrong.push(`dayToDate ${day}`);
      if (addDays(day, 40) !== later) wrong.push(`addDays ${day}`);
      if (daysBetween('2000-01-01', day) !== since2000) wrong.push(`daysBetween ${day}`);
    }
    expect(wrong).toEqual([]);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(Number.isNaN(dayToDate('not a day').getTime())).toBe(true);
  });

  it('finds the instant a day begins in a zone, on a day of a change of offset too', () => {
    expect(startOfDay('2026-03-02', 'Asia/Dhaka').toISOString()).toBe('2026-03-01T18:00:00.000Z');
    expect(startOfDay('2026-03-08', 'America/New_York').toISOString()).toBe('2026-03-08T05:00:00.000Z');
    expect(startOfDay('2026-03-09', 'America/New_York').toISOString()).toBe('2026-03-09T04:00:00.000Z');
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
