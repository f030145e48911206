// The library's statistics for its committee (staff only): circulation, the most borrowed books and genres,
// overdue loans by age with what they owe, money and holds, over a period of the library's calendar. The store
// counts (store/port/stats.ts); this checks the period, cuts it into the library's days, weeks or months and
// shapes the answer. A week is the library's: Saturday to Friday (opening-hours.ts).
import type { BookRecord, LedgerSums, LoanCounts, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { badInput } from './errors.ts';
import { addDays, dayToDate, parseDay, startOfDay, todayIn } from './calendar.ts';
import { requireStaff } from './circulation.ts';
import type { LibraryCalendar } from './library-calendar.ts';
import { daysLate, lateFeeFor, type Policy } from './policy.ts';
import * as check from './validate.ts';

export type StatsInterval = 'DAY' | 'WEEK' | 'MONTH';
export type OverdueAge = 'DAYS_1_7' | 'DAYS_8_30' | 'DAYS_31_90' | 'OVER_90';

/** The longest period asked about at once, in years, and the most periods one answer is cut into. */
export const MAX_PERIOD_YEARS = 5;
export const MAX_BUCKETS = 366;
/** The most books topBooks answers. */
export const MAX_TOP_BOOKS = 50;

/** One period of a series: its first day within the asked period (a week or month cut short starts at `from`). */
export type Bucket<T> = T & { start: string };

export interface Statistics {
  loanStats(session: Session, from: unknown, to: unknown, interval: unknown): Promise<Bucket<LoanCounts>[]>;
  feeStats(session: Session, from: unknown, to: unknown, interval: unknown): Promise<Bucket<LedgerSums>[]>;
  topBooks(
    session: Session,
    from: unknown,
    to: unknown,
    first: unknown,
  ): Promise<{ book: BookRecord; loans: number }[]>;
  topGenres(session: Session, from: unknown, to: unknown): Promise<{ genre: string; loans: number }[]>;
  /** Loans out and past due today, by how many days late, with their fees so far (the fee rule's). */
  overdueAging(session: Session): Promise<{ bucket: OverdueAge; count: number; amount: number }[]>;
  holdStats(
    session: Session,
    from: unknown,
    to: unknown,
  ): Promise<{ placed: number; filled: number; expired: number; medianWaitDays: number | null }>;
}

const AGES: readonly [OverdueAge, number][] = [
  ['DAYS_1_7', 7],
  ['DAYS_8_30', 30],
  ['DAYS_31_90', 90],
  ['OVER_90', Infinity],
];

/** The first day of the period after the one `day` is in. */
function nextStart(day: string, interval: StatsInterval): string {
  if (interval === 'DAY') return addDays(day, 1);
  if (interval === 'WEEK') return addDays(day, 7 - ((dayToDate(day).getUTCDay() + 1) % 7));
  const date = dayToDate(day);
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

export function createStatistics(
  store: Store,
  opts: { timeZone: string; policy: Policy; calendar: LibraryCalendar; now?: () => Date },
): Statistics {
  const now = opts.now ?? (() => new Date());
  const { timeZone, policy } = opts;

  function day(raw: unknown, field: 'from' | 'to'): string {
    const parsed = typeof raw === 'string' ? parseDay(raw, timeZone) : null;
    if (parsed === null || parsed !== raw) throw badInput(field, 'fieldDay', { field });
    return parsed;
  }

  /** The period [from, to] checked: both days, in order, at most MAX_PERIOD_YEARS long. */
  function period(rawFrom: unknown, rawTo: unknown): { from: string; to: string } {
    const from = day(rawFrom, 'from');
    const to = day(rawTo, 'to');
    if (to < from) throw badInput('to', 'reportPeriodBackwards');
    const longest = new Date(dayToDate(from));
    longest.setUTCFullYear(longest.getUTCFullYear() + MAX_PERIOD_YEARS);
    if (dayToDate(to) >= longest) throw badInput('to', 'reportPeriodTooLong', { max: MAX_PERIOD_YEARS });
    return { from, to };
  }

  /** The instants a period's days begin and end: from the start of `from` to the end of `to`. */
  const instants = (p: { from: string; to: string }) => ({
    from: startOfDay(p.from, timeZone),
    to: startOfDay(addDays(p.to, 1), timeZone),
  });

  /** The period cut by the interval: each bucket's first day, and the instants between them (one more). */
  function buckets(rawFrom: unknown, rawTo: unknown, rawInterval: unknown) {
    const p = period(rawFrom, rawTo);
    if (rawInterval !== 'DAY' && rawInterval !== 'WEEK' && rawInterval !== 'MONTH')
      throw badInput('interval', 'reportInterval');
    const starts: string[] = [];
    for (let start = p.from; start <= p.to; start = nextStart(start, rawInterval)) {
      starts.push(start);
      if (starts.length > MAX_BUCKETS) throw badInput('interval', 'reportTooManyBuckets', { max: MAX_BUCKETS });
    }
    const bounds = [...starts, addDays(p.to, 1)].map((start) => startOfDay(start, timeZone));
    return { starts, bounds };
  }

  return {
    async loanStats(session, from, to, interval) {
      requireStaff(session);
      const { starts, bounds } = buckets(from, to, interval);
      const counts = await store.stats.loanCounts(bounds);
      return counts.map((c, i) => ({ ...c, start: starts[i] ?? '' }));
    },

    async feeStats(session, from, to, interval) {
      requireStaff(session);
      const { starts, bounds } = buckets(from, to, interval);
      const sums = await store.stats.ledgerSums(bounds);
      return sums.map((s, i) => ({ ...s, start: starts[i] ?? '' }));
    },

    async topBooks(session, rawFrom, rawTo, rawFirst) {
      requireStaff(session);
      const p = instants(period(rawFrom, rawTo));
      const first =
        rawFirst === undefined || rawFirst === null
          ? 10
          : check.number(rawFirst, 'first', { min: 1, max: MAX_TOP_BOOKS, integer: true });
      const top = await store.stats.topBooks(p.from, p.to, first);
      const books = await Promise.all(top.map((row) => store.books.get(row.bookId)));
      return top.flatMap((row, i) => {
        const book = books[i];
        return book ? [{ book, loans: row.loans }] : [];
      });
    },

    async topGenres(session, rawFrom, rawTo) {
      requireStaff(session);
      const p = instants(period(rawFrom, rawTo));
      return store.stats.topGenres(p.from, p.to);
    },

    async overdueAging(session) {
      requireStaff(session);
      const today = todayIn(timeZone, now());
      const groups = await store.stats.overdueGroups(dayToDate(today));
      const dueDays = groups.map((group) => group.dueDate.toISOString().slice(0, 10));
      const first = dueDays.reduce((min, due) => (due < min ? due : min), today);
      const days = await opts.calendar.days(first, today);
      const ages = AGES.map(([bucket]) => ({ bucket, count: 0, amount: 0 }));
      groups.forEach((group, i) => {
        const dueDay = dueDays[i] ?? today;
        // As a member's standing reads it: a claimed return's fee (and lateness) stopped on the claim's day.
        const feeDay = group.claimedAt ? todayIn(timeZone, group.claimedAt) : today;
        const late = daysLate(dueDay, feeDay);
        if (late === 0) return;
        const fee = lateFeeFor(policy, {
          dueDay,
          day: feeDay,
          openAfter: days.openAfter,
          replacementCost: group.replacementCost ?? policy.defaultReplacementCost,
        });
        const age = ages[AGES.findIndex(([, most]) => late <= most)];
        if (!age) return;
        age.count += group.count;
        age.amount += fee * group.count;
      });
      return ages;
    },

    async holdStats(session, rawFrom, rawTo) {
      requireStaff(session);
      const p = instants(period(rawFrom, rawTo));
      const { medianWaitMs, ...counts } = await store.stats.holdCounts(p.from, p.to);
      const medianWaitDays = medianWaitMs === null ? null : Math.round(medianWaitMs / 8_640_000) / 10;
      return { ...counts, medianWaitDays };
    },
  };
}
