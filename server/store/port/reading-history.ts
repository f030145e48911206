// A member's reading history: their closed loans while the loans still name them, whether they keep it, and the
// anonymizing write that takes the member off a closed loan (the loan stays for the library's statistics).
import type { AuditAction } from './audit.ts';
import type { LoanRecord } from './loans.ts';
import type { Page, PageRequest } from './paging.ts';

/**
 * What an anonymized loan (and its audit entries) holds instead of its member's uid: ANONYMOUS_MEMBER and a word
 * drawn once per member and write, so the loans one member gave up at once still count as one member in the
 * reports (decision 083). In shared/, as the SPA's desk shows it too.
 */
export { ANONYMOUS_MEMBER, isAnonymousMember } from '../../../shared/anonymous-member.ts';

/** Which audit entries are a loan's, and which of them lose their values with the member (audit-privacy.ts). */
export interface LoanTrail {
  /** The actions of a loan's entries: an entry recorded without a loan id is matched by them (see anonymize). */
  actions: readonly AuditAction[];
  /** The actions whose values are personal or staff's words about the member: emptied (null), as erasure does. */
  emptied: readonly AuditAction[];
}

export interface ReadingHistoryStore {
  /** Whether the member keeps their reading history; false for a member who never chose (or has no record). */
  keeps(uid: string): Promise<boolean>;
  /** Records the member's choice; null when there is no such member. */
  setKeeps(uid: string, keep: boolean): Promise<boolean | null>;
  /** A page of the member's closed loans (returned, lost, damaged), newest borrow first (then id). */
  page(userId: string, page: PageRequest): Promise<Page<LoanRecord>>;
  /**
   * Closed loans returned at or before `returnedBy` that still name their member, oldest return first, at most
   * `limit`: of `userId` alone whatever they chose (newest borrow first), or else of every member who does not keep
   * their history; `after`: only those returned after it (the next page of every member's).
   */
  named(returnedBy: Date, opts: { userId?: string; after?: Date; limit: number }): Promise<LoanRecord[]>;
  /**
   * Takes the member off each listed loan that is still theirs and closed: the uid becomes `marker` (an
   * ANONYMOUS_MEMBER one), name and e-mail '', and who returned it in the app (their name) null. The loan's audit
   * entries that still name the member go with it: those recorded with its id, and older ones without an id (of
   * `trail.actions`, about the member and the loan's book, from its borrow until the member's next loan of that
   * book). Their uid becomes `marker`, and so does who made one when the member did (their name ''); the values of
   * `trail.emptied` become null. Answers how many loans changed; writing again changes nothing.
   */
  anonymize(userId: string, loanIds: readonly string[], marker: string, trail: LoanTrail): Promise<number>;
}
