// The library's calendar: its weekly opening hours and the days it is closed (holidays, emergencies), kept in
// the store. Due dates, renewals, ready holds' last pickup days and late fees all read it (docs/decisions/046):
// a day the library is shut is never a day a book must come back, and never a day a fee is charged for.
import type { ClosureRecord, OpeningHours, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { addDays, dayToDate, daysBetween, parseDay, startOfDay, todayIn } from './calendar.ts';
import type { Policy } from './policy.ts';
import type { AuditTrail } from './audit.ts';
import * as check from './validate.ts';

/** Closures are read this far past the last day a question is about; further only when all of it is closed. */
const LOOK_AHEAD_DAYS = 60;
/** The longest span one calendar(from, to) answers. */
const MAX_SPAN_DAYS = 400;

/** The library's days over a stretch of the calendar, read once: a pure answer to "open that day?". */
export interface OpenDays {
  isOpen(day: string): boolean;
  /**
   * `day` when the library opens that day, else the first day after it that it does, however long it is shut;
   * LIBRARY_CLOSED when it opens on none of the policy's maxClosedDays after it (no date is put on a closed day).
   */
  nextOpen(day: string): string;
  /** The same days with the closures from `from` to `to` left out: what the calendar said before they were added. */
  without(from: string, to: string): OpenDays;
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
  /** The calendar(from, to) query: weekly hours, and closures between the two days. */
  view(from: unknown, to: unknown): Promise<{ openingHours: OpeningHours[]; closures: ClosureRecord[] }>;
  /**
   * Staff: closes the library on a day, or on every day from it to `to`; due dates and pickup days on them move
   * once, to the first open day after them all (see onClosed). Answers the first day's closure.
   */
  addClosure(session: Session, day: unknown, reason: unknown, to?: unknown): Promise<ClosureRecord>;
  /** Staff: opens a closed day again. Dates already moved off it stay where they are (members were told). */
  removeClosure(session: Session, day: unknown): Promise<ClosureRecord>;
}

const weekdayOf = (day: string): number => dayToDate(day).getUTCDay();

/** The refusal of a date that has no open day within `limit` days after `day`. */
export const noOpenDay = (day: string, limit: number) =>
  new LibraryError('LIBRARY_CLOSED', 'noOpenDay', { limit, day });

/** `limit`: the policy's maxClosedDays, how far nextOpen looks (callers read the closures that far). */
export function openDays(hours: OpeningHours[], closures: ClosureRecord[], limit: number): OpenDays {
  const openWeekdays = new Set(hours.map((h) => h.weekday));
  const closed = new Set(closures.map((c) => c.day));
  const isOpen = (day: string) => openWeekdays.has(weekdayOf(day)) && !closed.has(day);
  return {
    isOpen,
    nextOpen(day) {
      for (let i = 0; i <= limit; i += 1) if (isOpen(addDays(day, i))) return addDays(day, i);
      throw noOpenDay(day, limit);
    },
    without: (from, to) =>
      openDays(
        hours,
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
  async function read(from: string, to: string): Promise<{ hours: OpeningHours[]; closures: ClosureRecord[] }> {
    const last = to < from ? from : to;
    const ahead = addDays(last, LOOK_AHEAD_DAYS);
    const [hours, closures] = await Promise.all([store.calendar.openingHours(), store.calendar.closures(from, ahead)]);
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
      const [openingHours, closures] = await Promise.all([
        store.calendar.openingHours(),
        store.calendar.closures(from, to),
      ]);
      // The library's week runs Saturday to Friday.
      return { openingHours: openingHours.toSorted((a, b) => ((a.weekday + 1) % 7) - ((b.weekday + 1) % 7)), closures };
    },

    async addClosure(session, rawDay, rawReason, rawTo) {
      requireStaff(session);
      const from = dayInput(rawDay, 'date');
      const to = rawTo === undefined || rawTo === null ? from : dayInput(rawTo, 'to');
      const reason = check.text(rawReason, 'reason', { max: 120 });
      if (to < from) throw badInput('to', 'closureOrder');
      // A closure long past changes no fee left to charge; a year back covers an emergency recorded late.
      if (daysBetween(from, today()) > 366) throw badInput('date', 'closureTooOld');
      if (daysBetween(today(), to) > 3 * 366) throw badInput('to', 'closureTooFar');
      if (daysBetween(from, to) >= limit) throw badInput('to', 'closureTooLong', { limit });
      const [existing] = await store.calendar.closures(from, to);
      if (existing) throw badInput('date', 'closureExists', { day: existing.day, reason: existing.reason });
      await checkLength(from, to);
      const createdAt = opts.now();
      let first: ClosureRecord | null = null;
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const result = await store.calendar.addClosure({ day, reason, createdAt });
        // A day closed meanwhile by another request keeps its own closure.
        if (result.ok) first ??= result.closure;
      }
      if (!first) {
        const [closure] = await store.calendar.closures(from, from);
        throw badInput('date', 'closureExists', { day: from, reason: closure?.reason ?? reason });
      }
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
      const was = `${day}: ${removed.reason}`;
      await opts.audit.record(session, [{ action: 'closure-removed', field: 'closure', oldValue: was }]);
      return removed;
    },
  };
}
