// Accounts: turning a verified Firebase identity into a BookHaven member and session, and the member list.
import type { AccountSummary, Page, Role, Store, UserRecord, UserSearchFields } from '../store/port.ts';
import { InvalidIdTokenError, type IdTokenVerifier, type Session, type SessionTokens } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import * as check from './validate.ts';
import { isStaff, requireStaff } from './circulation.ts';
import { asSeenBy } from './privacy.ts';
import { cursor, pageSize, paged } from './paging.ts';
import { encodeCursor } from '../store/ids.ts';
import type { AuditApi } from '../store/port.ts';
import type { AuditTrail } from './audit.ts';

export interface SignInInput {
  idToken?: unknown;
  uid?: unknown;
  displayName?: unknown;
  photoURL?: unknown;
}

export interface Accounts {
  /**
   * Verifies the Firebase ID token, records the member and answers with a session token. `api`: the API it came
   * through, for the audit trail when the sign-in changes the member's role.
   */
  signIn(input: SignInInput, api?: AuditApi): Promise<{ token: string; user: UserRecord }>;
  /**
   * Every member in sign-up order; with any of search, first or after, one page of them (first 1..100, after
   * the member whose id `after` is), optionally matching a search of name or e-mail (of the name alone for a
   * member who is not staff). Each as the caller may see them (library/privacy.ts).
   */
  list(session: Session, query?: UserQuery): Promise<UserRecord[]>;
  /** How many members there are, or how many match a search of name or e-mail (as list() searches). */
  count(session: Session, search: unknown): Promise<number>;
  me(session: Session): Promise<UserRecord | null>;
  /**
   * What the member owes and how many notices they have (unread too), in one read: the member themselves or staff.
   */
  summary(session: Session, uid: string): Promise<AccountSummary>;
  /** Staff: one member, or null. */
  member(session: Session, uid: unknown): Promise<UserRecord | null>;
  /** Staff: a page of members, optionally matching a search of name or e-mail. */
  members(
    session: Session,
    search: unknown,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<Page<UserRecord>>;
}

export interface UserQuery {
  search?: unknown;
  first?: number | null;
  after?: unknown;
}

/** A search of name or e-mail; null for none. */
const searchTerm = (search: unknown): string | null =>
  check.text(search, 'search', { max: 200, required: false, lines: true }) || null;

/** A member searching others matches names only: a search is a probe, and e-mails are not theirs to probe. */
const within = (session: Session): UserSearchFields => (isStaff(session) ? 'nameOrEmail' : 'name');

export function createAccounts(
  store: Store,
  deps: { verifier: IdTokenVerifier; tokens: SessionTokens; adminEmails: string[]; audit: AuditTrail },
): Accounts {
  const roleOf = (email: string): Role => (deps.adminEmails.includes(email.toLowerCase()) ? 'admin' : 'member');

  return {
    async signIn(input, api) {
      if (typeof input.idToken !== 'string' || input.idToken.trim() === '') {
        throw new LibraryError('UNAUTHENTICATED', 'idTokenRequired');
      }
      if (input.idToken.length > 8192) throw new LibraryError('UNAUTHENTICATED', 'idTokenInvalid');
      let identity;
      try {
        identity = await deps.verifier.verify(input.idToken);
      } catch (error) {
        if (error instanceof InvalidIdTokenError) throw new LibraryError('UNAUTHENTICATED', 'idTokenInvalid');
        throw error;
      }
      if (input.uid != null && input.uid !== identity.uid) throw new LibraryError('FORBIDDEN', 'uidMismatch');
      if (!identity.email) throw badInput('idToken', 'noEmail');
      // The profile the client just set (registration) may be newer than the token's claims.
      const displayName = check.text(input.displayName, 'displayName', { max: 200, required: false });
      const photoInput = check.text(input.photoURL, 'photoURL', { max: 2048, required: false });
      const photoURL = photoInput ? check.imageUrl(photoInput, 'photoURL') : identity.picture;
      const email = identity.email.toLowerCase();
      const before = await store.users.getByUid(identity.uid);
      const user = await store.users.upsert({
        uid: identity.uid,
        email,
        // The identity provider's name may hold line breaks (set outside BookHaven): made one line, not refused.
        name: displayName || check.oneLine(identity.name ?? '') || email.split('@')[0] || email,
        photoURL: photoURL ?? null,
        role: roleOf(email),
      });
      // ADMIN_EMAILS decides roles; a sign-in applies it, and is recorded as the change (a new member who starts
      // as staff too). The actor is the member whose sign-in applied it.
      if ((before?.role ?? 'member') !== user.role) {
        const change = { field: 'role', oldValue: before?.role ?? null, newValue: user.role, uid: user.uid };
        await deps.audit.record({ uid: user.uid, name: user.name, api }, [{ action: 'role-changed', ...change }]);
      }
      const token = await deps.tokens.issue({ uid: user.uid, email: user.email, name: user.name, role: user.role });
      return { token, user };
    },
    async list(session, query = {}) {
      const { search, first, after } = query;
      const seen = (users: UserRecord[]) => users.map((user) => asSeenBy(session, user));
      if (search == null && first == null && after == null) return seen(await store.users.list());
      // The store pages by id, so the last member a client holds is where the next page starts.
      const start = after == null ? null : encodeCursor(check.id(after, 'after'));
      const page = await store.users.page(
        searchTerm(search),
        { first: pageSize(first), after: start },
        within(session),
      );
      return seen(page.nodes);
    },
    async count(session, search) {
      // A page of one counts every match (totalCount) without reading them.
      return (await store.users.page(searchTerm(search), { first: 1 }, within(session))).totalCount;
    },
    me: (session) => store.users.getByUid(session.uid),
    async summary(session, uid) {
      if (uid !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'ownAccountOnly');
      return store.users.summary(uid);
    },
    async member(session, uid) {
      requireStaff(session);
      return store.users.getByUid(check.text(uid, 'uid', { max: 128 }));
    },
    async members(session, search, first, after) {
      requireStaff(session);
      const term = searchTerm(search);
      const size = pageSize(first);
      return paged(() => store.users.page(term, { first: size, after: cursor(after) }));
    },
  };
}
