// The library's calendar: weekly opening hours, the changes staff make to them, and closures.

/** A weekday the library opens, and its hours ('HH:MM', 24-hour, in the library's time zone). */
export interface OpeningHours {
  /** 0 Sunday to 6 Saturday (as Date.getUTCDay counts). A weekday without hours is a closed day every week. */
  weekday: number;
  opens: string;
  closes: string;
}

/** A day the library is closed besides its weekly hours: a holiday or an emergency. */
export interface ClosureRecord {
  /** YYYY-MM-DD in the library's calendar. */
  day: string;
  /** Why, in English: '' when staff gave the Bangla reason only. */
  reason: string;
  /** Why, in Bangla: null when staff gave the English reason only (closures from before issue 41 too); stores always answer it. */
  reasonBn?: string | null;
  createdAt: Date;
}

/**
 * Opening hours staff set (docs/decisions/073): the week's hours from `from` to `to` (both YYYY-MM-DD, in the
 * library's calendar), or from `from` on until changed when `to` is null. A weekday not listed is closed.
 */
export interface HoursChange {
  id: string;
  from: string;
  to: string | null;
  hours: OpeningHours[];
  setAt: Date;
}

/** The library's calendar: its weekly opening hours, the changes staff made to them, and its closures by day. */
export interface CalendarStore {
  /** The weekly hours a fresh library starts with, by weekday (seed/calendar.ts): in force until a change. */
  openingHours(): Promise<OpeningHours[]>;
  /** The changes of hours in force on any day from `from` to `to` (YYYY-MM-DD), in the order they were set. */
  hoursChanges(from: string, to: string): Promise<HoursChange[]>;
  /** Records a change of hours. Changes are never edited or removed: a past day keeps the hours it had. */
  addHoursChange(change: Omit<HoursChange, 'id'>): Promise<HoursChange>;
  /** Closures from `from` to `to` (both YYYY-MM-DD, inclusive), by day. */
  closures(from: string, to: string): Promise<ClosureRecord[]>;
  /** Records a closure, refused when that day has one already (answered with it). */
  addClosure(
    closure: ClosureRecord,
  ): Promise<{ ok: true; closure: ClosureRecord } | { ok: false; closure: ClosureRecord }>;
  /** Removes the day's closure; answers it, or null when the day had none. */
  removeClosure(day: string): Promise<ClosureRecord | null>;
  /**
   * Records a year's fixed holidays only if that year has no closure yet (so a holiday staff removed is not put
   * back on the next start); answers how many it added.
   */
  seedYear(year: number, closures: ClosureRecord[]): Promise<number>;
}
