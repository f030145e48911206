// When the members of `npm run seed` joined: about a quarter were members before the seeded year (joined over
// the five years before it), the rest join through it, more on busy days and in the busy season (in proportion to
// each open day's weight, as loans are). The first (staff) was there first; each borrows from the day after
// joining (seed-loans.ts), so the reports' new members are a trickle, not one day's spike.
import { addDays, startOfDay } from '../../server/library/calendar.ts';
import type { LibraryDay } from './library-year.ts';

/** The share of members who joined before the seeded year. */
const BEFORE_THE_YEAR = 0.25;
const EARLIER_YEARS = 5;

const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));

/** The moment each of `count` members joined, oldest first (the first one before the year). */
export function joiningMoments(
  year: readonly LibraryDay[],
  count: number,
  o: { random: () => number; timeZone: string },
): Date[] {
  const { random } = o;
  const first = year[0]?.day;
  if (!first) return [];
  const reach: number[] = [];
  let sum = 0;
  for (const d of year) reach.push((sum += d.weight));
  /** An open day of the year, picked in proportion to its weight. */
  const busyDay = (): LibraryDay => {
    const x = random() * sum;
    let lo = 0;
    for (let hi = year.length - 1; lo < hi;) {
      const mid = (lo + hi) >> 1;
      if (reach[mid]! > x) hi = mid;
      else lo = mid + 1;
    }
    return year[lo]!;
  };
  const moments = Array.from({ length: count }, (_, i) => {
    const { day, opens, closes } =
      i === 0 || random() < BEFORE_THE_YEAR
        ? { day: addDays(first, -1 - Math.floor(random() * EARLIER_YEARS * 365)), opens: '10:00', closes: '20:00' }
        : busyDay();
    const minute = minutes(opens) + Math.floor(random() * (minutes(closes) - minutes(opens)));
    return new Date(startOfDay(day, o.timeZone).getTime() + minute * 60_000);
  });
  return moments.sort((a, b) => a.getTime() - b.getTime());
}
