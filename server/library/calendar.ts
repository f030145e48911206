// Calendar dates in the library's time zone. Loans are due on a calendar day; a due day is stored as
// midnight UTC of that day so every store and client reads the same date back.

const DAY_MS = 86_400_000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

// Building an Intl.DateTimeFormat is far dearer than using one (7% of the gateway's CPU on borrows; 45 against
// 3 µs a call for startOfDay), and a library has one time zone: keep one formatter per zone and form.
const perZone = (options: Intl.DateTimeFormatOptions) => {
  const made = new Map<string, Intl.DateTimeFormat>();
  return (timeZone: string): Intl.DateTimeFormat => {
    let format = made.get(timeZone);
    if (!format) {
      // en-CA formats as YYYY-MM-DD.
      format = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
      made.set(timeZone, format);
    }
    return format;
  };
};
const dayIn = perZone({ year: 'numeric', month: '2-digit', day: '2-digit' });
const wallClock = perZone({
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

// Today's day is asked several times a request (a loan's standing, its fees, its notices): formatting it was 1.4%
// of the gateway's CPU under S5. Since 1980 every zone's offset is whole minutes, so the day cannot change within
// one minute of UTC: the answer for the latest minute asked per zone holds for the rest of that minute. An earlier
// instant (the day a loan came back) is formatted without taking its place: it did, once a returned loan each, and
// a member's page then formatted today again after each of them.
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
const lastDay = new Map<string, { minute: number; day: string }>();

/** Today's calendar day (YYYY-MM-DD) in the given IANA time zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  const time = now.getTime();
  if (!(time >= WHOLE_MINUTE_OFFSETS_SINCE)) return dayIn(timeZone).format(now);
  const minute = Math.floor(time / 60_000);
  const kept = lastDay.get(timeZone);
  if (kept?.minute === minute) return kept.day;
  const day = dayIn(timeZone).format(now);
  if (!kept || minute > kept.minute) lastDay.set(timeZone, { minute, day });
  return day;
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

export const dayToDate = (day: string): Date => new Date(`${day}T00:00:00.000Z`);

/** The calendar day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  return new Date(dayToDate(day).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(fromDay: string, toDay: string): number {
  return Math.round((dayToDate(toDay).getTime() - dayToDate(fromDay).getTime()) / DAY_MS);
}

/** The instant a calendar day begins in the given time zone (zones without a change of offset that day). */
export function startOfDay(day: string, timeZone: string): Date {
  const utcMidnight = dayToDate(day).getTime();
  const parts = wallClock(timeZone).formatToParts(new Date(utcMidnight));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const there = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return new Date(utcMidnight - (there - utcMidnight));
}
