// Loans are due on a calendar day, so days left count whole local days: a book due later today is
// "Due Today", not overdue, and one due tomorrow morning already has "1 day left" (part days round up).
// The gateway stores a due day as midnight UTC of that day (server/library/calendar.ts), so the day is read
// from the UTC parts; reading it in local time would show the day before anywhere west of UTC.
export type DueTone = 'red' | 'yellow' | 'blue';

export const DUE_SOON_DAYS = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The due day of a loan's returnDate, as local midnight of that calendar day. */
export function dueDayOf(returnDate: string): Date {
  const instant = new Date(returnDate);
  return new Date(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
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

export function dueBadge(returnDate: Date, now: Date): { text: string; tone: DueTone } {
  const days = daysLeft(returnDate, now);
  if (days < 0) return { text: 'Overdue', tone: 'red' };
  const tone: DueTone = days <= DUE_SOON_DAYS ? 'yellow' : 'blue';
  if (days === 0) return { text: 'Due Today', tone };
  if (days === 1) return { text: '1 day left', tone };
  return { text: `${days} days left`, tone };
}
