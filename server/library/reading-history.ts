// A reading history only the member owns (issue 42, decision 083): a closed loan keeps its member only while
// something is owed on it and for the policy's anonymizeAfterDays after its return (or after the fee was settled),
// unless the member keeps their history; then it stays for the library's statistics without them. The daily run
// is the schedule's (server/schedule.ts, one gateway at a time); a member may also delete their history now.
import { randomUUID } from 'node:crypto';
import type { LoanRecord, Page, Store, UserRecord } from '../store/port.ts';
import { ANONYMOUS_MEMBER } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError } from './errors.ts';
import { cursor, pageSize, paged } from './paging.ts';
import type { Policy } from './policy.ts';
import { mayAnonymize } from './rules/reading-history.ts';
import { LOAN_TRAIL } from './audit-privacy.ts';

const DAY_MS = 86_400_000;
/** Loans read at a time by the daily run. */
const BATCH = 500;

export interface ReadingHistory {
  /** Whether the member keeps their history: the member only (FORBIDDEN to anyone else). */
  keeps(session: Session, user: UserRecord): Promise<boolean>;
  /** The caller keeps their history (or stops keeping it: the next daily run anonymizes what is old enough). */
  set(session: Session, keep: boolean): Promise<UserRecord>;
  /** A page of the member's closed loans, newest borrow first: the member only. */
  page(session: Session, uid: string, first?: number | null, after?: string | null): Promise<Page<LoanRecord>>;
  /** Anonymizes the caller's closed loans now, except those with something owed; answers how many. */
  delete(session: Session): Promise<number>;
  /** The daily run: anonymizes every closed loan past its days (once a day; `force` runs again). */
  sweep(opts?: { force?: boolean }): Promise<number>;
}

export function createReadingHistory(store: Store, opts: { policy: Policy; now: () => Date }): ReadingHistory {
  let lastRun: string | null = null;
  const own = (session: Session, uid: string) => {
    if (uid !== session.uid) throw new LibraryError('FORBIDDEN', 'readingHistoryOwn');
  };

  /**
   * Anonymizes what `by` allows of these loans, a member at a time, under one new marker a member; the loans'
   * audit entries take the marker with them.
   */
  async function anonymize(loans: readonly LoanRecord[], by: Date): Promise<number> {
    const byMember = new Map<string, LoanRecord[]>();
    for (const loan of loans) byMember.set(loan.userId, [...(byMember.get(loan.userId) ?? []), loan]);
    let changed = 0;
    for (const [userId, theirs] of byMember) {
      const ledger = await store.ledger.list(userId);
      const ids = theirs.filter((loan) => mayAnonymize(loan, ledger, by)).map((loan) => loan.id);
      if (ids.length > 0)
        changed += await store.readingHistory.anonymize(userId, ids, ANONYMOUS_MEMBER + randomUUID(), LOAN_TRAIL);
    }
    return changed;
  }

  return {
    async keeps(session, user) {
      own(session, user.uid);
      return store.readingHistory.keeps(user.uid);
    },
    async set(session, keep) {
      if ((await store.readingHistory.setKeeps(session.uid, keep)) === null)
        throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      const user = await store.users.getByUid(session.uid);
      if (!user) throw new LibraryError('NOT_FOUND', 'noAccountForSession');
      return user;
    },
    async page(session, uid, first, after) {
      own(session, uid);
      const size = pageSize(first);
      return paged(() => store.readingHistory.page(uid, { first: size, after: cursor(after) }));
    },
    async delete(session) {
      const now = opts.now();
      let changed = 0;
      // Each page anonymized leaves the next for the next read; a loan with something owed stays, so stop
      // when a page changes nothing.
      for (;;) {
        const loans = await store.readingHistory.named(now, { userId: session.uid, limit: BATCH });
        const done = await anonymize(loans, now);
        changed += done;
        if (loans.length < BATCH || done === 0) return changed;
      }
    },
    async sweep({ force = false } = {}) {
      const now = opts.now();
      const day = now.toISOString().slice(0, 10);
      if (lastRun === day && !force) return 0;
      lastRun = day;
      const by = new Date(now.getTime() - opts.policy.anonymizeAfterDays * DAY_MS);
      let changed = 0;
      let after: Date | undefined;
      for (;;) {
        const loans = await store.readingHistory.named(by, { after, limit: BATCH });
        changed += await anonymize(loans, by);
        if (loans.length < BATCH) return changed;
        after = loans.at(-1)?.returnedAt ?? undefined;
      }
    },
  };
}
