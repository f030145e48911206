// The back-fill of loans anonymized before their audit entries were (decision 083): loans the daily run took their
// member off before migration 41 kept entries naming the member, without the loan's id. Both adapters find each
// such loan's opening entry (the desk's check-out or the app's borrowed, of its book, at its borrow), whose uid is
// the member, and take the member off the loan's entries as anonymizing does now. What they match is fixed here.
import type { AuditAction, LoanTrail } from './port.ts';

/** The entries that open a loan, written with it (at the loan's borrow time, give or take the clock's next read). */
export const OPENING_ACTIONS: readonly AuditAction[] = ['check-out', 'borrowed'];

/**
 * How far (ms) an opening entry's time may be from its loan's borrow time: the loan and its entries read the clock
 * one after the other. An exactly equal entry is taken first; otherwise only one may be this near.
 */
export const OPENING_SLACK_MS = 1000;

/**
 * The loan trail (library/audit-privacy.ts LOAN_TRAIL) of the entries recorded before migration 41, which have no
 * loan id: its actions, and those whose values go (staff's words about the member). Fixed as it was then: entries
 * recorded since carry their loan's id and are never back-filled.
 */
export const TRAIL_BEFORE_41: LoanTrail = {
  actions: [
    'check-out',
    'override',
    'borrowed',
    'renewal',
    'reminder-sent',
    'claims-returned',
    'check-in',
    'returned',
    'mark-lost',
    'fee-forgiven',
    'lost-found',
  ],
  emptied: ['override', 'claims-returned'],
};

/** What the back-fill did, kept where it ran (SQLite's backfills table, MongoDB's backfills collection). */
export interface BackfillOutcome {
  /** Anonymized loans whose entries took the loan's marker. */
  loans: number;
  /** Anonymized loans left as they were: more than one opening entry, or loan, could be theirs. */
  ambiguous: number;
}

export const ANONYMOUS_TRAIL_BACKFILL = 'anonymous-audit';
