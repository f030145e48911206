// The library's opening hours as staff change them (docs/decisions/073): each change is a record of the week's
// hours from a day, to a day (a period: Ramadan hours) or on until changed, and never edited. The hours in force
// on a day are the last period set that covers it, else the last open-ended change that does, else the hours
// the library started with; so a period ends by itself and the weekly hours resume, and a change made today
// starts today or later, leaving every past day the hours it had.
import type { HoursChange, OpeningHours, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import type { AuditTrail } from './audit.ts';
import { LibraryError, badInput } from './errors.ts';
import { daysBetween, parseDay, todayIn } from './calendar.ts';

/** The weekly hours the library started with and the changes staff made since, in the order they were set. */
export interface HoursHistory {
  base: readonly OpeningHours[];
  changes: readonly HoursChange[];
}

/** The week's hours in force on `day` (YYYY-MM-DD): a weekday not listed is closed that day. */
export function weekOn(history: HoursHistory, day: string): readonly OpeningHours[] {
  let weekly = history.base;
  let period: readonly OpeningHours[] | null = null;
  for (const change of history.changes) {
    if (change.from > day || (change.to !== null && change.to < day)) continue;
    if (change.to === null) weekly = change.hours;
    else period = change.hours;
  }
  return period ?? weekly;
}

/** The library's week runs Saturday to Friday. */
export const inLibraryWeek = (hours: readonly OpeningHours[]): OpeningHours[] =>
  hours.toSorted((a, b) => ((a.weekday + 1) % 7) - ((b.weekday + 1) % 7));

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The hours as entered: one span a weekday, opening before closing; at least one day open. */
export function checkHours(raw: unknown): OpeningHours[] {
  if (!Array.isArray(raw) || raw.length === 0) throw badInput('hours', 'hoursNone');
  const seen = new Set<number>();
  const hours = raw.map((entry: unknown): OpeningHours => {
    const { weekday, opens, closes } = (entry ?? {}) as Record<string, unknown>;
    if (typeof weekday !== 'number' || !Number.isInteger(weekday) || weekday < 0 || weekday > 6)
      throw badInput('hours', 'hoursUnknownWeekday', {
        weekday: typeof weekday === 'number' ? weekday : String(weekday),
      });
    if (seen.has(weekday)) throw badInput('hours', 'hoursWeekdayTwice');
    seen.add(weekday);
    if (typeof opens !== 'string' || typeof closes !== 'string' || !TIME.test(opens) || !TIME.test(closes))
      throw badInput('hours', 'hoursTimeFormat');
    if (opens >= closes) throw badInput('hours', 'hoursOrder', { opens, closes });
    return { weekday, opens, closes };
  });
  return hours.sort((a, b) => a.weekday - b.weekday);
}

export const weekdayName = (weekday: number): string => WEEKDAYS[weekday] ?? String(weekday);

/** setOpeningHours: staff record the week's hours from `from` (today or later) to `to`, or on until changed. */
export function createHoursSetter(
  store: Store,
  opts: { timeZone: string; now: () => Date; audit: AuditTrail },
): (session: Session, from: unknown, to: unknown, hours: unknown) => Promise<HoursChange> {
  const day = (value: unknown, field: string): string => {
    const parsed =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value, opts.timeZone) : null;
    if (parsed === null) throw badInput(field, 'fieldDay', { field });
    return parsed;
  };
  return async (session, rawFrom, rawTo, rawHours) => {
    if (session.role !== 'admin') throw new LibraryError('FORBIDDEN', 'staffOnly');
    const from = day(rawFrom, 'from');
    const to = rawTo === undefined || rawTo === null ? null : day(rawTo, 'to');
    const today = todayIn(opts.timeZone, opts.now());
    if (from < today) throw badInput('from', 'hoursPast');
    if (daysBetween(today, from) > 3 * 366) throw badInput('from', 'hoursTooFar');
    if (to !== null && to < from) throw badInput('to', 'hoursRangeOrder');
    if (to !== null && daysBetween(from, to) > 3 * 366) throw badInput('to', 'hoursPeriodTooLong');
    const hours = checkHours(rawHours);
    const change = await store.calendar.addHoursChange({ from, to, hours, setAt: opts.now() });
    const week = hours.map((h) => `${weekdayName(h.weekday)} ${h.opens}-${h.closes}`).join(', ');
    const entry = `${from} to ${to ?? 'further notice'}: ${week}`;
    await opts.audit.record(session, [{ action: 'hours-changed', field: 'hours', newValue: entry }]);
    return change;
  };
}
