// First come, first served: who is next of the holds waiting for a book. Both adapters read the waiting holds
// (SQLite in the transaction of the write that freed a copy, MongoDB before the conditional update that sets a
// copy aside) and ask here which one the copy goes to. A paused hold (Koha's suspension) keeps its place but is
// passed over until its pause ends: the copy goes to the next member, and it does not hold up a renewal either.

/** What the rule reads of a hold in line: when it was placed, and its id (the order it was written in). */
export interface InLine {
  id: string;
  createdAt: Date;
}

/** A waiting hold as the rule reads it: its place in line, and the instant its pause ends (null: not paused). */
export interface Waiting extends InLine {
  pausedUntil: Date | null;
}

/** The order of the line: by when each hold was placed, then by id (ids are written in increasing order). */
export function byArrival(a: InLine, b: InLine): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** Whether a hold is paused at `at`: its pause ends after that instant. */
export const pausedAt = (hold: Waiting, at: Date): boolean =>
  hold.pausedUntil !== null && hold.pausedUntil.getTime() > at.getTime();

/** The hold a copy freed at `at` goes to: the first come of those waiting and not paused; null when none is. */
export function nextWaiting<Hold extends Waiting>(waiting: Iterable<Hold>, at: Date): Hold | null {
  let next: Hold | null = null;
  for (const hold of waiting) if (!pausedAt(hold, at) && (next === null || byArrival(hold, next) < 0)) next = hold;
  return next;
}

/**
 * Whether someone is waiting for a book at `at`, so a loan of it may not be renewed (by hand or by itself): a hold
 * with no copy set aside yet that is not paused then (Koha's CanBookBeRenewed passes over suspended reserves). A
 * paused hold would be passed over by the copy the renewal keeps out, so it does not keep the book from its reader.
 */
export function someoneWaitingAt(queue: Iterable<Waiting & { status: string }>, at: Date): boolean {
  for (const hold of queue) if (hold.status === 'waiting' && !pausedAt(hold, at)) return true;
  return false;
}
