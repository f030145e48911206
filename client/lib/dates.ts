// One way to write a date, everywhere in the SPA, in the member's language: "10 Dec 2026" (day, short month
// name, year; en-GB order) or "১০ ডিসেম্বর ২০২৬" (Bengali digits, the Bangla month's full name, no comma).
// Never "12/10/2026", which a reader in Dhaka takes for October and one in Ohio for December.
// Two kinds of date reach the SPA. A calendar day (YYYY-MM-DD: a due day, a pickup day) is already the
// library's day: it is written from its parts, in UTC, so no time zone can move it. An instant (a borrow, a
// payment) means the day it fell on in the library's time zone (the policy's timeZone), as the desk saw it.
import { currentLocale, INTL_LOCALE, type Locale } from './locale.ts';

const DAY: Record<Locale, Intl.DateTimeFormatOptions> = {
  en: { day: 'numeric', month: 'short', year: 'numeric' },
  bn: { day: 'numeric', month: 'long', year: 'numeric' },
};

// Intl formatters are costly to build and a list writes hundreds of dates: one per language, kind and zone.
const formats = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, kind: 'day' | 'time', timeZone: string | undefined): Intl.DateTimeFormat {
  const key = `${locale}|${kind}|${timeZone ?? ''}`;
  let format = formats.get(key);
  if (!format) {
    const options: Intl.DateTimeFormatOptions =
      kind === 'day' ? DAY[locale] : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    format = new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone });
    formats.set(key, format);
  }
  return format;
}

function parseDay(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  return new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
}

/** Day, month and year joined by spaces: Intl's Bangla puts a comma before the year, which Bangla dates omit. */
function writeDay(date: Date, locale: Locale, timeZone: string | undefined): string {
  const format = formatter(locale, 'day', timeZone);
  if (locale === 'en') return format.format(date);
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('day')} ${part('month')} ${part('year')}`;
}

/** A calendar day (YYYY-MM-DD, the library's) as "10 Dec 2026"; anything else is shown as it came. */
export function formatDay(day: string, locale: Locale = currentLocale()): string {
  const date = parseDay(day);
  return date ? writeDay(date, locale, 'UTC') : day;
}

/** The day an instant fell on in the library's time zone (the reader's until the policy says), "10 Dec 2026". */
export function formatInstantDay(instant: string | Date, timeZone?: string, locale: Locale = currentLocale()): string {
  return writeDay(new Date(instant), locale, timeZone);
}

/** An instant with its time of day (24-hour) in the library's time zone: "10 Dec 2026, 14:05". */
export function formatDateTime(instant: string | Date, timeZone?: string, locale: Locale = currentLocale()): string {
  const date = new Date(instant);
  return `${writeDay(date, locale, timeZone)}, ${formatter(locale, 'time', timeZone).format(date)}`;
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
