// A library's year for `npm run seed`: the open days of the last twelve months and how busy each is. The week
// has its rhythm (Saturday and Thursday busiest, Friday the short afternoon), the year its seasons (the book fair
// and exams in February and March, winter reading, the monsoon and Ramadan quieter), and the library is closed on
// the fixed public holidays and the Eids.
import { addDays, daysBetween } from '../../server/library/calendar.ts';
import { hijriOf } from '../../server/library/hijri.ts';
import { moonHolidays } from '../../server/library/moon-holidays.ts';
import { DEFAULT_OPENING_HOURS, FIXED_HOLIDAYS } from '../../server/store/seed/calendar.ts';

/** Loans on each weekday (0 Sunday ... 6 Saturday), relative to an ordinary weekday. */
export const WEEKDAY_WEIGHT: readonly number[] = [1, 0.95, 0.95, 1, 1.2, 0.45, 1.4];

/** Each month's share relative to an ordinary month (January first). */
export const MONTH_WEIGHT: readonly number[] = [1.2, 1.35, 1.25, 0.9, 0.85, 0.8, 0.75, 0.85, 0.95, 1, 1.15, 1.2];

/** Days of Ramadan lend less: members fast, and the library's evening hours are short. */
const RAMADAN_WEIGHT = 0.6;

export interface LibraryDay {
  day: string;
  /** How busy the day is, relative to an ordinary weekday in an ordinary month. */
  weight: number;
  /** The hours it is open, as "HH:MM". */
  opens: string;
  closes: string;
}

/** The day's weekday, 0 Sunday ... 6 Saturday. */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00.000Z`).getUTCDay();

/** The days the library is closed in the years given: the fixed holidays and the moon-dated ones. */
export function closedDays(years: readonly number[]): Set<string> {
  const closed = new Set<string>();
  for (const year of years) {
    for (const h of FIXED_HOLIDAYS) closed.add(`${year}-${h.date}`);
    for (const h of moonHolidays(year)) for (let day = h.from; day <= h.to; day = addDays(day, 1)) closed.add(day);
  }
  return closed;
}

/** Whether the library is open on a day (DEFAULT_OPENING_HOURS, less the closed days). */
export function openingOf(closed: ReadonlySet<string>) {
  return (day: string): boolean =>
    !closed.has(day) && DEFAULT_OPENING_HOURS.some((hours) => hours.weekday === weekdayOf(day));
}

/** The open days from `days` days before `today` up to `today`, with their weights, oldest first. */
export function libraryYear(today: string, days = 365): LibraryDay[] {
  const first = addDays(today, -days + 1);
  const years = [...new Set([first.slice(0, 4), today.slice(0, 4)])].map(Number);
  const isOpen = openingOf(closedDays([...years, years.at(-1)! + 1]));
  const year: LibraryDay[] = [];
  for (let i = 0; i <= daysBetween(first, today); i++) {
    const day = addDays(first, i);
    if (!isOpen(day)) continue;
    const hours = DEFAULT_OPENING_HOURS.find((h) => h.weekday === weekdayOf(day))!;
    const ramadan = hijriOf(day).month === 9 ? RAMADAN_WEIGHT : 1;
    const weight = WEEKDAY_WEIGHT[weekdayOf(day)]! * MONTH_WEIGHT[Number(day.slice(5, 7)) - 1]! * ramadan;
    year.push({ day, weight, opens: hours.opens, closes: hours.closes });
  }
  return year;
}

/** How many of `total` loans fall on each day, in proportion to its weight (largest remainders rounded up). */
export function loansPerDay(year: readonly LibraryDay[], total: number): number[] {
  const sum = year.reduce((s, d) => s + d.weight, 0);
  const exact = year.map((d) => (d.weight / sum) * total);
  const counts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  const missing = total - counts.reduce((s, c) => s + c, 0);
  for (let k = 0; k < missing; k++) counts[order[k]![1]]! += 1;
  return counts;
}
