// The audit trail: who did what at the desk, to the catalogue and to roles; append-only.
import type { Page, PageRequest } from './paging.ts';

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
  // Staff pausing or resuming a member's hold (issue 42); newValue: the day it resumes, or null.
  | 'hold-paused'
  | 'hold-resumed'
  | 'book-added'
  | 'book-edited'
  | 'role-changed'
  | 'closure-added'
  | 'closure-removed'
  // Opening hours staff changed (decision 073); newValue: the days and the week's hours.
  | 'hours-changed'
  | 'reminder-sent'
  // The desk's copies and scanning (issue 31).
  | 'item-added'
  | 'item-status'
  | 'check-out'
  // A member's loan made or ended in the app (issue 40, item 6); newValue: the due day, or how it ended.
  | 'borrowed'
  | 'returned'
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
  | 'lost-found'
  // Staff wrote a field's value from before a member's edit back (issue 40): field, oldValue the edited value,
  // newValue the value restored.
  | 'book-reverted'
  // Staff accepted or declined a member's purchase suggestion (issue 42): oldValue the title suggested, newValue
  // accepted or declined, with staff's reason after a colon when they gave one.
  | 'suggestion-decided'
  // Staff reminded every member at least some days overdue at once (decision 086): field minDays, newValue the
  // days with how many members and loans were reminded and how many members skipped (reminded that day already).
  | 'overdue-reminders-sent';

/**
 * One record of the audit trail: who did what, when, through which API. Never edited or deleted; erasing the
 * member it is about empties its personal values (ErasureStore), and so does anonymizing the loan it is about,
 * which also puts the loan's marker for the member (ReadingHistoryStore.anonymize).
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
  /** The member it is about, if any: an ANONYMOUS_MEMBER marker once the loan it is about lost its member. */
  uid: string | null;
  /**
   * The loan it is about, if any (a loan's lending, renewal, end, reminder, claim or found copy); entries recorded
   * before migration 41 have none (null, or absent when recorded without one).
   */
  loanId?: string | null;
}

export type NewAudit = Omit<AuditRecord, 'id'>;

/**
 * The audit trail: append-only by construction, so this port has no way to change or remove an entry. Pages are
 * newest first (descending id, which is insertion order); endCursor is the last entry's id, encoded.
 */
export interface AuditStore {
  /** Records the entries in one write, in the given order. */
  record(entries: NewAudit[]): Promise<AuditRecord[]>;
  /** One entry by its id; null for none (or an id that cannot be one). */
  get(id: string): Promise<AuditRecord | null>;
  /** A book's history. A malformed cursor throws InvalidCursorError. */
  listByBook(bookId: string, page: PageRequest): Promise<Page<AuditRecord>>;
  /** A member's history: entries about them (uid), not the ones they made. */
  listByUid(uid: string, page: PageRequest): Promise<Page<AuditRecord>>;
}
