// Holds: members' places in a book's queue, the copies set aside for them and the hold shelf.
import type { Page, PageRequest } from './paging.ts';

export type HoldStatus = 'waiting' | 'ready' | 'fulfilled' | 'cancelled' | 'expired';

/** A member's place in a book's queue. A ready hold has a copy set aside for its member since readyAt. */
export interface HoldRecord {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  bookTitle: string;
  status: HoldStatus;
  createdAt: Date;
  readyAt: Date | null;
  /** When it was fulfilled (borrowed), cancelled or expired. */
  endedAt: Date | null;
  /** The copy set aside for it while ready (and the one it was fulfilled with); null while waiting. */
  itemBarcode: string | null;
  /**
   * When staff put its copy on the hold shelf (HoldStore.shelve); null until then. A copy set aside any other way
   * (copies added, found, passed on, returned in the app) is still on the open shelf or a trolley: staff pull it.
   */
  shelvedAt: Date | null;
  /** When staff took the copy of an ended (expired, cancelled) shelved hold off the hold shelf; null until then. */
  shelfClearedAt: Date | null;
  /**
   * While set and after now, the hold is paused (Koha's suspension): it keeps its place, and a copy coming back
   * passes it over (library/rules/hold-queue.ts). The instant its pause ends; null when not paused.
   */
  pausedUntil: Date | null;
  /**
   * A pickup request's (click and collect, HoldStore.request) return date as the member chose it, midnight UTC of
   * the day as a loan's; null for a hold placed in a queue. The desk's loan keeps it when it still fits.
   */
  returnDate: Date | null;
}

export type NewHold = Pick<HoldRecord, 'bookId' | 'userId' | 'userName' | 'userEmail' | 'bookTitle' | 'createdAt'> & {
  /** The hold's id when the caller chose it up front (an idempotency key answers it); a fresh one otherwise. */
  id?: string;
};

export type PlaceHoldResult =
  | { ok: true; hold: HoldRecord; position: number }
  | {
      ok: false;
      reason: 'book-not-found' | 'already-borrowed' | 'already-on-hold' | 'copies-available' | 'hold-limit';
    };

/** not-waiting: the hold has a copy set aside (ready); not-open: it ended. */
export type PauseHoldResult =
  { ok: true; hold: HoldRecord } | { ok: false; reason: 'hold-not-found' | 'not-waiting' | 'not-open' };

/** A pickup request: a hold ready at once with a copy from the shelf set aside for it (HoldStore.request). */
export type NewPickup = NewHold & { id: string; returnDate: Date };

export type RequestPickupResult =
  | { ok: true; hold: HoldRecord }
  | {
      ok: false;
      reason: 'book-not-found' | 'already-borrowed' | 'already-on-hold' | 'out-of-stock' | 'hold-limit' | 'loan-limit';
    };

export type EndHoldResult = { ok: true; hold: HoldRecord } | { ok: false; reason: 'hold-not-found' | 'not-open' };

/**
 * Staff's moves of the hold shelf. `changed` false: it was done already (the same request again).
 * not-ready: only a ready hold's copy goes on the hold shelf. not-ended: a ready hold's copy stays there until
 * it is borrowed or the hold ends. not-on-shelf: the hold ended with its copy never put on the hold shelf, or was
 * borrowed.
 */
export type HoldShelfResult =
  | { ok: true; hold: HoldRecord; changed: boolean }
  | { ok: false; reason: 'hold-not-found' | 'not-ready' | 'not-ended' | 'not-on-shelf' };

/**
 * Holds: first come, first served. A copy coming back to the shelf (a return, copies added, a ready hold
 * cancelled or expired) goes to the first member waiting instead, set aside for them (ready) and counted out of
 * the copies available; only that member's borrow takes it. Copies owned = available + on loan + set aside.
 */
export interface HoldStore {
  /** Joins the book's queue, when no copy is on the shelf and the member has no loan or open hold of it. */
  place(hold: NewHold, opts: { holdLimit: number }): Promise<PlaceHoldResult>;
  /**
   * Click and collect: a hold for the member, ready at once with a copy taken from the shelf (out-of-stock when
   * none is there), when they have no loan or open hold of the book. It counts under the hold limit, and with
   * their active loans under `loanLimit` (their loans and open pickup requests together; decision 075).
   */
  request(hold: NewPickup, opts: { holdLimit: number; loanLimit: number }): Promise<RequestPickupResult>;
  /** Ends an open hold; a ready one's copy passes to the next member waiting, or back to the shelf. */
  cancel(holdId: string, at: Date): Promise<EndHoldResult>;
  /**
   * Pauses a waiting hold until `until` (again: the new day): it keeps its place; copies coming back before then
   * pass it over.
   */
  pause(holdId: string, until: Date): Promise<PauseHoldResult>;
  /**
   * Ends an open hold's pause now (one not paused: unchanged); a copy on the shelf is set aside for the first
   * member waiting, as after a return.
   */
  resume(holdId: string, at: Date): Promise<PauseHoldResult>;
  /** Ends every pause over by `at`, as resume() does; answers the waiting holds resumed. */
  resumeDue(at: Date): Promise<HoldRecord[]>;
  /** When the first pause still set ends (a read: resumeDue is a write, asked only once one is due); null: none. */
  firstPauseEnd(): Promise<Date | null>;
  /**
   * Ready holds whose pickup days started before `readyBefore` expire, their copies passed on as by cancel: set
   * aside before it, and for a shelved pickup request also shelved before it (library/rules/pickup-wait.ts).
   */
  expire(readyBefore: Date, at: Date): Promise<HoldRecord[]>;
  get(id: string): Promise<HoldRecord | null>;
  /** Newest first. */
  listByUser(userId: string): Promise<HoldRecord[]>;
  /** The book's open holds (ready first, then waiting), in queue order. */
  queue(bookId: string): Promise<HoldRecord[]>;
  /**
   * The queues of many books in one read (a list of books showing each one's queue): each book's open holds in
   * the order queue() answers them; a book with nobody waiting (or an id that is no book's) maps to [].
   */
  queues(bookIds: string[]): Promise<Map<string, HoldRecord[]>>;
  /** Ready holds across the library, set aside longest first (the pickup shelf). */
  ready(page: PageRequest): Promise<Page<HoldRecord>>;
  /** Records that a ready hold's copy is on the hold shelf now (one conditional write; again: unchanged). */
  shelve(holdId: string, at: Date): Promise<HoldShelfResult>;
  /** Records that the copy of an ended hold that was on the hold shelf has been taken off it. */
  clearShelf(holdId: string, at: Date): Promise<HoldShelfResult>;
  /** Ready holds whose copy is not on the hold shelf yet, set aside longest first (keyset-paged, indexed). */
  toPull(page: PageRequest): Promise<Page<HoldRecord>>;
  /** Expired or cancelled holds whose copy is still on the hold shelf, ended longest ago first. */
  toClear(page: PageRequest): Promise<Page<HoldRecord>>;
}
