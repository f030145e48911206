// The library's calendar: its opening hours (as staff changed them, opening-hours.ts) and the days it is closed
// (holidays, emergencies), kept in the store. Due dates, renewals, ready holds' last pickup days and late fees all
// read it (docs/decisions/046, 073): a day the library is shut is never a day a book must come back, and never a
// day a fee is charged for.
import type { ClosureRecord, HoursChange, OpeningHours, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { addDays, dayToDate, daysBetween, parseDay, startOfDay, todayIn } from './calendar.ts';
import type { Policy } from './policy.ts';
import type { AuditTrail } from './audit.ts';
import { bothReasons, closureReasons, reasonIn } from './closure-reasons.ts';
import { createHoursSetter, inLibraryWeek, weekOn, type HoursHistory } from './opening-hours.ts';
import { holidaysNear, overlapping, provisionalClosures, type Holiday } from './holiday-proposals.ts';

/** Closures are read this far past the last day a question is about; further only when all of it is closed. */
const LOOK_AHEAD_DAYS = 60;
/** The longest span one calendar(from, to) answers. */
const MAX_SPAN_DAYS = 400;
/** How far on a change of hours moves what falls due on the days it closes: past any date a loan can have. */
const MOVE_DAYS = 366;

/** The library's days over a stretch of the calendar, read once: a pure answer to "open that day?". */
export interface OpenDays {
  isOpen(day: string): boolean;
  /**
   * How many open days there are after `from`, up to and including `through` (0 when `through` is not after it):
   * a late fee's days. Counted a stretch of one week's hours at a time, not day by day: every member's page works
   * out the fee of each loan out, and one a year late was hundreds of days (19% of S4's CPU, docs/performance.md).
   */
  openAfter(from: string, through: string): number;
  /** The library's hours on `day`, or null when it is closed that day. */
  hoursOn(day: string): OpeningHours | null;
  /**
   * `day` when the library opens that day, else the first day after it that it does, however long it is shut;
   * LIBRARY_CLOSED when it opens on none of the policy's maxClosedDays after it (no date is put on a closed day).
   */
  nextOpen(day: string): string;
  /** The same days with the closures from `from` to `to` left out: what the calendar said before they were added. */
  without(from: string, to: string): OpenDays;
}

/** One day of the calendar(from, to) query: the hours in force, or the closure or weekday that shuts it. */
export interface CalendarDay {
  date: string;
  weekday: number;
  open: boolean;
  opens: string | null;
  closes: string | null;
  closure: ClosureRecord | null;
  /** A provisional moon-dated holiday on that day: expected closed, not a closure until staff confirm it. */
  expected: Holiday | null;
}

/** Closed days entered together: one day, or a range (`from` to `to`, both closed). */
export interface ClosedDays {
  from: string;
  to: string;
}

export interface LibraryCalendar {
  /** The library's days from `from` to `to` (YYYY-MM-DD), read far enough past `to` that nextOpen is right. */
  days(from: string, to: string): Promise<OpenDays>;
  /** The last day a copy set aside at `readyAt` waits: the policy's pickup days on, moved to an open day. */
  lastPickupDay(readyAt: Date, days?: OpenDays): Promise<string>;
  /** Ready holds set aside before this instant are past their last pickup day now. */
  expiryCutoff(): Promise<Date>;
  /**
   * The calendar(from, to) query: the week's hours in force today, closures between the two days, each day with
   * its hours, and the changes of hours in force on any of them.
   */
  view(
    from: unknown,
    to: unknown,
  ): Promise<{
    openingHours: OpeningHours[];
    closures: ClosureRecord[];
    days: CalendarDay[];
    hoursChanges: HoursChange[];
    /** The moon-dated holidays of this year and next with a day between the two days, in any state. */
    holidays: Holiday[];
  }>;
  /** Staff: the week's hours from `from` (today or later) to `to`, or on until changed (opening-hours.ts). */
  setOpeningHours(session: Session, from: unknown, to: unknown, hours: unknown): Promise<HoursChange>;
  /**
   * Staff: closes the library on a day, or on every day from it to `to`; due dates and pickup days on them move
   * once, to the first open day after them all (see onClosed). `reason` in English, `reasonBn` in Bangla: either
   * may be left out, not both. Answers the first day's closure.
   */
  addClosure(session: Session, day: unknown, reason: unknown, to?: unknown, reasonBn?: unknown): Promise<ClosureRecord>;
  /** Staff: opens a closed day again. Dates already moved off it stay where they are (members were told). */
  removeClosure(session: Session, day: unknown): Promise<ClosureRecord>;
}

const weekdayOf = (day: string): number => dayToDate(day).getUTCDay();
/** Days since 1970-01-01 (a Thursday, weekday 4). */
const dayNumber = (day: string): number => daysBetween('1970-01-01', day);

/** How many of the days numbered `first` to `last` fall on one of `weekdays` (0 Sunday to 6 Saturday). */
function weekdaysWithin(first: number, last: number, weekdays: ReadonlySet<number>): number {
  const span = last - first + 1;
  if (span <= 0 || weekdays.size === 0) return 0;
  let count = Math.floor(span / 7) * weekdays.size;
  for (let n = first + span - (span % 7); n <= last; n += 1) if (weekdays.has((((n + 4) % 7) + 7) % 7)) count += 1;
  return count;
}

/** The refusal of a date that has no open day within `limit` days after `day`. */
export const noOpenDay = (day: string, limit: number) =>
  new LibraryError('LIBRARY_CLOSED', 'noOpenDay', { limit, day });

/**
 * `hours`: the weekly hours, or their history (the hours in force each day); `limit`: the policy's
 * maxClosedDays, how far nextOpen looks (callers read the closures that far).
 */
export function openDays(
  hours: readonly OpeningHours[] | HoursHistory,
  closures: ClosureRecord[],
  limit: number,
): OpenDays {
  const history: HoursHistory = 'base' in hours ? hours : { base: hours, changes: [] };
  const closed = new Set(closures.map((c) => c.day));
  // The week's hours that day, closures aside.
  const weeklyHoursOn = (day: string) => weekOn(history, day).find((h) => h.weekday === weekdayOf(day)) ?? null;
  const hoursOn = (day: string) => (closed.has(day) ? null : weeklyHoursOn(day));
  const isOpen = (day: string) => hoursOn(day) !== null;
  const weekdaysOn = (day: string) => new Set(weekOn(history, day).map((h) => h.weekday));
  return {
    isOpen,
    hoursOn,
    openAfter(from, through) {
      if (through <= from) return 0;
      // One week's hours are in force between these: the first day, each change's first day and the day after its
      // last, within the span.
      const starts = new Set([addDays(from, 1)]);
      for (const change of history.changes)
        for (const edge of [change.from, change.to === null ? null : addDays(change.to, 1)])
          if (edge !== null && edge > from && edge <= through) starts.add(edge);
      const stretches = [...starts].sort();
      let open = 0;
      stretches.forEach((start, i) => {
        const next = stretches[i + 1];
        open += weekdaysWithin(dayNumber(start), dayNumber(next ?? through) - (next ? 1 : 0), weekdaysOn(start));
      });
      // A closure takes off a day the week's hours would have opened.
      for (const day of closed) if (day > from && day <= through && weeklyHoursOn(day) !== null) open -= 1;
      return open;
    },
    nextOpen(day) {
      for (let i = 0; i <= limit; i += 1) if (isOpen(addDays(day, i))) return addDays(day, i);
      throw noOpenDay(day, limit);
    },
    without: (from, to) =>
      openDays(
        history,
        closures.filter((c) => c.day < from || c.day > to),
        limit,
      ),
  };
}

export function createLibraryCalendar(
  store: Store,
  opts: {
    timeZone: string;
    policy: Policy;
    now: () => Date;
    audit: AuditTrail;
    /** After closed days were added: move what fell on them, and tell the members (index.ts wires it). */
    onClosed?: (closed: ClosedDays, days: OpenDays) => Promise<void>;
  },
): LibraryCalendar {
  const { policy } = opts;
  const limit = policy.maxClosedDays;
  const today = () => todayIn(opts.timeZone, opts.now());

  /** The hours and closures from `from` to past `to`: on until an open day after `to`, or the policy's limit. */
  async function read(from: string, to: string): Promise<{ hours: HoursHistory; closures: ClosureRecord[] }> {
    const last = to < from ? from : to;
    const ahead = addDays(last, LOOK_AHEAD_DAYS);
    const [base, changes, stored, expected] = await Promise.all([
      store.calendar.openingHours(),
      store.calendar.hoursChanges(from, addDays(last, Math.max(limit, LOOK_AHEAD_DAYS))),
      store.calendar.closures(from, ahead),
      policy.provisionalClosuresCount ? holidaysNear(store, today()) : [],
    ]);
    const hours = { base, changes };
    // PROVISIONAL_CLOSURES_COUNT: the holidays staff have not confirmed yet count as closed too.
    const closures = [...stored, ...provisionalClosures(expected, from, ahead)];
    // Days not read would count as open: when every day read after `to` is closed, read the rest of the limit,
    // so nextOpen of any day up to `to` finds the real next open day, or knows there is none.
    const known = openDays(hours, closures, limit);
    for (let day = last; day <= ahead; day = addDays(day, 1)) if (known.isOpen(day)) return { hours, closures };
    const rest = await store.calendar.closures(addDays(ahead, 1), addDays(last, limit));
    return { hours, closures: [...closures, ...rest] };
  }

  async function days(from: string, to: string): Promise<OpenDays> {
    const { hours, closures } = await read(from, to);
    return openDays(hours, closures, limit);
  }

  function dayInput(value: unknown, field: string): string {
    const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value, opts.timeZone) : null;
    if (day === null) throw badInput(field, 'fieldDay', { field });
    return day;
  }

  function requireStaff(session: Session): void {
    // The rule of circulation.ts's requireStaff (which imports this module).
    if (session.role !== 'admin') throw new LibraryError('FORBIDDEN', 'staffOnly');
  }

  async function lastPickupDay(readyAt: Date, known?: OpenDays): Promise<string> {
    const due = addDays(todayIn(opts.timeZone, readyAt), policy.holdPickupDays);
    try {
      return (known ?? (await days(due, due))).nextOpen(due);
    } catch (error) {
      // The copy is already set aside: nothing to refuse. A closure can no longer shut the library past the
      // limit (addClosure), so only a week with no opening hours at all comes here; the day stands.
      if (error instanceof LibraryError && error.code === 'LIBRARY_CLOSED') return due;
      throw error;
    }
  }

  /** Refuses closed days that, with the closures around them, would shut the library longer than the limit. */
  async function checkLength(from: string, to: string): Promise<void> {
    const { hours, closures } = await read(addDays(from, -limit), to);
    const before = openDays(hours, closures, limit);
    const shut = (day: string) => (day >= from && day <= to) || !before.isOpen(day);
    let first = from;
    while (daysBetween(first, from) < limit && shut(addDays(first, -1))) first = addDays(first, -1);
    let open = addDays(to, 1);
    while (daysBetween(first, open) <= limit && shut(open)) open = addDays(open, 1);
    if (daysBetween(first, open) > limit) throw badInput('to', 'closureTooLong', { limit });
  }

  const setHours = createHoursSetter(store, opts);

  /**
   * Days a change of hours closes that were open before it: what fell due on them moves as for a closure, once,
   * to the next open day, and each member is told (onClosed), run by run of days closed together.
   */
  async function moveOffNewlyClosed(change: HoursChange): Promise<void> {
    if (!opts.onClosed) return;
    const horizon = addDays(change.from, MOVE_DAYS);
    const end = change.to !== null && change.to < horizon ? change.to : horizon;
    const { hours, closures } = await read(addDays(change.from, -limit), end);
    const after = openDays(hours, closures, limit);
    const earlier = { base: hours.base, changes: hours.changes.filter((c) => c.id !== change.id) };
    const before = openDays(earlier, closures, limit);
    // What the calendar said before this change and without the closed days: a pickup day that was on them moved.
    const known: OpenDays = { ...after, without: (a, b) => before.without(a, b) };
    let first: string | null = null;
    for (let day = change.from; day <= addDays(end, 1); day = addDays(day, 1)) {
      if (day <= end && before.isOpen(day) && !after.isOpen(day)) first ??= day;
      else if (first !== null) {
        const closed = { from: first, to: addDays(day, -1) };
        first = null;
        try {
          await opts.onClosed(closed, known);
        } catch (error) {
          // No open day within the limit after them (closures around them): those dates stay as they were.
          if (!(error instanceof LibraryError && error.code === 'LIBRARY_CLOSED')) throw error;
        }
      }
    }
  }

  return {
    days,
    lastPickupDay,

    async expiryCutoff() {
      // A hold set aside on day r waits until nextOpen(r + pickup days), which never falls as r goes back: walk
      // back from the last day that could have expired to the first whose last pickup day is before today
      // (at most the limit: a longer closure is refused).
      const now = today();
      let ready = addDays(now, -policy.holdPickupDays - 1);
      const known = await days(addDays(ready, -limit), now);
      const lastDay = (r: string) => {
        try {
          return known.nextOpen(addDays(r, policy.holdPickupDays));
        } catch {
          return addDays(r, policy.holdPickupDays);
        }
      };
      for (let i = 0; i < limit; i += 1) {
        if (lastDay(ready) < now) break;
        ready = addDays(ready, -1);
      }
      return startOfDay(addDays(ready, 1), opts.timeZone);
    },

    async view(rawFrom, rawTo) {
      const from = dayInput(rawFrom, 'from');
      const to = dayInput(rawTo, 'to');
      if (to < from) throw badInput('to', 'calendarRangeOrder');
      if (daysBetween(from, to) > MAX_SPAN_DAYS) throw badInput('to', 'calendarSpanTooLong', { max: MAX_SPAN_DAYS });
      const now = today();
      const [base, hoursChanges, closures, near] = await Promise.all([
        store.calendar.openingHours(),
        store.calendar.hoursChanges(from < now ? from : now, to > now ? to : now),
        store.calendar.closures(from, to),
        holidaysNear(store, now),
      ]);
      const holidays = overlapping(near, from, to);
      const history = { base, changes: hoursChanges };
      const known = openDays(history, closures, limit);
      const calendarDays: CalendarDay[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const hours = known.hoursOn(day);
        const closure = closures.find((c) => c.day === day) ?? null;
        const opens = hours?.opens ?? null;
        calendarDays.push({
          date: day,
          weekday: weekdayOf(day),
          open: hours !== null,
          opens,
          closes: hours?.closes ?? null,
          closure,
          expected: holidays.find((h) => h.state === 'provisional' && h.from <= day && h.to >= day) ?? null,
        });
      }
      return {
        openingHours: inLibraryWeek(weekOn(history, now)),
        closures,
        days: calendarDays,
        hoursChanges: hoursChanges.filter((c) => c.from <= to && (c.to === null || c.to >= from)),
        holidays,
      };
    },

    async setOpeningHours(session, from, to, hours) {
      const change = await setHours(session, from, to, hours);
      await moveOffNewlyClosed(change);
      return change;
    },

    async addClosure(session, rawDay, rawReason, rawTo, rawReasonBn) {
      requireStaff(session);
      const from = dayInput(rawDay, 'date');
      const to = rawTo === undefined || rawTo === null ? from : dayInput(rawTo, 'to');
      const reasons = closureReasons(rawReason, rawReasonBn);
      if (to < from) throw badInput('to', 'closureOrder');
      // A closure long past changes no fee left to charge; a year back covers an emergency recorded late.
      if (daysBetween(from, today()) > 366) throw badInput('date', 'closureTooOld');
      if (daysBetween(today(), to) > 3 * 366) throw badInput('to', 'closureTooFar');
      if (daysBetween(from, to) >= limit) throw badInput('to', 'closureTooLong', { limit });
      const [existing] = await store.calendar.closures(from, to);
      if (existing) throw badInput('date', 'closureExists', { day: existing.day, reason: reasonIn(existing, 'en') });
      await checkLength(from, to);
      const createdAt = opts.now();
      let first: ClosureRecord | null = null;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const result = await store.calendar.addClosure({ day, ...reasons, createdAt });
        // A day closed meanwhile by another request keeps its own closure.
        if (result.ok) first ??= result.closure;
      }
      if (!first) {
        const [closure] = await store.calendar.closures(from, from);
        throw badInput('date', 'closureExists', { day: from, reason: reasonIn(closure ?? reasons, 'en') });
      }
      const reason = bothReasons(reasons);
      const entry = from === to ? `${from}: ${reason}` : `${from} to ${to}: ${reason}`;
      await opts.audit.record(session, [{ action: 'closure-added', field: 'closure', newValue: entry }]);
      // Read from well before the first day: a pickup day worked out from a day long past may land on it.
      await opts.onClosed?.({ from, to }, await days(addDays(from, -limit), to));
      return first;
    },

    async removeClosure(session, rawDay) {
      requireStaff(session);
      const day = dayInput(rawDay, 'date');
      const removed = await store.calendar.removeClosure(day);
      if (!removed) throw new LibraryError('NOT_FOUND', 'closureMissing', { day });
      const was = `${day}: ${bothReasons(removed)}`;
      await opts.audit.record(session, [{ action: 'closure-removed', field: 'closure', oldValue: was }]);
      return removed;
    },
  };
}
