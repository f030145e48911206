// The domain's failures. Transports map them: GraphQL extensions.code, REST status codes.
import { say } from './i18n/index.ts';
import type { Sentence, SentenceKey, Values, ValuesArg } from './i18n/keys.ts';

export type ErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'ALREADY_BORROWED'
  | 'OUT_OF_STOCK'
  | 'LOAN_LIMIT'
  | 'FEES_UNPAID'
  | 'RENEWAL_LIMIT'
  | 'BOOK_REQUESTED'
  | 'LOAN_NOT_ACTIVE'
  | 'LOAN_OVERDUE'
  | 'CONFLICT'
  | 'ALREADY_ON_HOLD'
  | 'COPIES_AVAILABLE'
  // A hold on a title the library owns no copy of: no copy will ever come back to fill it.
  | 'NO_COPIES'
  | 'HOLD_LIMIT'
  // A member's open purchase suggestions at the policy's limit (SUGGESTION_LIMIT in policy.ts).
  | 'SUGGESTION_LIMIT'
  | 'ACCOUNT_IN_USE'
  | 'RATE_LIMITED'
  | 'REQUEST_KEY_REUSED'
  | 'REQUEST_IN_PROGRESS'
  | 'UNAVAILABLE'
  // The desk's copies (issue 31): a copy lent to someone else, out of the collection, busy, or not on loan.
  | 'ITEM_ON_LOAN'
  | 'ITEM_UNAVAILABLE'
  | 'ITEM_BUSY'
  | 'NOT_ON_LOAN'
  | 'MEMBER_BLOCKED'
  // The hold shelf (decision 058): shelving a hold with no copy set aside; clearing one still open or not there.
  | 'HOLD_NOT_READY'
  | 'HOLD_STILL_READY'
  | 'NOT_ON_HOLD_SHELF'
  // A ready hold cannot be paused (issue 42): its copy waits; borrow it or cancel the hold.
  | 'HOLD_READY'
  // The library's calendar (decision 046): no open day within the policy's maxClosedDays to put a date on.
  | 'LIBRARY_CLOSED';

/** The options of a refusal besides its sentence: the input field at fault (BAD_USER_INPUT). */
type Rest<K extends SentenceKey> = [...ValuesArg<K>, field?: string];

/**
 * A refusal: a code (GraphQL's extensions.code, REST's status) and a sentence as a key of i18n/en.ts with its raw
 * values, said in the reader's language at the edge. `message` is its English (logs, the audit trail). Raising
 * without a key, or without the values its sentence names, does not compile.
 */
export class LibraryError<K extends SentenceKey = SentenceKey> extends Error {
  readonly code: ErrorCode;
  readonly key: K;
  /** The sentence's values, raw: days as YYYY-MM-DD, counts and amounts as numbers. */
  readonly values: Values;
  /** The input field at fault, for BAD_USER_INPUT. */
  readonly field: string | undefined;
  /** A policy refusal of the desk's check-out that staff may lend past with a reason (checkOut's `override`). */
  overridable = false;

  constructor(code: ErrorCode, key: K, ...rest: Rest<K>) {
    const [values, field] = rest as unknown as [Values | undefined, string | undefined];
    const said: Values = values ?? {};
    super(say('en', key, said));
    this.name = 'LibraryError';
    this.code = code;
    this.key = key;
    this.values = said;
    this.field = field;
  }

  /** A refusal of a sentence already checked where it was made (a loan's renewal, kept to be said later). */
  static of(code: ErrorCode, said: Sentence, field?: string): LibraryError {
    return new LibraryError(code, said.key as 'unavailable', said.values as Record<string, never>, field);
  }

  /** What the refusal says, to be said in a language. */
  get sentence(): Sentence {
    return { key: this.key, values: this.values };
  }
}

/** BAD_USER_INPUT for a field, with the sentence that says what is wrong with it. */
export function badInput<K extends SentenceKey>(field: string, key: K, ...[values]: ValuesArg<K>): LibraryError<K> {
  return new LibraryError<K>('BAD_USER_INPUT', key, ...([values, field] as unknown as Rest<K>));
}
