// The storage port: what the domain services need from a database, in domain terms.
// Every adapter (sqlite/, mongo/) implements Store and passes tests/store/contract.test.ts.
// Ids are 24-hex ObjectId strings in every adapter; dates are Date objects.

import { BOOK_FIELD_NAMES, storedFields } from './book-fields.ts';
import type { BookFieldValues, NewBookFieldValues } from './book-fields.ts';

// The field table is part of the port: adapters and services take it from here.
export { BOOK_FIELDS, BOOK_FIELD_NAMES, bookFieldEntries, editedFields } from './book-fields.ts';
export type { BookFieldKind, BookFieldName, BookFieldSpec, BookFieldValues } from './book-fields.ts';

/** 'lost' and 'damaged': closed by staff, the copy left the collection and the member was charged. */
/** `returning`: the member says the book is on its way back (RETURNS=desk); the copy is still out. */
export type LoanStatus = 'borrowed' | 'returning' | 'returned' | 'lost' | 'damaged';
/** How a loan was closed: by the member in the app, or at the desk. */
export type ReturnChannel = 'APP' | 'DESK';
export type Role = 'admin' | 'member';

/** A new book: its descriptive fields (book-fields.ts) and its copies. */
export interface BookFields extends NewBookFieldValues {
  /** On insert: the copies the library owns, all on the shelf. */
  quantity: number;
}

/**
 * An edit of a book: each descriptive field it gives (one left out keeps its value), and copies given either
 * as copies owned (`copies`) or, as the original API does, as copies available now (`quantity`: copies owned
 * become that plus the copies on loan).
 */
export interface BookEdit extends Partial<BookFieldValues> {
  copies?: number;
  quantity?: number;
}

export interface BookRecord extends BookFieldValues {
  id: string;
  /** Copies available: copies owned minus copies on loan. Kept by the store, never written directly. */
  quantity: number;
  /** Copies the library owns: on the shelf or on loan. */
  copies: number;
  /** Moves with every change of the book: edits, copies owned, borrows and returns (REST's __v and ETag). */
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

/** A new book as both stores keep it: every copy owned on the shelf, at version 0. */
export function newBookState(fields: BookFields): Omit<BookRecord, 'id' | 'createdAt' | 'updatedAt'> {
  return { ...storedFields(fields), quantity: fields.quantity, copies: fields.quantity, version: 0 };
}

/** The fields an edit writes, and copies owned, after resolving `quantity` against the stored book. */
export function resolveEdit(stored: BookRecord, edit: BookEdit): { copies: number; onLoan: number } {
  const onLoan = stored.copies - stored.quantity;
  return { copies: edit.copies ?? (edit.quantity === undefined ? stored.copies : edit.quantity + onLoan), onLoan };
}

/** True when a stored book already holds what an edit writes: an update that would change nothing. */
export function sameBook(stored: BookRecord, edit: BookEdit, copies: number): boolean {
  return (
    BOOK_FIELD_NAMES.every((key) => edit[key] === undefined || stored[key] === edit[key]) && stored.copies === copies
  );
}

export type BookUpdateResult =
  | { book: BookRecord; modified: boolean; refused?: undefined }
  /** version: the book changed since expectedVersion; copies-on-loan: fewer copies owned than are on loan. */
  | { refused: 'version' | 'copies-on-loan'; book: BookRecord; modified: false };

export interface BookFilter {
  /**
   * Words, each a substring of the title or the author, folded (case, Latin accents) and in any order; a page
   * is then ranked best match first (search-words.ts, docs/search.md).
   */
  search?: string | null;
  /** Exact genre name. */
  genre?: string | null;
  /** Only books with quantity > 0. */
  availableOnly?: boolean | null;
}

export interface PageRequest {
  /** 1..100 (the service enforces the bound). */
  first: number;
  /** Opaque cursor from a previous page's endCursor. */
  after?: string | null;
}

export interface BookPage {
  nodes: BookRecord[];
  /** Number of books matching the filter, across all pages. */
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

/** How the books of a search spread: per genre (ignoring the genre filter) and available (ignoring availableOnly). */
export interface BookFacets {
  /** Books per genre for the search and availableOnly, genres sorted; genres with none left out. */
  genreCounts: { genre: string; count: number }[];
  /** Books with a copy available for the search and genre. */
  availableCount: number;
}

export interface BookStore {
  /**
   * Keyset paging in insertion order (ascending id), or with a search best match first (search-words.ts). A
   * malformed cursor throws InvalidCursorError.
   */
  list(filter: BookFilter, page: PageRequest): Promise<BookPage>;
  /** The counts a filter's facets show, from one read of the matching books. */
  facets(filter: BookFilter): Promise<BookFacets>;
  /** Every book in insertion order, streamed (REST GET /api/books). */
  all(): AsyncIterable<BookRecord>;
  count(): Promise<number>;
  get(id: string): Promise<BookRecord | null>;
  /** Every book of exactly one genre in insertion order, streamed like all() (the category pages, REST). */
  byGenre(genre: string): AsyncIterable<BookRecord>;
  /** How many books byGenre(genre) would stream, without reading them (what a whole-genre list costs). */
  countByGenre(genre: string): Promise<number>;
  /**
   * How many books hold the rarest of these words of 1-2 characters (folded, as searchWords gives them): the
   * most a search driven by them reads, known without reading it (what a search costs, library/catalog.ts).
   * Counted no further than `upTo`, which it answers for any more.
   */
  shortWordDocs(words: string[], upTo: number): Promise<number>;
  /** Distinct genres, sorted ascending. */
  genres(): Promise<string[]>;
  insert(fields: BookFields): Promise<BookRecord>;
  insertMany(fields: BookFields[]): Promise<number>;
  /**
   * Writes the edit atomically with respect to borrows and returns: copies owned never go below the copies on
   * loan, and copies available follow. With expectedVersion, refuses when the book was edited since. Null when
   * no book has that id.
   */
  update(id: string, edit: BookEdit, expectedVersion?: number | null): Promise<BookUpdateResult | null>;
  /**
   * Adds delta copies to the collection (owned and available together; negative: copies leave the shelf),
   * only if the copies available stay >= 0. Returns the new quantity, or null when the book is missing or the
   * condition failed.
   */
  changeStock(id: string, delta: number): Promise<number | null>;
}

export interface CategoryRecord {
  id: string;
  name: string;
  image: string;
  description: string;
}

export interface CategoryStore {
  list(): Promise<CategoryRecord[]>;
  /** Inserts the given categories only when there are none yet; returns how many were inserted. */
  seed(categories: Omit<CategoryRecord, 'id'>[]): Promise<number>;
}

export interface LoanRecord {
  id: string;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  borrowDate: Date;
  returnDate: Date;
  returnedAt: Date | null;
  status: LoanStatus;
  renewals: number;
  /** The late fee charged when the loan ended; 0 while on loan. */
  lateFee: number;
  /** The staff member who closed the loan at the desk (check-in, lost, damaged); null otherwise. */
  closedBy: string | null;
  /** When the member claimed the return (RETURNS=desk); the late fee stops on that day. Null otherwise. */
  claimedAt: Date | null;
  /** How the loan was closed, and who closed it (the member, or the staff member); null while open. */
  returnedVia: ReturnChannel | null;
  returnedBy: string | null;
  bookTitle: string;
  bookAuthor: string;
  bookImage: string;
  bookCategory: string;
  /** The copy lent (its item's barcode); null only on loans that ended before copies were items. */
  itemBarcode: string | null;
}

export type NewLoan = Omit<
  LoanRecord,
  | 'id'
  | 'status'
  | 'returnedAt'
  | 'renewals'
  | 'lateFee'
  | 'closedBy'
  | 'claimedAt'
  | 'returnedVia'
  | 'returnedBy'
  | 'itemBarcode'
> & {
  /** The loan's id when the caller chose it up front (an idempotency key answers it); a fresh one otherwise. */
  id?: string;
  /**
   * The copy to lend, scanned at the desk: it must be on the shelf, or set aside for this member's ready hold of
   * the book. Without it the store picks one (the copy set aside for the member's hold, or one from the shelf).
   */
  itemBarcode?: string;
};

/** What a borrow must respect, checked atomically with it (the policy's numbers, from library/policy.ts). */
export interface CheckoutLimits {
  /** The most active loans the member may have, the new one included. */
  loanLimit: number;
  /** The borrow is refused while the member's balance is above this. */
  maxBalance: number;
}

export type CheckoutResult =
  | { ok: true; loan: LoanRecord; quantity: number }
  | { ok: false; reason: 'book-not-found' | 'out-of-stock' | 'already-borrowed' | 'loan-limit' }
  /** The scanned copy is not this book's, or is not on the shelf (nor set aside for this member). */
  | { ok: false; reason: 'item-unavailable'; item: ItemRecord | null }
  | { ok: false; reason: 'fees-unpaid'; balance: number };

export type CheckinResult =
  { ok: true; loan: LoanRecord; quantity: number | null } | { ok: false; reason: 'loan-not-found' | 'not-active' };

export interface CheckinOptions {
  /** The late fee for this loan ending now (the policy's rule); charged to the member in the same step. */
  lateFee: (loan: LoanRecord) => number;
  /** The staff member checking it in at the desk. */
  by?: string | null;
  /** How it comes back, and who brings it (the member in the app, or the staff member): recorded on the loan. */
  via?: ReturnChannel;
  returnedBy?: string | null;
  /** The audit trail's entries of this return, written with it (see `LoanStore`). */
  audit?: readonly NewAudit[];
}

export interface LossOptions {
  as: 'lost' | 'damaged';
  /** Charged to the member in the same step as the loan closes. */
  replacementCost: number;
  processingFee: number;
  by: string;
  /** The audit trail's entries of this loss, written with it (see `LoanStore`). */
  audit?: readonly NewAudit[];
}

export type RenewResult =
  { ok: true; loan: LoanRecord } | { ok: false; reason: 'loan-not-found' | 'not-active' | 'renewal-limit' };

export interface Page<T> {
  nodes: T[];
  totalCount: number;
  hasNextPage: boolean;
  endCursor: string | null;
}

/**
 * A loan made or closed at the desk carries its audit entries (`audit`), written if and only if the write happens,
 * with it: in SQLite's transaction; on MongoDB kept on the loan from its first write and inserted, under ids fixed
 * there, by the step that completes it, live or in recovery (decision 040). A refused write records none.
 */
export interface LoanStore {
  /**
   * Atomically (as far as the engine allows): takes one copy of loan.bookId (the one set aside for the member's
   * ready hold, which it fulfils, or else one from the shelf) and records the loan, within the member's limits
   * (none when not given); at most one active loan per (userId, bookId). Never leaves a copy
   * taken without a loan.
   */
  checkout(loan: NewLoan, limits?: CheckoutLimits, audit?: readonly NewAudit[]): Promise<CheckoutResult>;
  /**
   * Marks an active loan returned, puts its copy back on the loan's own book (or aside for the first member
   * waiting) and charges its late fee (if any).
   */
  checkin(loanId: string, at: Date, opts?: CheckinOptions): Promise<CheckinResult>;
  /**
   * Records the member's claim that an active loan's book is on its way back: status `returning` as of `at`.
   * The copy stays out (not on the shelf, not to a hold) until checkin. Refused when not active or claimed.
   */
  claimReturn(loanId: string, at: Date): Promise<RenewResult>;
  /**
   * Moves an active loan's due date to `dueDate(loan)` (the loan as stored at that moment), if it has been
   * renewed fewer than maxRenewals times.
   */
  renew(loanId: string, opts: { dueDate: (loan: LoanRecord) => Date; maxRenewals: number }): Promise<RenewResult>;
  /**
   * Moves every active loan (claimed returns too) due from `from` through `through` to `to`: the library closed
   * on those days. Answers the loans moved, as they are now; a loan already moved (a second run) is not moved
   * again.
   */
  moveDue(from: Date, through: Date, to: Date): Promise<LoanRecord[]>;
  /** Closes an active loan as lost or damaged: the copy leaves the collection and the charges are recorded. */
  close(loanId: string, at: Date, opts: LossOptions): Promise<CheckinResult>;
  /** Active loans due before `dueBefore`, the longest overdue first (due date, then id). */
  overdue(dueBefore: Date, page: PageRequest): Promise<Page<LoanRecord>>;
  get(id: string): Promise<LoanRecord | null>;
  /** A copy's last loan (the latest borrow of that item), any status; null when it was never lent. */
  lastOfItem(itemBarcode: string): Promise<LoanRecord | null>;
  /** Newest first (borrowDate descending, then id descending). */
  listByUser(userId: string): Promise<LoanRecord[]>;
  countActiveByUser(userId: string): Promise<number>;
  /** Active loans of every member: the books out right now (the loans-in-progress gauge at /metrics). */
  countActive(): Promise<number>;
}

export interface UserProfile {
  uid: string;
  email: string;
  name: string;
  photoURL: string | null;
  role: Role;
}

export interface UserRecord extends UserProfile {
  id: string;
  status: string;
  phone: string | null;
  createdAt: Date;
  lastLoginAt: Date;
  /** The member's notices are also e-mailed (when the library sends e-mail); on until they turn it off. */
  emailNotices: boolean;
  /** How many times emailNotices was set: an unsubscribe link carries it, and stops working once it moves on. */
  emailNoticesVersion: number;
  /** The language the member chose (the SPA's switch), which their e-mails follow; null until they choose. */
  locale: Locale | null;
  /**
   * The member's library card (barcodes.ts: `BM`, 7 digits, a check digit, or a card staff typed in at
   * registration); unique, given at the first sign-in. Null only for a member written by an older version,
   * until the store next opens.
   */
  cardNumber: string | null;
  /** Why staff blocked the member (no borrowing, no holds), and since when; both null while not blocked. */
  blockedReason: string | null;
  blockedAt: Date | null;
}

/** A member the desk registers: their Firebase account exists already; a null card gets the next number. */
export interface NewMember extends UserProfile {
  phone: string | null;
  cardNumber: string | null;
}

/** The details staff may edit; an absent field stays as it is (the phone may be set to null). */
export interface MemberDetails {
  name?: string;
  email?: string;
  phone?: string | null;
}

/** A note staff keep on a member, newest first; only staff read them. */
export interface MemberNote {
  id: string;
  uid: string;
  text: string;
  at: Date;
  byUid: string;
  byName: string;
}

/** The languages the library speaks: English and Bangla. */
export type Locale = 'en' | 'bn';

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
  /** Ends an open hold; a ready one's copy passes to the next member waiting, or back to the shelf. */
  cancel(holdId: string, at: Date): Promise<EndHoldResult>;
  /** Ready holds set aside before `readyBefore` expire, their copies passed on as by cancel. */
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

/**
 * What one copy is doing. ON_LOAN and RETURNING follow the active loan that has it (RETURNING: the member
 * claimed the return, RETURNS=desk), ON_HOLD_SHELF the ready hold it is set aside for; the store keeps those in
 * the same step as the loan or hold. The others are set by staff (setStatus) on a copy nobody has.
 */
export type ItemStatus = 'ON_SHELF' | 'ON_LOAN' | 'ON_HOLD_SHELF' | 'RETURNING' | 'IN_REPAIR' | 'LOST' | 'WITHDRAWN';
/** The statuses staff set by hand, on a copy no loan or hold has. */
export type ItemShelfStatus = 'ON_SHELF' | 'IN_REPAIR' | 'LOST' | 'WITHDRAWN';

/**
 * A copy the library owns (or owned): a barcode printed on its label (the library's scheme, barcodes.ts). A
 * book's copies owned (BookRecord.copies) are its items ON_SHELF, ON_LOAN, ON_HOLD_SHELF or RETURNING; its copies
 * available (quantity) those ON_SHELF. IN_REPAIR, LOST and WITHDRAWN items are out of both.
 */
export interface ItemRecord {
  barcode: string;
  bookId: string;
  status: ItemStatus;
  addedAt: Date;
  /** Staff's note on its condition (or why it left); '' when none. */
  note: string;
  /** The active loan that has it (ON_LOAN, RETURNING); null otherwise. */
  loanId: string | null;
  /** The ready hold it is set aside for (ON_HOLD_SHELF); null otherwise. */
  holdId: string | null;
}

export type SetItemStatusResult =
  | { ok: true; item: ItemRecord; /** The book's copies available after it. */ quantity: number }
  /** item-busy: a loan or a ready hold has it (check it in, or cancel the hold, first). */
  | { ok: false; reason: 'item-not-found' | 'item-busy' };

/**
 * Items: the copies as things with barcodes. Adding and changing items moves the book's copies owned and
 * available in the same step (a copy reaching the shelf goes to the first member waiting, as a return does);
 * editing a book's copies owned (BookStore.update, changeStock) adds items or withdraws copies from the shelf.
 */
export interface ItemStore {
  get(barcode: string): Promise<ItemRecord | null>;
  /** A book's items, in the order they were added (every status). */
  listByBook(bookId: string): Promise<ItemRecord[]>;
  /**
   * Hands out `count` (1..100) new barcodes, consecutive and never given out again, for an add that names its
   * copies before it runs (an idempotency key's ref, decision 031). A number reserved and never added stays unused.
   */
  reserve(count: number): Promise<string[]>;
  /**
   * Adds `count` (1..100) new copies on the shelf with new barcodes, or with the ones `reserve` gave (`barcodes`);
   * null when no book has that id.
   */
  add(
    bookId: string,
    count: number,
    at: Date,
    note?: string,
    barcodes?: readonly string[],
  ): Promise<ItemRecord[] | null>;
  /**
   * Sets a copy's status by hand (in repair, lost, withdrawn, or back on the shelf: repaired, found), with the
   * note when given, when no loan or hold has it. Leaving the shelf takes it out of copies owned and available;
   * coming back puts it in both (to the first member waiting, if any). The same status again changes only the note.
   */
  setStatus(barcode: string, status: ItemShelfStatus, note: string | null, at: Date): Promise<SetItemStatusResult>;
  /**
   * A LOST copy found (scanned at the desk): back on the shelf (or to the first member waiting), and when its last
   * loan was closed as lost, that loan's replacement charge refunded as a `lost-found` credit, at most once per
   * loan (the balance may go below zero), of the amount `refundOf` gives from the member's ledger as it is at that
   * step. `refund` is the credit this call recorded; null when none (no lost loan, nothing to refund, refunded
   * before, or a concurrent scan recorded it). Refused when the copy is not LOST.
   */
  found(barcode: string, at: Date, by: string, refundOf: RefundRule): Promise<FoundResult>;
}

/** What a lost loan's refund is, given the member's ledger (any order): the library's rule (settlement.ts). */
export type RefundRule = (ledger: readonly LedgerRecord[], loanId: string) => number;

export type FoundResult =
  | {
      ok: true;
      item: ItemRecord;
      quantity: number;
      /** The copy's last loan when it was closed as lost; null otherwise (staff marked the copy lost by hand). */
      loan: LoanRecord | null;
      refund: LedgerRecord | null;
    }
  | { ok: false; reason: 'item-not-found' | 'not-lost' | 'item-busy' };

/** 'due-date-moved': the library closed on a loan's due day or a ready hold's last pickup day (key in notices.ts). */
export type NoticeKind = 'due-soon' | 'overdue' | 'hold-ready' | 'hold-expired' | 'due-date-moved';

/** A message to a member about one event of a loan or hold, stored once per event (its key). */
export interface NoticeRecord {
  id: string;
  userId: string;
  kind: NoticeKind;
  /** One per event, e.g. `due-soon:<loan id>:<due day>`: recording it again changes nothing. */
  key: string;
  bookId: string;
  bookTitle: string;
  loanId: string | null;
  holdId: string | null;
  /** The day the notice is about (due day, last pickup day), YYYY-MM-DD. */
  day: string;
  createdAt: Date;
  readAt: Date | null;
  /** Its e-mail (the outbox entry, stored with the notice); null when e-mail was off when it was recorded. */
  mail: NoticeMail | null;
  /**
   * A due-date-moved notice's dates (null on other kinds, and on those recorded before it existed, whose key ends
   * with the closed day): the closed days, and each loan or hold they moved with the day it moved to.
   */
  moved: MovedDates | null;
}

/** One member's dates a closure moved, told in one notice. */
export interface MovedDates {
  /** The first and last closed day (YYYY-MM-DD). */
  from: string;
  to: string;
  dates: { loanId: string | null; holdId: string | null; bookId: string; bookTitle: string; day: string }[];
}

export type NewNotice = Omit<NoticeRecord, 'id' | 'readAt' | 'mail' | 'moved'> & { moved?: MovedDates | null };

/** pending: to send (again); sent; failed: every attempt failed; skipped: the member turned e-mail off. */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'skipped';

export interface NoticeMail {
  status: MailStatus;
  /** Sends started so far: each claim counts one, and a claim only succeeds with the count it read. */
  attempts: number;
  /** While pending: not before this (the next retry, or the end of a sender's claim). */
  nextAttemptAt: Date | null;
  lastError: string | null;
  /** When it was sent, failed for good or skipped. */
  settledAt: Date | null;
}

/** What became of one attempt (settleMail); pending again with the time of the next one. */
export type MailOutcome =
  | { status: 'sent' | 'skipped'; at: Date }
  | { status: 'failed'; at: Date; error: string }
  | { status: 'pending'; at: Date; nextAttemptAt: Date; error: string };

export interface NoticeStore {
  /**
   * Records the notices not recorded yet (by key); returns those it added. With mail, each is also queued for
   * e-mail (pending from its createdAt, or `mailAfterMs` later) in the same write, so no notice is ever recorded
   * without its e-mail.
   */
  record(notices: NewNotice[], opts?: { mail: boolean; mailAfterMs?: number }): Promise<NoticeRecord[]>;
  /**
   * The member's newest due-date-moved notice recorded at or after `since` that is still unread and whose e-mail,
   * if any, was not tried yet: the one a new move of their dates joins (null when there is none).
   */
  movedSince(userId: string, since: Date): Promise<NoticeRecord | null>;
  /** Sets a notice's moved dates and day, if it is still unread and its e-mail untried; false if not. */
  updateMoved(id: string, moved: MovedDates, day: string): Promise<boolean>;
  /** Which of these keys are recorded already (a read, so a schedule can skip what it has done). */
  recorded(keys: string[]): Promise<Set<string>>;
  /** Newest first. */
  list(userId: string, opts: { unreadOnly: boolean; page: PageRequest }): Promise<Page<NoticeRecord>>;
  unreadCount(userId: string): Promise<number>;
  /** Marks the member's notices read (these ids, or all when null); returns how many changed. */
  markRead(userId: string, ids: string[] | null, at: Date): Promise<number>;
  /** Notices whose e-mail is pending and due by `at`, the longest waiting first (a read). */
  mailDue(at: Date, limit: number): Promise<NoticeRecord[]>;
  /**
   * Claims one e-mail to send, if it is still pending, due by `at` and tried `attempts` times (what the
   * sender read): counts the attempt and holds it until `until`. Of several senders, one gets it (the notice);
   * the others get null.
   */
  claimMail(id: string, attempts: number, at: Date, until: Date): Promise<NoticeRecord | null>;
  /** Records an attempt's outcome, if the e-mail is still pending after `attempts` tries (its claim); false if not. */
  settleMail(id: string, attempts: number, outcome: MailOutcome): Promise<boolean>;
}

/** 'lost-found': a lost copy found, its loan's replacement charge refunded (a credit; the balance may go below 0). */
export type LedgerKind = 'late-fee' | 'replacement' | 'processing-fee' | 'payment' | 'waiver' | 'lost-found';

export interface LedgerRecord {
  id: string;
  userId: string;
  kind: LedgerKind;
  /** Whole taka, > 0; the kind says which way it moves the balance. */
  amount: number;
  loanId: string | null;
  bookTitle: string | null;
  note: string;
  /** The staff member who recorded it; null for charges the library made itself. */
  recordedBy: string | null;
  createdAt: Date;
}

export type NewCredit = Pick<LedgerRecord, 'userId' | 'amount' | 'note' | 'recordedBy' | 'createdAt'> & {
  kind: 'payment' | 'waiver';
  /** The entry's id when the caller chose it (24 hex, e.g. the ref of a request claim); a new one otherwise. */
  id?: string;
};

/** A member's account as records, never an edited total: charges, payments, waivers. */
export interface LedgerStore {
  /** Charges minus payments and waivers. */
  balance(userId: string): Promise<number>;
  /** Newest first. */
  list(userId: string): Promise<LedgerRecord[]>;
  /**
   * Records a payment or waiver, refused when it is more than the balance at that moment: the check and the
   * record are one step, so credits at once, from any number of gateways, never take the balance below zero.
   */
  /**
   * Payments and waivers recorded from `from` (inclusive) to `to` (exclusive), oldest first: the desk's
   * cash-up of a day. Charges are left out (the library makes them, no money changes hands).
   */
  credits(from: Date, to: Date): Promise<LedgerRecord[]>;
  credit(
    entry: NewCredit,
  ): Promise<
    { ok: true; entry: LedgerRecord; balance: number } | { ok: false; reason: 'exceeds-balance'; balance: number }
  >;
}

/**
 * A write's idempotency key (a desk form's submission, a member's tap), claimed before the write it names. The
 * claim says what was asked (`fingerprint`) and which record the write makes or changes (`ref`: a ledger
 * entry, a loan), so a repeat of the key can answer that record instead of writing again.
 */
export interface RequestClaim {
  /** Whose key: the caller's uid. Keys are unique per caller. */
  actor: string;
  key: string;
  fingerprint: string;
  ref: string;
  at: Date;
}

export type ClaimResult = { fresh: true } | { fresh: false; fingerprint: string; ref: string };

export interface RequestStore {
  /**
   * Claims (actor, key) in one conditional write: fresh when nobody holds it, or its claim is older than
   * `keepMs` (it is then replaced, and the caller's other expired claims go); otherwise the first claim.
   */
  claim(claim: RequestClaim, keepMs: number): Promise<ClaimResult>;
  /** Gives a claim back after its write was refused (nothing recorded), so the same key may be sent again. */
  release(actor: string, key: string): Promise<void>;
}

/** What a search of members looks in. */
export type UserSearchFields = 'name' | 'nameOrEmail';

/** Which API a write came through (the transport says, per request). */
export type AuditApi = 'graphql' | 'rest';

/**
 * What an audit entry records: a desk action (check-in, lost or damaged, payment, waiver, a member's hold
 * cancelled by staff), a catalogue change (one entry per field added or edited) or a member's role changing.
 */
export type AuditAction =
  | 'check-in'
  | 'mark-lost'
  | 'payment'
  | 'waiver'
  | 'hold-cancelled'
  | 'book-added'
  | 'book-edited'
  | 'role-changed'
  | 'closure-added'
  | 'closure-removed'
  | 'reminder-sent'
  // The desk's copies and scanning (issue 31).
  | 'item-added'
  | 'item-status'
  | 'check-out'
  | 'override'
  | 'fee-forgiven'
  | 'renewal'
  | 'hold-placed'
  | 'member-registered'
  | 'member-edited'
  | 'member-blocked'
  | 'member-unblocked'
  | 'member-note-added'
  // The hold shelf (decision 058).
  | 'hold-shelved'
  | 'hold-shelf-cleared'
  // The member says they returned it; the library looks for it (issue 31).
  | 'claims-returned'
  // A lost copy found at the desk, its replacement charge refunded (decision 059).
  | 'lost-found';

/**
 * One record of the audit trail: who did what, when, through which API. Never edited or deleted; erasing the
 * member it is about empties its personal values (ErasureStore).
 */
export interface AuditRecord {
  id: string;
  at: Date;
  actorUid: string;
  actorName: string;
  /** null: not through an API (a script calling the services). */
  api: AuditApi | null;
  action: AuditAction;
  /** The field changed (a book's field, `role`, a loan's `status`, a member's `balance`); null when none. */
  field: string | null;
  /** Values as text (numbers written out); null where there was none (a field of a new book). */
  oldValue: string | null;
  newValue: string | null;
  /** The book it is about, if any. */
  bookId: string | null;
  /** The member it is about, if any. */
  uid: string | null;
}

export type NewAudit = Omit<AuditRecord, 'id'>;

/**
 * The audit trail: append-only by construction, so this port has no way to change or remove an entry. Pages are
 * newest first (descending id, which is insertion order); endCursor is the last entry's id, encoded.
 */
export interface AuditStore {
  /** Records the entries in one write, in the given order. */
  record(entries: NewAudit[]): Promise<AuditRecord[]>;
  /** A book's history. A malformed cursor throws InvalidCursorError. */
  listByBook(bookId: string, page: PageRequest): Promise<Page<AuditRecord>>;
  /** A member's history: entries about them (uid), not the ones they made. */
  listByUid(uid: string, page: PageRequest): Promise<Page<AuditRecord>>;
}

export interface UserStore {
  /** Creates the user on first sign-in (status "active", createdAt now); later sign-ins refresh profile and role. */
  upsert(profile: UserProfile): Promise<UserRecord>;
  getByUid(uid: string): Promise<UserRecord | null>;
  /** Oldest first. */
  list(): Promise<UserRecord[]>;
  /**
   * A page of members in sign-up order; search: case-insensitive substring of name, e-mail, card number or
   * phone (its digits), or of the name alone (`in: 'name'`: what a member who is not staff may search, since
   * e-mails, cards and phones are not theirs to probe).
   */
  page(search: string | null, page: PageRequest, within?: UserSearchFields): Promise<Page<UserRecord>>;
  /** Turns the member's e-mailed notices on or off, counting the change; null when there is no such member. */
  setEmailNotices(uid: string, enabled: boolean): Promise<UserRecord | null>;
  /**
   * Turns e-mailed notices off (counting the change) only while emailNoticesVersion is still `version`, in one
   * conditional write: `applied` false, and the record as it is, when the setting changed since. Null when
   * there is no such member.
   */
  turnOffEmailNoticesAt(uid: string, version: number): Promise<{ user: UserRecord; applied: boolean } | null>;
  /** Records the member's language; null when there is no such member. */
  setLocale(uid: string, locale: Locale): Promise<UserRecord | null>;
  /** The member holding this card (an exact card number); null when no member does. */
  getByCard(card: string): Promise<UserRecord | null>;
  /**
   * Creates a member the desk registers. Throws CardTakenError when another member holds the card, and
   * MemberExistsError when the uid has a record already; nothing is written then.
   */
  register(member: NewMember): Promise<UserRecord>;
  /** Changes the member's details (the search key follows); null when there is no such member. */
  editDetails(uid: string, details: MemberDetails): Promise<UserRecord | null>;
  /** Blocks the member with a reason since `at`, or unblocks them (null); null when there is no such member. */
  setBlock(uid: string, block: { reason: string; at: Date } | null): Promise<UserRecord | null>;
  /** Adds a note on a member (who must exist: the service checks); the caller picks its id (a new one). */
  addNote(note: MemberNote): Promise<MemberNote>;
  /** The notes on a member, newest first. */
  listNotes(uid: string): Promise<MemberNote[]>;
}

/** What erasing a member's account did (store.erasure.erase). */
export interface ErasedAccount {
  /** False when there was no user record (already erased, or never signed in). */
  user: boolean;
  /** Their loans, kept with the member's name and e-mail removed. */
  loansAnonymised: number;
  /** Their holds (all ended), kept the same way. */
  holdsAnonymised: number;
  /** Their notices and the notices' e-mails, deleted. */
  noticesDeleted: number;
  /**
   * Entries of the audit trail about them that lost the values of `auditActions` (set to null) or their own
   * name as who made them (set to '').
   */
  auditRedacted: number;
  /** Their payments and waivers whose note (staff's words) was emptied; amounts, kinds and titles stay. */
  ledgerNotesCleared: number;
}

/**
 * Erasing a member at their request. The service checks first that nothing is open (loans, holds, balance);
 * the ledger stays (amounts and titles, no name, e-mail or note: the library's accounts).
 */
export interface ErasureStore {
  /**
   * Deletes the user record, the member's notices and the notes staff kept on them; removes the member's name
   * and e-mail from their loans and holds, which stay for the library's statistics, and staff's notes from
   * their payments and waivers. In the audit trail's entries about them, the values of `auditActions` (the library says
   * which hold personal data) become null and their own name as who made an entry becomes ''. The only change
   * the audit trail ever takes. Erasing again changes nothing.
   */
  erase(uid: string, personal: { auditActions: readonly AuditAction[] }): Promise<ErasedAccount>;
}

/**
 * Leases: work that must run on one gateway at a time (the schedule) is done by whoever holds its lease. A
 * lease is one record per name, taken and renewed by a single conditional write, and lapses on its own when
 * its holder stops renewing (a gateway that died).
 */
export interface LeaseStore {
  /**
   * Takes or renews the lease `name` for `holder` until `now + ttlMs`, in one conditional write: granted when
   * nobody holds it, `holder` already does, or the last holder's lease ended at or before `now`. True when
   * `holder` holds it afterwards.
   */
  acquire(name: string, holder: string, now: Date, ttlMs: number): Promise<boolean>;
  /** Gives the lease up if `holder` holds it (a clean shutdown), so another need not wait for it to lapse. */
  release(name: string, holder: string): Promise<void>;
}

/**
 * Sessions ended before their tokens expire (decision 069): one signed out, or every session of a member whose
 * account was erased. Session tokens stay stateless otherwise; the gateway asks here about a token it has not
 * asked about lately.
 */
export interface SessionStore {
  /** Ends one session (a sign-out); remembered until `expiresAt`, when its token is refused anyway. */
  end(sessionId: string, expiresAt: Date, now: Date): Promise<void>;
  /** Ends every session of `uid` issued at or before `at` (the member's account erased). */
  endAllOf(uid: string, at: Date): Promise<void>;
  /** True when the session was ended, or its member's sessions were ended at or after `issuedAt`. */
  ended(sessionId: string, uid: string, issuedAt: Date): Promise<boolean>;
}

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
  reason: string;
  createdAt: Date;
}

/** The library's calendar: its weekly opening hours and its closures, one per day. */
export interface CalendarStore {
  /** The weekly hours, by weekday (the defaults from seed/calendar.ts until staff change them). */
  openingHours(): Promise<OpeningHours[]>;
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

export interface Store {
  readonly kind: 'sqlite' | 'mongodb';
  readonly calendar: CalendarStore;
  readonly books: BookStore;
  readonly categories: CategoryStore;
  readonly loans: LoanStore;
  readonly ledger: LedgerStore;
  readonly requests: RequestStore;
  readonly holds: HoldStore;
  readonly notices: NoticeStore;
  readonly users: UserStore;
  readonly erasure: ErasureStore;
  readonly leases: LeaseStore;
  readonly sessions: SessionStore;
  readonly audit: AuditStore;
  readonly items: ItemStore;
  /** Resolves when the database answers; rejects otherwise (health checks). */
  ping(): Promise<void>;
  /**
   * A number that changes when another connection (another process) has committed a write since the last
   * call; absent when the engine cannot tell (MongoDB: other gateways' writes are not announced).
   */
  writesElsewhere?(): number;
  close(): Promise<void>;
}

/** A card number another member holds already. */
export class CardTakenError extends Error {
  readonly card: string;
  constructor(card: string) {
    super(`Card ${card} is taken`);
    this.name = 'CardTakenError';
    this.card = card;
  }
}

/** A member record for this uid exists already. */
export class MemberExistsError extends Error {
  readonly uid: string;
  constructor(uid: string) {
    super(`Member ${uid} exists`);
    this.name = 'MemberExistsError';
    this.uid = uid;
  }
}

export class InvalidCursorError extends Error {
  constructor() {
    super('Invalid cursor');
    this.name = 'InvalidCursorError';
  }
}
