// The moon-dated holidays as staff left them (docs/decisions/078). The calendar proposes each from the moon
// (server/library/moon-holidays.ts); the store keeps only what staff did with one: its days now, and whether it
// is still provisional, confirmed (its days are closures) or dropped.

export type HolidayState = 'provisional' | 'confirmed' | 'dropped';

/** A loan a confirmed holiday's closure moved: from the day it was due (`was`) to `to`; moved back if it moves. */
export interface HolidayMove {
  loanId: string;
  was: string;
  to: string;
}

export interface HolidayRecord {
  /** The proposal's key, e.g. `eid-ul-fitr-2026`. */
  key: string;
  /** The first and last day, YYYY-MM-DD in the library's calendar. */
  from: string;
  to: string;
  state: HolidayState;
  moved: HolidayMove[];
  /** 1 for the first decision, one more for each after it: a write names the version it read. */
  version: number;
  decidedAt: Date;
}

export interface HolidayStore {
  /** The records of these proposals' keys (those staff have acted on), in no particular order. */
  get(keys: readonly string[]): Promise<HolidayRecord[]>;
  /**
   * Records a decision: the first (version 1) only when the key has none, a later one only when the stored
   * version is the one before it. False when another decision came first (nothing written).
   */
  save(record: HolidayRecord): Promise<boolean>;
}
