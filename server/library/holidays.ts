// Staff's decisions on the moon-dated holidays the calendar proposes (docs/decisions/078): confirm one (its
// days become closures, and what fell due on them moves, as for any closure), move it (its days change; a
// confirmed one first puts back what it moved, then closes its new days) or drop it (a confirmed one puts back
// what it moved). A loan goes back only while it is still due where the holiday put it, and not to a day past.
import type { HolidayMove, HolidayRecord, LoanRecord, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { addDays, daysBetween, dayToDate, parseDay, todayIn } from './calendar.ts';
import type { AuditTrail } from './audit.ts';
import type { ClosedDays, LibraryCalendar, OpenDays } from './library-calendar.ts';
import { holidaysNear, type Holiday } from './holiday-proposals.ts';

/** The most days one holiday may close: Eid ul-Adha with the days the government adds around it. */
const MAX_HOLIDAY_DAYS = 10;

export interface Holidays {
  confirm(session: Session, key: unknown): Promise<Holiday>;
  move(session: Session, key: unknown, from: unknown, to: unknown): Promise<Holiday>;
  drop(session: Session, key: unknown): Promise<Holiday>;
}

export function createHolidays(
  store: Store,
  opts: {
    timeZone: string;
    now: () => Date;
    audit: AuditTrail;
    calendar: LibraryCalendar;
    maxClosedDays: number;
    /** Moves what falls due on each closed day (index.ts wires it): answers each loan moved and its day. */
    onClosed: (closed: ClosedDays, days: OpenDays) => Promise<HolidayMove[]>;
    /** Tells the members whose loans went back that the days are open after all. */
    onOpened: (opened: ClosedDays, loans: LoanRecord[]) => Promise<void>;
  },
): Holidays {
  const today = () => todayIn(opts.timeZone, opts.now());

  function day(value: unknown, field: string): string {
    const parsed =
      typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? parseDay(value, opts.timeZone) : null;
    if (parsed === null) throw badInput(field, 'fieldDay', { field });
    return parsed;
  }

  async function find(session: Session, rawKey: unknown): Promise<Holiday> {
    if (session.role !== 'admin') throw new LibraryError('FORBIDDEN', 'staffOnly');
    const key = typeof rawKey === 'string' ? rawKey : '';
    const holiday = (await holidaysNear(store, today())).find((h) => h.key === key);
    if (!holiday) throw new LibraryError('NOT_FOUND', 'holidayMissing');
    if (holiday.state === 'dropped') throw badInput('key', 'holidayDropped');
    return holiday;
  }

  async function save(holiday: Holiday, change: Pick<HolidayRecord, 'from' | 'to' | 'state' | 'moved'>) {
    const record: HolidayRecord = { key: holiday.key, ...change, version: holiday.version + 1, decidedAt: opts.now() };
    if (!(await store.holidays.save(record))) throw new LibraryError('CONFLICT', 'holidayChanged');
    return { ...holiday, ...change, version: record.version };
  }

  /** Closes the holiday's days not closed already and moves what falls due on them; answers what moved. */
  async function close(session: Session, h: Holiday, from: string, to: string): Promise<HolidayMove[]> {
    const createdAt = opts.now();
    for (let d = from; d <= to; d = addDays(d, 1))
      await store.calendar.addClosure({ day: d, reason: h.name.en, reasonBn: h.name.bn, createdAt });
    await opts.audit.record(session, [
      { action: 'closure-added', field: 'closure', newValue: `${from} to ${to}: ${h.name.en} (moon-dated, confirmed)` },
    ]);
    try {
      return await opts.onClosed({ from, to }, await opts.calendar.days(addDays(from, -opts.maxClosedDays), to));
    } catch (error) {
      // No open day after them within the limit (closures around them): the dates stay as they were.
      if (error instanceof LibraryError && error.code === 'LIBRARY_CLOSED') return [];
      throw error;
    }
  }

  /** Opens the days the holiday closed (those closed for it) and puts back the loans it moved. */
  async function reopen(session: Session, h: Holiday): Promise<void> {
    for (const closure of await store.calendar.closures(h.from, h.to))
      if (closure.reason === h.name.en) await store.calendar.removeClosure(closure.day);
    const now = today();
    const back = await store.loans.moveDueOf(
      h.moved
        .filter((m) => m.was >= now)
        .map((m) => ({ loanId: m.loanId, from: dayToDate(m.to), to: dayToDate(m.was) })),
    );
    await opts.onOpened({ from: h.from, to: h.to }, back);
    await opts.audit.record(session, [
      { action: 'closure-removed', field: 'closure', oldValue: `${h.from} to ${h.to}: ${h.name.en} (moon-dated)` },
    ]);
  }

  return {
    async confirm(session, rawKey) {
      const h = await find(session, rawKey);
      if (h.state === 'confirmed') throw badInput('key', 'holidayConfirmed');
      // Claimed first, so two staff confirming at once close its days once.
      const claimed = await save(h, { from: h.from, to: h.to, state: 'confirmed', moved: [] });
      const moved = await close(session, h, h.from, h.to);
      return save(claimed, { from: h.from, to: h.to, state: 'confirmed', moved });
    },

    async move(session, rawKey, rawFrom, rawTo) {
      const h = await find(session, rawKey);
      const from = day(rawFrom, 'from');
      const to = rawTo === undefined || rawTo === null ? from : day(rawTo, 'to');
      if (to < from) throw badInput('to', 'closureOrder');
      if (daysBetween(from, to) >= MAX_HOLIDAY_DAYS) throw badInput('to', 'holidayTooLong', { max: MAX_HOLIDAY_DAYS });
      if (Math.abs(daysBetween(h.from, from)) > 31) throw badInput('from', 'holidayTooFar');
      if (h.state === 'provisional') return save(h, { from, to, state: 'provisional', moved: [] });
      const claimed = await save(h, { from, to, state: 'confirmed', moved: [] });
      await reopen(session, h);
      const moved = await close(session, h, from, to);
      return save(claimed, { from, to, state: 'confirmed', moved });
    },

    async drop(session, rawKey) {
      const h = await find(session, rawKey);
      const dropped = await save(h, { from: h.from, to: h.to, state: 'dropped', moved: [] });
      if (h.state === 'confirmed') await reopen(session, h);
      return dropped;
    },
  };
}
