// The library's calendar: its weekly opening hours and the days it is closed (holidays, emergencies), kept in
// the store. Due dates, renewals, ready holds' last pickup days and late fees all read it (docs/decisions/046):
// a day the library is shut is never a day a book must come back, and never a day a fee is charged for.
import type { ClosureRecord, OpeningHours, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, MESSAGES, badInput } from './errors.ts';
import { addDays, dayToDate, daysBetween, parseDay, startOfDay, todayIn } from './calendar.ts';
import type { Policy } from './policy.ts';
import type { AuditTrail } from './audit.ts';
import * as check from './validate.ts';

/** Closures are read this far past the last day a question is about, so "the next open day" is always known. */
const LOOK_AHEAD_DAYS = 60;
/** The longest span one calendar(from, to) answers. */
const MAX_SPAN_DAYS = 400;

/** The library's days over a stretch of the calendar, read once: a pure answer to "open that day?". */
export interface OpenDays {
  isOpen(day: string): boolean;
  /** `day` when the library opens that day, else the first day after it that it does. */
  nextOpen(day: string): string;
  /** The same days with one closure left out: what the calendar said before it was added. */
  without(day: string): OpenDays;
}

export interface LibraryCalendar {
  /** The library's days from `from` to `to` (YYYY-MM-DD) and some way past, for nextOpen. */
  days(from: string, to: string): Promise<OpenDays>;
  /** The last day a copy set aside at `readyAt` waits: the policy's pickup days on, moved to an open day. */
  lastPickupDay(readyAt: Date, days?: OpenDays): Promise<string>;
  /** Ready holds set aside before this instant are past their last pickup day now. */
  expiryCutoff(): Promise<Date>;
  /** The calendar(from, to) query: weekly hours, and closures between the two days. */
  view(from: unknown, to: unknown): Promise<{ openingHours: OpeningHours[]; closures: ClosureRecord[] }>;
  /** Staff: closes the library on a day; due dates and pickup days on it move (see onClosed). */
  addClosure(session: Session, day: unknown, reason: unknown): Promise<ClosureRecord>;
  /** Staff: opens a closed day again. Dates already moved off it stay where they are (members were told). */
  removeClosure(session: Session, day: unknown): Promise<ClosureRecord>;
}

const weekdayOf = (day: string): number => dayToDate(day).getUTCDay();

export function openDays(hours: OpeningHours[], closures: ClosureRecord[]): OpenDays {
  const openWeekdays = new Set(hours.map((h) => h.weekday));
  const closed = new Set(closures.map((c) => c.day));
  const isOpen = (day: string) => openWeekdays.has(weekdayOf(day)) && !closed.has(day);
  return {
    isOpen,
    nextOpen(day) {
      // A library closed every weekday has no next open day: the day stands.
      for (let i = 0; i <= 366; i += 1) if (isOpen(addDays(day, i))) return addDays(day, i);
      return day;
    },
    without: (day) =>
      openDays(
        hours,
        closures.filter((c) => c.day !== day),
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
    /** After a closure was added: move what fell on the day, and tell the members (index.ts wires it). */
    onClosed?: (closure: ClosureRecord, days: OpenDays) => Promise<void>;
  },
): LibraryCalendar {
  const { policy } = opts;
  const today = () => todayIn(opts.timeZone, opts.now());

  async function days(from: string, to: string): Promise<OpenDays> {
    const [hours, closures] = await Promise.all([
      store.calendar.openingHours(),
      store.calendar.closures(from, addDays(to < from ? from : to, LOOK_AHEAD_DAYS)),
    ]);
    return openDays(hours, closures);
  }

  function dayInput(value: unknown, field: string): string {
    const day = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value, opts.timeZone) : null;
    if (day === null) throw badInput(field, `${field} must be a date (YYYY-MM-DD)`);
    return day;
  }

  function requireStaff(session: Session): void {
    // The rule of circulation.ts's requireStaff (which imports this module).
    if (session.role !== 'admin') throw new LibraryError('FORBIDDEN', MESSAGES.staffOnly);
  }

  async function lastPickupDay(readyAt: Date, known?: OpenDays): Promise<string> {
    const due = addDays(todayIn(opts.timeZone, readyAt), policy.holdPickupDays);
    return (known ?? (await days(due, due))).nextOpen(due);
  }

  return {
    days,
    lastPickupDay,

    async expiryCutoff() {
      // A hold set aside on day r waits until nextOpen(r + pickup days), which never falls as r goes back: walk
      // back from the last day that could have expired to the first whose last pickup day is before today.
      const now = today();
      let ready = addDays(now, -policy.holdPickupDays - 1);
      const known = await days(addDays(ready, -LOOK_AHEAD_DAYS), now);
      for (let i = 0; i < LOOK_AHEAD_DAYS; i += 1) {
        if (known.nextOpen(addDays(ready, policy.holdPickupDays)) < now) break;
        ready = addDays(ready, -1);
      }
      return startOfDay(addDays(ready, 1), opts.timeZone);
    },

    async view(rawFrom, rawTo) {
      const from = dayInput(rawFrom, 'from');
      const to = dayInput(rawTo, 'to');
      if (to < from) throw badInput('to', 'to must be on or after from');
      if (daysBetween(from, to) > MAX_SPAN_DAYS) throw badInput('to', `Ask for at most ${MAX_SPAN_DAYS} days at once.`);
      const [openingHours, closures] = await Promise.all([
        store.calendar.openingHours(),
        store.calendar.closures(from, to),
      ]);
      // The library's week runs Saturday to Friday.
      return { openingHours: openingHours.toSorted((a, b) => ((a.weekday + 1) % 7) - ((b.weekday + 1) % 7)), closures };
    },

    async addClosure(session, rawDay, rawReason) {
      requireStaff(session);
      const day = dayInput(rawDay, 'date');
      const reason = check.text(rawReason, 'reason', { max: 120 });
      // A closure long past changes no fee left to charge; a year back covers an emergency recorded late.
      if (daysBetween(day, today()) > 366) throw badInput('date', 'A closure can be at most a year in the past.');
      if (daysBetween(today(), day) > 3 * 366) throw badInput('date', 'A closure can be at most three years ahead.');
      const result = await store.calendar.addClosure({ day, reason, createdAt: opts.now() });
      if (!result.ok) throw badInput('date', `The library is already closed on ${day} (${result.closure.reason}).`);
      await opts.audit.record(session, [{ action: 'closure-added', field: 'closure', newValue: `${day}: ${reason}` }]);
      await opts.onClosed?.(result.closure, await days(day, day));
      return result.closure;
    },

    async removeClosure(session, rawDay) {
      requireStaff(session);
      const day = dayInput(rawDay, 'date');
      const removed = await store.calendar.removeClosure(day);
      if (!removed) throw new LibraryError('NOT_FOUND', `The library is not closed on ${day}.`);
      const was = `${day}: ${removed.reason}`;
      await opts.audit.record(session, [{ action: 'closure-removed', field: 'closure', oldValue: was }]);
      return removed;
    },
  };
}
