// Loans are due on a calendar day, so days left count whole local days: a book due later today is
// "Due Today", not overdue, and one due tomorrow morning already has "1 day left" (part days round up).
// The due day is the gateway's dueDate, a YYYY-MM-DD day in the library's calendar, read as that same day
// here (never through a Date in UTC, which would show the day before anywhere west of UTC). Whether a loan is
// overdue is the gateway's word (overdueDays, counted in the library's calendar): a reader's own calendar
// may be a day ahead of or behind the library's.
// A loan is "due soon" within the policy's dueSoonDays (null while the policy is unknown: no warning colour).
// The words come from the catalogue in use (these helpers run outside React).
import { intl } from '../../lib/i18n.ts';

export type DueTone = 'red' | 'yellow' | 'blue';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A YYYY-MM-DD calendar day (a loan's dueDate, in the library's calendar) as local midnight of that day. */
export function calendarDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y ?? 0, (m ?? 1) - 1, d ?? 1);
}

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** Whole days from today to the due day; negative once the due day has passed. */
export function daysLeft(returnDate: Date, now: Date): number {
  // Rounding absorbs the 23- and 25-hour days around daylight-saving changes.
  return Math.round((startOfLocalDay(returnDate) - startOfLocalDay(now)) / DAY_MS);
}

export function isOverdue(returnDate: Date, now: Date): boolean {
  return daysLeft(returnDate, now) < 0;
}

export function dueBadge(returnDate: Date, now: Date, dueSoonDays: number | null): { text: string; tone: DueTone } {
  const days = daysLeft(returnDate, now);
  const t = intl().formatMessage;
  if (days < 0) return { text: t({ id: 'circulation.badge.overdue' }), tone: 'red' };
  const tone: DueTone = dueSoonDays !== null && days <= dueSoonDays ? 'yellow' : 'blue';
  if (days === 0) return { text: t({ id: 'circulation.badge.dueToday' }), tone };
  return { text: t({ id: 'circulation.badge.daysLeft' }, { days }), tone };
}

/** The badge of a loan on loan: Overdue when the gateway counts late days, else the days left (at least 0). */
export function loanDueBadge(
  due: Date,
  overdueDays: number,
  now: Date,
  dueSoonDays: number | null,
): { text: string; tone: DueTone } {
  if (overdueDays > 0) return { text: intl().formatMessage({ id: 'circulation.badge.overdue' }), tone: 'red' };
  return dueBadge(daysLeft(due, now) < 0 ? now : due, now, dueSoonDays);
}

/** "Overdue 3 days · late fee ৳150": how late a loan is and what it has cost so far. */
export function lateText(overdueDays: number, fee: string): string {
  return intl().formatMessage({ id: 'circulation.lateText' }, { days: overdueDays, fee });
}
