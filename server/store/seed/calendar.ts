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
const FIXED_HOLIDAYS: readonly { date: string; reason: string }[] = [
  { date: '02-21', reason: 'Shaheed Day and International Mother Language Day' },
  { date: '03-26', reason: 'Independence Day' },
  { date: '04-14', reason: 'Bengali New Year (Pohela Boishakh)' },
  { date: '05-01', reason: 'May Day' },
  { date: '08-05', reason: 'July Mass Uprising Day' },
  { date: '12-16', reason: 'Victory Day' },
  { date: '12-25', reason: 'Christmas Day' },
];

/** The fixed-date holidays of one year, as closures. */
export function fixedHolidays(year: number, createdAt: Date): ClosureRecord[] {
  return FIXED_HOLIDAYS.map(({ date, reason }) => ({ day: `${year}-${date}`, reason, createdAt }));
}
