// How long will I wait (issue 42): what a waiting hold shows besides its place, the copies the library owns and the
// day a copy is expected for it. The estimate is the pure rule rules/hold-estimate.ts; this reads its facts (the
// book's queue, its loans out and latest returned loans, the library's calendar) and asks it.
import type { HoldRecord, Store } from '../store/port.ts';
import { addDays, todayIn } from './calendar.ts';
import { dueDayOf } from './circulation.ts';
import type { LibraryCalendar } from './library-calendar.ts';
import type { Policy } from './policy.ts';
import { expectedBy, openDaysLate } from './rules/hold-estimate.ts';

/** The latest returned loans whose lateness is the book's: recent enough to be how its readers return it now. */
const RECENT_RETURNS = 25;
/** How far ahead the calendar is read for the estimate; days past it count as open. */
const AHEAD_DAYS = 400;

export interface HoldOutlook {
  /** The copies of the book the library owns (Book.copies). */
  copies: number;
  /** YYYY-MM-DD in the library's calendar, for a waiting hold of a book with copies; null otherwise. */
  expectedBy: string | null;
}

export function createHoldOutlook(
  store: Store,
  opts: {
    timeZone: string;
    policy: Policy;
    calendar: LibraryCalendar;
    now: () => Date;
    /** The day a waiting hold's pause ends (hold-pauses.ts); null when it is not paused. */
    pausedUntil: (hold: HoldRecord) => string | null;
  },
): (hold: HoldRecord) => Promise<HoldOutlook> {
  const { timeZone, policy, calendar, now } = opts;
  const dayOf = (at: Date) => todayIn(timeZone, at);

  return async function outlook(hold) {
    const book = await store.books.get(hold.bookId);
    const copies = book?.copies ?? 0;
    if (hold.status !== 'waiting' || copies === 0) return { copies, expectedBy: null };
    const [queue, loans] = await Promise.all([
      store.holds.queue(hold.bookId),
      store.loans.ofBook(hold.bookId, RECENT_RETURNS),
    ]);
    const index = queue.findIndex((h) => h.id === hold.id);
    if (index < 0) return { copies, expectedBy: null };
    const today = dayOf(now());
    // The book's returns: its due day, and the day it came back (a return claim's day stops the clock, as fees do).
    const returns = loans.returned.flatMap((loan) => {
      const back = loan.claimedAt ?? loan.returnedAt;
      return back ? [{ due: dueDayOf(loan), back: dayOf(back) }] : [];
    });
    const [from = today] = [today, ...returns.flatMap((r) => [r.due, r.back])].sort();
    const days = await calendar.days(from, addDays(today, AHEAD_DAYS));
    const facts = {
      today,
      ahead: queue.slice(0, index).filter((h) => h.status === 'waiting').length,
      copies,
      dueDays: loans.out.map(dueDayOf),
      setAside: queue.filter((h) => h.status === 'ready').length,
      lateness: returns.map((r) => openDaysLate(days, r.due, r.back)),
      loanDays: policy.loanDays,
      pausedUntil: opts.pausedUntil(hold),
    };
    return { copies, expectedBy: expectedBy(facts, days) };
  };
}
