// The library's hours as people read them: "Saturday to Thursday: 10am to 8pm", and whether it is open now
// ("Open now, closes at 8pm", "Closed today (Eid ul-Fitr)"), from the gateway's calendar (the calendar query).
import { graphql } from '../gql/index.ts';
import type { Weekday } from '../gql/graphql.ts';
import { addDays, toDateInputValue } from './dates.ts';
import { intl, language } from './i18n.ts';
import { INTL_LOCALE } from './locale.ts';

/** What every view of the calendar reads of it: the week's hours and the closures in the range asked. */
export const CALENDAR_FIELDS = graphql(`
  fragment CalendarFields on LibraryCalendar {
    openingHours {
      weekday
      opens
      closes
    }
    closures {
      date
      reason
    }
  }
`);

/**
 * The days a calendar query covers: from the reader's yesterday (the library's today may be the reader's
 * yesterday) to `ahead` days on.
 */
export function calendarRange(now: Date, ahead: number): { from: string; to: string } {
  const today = toDateInputValue(now);
  return { from: addDays(today, -1), to: addDays(today, ahead) };
}

export interface Hours {
  weekday: Weekday;
  opens: string;
  closes: string;
}

/** The library's week runs Saturday to Friday. */
const WEEK: readonly Weekday[] = ['SATURDAY', 'SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'];
const name = (day: Weekday) => intl().formatMessage({ id: `hours.weekday.${day}` });
/** Date.getUTCDay's order. */
const BY_INDEX: readonly Weekday[] = ['SUNDAY', 'MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY', 'SATURDAY'];

/**
 * "10:00" is "10am", "14:30" is "2:30pm", "12:00" is "12pm". In Bangla the part of the day comes first, as the
 * language says it: "সকাল ১০টা", "দুপুর ২:৩০" (Intl's Bangla clock writes "AM"/"PM" in Latin letters otherwise).
 */
export function clockTime(hhmm: string): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if (language() !== 'en') {
    // Intl itself: react-intl's formatTime drops the dayPeriod option.
    const parts = new Intl.DateTimeFormat(INTL_LOCALE[language()], {
      hour: 'numeric',
      minute: '2-digit',
      dayPeriod: 'short',
      timeZone: 'UTC',
    }).formatToParts(Date.UTC(2000, 0, 1, h, m));
    const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('dayPeriod')} ${part('hour')}${m ? `:${part('minute')}` : 'টা'}`;
  }
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'am' : 'pm'}`;
}

const span = (h: Hours | undefined) =>
  h
    ? intl().formatMessage({ id: 'hours.span' }, { opens: clockTime(h.opens), closes: clockTime(h.closes) })
    : intl().formatMessage({ id: 'library.hours.closed' });

/** The week in rows of consecutive days with the same hours, Saturday first. */
export function describeHours(hours: readonly Hours[]): { days: string; hours: string }[] {
  const rows: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of WEEK) {
    const text = span(hours.find((h) => h.weekday === day));
    const last = rows.at(-1);
    if (last && last.hours === text) last.last = day;
    else rows.push({ first: day, last: day, hours: text });
  }
  return rows.map((row) => ({
    days:
      row.first === row.last
        ? name(row.first)
        : intl().formatMessage({ id: 'hours.dayRange' }, { first: name(row.first), last: name(row.last) }),
    hours: row.hours,
  }));
}

/** The library's day (YYYY-MM-DD), weekday and time (HH:MM) at `now` in its time zone. */
export function libraryNow(now: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  const weekday = BY_INDEX[new Date(`${day}T00:00:00Z`).getUTCDay()] ?? 'SATURDAY';
  return { day, weekday, time: `${part('hour')}:${part('minute')}` };
}

/** A day as the calendar answers it: the hours in force that day (staff may have changed them for a period). */
export interface CalendarDay {
  date: string;
  open: boolean;
  opens?: string | null;
  closes?: string | null;
}

/**
 * "Open now, closes at 8pm", "Closed now, opens at 2pm", "Closed today (Eid ul-Fitr)" or "Closed today": from
 * the library's today in `days` when it is there (the hours in force today), else from the weekly hours.
 */
export function openNow(
  hours: readonly Hours[],
  closures: readonly { date: string; reason: string }[],
  now: Date,
  timeZone: string,
  days: readonly CalendarDay[] = [],
): string {
  const { day, weekday, time } = libraryNow(now, timeZone);
  const closure = closures.find((c) => c.date === day);
  const say = intl().formatMessage;
  if (closure) return say({ id: 'hours.closedToday' }, { reason: closure.reason });
  const inForce = days.find((d) => d.date === day);
  const today = inForce
    ? inForce.open && inForce.opens && inForce.closes
      ? { opens: inForce.opens, closes: inForce.closes }
      : undefined
    : hours.find((h) => h.weekday === weekday);
  if (!today) return say({ id: 'hours.closedTodayPlain' });
  if (time < today.opens) return say({ id: 'hours.closedNowOpensAt' }, { time: clockTime(today.opens) });
  if (time < today.closes) return say({ id: 'hours.openNowClosesAt' }, { time: clockTime(today.closes) });
  return say({ id: 'hours.closedNow' });
}
