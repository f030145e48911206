// The library's calendar as a fresh install starts it: the hours the specification prints, and the fixed-date
// public holidays of Bangladesh. Holidays that move with the moon (the Eids, Buddha Purnima, Durga Puja) are
// announced each year, often days before, so staff add them as closures.
import type { ClosureRecord, OpeningHours } from '../port.ts';

/** Saturday to Thursday 10am to 8pm, Friday 2pm to 8pm. */
export const DEFAULT_OPENING_HOURS: readonly OpeningHours[] = [6, 0, 1, 2, 3, 4, 5].map((weekday) => ({
  weekday,
  opens: weekday === 5 ? '14:00' : '10:00',
  closes: '20:00',
}));

// The government's list as of 2025: National Mourning Day (15 August) was taken off it in 2024 and July Mass
// Uprising Day (5 August) added in 2025.
// Each by its name in English and in Bangla (migration 33 and the MongoDB store give the Bangla names to holidays
// seeded before they had them).
export const FIXED_HOLIDAYS: readonly { date: string; reason: string; reasonBn: string }[] = [
  {
    date: '02-21',
    reason: 'Shaheed Day and International Mother Language Day',
    reasonBn: 'শহীদ দিবস ও আন্তর্জাতিক মাতৃভাষা দিবস',
  },
  { date: '03-26', reason: 'Independence Day', reasonBn: 'স্বাধীনতা দিবস' },
  { date: '04-14', reason: 'Bengali New Year (Pohela Boishakh)', reasonBn: 'বাংলা নববর্ষ (পহেলা বৈশাখ)' },
  { date: '05-01', reason: 'May Day', reasonBn: 'মে দিবস' },
  { date: '08-05', reason: 'July Mass Uprising Day', reasonBn: 'জুলাই গণঅভ্যুত্থান দিবস' },
  { date: '12-16', reason: 'Victory Day', reasonBn: 'বিজয় দিবস' },
  { date: '12-25', reason: 'Christmas Day', reasonBn: 'বড়দিন' },
];

/** The fixed-date holidays of one year, as closures. */
export function fixedHolidays(year: number, createdAt: Date): ClosureRecord[] {
  return FIXED_HOLIDAYS.map(({ date, reason, reasonBn }) => ({ day: `${year}-${date}`, reason, reasonBn, createdAt }));
}
