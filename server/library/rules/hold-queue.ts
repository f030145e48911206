// First come, first served: who is next of the holds waiting for a book. Both adapters read the waiting holds
// (SQLite in the transaction of the write that freed a copy, MongoDB before the conditional update that sets a
// copy aside) and ask here which one the copy goes to.

/** What the rule reads of a hold in line: when it was placed, and its id (the order it was written in). */
export interface InLine {
  id: string;
  createdAt: Date;
}

/** The order of the line: by when each hold was placed, then by id (ids are written in increasing order). */
export function byArrival(a: InLine, b: InLine): number {
  return a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The hold a copy goes to: the first come of those waiting; null when nobody waits. */
export function nextWaiting<Hold extends InLine>(waiting: Iterable<Hold>): Hold | null {
  let next: Hold | null = null;
  for (const hold of waiting) if (next === null || byArrival(hold, next) < 0) next = hold;
  return next;
}
