// The audit trail: who did what at the desk, to the catalogue and to a member's role, when, and through which
// API. Services record an entry right after the write it describes, in the same call, or hand the store the
// entries of a desk loan made or closed to write with it (see docs/decisions/040); staff read a book's or a
// member's history, paged newest first; a member reads the entries about them, as audit-privacy.ts lets them.
// Nothing here edits or removes an entry.
import type { AuditAction, AuditRecord, NewAudit, Page, PageRequest, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { auditAsSeenBy } from './audit-privacy.ts';
import { LibraryError, badInput } from './errors.ts';
import * as check from './validate.ts';
import { cursor, pageSize, paged } from './paging.ts';

/** What one entry says, besides who, when and from where (the session and the clock give those). */
export interface AuditChange {
  action: AuditAction;
  field?: string | null;
  oldValue?: unknown;
  newValue?: unknown;
  bookId?: string | null;
  uid?: string | null;
  /** The loan it is about, if any (anonymizing the loan takes its member off the entry: decision 083). */
  loanId?: string | null;
}

export interface AuditTrail {
  /** Records the changes as made by the session's member, now. */
  record(by: Pick<Session, 'uid' | 'name' | 'api'>, changes: AuditChange[]): Promise<void>;
  /**
   * The entries `record` would write, for a store write that records them with it (a desk loan made or closed:
   * the store writes them if and only if the loan is, recovery included).
   */
  entries(by: Pick<Session, 'uid' | 'name' | 'api'>, changes: AuditChange[]): NewAudit[];
  /**
   * Staff: the history of exactly one of a book (bookId) or a member (uid), newest first; each entry about a
   * member with their library card (a book's loans say whose they were as the desk names members).
   */
  list(
    session: Session,
    about: { bookId?: unknown; uid?: unknown },
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<Page<AuditView>>;
  /** Every entry about the caller, newest first, as they may read it (their export). */
  aboutMe(session: Session): Promise<AuditRecord[]>;
}

/** An entry as staff read it: with the card of the member it is about (null when none, or erased). */
export type AuditView = AuditRecord & { memberCard: string | null };

/** A value as the trail keeps it: text, numbers written out, null for none. */
export const auditText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value);

const PAGE_SIZE = 100;

export function createAuditTrail(store: Store, now: () => Date): AuditTrail {
  /** A page of entries, each as the viewer may read it. */
  const seenBy = (viewer: Session, page: Page<AuditRecord>): Page<AuditRecord> => ({
    ...page,
    nodes: page.nodes.flatMap((entry) => auditAsSeenBy(viewer, entry) ?? []),
  });
  /** The page's entries with their members' cards, each member read once. */
  async function withCards(page: Page<AuditRecord>): Promise<Page<AuditView>> {
    const uids = [...new Set(page.nodes.flatMap((entry) => (entry.uid ? [entry.uid] : [])))];
    const members = await Promise.all(uids.map((uid) => store.users.getByUid(uid)));
    const cards = new Map(uids.map((uid, i) => [uid, members[i]?.cardNumber ?? null]));
    return {
      ...page,
      nodes: page.nodes.map((entry) => ({ ...entry, memberCard: cards.get(entry.uid ?? '') ?? null })),
    };
  }
  function entries(by: Pick<Session, 'uid' | 'name' | 'api'>, changes: AuditChange[]): NewAudit[] {
    const at = now();
    return changes.map((c) => ({
      at,
      actorUid: by.uid,
      actorName: by.name,
      api: by.api ?? null,
      action: c.action,
      field: c.field ?? null,
      oldValue: auditText(c.oldValue),
      newValue: auditText(c.newValue),
      bookId: c.bookId ?? null,
      uid: c.uid ?? null,
      loanId: c.loanId ?? null,
    }));
  }
  return {
    entries,
    async record(by, changes) {
      if (changes.length === 0) return;
      await store.audit.record(entries(by, changes));
    },
    async list(session, about, first, after) {
      // The rule of circulation.ts's requireStaff, stated here too: the services that record import this module.
      if (session.role !== 'admin') throw new LibraryError('FORBIDDEN', 'staffOnly');
      if ((about.bookId == null) === (about.uid == null)) throw badInput('bookId', 'auditOneOf');
      const size = pageSize(first);
      const page = { first: size, after: cursor(after) };
      if (about.bookId != null) {
        const bookId = check.id(about.bookId, 'bookId');
        return withCards(seenBy(session, await paged(() => store.audit.listByBook(bookId, page))));
      }
      const uid = check.text(about.uid, 'uid', { max: 128 });
      return withCards(seenBy(session, await paged(() => store.audit.listByUid(uid, page))));
    },
    async aboutMe(session) {
      const entries: AuditRecord[] = [];
      let page: PageRequest = { first: PAGE_SIZE, after: null };
      for (;;) {
        const { nodes, hasNextPage, endCursor } = seenBy(session, await store.audit.listByUid(session.uid, page));
        entries.push(...nodes);
        if (!hasNextPage || !endCursor) return entries;
        page = { first: PAGE_SIZE, after: endCursor };
      }
    },
  };
}
