// How long will I wait: the day a waiting hold's copy is expected, estimated from the loans ahead of it. Each copy
// the library owns comes back when its loan is due, moved by how early or late this book's loans have come back
// (the median, in open days); each member ahead of the hold takes the first copy back and keeps it a loan's
// length; the hold gets the copy back after them. An estimate: members return early or late, leave the queue, and
// choose shorter loans. Pure: holds.ts reads the facts, and the library's calendar answers isOpen.

/** The calendar day `count` days after `day` (YYYY-MM-DD): calendar.ts's addDays (rules import no module but rules). */
const addDays = (day: string, count: number): string =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + count * 86_400_000).toISOString().slice(0, 10);

/** The furthest the estimate walks the calendar looking for an open day (the policy's maxClosedDays at most). */
const WALK_LIMIT = 1098;

/** Open days only: `isOpen` is the library's calendar (library-calendar.ts OpenDays). */
export interface OpenDayCount {
  isOpen(day: string): boolean;
}

export interface WaitFacts {
  /** The library's today (YYYY-MM-DD). */
  today: string;
  /** Members waiting ahead of the hold (holds with a copy set aside are not: see `setAside`). */
  ahead: number;
  /** The copies the library owns (Book.copies: on the shelf, on loan, set aside, being returned). */
  copies: number;
  /** The due days of the book's loans out now. */
  dueDays: readonly string[];
  /** Copies set aside for ready holds: their members borrow them next. */
  setAside: number;
  /** Open days late (negative: early) of the book's returned loans; none: 0. */
  lateness: readonly number[];
  /** The longest loan, in days (policy.loanDays): a member ahead keeps the copy this long. */
  loanDays: number;
  /** The day the hold's own pause ends (it is passed over until then); null when it is not paused. */
  pausedUntil: string | null;
}

/** `day` when the library opens that day, else the first open day after it (`day` itself when none is near). */
export function nextOpenDay(days: OpenDayCount, day: string): string {
  for (let i = 0; i <= WALK_LIMIT; i += 1) if (days.isOpen(addDays(day, i))) return addDays(day, i);
  return day;
}

/** `count` open days after `day` (before it when negative); `day` itself for 0. */
export function shiftOpenDays(days: OpenDayCount, day: string, count: number): string {
  const step = count < 0 ? -1 : 1;
  let left = Math.abs(count);
  let at = day;
  for (let walked = 0; left > 0 && walked <= WALK_LIMIT; walked += 1) {
    at = addDays(at, step);
    if (days.isOpen(at)) left -= 1;
  }
  return at;
}

/**
 * Open days from a loan's due day to the day it came back: positive when late (the open days after the due day up
 * to it), negative when early (the open days from it to before the due day), 0 on the day.
 */
export function openDaysLate(days: OpenDayCount, dueDay: string, backDay: string): number {
  const [from, to, sign] = backDay >= dueDay ? [dueDay, backDay, 1] : [backDay, dueDay, -1];
  let counted = 0;
  for (let day = from, walked = 0; day < to && walked <= WALK_LIMIT; walked += 1) {
    // Late: the days after the due day; early: the days from the return day up to the due day.
    const counts = sign > 0 ? addDays(day, 1) : day;
    if (days.isOpen(counts)) counted += 1;
    day = addDays(day, 1);
  }
  return sign * counted;
}

/** The median of whole numbers, rounded half up (to the later day); 0 when there are none. */
export function medianOf(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(median);
}

/**
 * The day (YYYY-MM-DD, an open day, today or later) a waiting hold's copy is expected; null when the library owns
 * no copy of the book (none will come back).
 */
export function expectedBy(facts: WaitFacts, days: OpenDayCount): string | null {
  if (facts.copies <= 0) return null;
  const late = medianOf(facts.lateness);
  const notBefore = (day: string) => nextOpenDay(days, day < facts.today ? facts.today : day);
  /** The day a copy lent on `day` comes back: a loan's length on, at the next open day, moved by the lateness. */
  const backFrom = (day: string) =>
    notBefore(shiftOpenDays(days, nextOpenDay(days, addDays(day, facts.loanDays)), late));
  // When each copy is free next: the loans out when they come back, the copies set aside when their members have
  // borrowed and returned them, the rest (on the shelf: only paused holds wait) today.
  const free = facts.dueDays.slice(0, facts.copies).map((due) => notBefore(shiftOpenDays(days, due, late)));
  for (let i = 0; i < facts.setAside && free.length < facts.copies; i += 1) free.push(backFrom(facts.today));
  while (free.length < facts.copies) free.push(notBefore(facts.today));
  free.sort();
  for (let i = 0; i < facts.ahead; i += 1) {
    // The next member ahead takes the first copy back, and brings it back a loan later.
    const day = free.shift() ?? facts.today;
    insertSorted(free, backFrom(day));
  }
  const day = free[0] ?? facts.today;
  return facts.pausedUntil !== null && facts.pausedUntil > day ? notBefore(facts.pausedUntil) : day;
}

function insertSorted(days: string[], day: string): void {
  const at = days.findIndex((d) => d > day);
  days.splice(at < 0 ? days.length : at, 0, day);
}
