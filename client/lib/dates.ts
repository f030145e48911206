// One way to write a date, everywhere in the SPA: "10 Dec 2026" (day, short month name, year; en-GB order).
// Never "12/10/2026", which a reader in Dhaka takes for October and one in Ohio for December.
// Two kinds of date reach the SPA. A calendar day (YYYY-MM-DD: a due day, a pickup day) is already the
// library's day: it is written from its parts, in UTC, so no time zone can move it. An instant (a borrow, a
// payment) means the day it fell on in the library's time zone (the policy's timeZone), as the desk saw it.
const LOCALE = 'en-GB';
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', year: 'numeric' };
const CALENDAR_DAY = new Intl.DateTimeFormat(LOCALE, { ...DAY, timeZone: 'UTC' });

function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** A calendar day (YYYY-MM-DD, the library's) as "10 Dec 2026"; anything else is shown as it came. */
export function formatDay(day: string): string {
  const date = parseDay(day);
  return date ? CALENDAR_DAY.format(date) : day;
}

/** The day an instant fell on in the library's time zone (the reader's until the policy says), "10 Dec 2026". */
export function formatInstantDay(instant: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { ...DAY, timeZone }).format(new Date(instant));
}

/** An instant with its time of day in the library's time zone: "10 Dec 2026, 14:05". */
export function formatDateTime(instant: string | Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALE, { ...DAY, hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(instant),
  );
}

/** The calendar day `days` after a YYYY-MM-DD day, whatever the browser's time zone. */
export function addDays(day: string, days: number): string {
  const date = parseDay(day) ?? new Date(NaN);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The reader's own calendar day of `date` as a date input's YYYY-MM-DD (from local parts, not toISOString). */
export function toDateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
