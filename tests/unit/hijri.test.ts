import { describe, expect, it } from 'vitest';
import { gregorianOf, hijriOf, hijriYearsOf } from '../../server/library/hijri.ts';
import { moonHolidays } from '../../server/library/moon-holidays.ts';

describe('Hijri dates (Umm al-Qura)', () => {
  it('finds the Gregorian day of a Hijri date, as Saudi Arabia announced them', () => {
    // Eid ul-Fitr 1446 and 1447, Eid ul-Adha 1447, the Hijri new year 1447.
    expect(gregorianOf({ year: 1446, month: 10, day: 1 })).toBe('2025-03-30');
    expect(gregorianOf({ year: 1447, month: 10, day: 1 })).toBe('2026-03-20');
    expect(gregorianOf({ year: 1447, month: 12, day: 10 })).toBe('2026-05-27');
    expect(gregorianOf({ year: 1447, month: 1, day: 1 })).toBe('2025-06-26');
  });

  it('reads back every day of two years', () => {
    for (let day = '2026-01-01'; day <= '2027-12-31';) {
      expect(gregorianOf(hijriOf(day))).toBe(day);
      day = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    }
  });

  it('answers null for a day a month does not have', () => {
    // Shaban 1447 has 29 days (1 Ramadan is 18 February 2026).
    expect(gregorianOf({ year: 1447, month: 9, day: 1 })).toBe('2026-02-18');
    expect(gregorianOf({ year: 1447, month: 8, day: 30 })).toBeNull();
  });

  it('names the Hijri years a Gregorian year spans', () => {
    expect(hijriYearsOf(2026)).toEqual([1447, 1448]);
  });
});

describe('moon-dated holidays', () => {
  it('proposes each holiday of the year once, several days as one entry', () => {
    const year = moonHolidays(2026);
    const eid = year.find((h) => h.key === 'eid-ul-fitr-2026');
    expect(eid).toMatchObject({ from: '2026-03-19', to: '2026-03-21', name: { en: 'Eid ul-Fitr', bn: 'ঈদুল ফিতর' } });
    expect(year.find((h) => h.key === 'eid-ul-adha-2026')).toMatchObject({ from: '2026-05-26', to: '2026-05-28' });
    expect(year.find((h) => h.key === 'ashura-2026')).toMatchObject({ from: '2026-06-25', to: '2026-06-25' });
    expect(year.find((h) => h.key === 'durga-puja-2026')?.name.bn).toBe('দুর্গাপূজা (বিজয়া দশমী)');
    expect(new Set(year.map((h) => h.key)).size).toBe(year.length);
    expect(year.map((h) => h.from)).toEqual(year.map((h) => h.from).toSorted());
    expect(year.every((h) => h.from.startsWith('2026-') && h.to >= h.from)).toBe(true);
  });

  it('proposes the Islamic holidays for a year past the table, and none of the table', () => {
    const keys = moonHolidays(2030).map((h) => h.key);
    expect(keys).toContain('eid-ul-fitr-2030');
    expect(keys).not.toContain('durga-puja-2030');
  });
});
