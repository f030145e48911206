import { describe, expect, it } from 'vitest';
import { clockTime, describeHours, openNow, type Hours } from './opening-hours.ts';
import bangla from '../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from './i18n.ts';

const WEEK: Hours[] = [
  { weekday: 'SATURDAY', opens: '10:00', closes: '20:00' },
  { weekday: 'SUNDAY', opens: '10:00', closes: '20:00' },
  { weekday: 'MONDAY', opens: '10:00', closes: '20:00' },
  { weekday: 'TUESDAY', opens: '10:00', closes: '20:00' },
  { weekday: 'WEDNESDAY', opens: '10:00', closes: '20:00' },
  { weekday: 'THURSDAY', opens: '10:00', closes: '20:00' },
  { weekday: 'FRIDAY', opens: '14:00', closes: '20:00' },
];
const DHAKA = 'Asia/Dhaka';

describe('opening hours', () => {
  it('writes the week as the specification prints it', () => {
    expect(describeHours(WEEK)).toEqual([
      { days: 'Saturday to Thursday', hours: '10am to 8pm' },
      { days: 'Friday', hours: '2pm to 8pm' },
    ]);
    expect(clockTime('14:30')).toBe('2:30pm');
    expect(clockTime('12:00')).toBe('12pm');
  });

  it('says whether the library is open now, in its own time zone', () => {
    // 2026-11-26 is a Thursday; 06:00 UTC is noon in Dhaka.
    expect(openNow(WEEK, [], new Date('2026-11-26T06:00:00Z'), DHAKA)).toBe('Open now, closes at 8pm');
    expect(openNow(WEEK, [], new Date('2026-11-26T03:00:00Z'), DHAKA)).toBe('Closed now, opens at 10am');
    expect(openNow(WEEK, [], new Date('2026-11-26T15:00:00Z'), DHAKA)).toBe('Closed now');
    const eid = [{ date: '2026-11-26', reason: 'Eid ul-Fitr' }];
    expect(openNow(WEEK, eid, new Date('2026-11-26T06:00:00Z'), DHAKA)).toBe('Closed today (Eid ul-Fitr)');
  });

  it('says whether the library is open from the hours in force today when the calendar gives them', () => {
    // Thursday 26 November 2026 at 4pm in Dhaka: open until 8pm by the week, until 3pm by today's hours.
    const at = new Date('2026-11-26T10:00:00Z');
    const ramadan = [{ date: '2026-11-26', open: true, opens: '09:00', closes: '15:00' }];
    expect(openNow(WEEK, [], at, DHAKA)).toBe('Open now, closes at 8pm');
    expect(openNow(WEEK, [], at, DHAKA, ramadan)).toBe('Closed now');
    expect(openNow(WEEK, [], new Date('2026-11-26T03:30:00Z'), DHAKA, ramadan)).toBe('Open now, closes at 3pm');
    const shut = [{ date: '2026-11-26', open: false, opens: null, closes: null }];
    expect(openNow(WEEK, [], at, DHAKA, shut)).toBe('Closed today');
  });

  it('writes the hours in Bangla with the part of the day in Bangla, not "AM" and "PM"', () => {
    // The test setup goes back to English after each test.
    applyCatalogue('bn', bangla);
    expect(describeHours(WEEK)).toEqual([
      { days: 'শনিবার থেকে বৃহস্পতিবার', hours: 'সকাল ১০টা থেকে রাত্রি ৮টা' },
      { days: 'শুক্রবার', hours: 'দুপুর ২টা থেকে রাত্রি ৮টা' },
    ]);
    expect(clockTime('14:30')).toBe('দুপুর ২:৩০');
    expect(openNow(WEEK, [], new Date('2026-11-26T03:00:00Z'), DHAKA)).not.toMatch(/[A-Za-z0-9]/);
  });
});
