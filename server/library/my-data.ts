// A member's own data: everything the library holds about them, as one download, and erasing their account.
// Both act only on the caller's own account (the session's uid), so there is no one else to refuse.
import type {
  AuditRecord,
  HoldRecord,
  LedgerRecord,
  LoanRecord,
  NoticeRecord,
  Page,
  PageRequest,
  Store,
  SuggestionRecord,
  UserRecord,
} from '../store/port.ts';
import type { IdTokenVerifier, Session } from './identity.ts';
import type { AuditTrail } from './audit.ts';
import { ERASED_WITH_ACCOUNT } from './audit-privacy.ts';
import { LibraryError } from './errors.ts';
import type { Sessions } from './sessions.ts';
import { sentence, type Sentence } from './i18n/keys.ts';
import { ledgerNote } from './ledger-notes.ts';
import type { Locale } from './i18n/index.ts';

/**
 * The download. Staff who acted on the member are not named (their uids are about staff, not the member). It has
 * no timestamp of its own (the response's Date header says when), so the same data answers the same bytes.
 */
export interface MemberExport {
  profile: {
    uid: string;
    name: string;
    email: string;
    photoURL: string | null;
    role: string;
    status: string;
    /** Their library card (decision 055); null only for a member not yet given one. */
    cardNumber: string | null;
    phone: string | null;
    memberSince: Date | null;
    lastSignIn: Date | null;
    emailNotices: boolean;
    smsNotices: boolean;
    /** Whether they keep their reading history (their loans below stay theirs; else old ones are anonymized). */
    keepsReadingHistory: boolean;
  };
  loans: Pick<
    LoanRecord,
    | 'id'
    | 'bookId'
    | 'bookTitle'
    | 'bookAuthor'
    | 'borrowDate'
    | 'returnDate'
    | 'returnedAt'
    | 'status'
    | 'renewals'
    | 'lateFee'
  >[];
  holds: Pick<HoldRecord, 'id' | 'bookId' | 'bookTitle' | 'status' | 'createdAt' | 'readyAt' | 'endedAt'>[];
  ledger: {
    balance: number;
    entries: Pick<LedgerRecord, 'id' | 'kind' | 'amount' | 'loanId' | 'bookTitle' | 'note' | 'createdAt'>[];
  };
  notices: {
    id: string;
    kind: string;
    message: string;
    bookTitle: string;
    day: string;
    createdAt: Date;
    readAt: Date | null;
    /** What became of its e-mail; null when it was not e-mailed. */
    email: string | null;
  }[];
  /**
   * The audit trail's entries about the member (a check-in, a payment, a role change) as they may read them
   * (audit-privacy.ts): without who made them, staff's words or the notes staff keep on them.
   */
  /** The member's purchase suggestions and staff's answers. */
  suggestions: Pick<
    SuggestionRecord,
    'id' | 'title' | 'author' | 'note' | 'status' | 'reason' | 'createdAt' | 'decidedAt'
  >[];
  audit: Pick<AuditRecord, 'id' | 'at' | 'api' | 'action' | 'field' | 'oldValue' | 'newValue' | 'bookId'>[];
}

export interface MyData {
  /** Everything the library holds about the caller; notices and ledger notes said in `locale` (English if left out). */
  export(session: Session, locale?: Locale): Promise<MemberExport>;
  /**
   * Erases the caller's account: refused with ACCOUNT_IN_USE while they have loans, holds or a balance; otherwise
   * their loans and holds stay without name or e-mail, the rest goes, and so do their sign-in account and every
   * session token issued to them.
   */
  deleteAccount(session: Session): Promise<true>;
  /** What stands in the way of deleting the caller's account, asked before they confirm it. */
  deletionCheck(session: Session): Promise<DeletionCheck>;
}

/** Each book on loan and each open hold (by title), and the balance: all must be settled to delete an account. */
export interface DeletionCheck {
  allowed: boolean;
  loans: string[];
  holds: string[];
  balance: number;
}

const OPEN_HOLDS = new Set(['waiting', 'ready']);
const PAGE_SIZE = 100;

/**
 * What stands in the way, each by name: "“Gitanjali” on loan, a hold on “Padma” and a balance of ৳500", a list of
 * sentences said in the reader's language (titles stay as entered).
 */
function inUseList({ loans, holds, balance }: DeletionCheck): Sentence[] {
  const quoted = (titles: string[]) => titles.map((title) => `“${title}”`);
  return [
    ...(loans.length > 0 ? [sentence('inUseLoans', { titles: quoted(loans) })] : []),
    ...(holds.length > 0 ? [sentence('inUseHolds', { count: holds.length, titles: quoted(holds) })] : []),
    ...(balance > 0 ? [sentence('inUseBalance', { amount: balance })] : []),
  ];
}

export function createMyData(
  store: Store,
  deps: {
    verifier: IdTokenVerifier;
    sessions: Sessions;
    message: (notice: NoticeRecord, locale: Locale) => Promise<string>;
    audit: AuditTrail;
  },
): MyData {
  async function deletionCheck(uid: string): Promise<DeletionCheck> {
    const [loans, holds, balance] = await Promise.all([
      store.loans.listByUser(uid),
      store.holds.listByUser(uid),
      store.ledger.balance(uid),
    ]);
    const check = {
      loans: loans.filter((loan) => loan.status === 'borrowed').map((loan) => loan.bookTitle),
      holds: holds.filter((hold) => OPEN_HOLDS.has(hold.status)).map((hold) => hold.bookTitle),
      balance: Math.max(0, balance),
    };
    return { allowed: check.loans.length + check.holds.length === 0 && check.balance === 0, ...check };
  }

  /** Every page of a list, in order. */
  async function everyPage<T>(read: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
    const all: T[] = [];
    let after: string | null = null;
    do {
      const page = await read({ first: PAGE_SIZE, after });
      all.push(...page.nodes);
      after = page.hasNextPage ? page.endCursor : null;
    } while (after);
    return all;
  }

  const profileOf = (session: Session, user: UserRecord | null, keeps: boolean): MemberExport['profile'] => ({
    uid: session.uid,
    name: user?.name ?? session.name,
    email: user?.email ?? session.email,
    photoURL: user?.photoURL ?? null,
    role: user?.role ?? session.role,
    status: user?.status ?? 'active',
    cardNumber: user?.cardNumber ?? null,
    phone: user?.phone ?? null,
    memberSince: user?.createdAt ?? null,
    lastSignIn: user?.lastLoginAt ?? null,
    emailNotices: user?.emailNotices ?? true,
    smsNotices: user?.smsNotices ?? false,
    keepsReadingHistory: keeps,
  });

  return {
    async export(session, locale = 'en') {
      const uid = session.uid;
      const [user, loans, holds, balance, entries, notices, audit, suggestions, keeps] = await Promise.all([
        store.users.getByUid(uid),
        store.loans.listByUser(uid),
        store.holds.listByUser(uid),
        store.ledger.balance(uid),
        store.ledger.list(uid),
        everyPage((page) => store.notices.list(uid, { unreadOnly: false, page })),
        deps.audit.aboutMe(session),
        store.suggestions.listByUser(uid),
        store.readingHistory.keeps(uid),
      ]);
      // Each notice said in the member's language (a ready hold's with that day's opening hours, read now).
      const messages = await Promise.all(notices.map((n) => deps.message(n, locale)));
      return {
        profile: profileOf(session, user, keeps),
        loans: loans.map(
          ({ id, bookId, bookTitle, bookAuthor, borrowDate, returnDate, returnedAt, status, renewals, lateFee }) => ({
            id,
            bookId,
            bookTitle,
            bookAuthor,
            borrowDate,
            returnDate,
            returnedAt,
            status,
            renewals,
            lateFee,
          }),
        ),
        holds: holds.map(({ id, bookId, bookTitle, status, createdAt, readyAt, endedAt }) => ({
          id,
          bookId,
          bookTitle,
          status,
          createdAt,
          readyAt,
          endedAt,
        })),
        ledger: {
          balance,
          entries: entries.map(({ id, kind, amount, loanId, bookTitle, note, createdAt }) => ({
            id,
            kind,
            amount,
            loanId,
            bookTitle,
            note: ledgerNote(note, locale),
            createdAt,
          })),
        },
        notices: notices.map((n, i) => ({
          id: n.id,
          kind: n.kind,
          message: messages[i] ?? '',
          bookTitle: n.bookTitle,
          day: n.day,
          createdAt: n.createdAt,
          readAt: n.readAt,
          email: n.mail?.status ?? null,
        })),
        suggestions: suggestions.map(({ id, title, author, note, status, reason, createdAt, decidedAt }) => ({
          id,
          title,
          author,
          note,
          status,
          reason,
          createdAt,
          decidedAt,
        })),
        audit: audit.map(({ id, at, api, action, field, oldValue, newValue, bookId }) => ({
          id,
          at,
          api,
          action,
          field,
          oldValue,
          newValue,
          bookId,
        })),
      };
    },

    deletionCheck: (session) => deletionCheck(session.uid),

    async deleteAccount(session) {
      const uid = session.uid;
      const check = await deletionCheck(uid);
      if (!check.allowed) throw new LibraryError('ACCOUNT_IN_USE', 'accountInUse', { list: inUseList(check) });
      // Their sessions end first, so no request made with one after this records their name again. Then the
      // library's records: should the sign-in account's deletion fail, the member can still sign in and ask
      // again, and every step is safe to repeat.
      await deps.sessions.endAllOf(uid);
      await store.erasure.erase(uid, { auditActions: ERASED_WITH_ACCOUNT });
      // Their purchase suggestions go with them: a title asked for is theirs (the notices telling them went above).
      await store.suggestions.eraseMember(uid);
      await deps.verifier.deleteUser(uid);
      return true;
    },
  };
}
