// A member's reading history: their closed loans while the loans still name them, whether they keep it, and the
// anonymizing write that takes the member off a closed loan (the loan stays for the library's statistics).
import type { LoanRecord } from './loans.ts';
import type { Page, PageRequest } from './paging.ts';

/**
 * What an anonymized loan holds instead of its member's uid: this prefix and a word drawn once per member and
 * write, so the loans one member gave up at once still count as one member in the reports (decision 083).
 */
export const ANONYMOUS_MEMBER = 'anonymous:';

export const isAnonymousMember = (userId: string): boolean => userId.startsWith(ANONYMOUS_MEMBER);

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
   * ANONYMOUS_MEMBER one), name and e-mail '', and who returned it in the app (their name) null. Answers how many
   * loans changed; writing again changes nothing.
   */
  anonymize(userId: string, loanIds: readonly string[], marker: string): Promise<number>;
}
