// Purchase suggestions (issue 42, item 5): a member asks the library to buy a book it has no copy of; staff see
// the suggestions newest first and accept or decline each (a decline says why), and the member is told by a
// notice. A member has at most policy.suggestionLimit (SUGGESTION_LIMIT) waiting for an answer at once.
import type { Page, SuggestionRecord, SuggestionStatus, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { requireStaff } from './circulation.ts';
import type { AuditTrail } from './audit.ts';
import type { Policy } from './policy.ts';
import { cursor, pageSize, paged } from './paging.ts';
import * as check from './validate.ts';

/** A suggestion as staff read it: with the member who made it (null once their account is gone). */
export interface SuggestionView extends SuggestionRecord {
  member: { name: string; card: string | null } | null;
}

export const TITLE_MAX = 200;
export const AUTHOR_MAX = 200;
export const NOTE_MAX = 500;
export const REASON_MAX = 500;

export interface Suggestions {
  /** The caller suggests a book: a title (required), an author and a note to staff. */
  suggest(session: Session, input: { title?: unknown; author?: unknown; note?: unknown }): Promise<SuggestionView>;
  /** The caller's own suggestions, newest first. */
  mine(session: Session): Promise<SuggestionView[]>;
  /** Staff: every member's suggestions with this status (all when null), newest first. */
  list(
    session: Session,
    status: SuggestionStatus | null | undefined,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<Page<SuggestionView>>;
  /** Staff accept or decline an open suggestion (a decline needs a reason); the member is told. */
  decide(session: Session, id: unknown, accept: unknown, reason: unknown): Promise<SuggestionView>;
}

export function createSuggestions(
  store: Store,
  deps: {
    policy: Policy;
    audit: AuditTrail;
    now: () => Date;
    onDecided: (suggestion: SuggestionRecord) => Promise<void>;
  },
): Suggestions {
  const own = (s: SuggestionRecord): SuggestionView => ({ ...s, member: null });
  async function withMembers(list: SuggestionRecord[]): Promise<SuggestionView[]> {
    const uids = [...new Set(list.map((s) => s.userId))];
    const users = await Promise.all(uids.map((uid) => store.users.getByUid(uid)));
    const byUid = new Map(users.flatMap((u) => (u ? [[u.uid, { name: u.name, card: u.cardNumber }] as const] : [])));
    return list.map((s) => ({ ...s, member: byUid.get(s.userId) ?? null }));
  }

  return {
    async suggest(session, input) {
      const title = check.text(input.title, 'title', { max: TITLE_MAX });
      const author = check.text(input.author, 'author', { max: AUTHOR_MAX, required: false });
      const note = check.text(input.note, 'note', { max: NOTE_MAX, required: false });
      const added = await store.suggestions.add(
        { userId: session.uid, title, author, note, createdAt: deps.now() },
        deps.policy.suggestionLimit,
      );
      if (!added) throw new LibraryError('SUGGESTION_LIMIT', 'suggestionLimit', { limit: deps.policy.suggestionLimit });
      return own(added);
    },

    async mine(session) {
      return (await store.suggestions.listByUser(session.uid)).map(own);
    },

    async list(session, status, first, after) {
      requireStaff(session);
      const size = pageSize(first);
      const page = await paged(() => store.suggestions.list(status ?? null, { first: size, after: cursor(after) }));
      return { ...page, nodes: await withMembers(page.nodes) };
    },

    async decide(session, rawId, rawAccept, rawReason) {
      requireStaff(session);
      const id = check.id(rawId, 'id');
      if (typeof rawAccept !== 'boolean') throw badInput('accept', 'fieldRequired', { field: 'accept' });
      const reason = check.text(rawReason, 'reason', { max: REASON_MAX, required: false });
      if (!rawAccept && reason === '') throw badInput('reason', 'suggestionDeclineReason');
      const status = rawAccept ? 'accepted' : 'declined';
      const decided = await store.suggestions.decide(id, {
        status,
        reason: reason || null,
        at: deps.now(),
        by: session.uid,
      });
      if (!decided) {
        const current = await store.suggestions.get(id);
        if (!current) throw new LibraryError('NOT_FOUND', 'suggestionNotFound');
        throw new LibraryError('CONFLICT', 'suggestionDecided');
      }
      await deps.audit.record(session, [
        {
          action: 'suggestion-decided',
          field: 'status',
          oldValue: decided.title,
          newValue: reason ? `${status}: ${reason}` : status,
          uid: decided.userId,
        },
      ]);
      await deps.onDecided(decided);
      const [view] = await withMembers([decided]);
      return view ?? own(decided);
    },
  };
}
