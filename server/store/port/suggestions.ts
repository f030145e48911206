// Purchase suggestions (issue 42): a member asks the library to buy a book; staff accept or decline it.
import type { Page, PageRequest } from './paging.ts';

/** open: waiting for staff; accepted: the library will buy it; declined: it will not (staff said why). */
export type SuggestionStatus = 'open' | 'accepted' | 'declined';

export interface SuggestionRecord {
  id: string;
  /** The member who suggested it. */
  userId: string;
  title: string;
  /** '' when the member left it out. */
  author: string;
  /** The member's words to staff; '' when none. */
  note: string;
  status: SuggestionStatus;
  /** Staff's reason (required to decline, optional to accept); null while open. */
  reason: string | null;
  createdAt: Date;
  decidedAt: Date | null;
  /** The uid of the staff member who decided; null while open. */
  decidedBy: string | null;
}

export type NewSuggestion = Pick<SuggestionRecord, 'userId' | 'title' | 'author' | 'note' | 'createdAt'>;

export interface SuggestionDecision {
  status: 'accepted' | 'declined';
  reason: string | null;
  at: Date;
  by: string;
}

export interface SuggestionStore {
  /**
   * Records a member's suggestion, open, unless they have `limit` open ones already: then null and nothing
   * recorded. Two suggestions sent at once never take a member past the limit.
   */
  add(suggestion: NewSuggestion, limit: number): Promise<SuggestionRecord | null>;
  get(id: string): Promise<SuggestionRecord | null>;
  /** Every member's suggestions with this status (all when null), newest first. */
  list(status: SuggestionStatus | null, page: PageRequest): Promise<Page<SuggestionRecord>>;
  /** One member's suggestions, newest first. */
  listByUser(userId: string): Promise<SuggestionRecord[]>;
  /** Decides an open suggestion; null when it is not open (decided already, or no such suggestion). */
  decide(id: string, decision: SuggestionDecision): Promise<SuggestionRecord | null>;
  /** Deletes the member's suggestions (their account is erased); how many went. */
  eraseMember(userId: string): Promise<number>;
}
