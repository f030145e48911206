// Calendar dates in the library's time zone. Loans are due on a calendar day; a due day is stored as
// midnight UTC of that day so every store and client reads the same date back.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** What `make` gives for a zone, made once per zone and kept: a library has one time zone. */
function perZone<T>(make: (timeZone: string) => T): (timeZone: string) => T {
  const made = new Map<string, T>();
  return (timeZone) => {
    let value = made.get(timeZone);
    if (value === undefined) {
      value = make(timeZone);
      made.set(timeZone, value);
    }
    return value;
  };
}

// Building an Intl.DateTimeFormat is far dearer than using one (7% of the gateway's CPU on borrows; 45 against
// 3 µs a call for startOfDay): one formatter per zone and form. en-CA formats as YYYY-MM-DD.
const formatIn = (options: Intl.DateTimeFormatOptions) =>
  perZone((timeZone) => new Intl.DateTimeFormat('en-CA', { ...options, timeZone }));
const dayIn = formatIn({ year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = formatIn({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// A day in a zone is asked many times a request (today for a loan's standing, its fees, its notices; the day each
// returned loan came back), and formatting one costs over a microsecond (todayIn was 2.5% of the gateway's CPU on
// S4's member pages). An instant's day is its UTC time moved by the zone's offset, and an offset changes at most
// once a day: where it is the same at both ends of a UTC day it holds all that day, so it is formatted once per
// zone and UTC day and kept. A UTC day with a change of offset in it is formatted at each ask. Before 1980 some
// zones' offsets had seconds, so those instants are formatted too.
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
/** How many UTC days' offsets a zone keeps (about 137 years): past that, it starts again. */
const KEPT_OFFSET_DAYS = 50_000;
/** Each zone's offset (ms) all through a UTC day (days since 1970-01-01); null on a day it changes. */
const offsetsIn = perZone(() => new Map<number, number | null>());

/** The zone's offset from UTC (ms) at an instant, read from its wall clock (to the second). */
function offsetAt(timeZone: string, time: number): number {
  const parts = wallClock(timeZone).formatToParts(new Date(time));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const there = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return there - (time - (((time % 1000) + 1000) % 1000));
}

/** The zone's offset all through a UTC day (days since 1970-01-01); null when it changes that day. */
function offsetOn(timeZone: string, utcDay: number): number | null {
  const zone = offsetsIn(timeZone);
  let offset = zone.get(utcDay);
  if (offset === undefined) {
    const start = utcDay * DAY_MS;
    const first = offsetAt(timeZone, start);
    offset = first === offsetAt(timeZone, start + DAY_MS - 1) ? first : null;
    if (zone.size >= KEPT_OFFSET_DAYS) zone.clear();
    zone.set(utcDay, offset);
  }
  return offset;
}

/** The UTC calendar day (YYYY-MM-DD) of an instant (ms): a due day as stored is midnight UTC of that day. */
export function utcDayOf(time: number): string {
  const date = new Date(time);
  const year = date.getUTCFullYear();
  if (!(year >= 1000 && year <= 9999)) return date.toISOString().slice(0, 10);
  const month = date.getUTCMonth() + 1;
  const day = date.getUTCDate();
  return `${year}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** The calendar day (YYYY-MM-DD) of an instant in the given IANA time zone: today's when left out. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const time = now.getTime();
  if (!(time >= WHOLE_MINUTE_OFFSETS_SINCE)) return dayIn(timeZone).format(now);
  const offset = offsetOn(timeZone, Math.floor(time / DAY_MS));
  return offset === null ? dayIn(timeZone).format(now) : utcDayOf(time + offset);
}

/** Parses YYYY-MM-DD (or an ISO 8601 date-time, taken as its day in the library's zone) to a calendar day. */
export function parseDay(value: string, timeZone: string): string | null {
  const match = ISO_DAY.exec(value);
  if (match) {
    const [, y, m, d] = match;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
    // Rejects 2026-02-30 and friends, which Date would roll over.
    return date.toISOString().slice(0, 10) === value ? value : null;
  }
  if (!/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? null : todayIn(timeZone, instant);
}

/** A calendar day's number of days since 1970-01-01, read from its digits (two thirds of parsing it as a date). */
const dayNumber = (day: string): number =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

export const dayToDate = (day: string): Date => new Date(dayNumber(day) * DAY_MS);

/** The calendar day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return utcDayOf((dayNumber(day) + days) * DAY_MS);
}

export function daysBetween(fromDay: string, toDay: string): number {
  return dayNumber(toDay) - dayNumber(fromDay);
}

/** The instant a calendar day begins in the given time zone (zones without a change of offset that day). */
export function startOfDay(day: string, timeZone: string): Date {
  const utcMidnight = dayToDate(day).getTime();
  return new Date(utcMidnight - offsetAt(timeZone, utcMidnight));
}
