// The moon-dated holidays the calendar proposes for this year and next (moon-holidays.ts), each as staff left it
// (the store's holidays: moved, confirmed or dropped); one nobody acted on is provisional on its proposed days.
import type { ClosureRecord, HolidayMove, HolidayState, Store } from '../store/port.ts';
import { addDays } from './calendar.ts';
import { moonHolidays, type MoonHoliday } from './moon-holidays.ts';

export interface Holiday extends MoonHoliday {
  state: HolidayState;
  /** The loans its closure moved (confirmed only). */
  moved: HolidayMove[];
  /** The store's version of staff's last decision on it; 0 when none. */
  version: number;
}

// A year's proposals are the same on every call: worked out once (a few hundred ICU formats).
const byYear = new Map<number, readonly MoonHoliday[]>();

function proposedIn(year: number): readonly MoonHoliday[] {
  let found = byYear.get(year);
  if (!found) {
    found = moonHolidays(year);
    byYear.set(year, found);
  }
  return found;
}

/** This year's and next year's moon-dated holidays as staff left them, by first day (`today`: YYYY-MM-DD). */
export async function holidaysNear(store: Store, today: string): Promise<Holiday[]> {
  const year = Number(today.slice(0, 4));
  const proposed = [...proposedIn(year), ...proposedIn(year + 1)];
  const records = new Map((await store.holidays.get(proposed.map((h) => h.key))).map((r) => [r.key, r]));
  return proposed
    .map((h): Holiday => {
      const r = records.get(h.key);
      return r
        ? { ...h, from: r.from, to: r.to, state: r.state, moved: r.moved, version: r.version }
        : { ...h, state: 'provisional', moved: [], version: 0 };
    })
    .sort((a, b) => a.from.localeCompare(b.from));
}

/** The holidays with a day from `from` to `to`. */
export const overlapping = (holidays: readonly Holiday[], from: string, to: string): Holiday[] =>
  holidays.filter((h) => h.from <= to && h.to >= from);

/** The days of the provisional holidays from `from` to `to`, as closures (PROVISIONAL_CLOSURES_COUNT=true). */
export function provisionalClosures(holidays: readonly Holiday[], from: string, to: string): ClosureRecord[] {
  const days: ClosureRecord[] = [];
  for (const h of overlapping(holidays, from, to))
    if (h.state === 'provisional')
      for (let day = h.from; day <= h.to; day = addDays(day, 1))
        if (day >= from && day <= to) days.push({ day, reason: h.name.en, createdAt: new Date(0) });
  return days;
}
