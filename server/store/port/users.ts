// Members: their records, cards, notes and language, and erasing an account at the member's request.
import type { AuditAction } from './audit.ts';
import type { Page, PageRequest } from './paging.ts';

export type Role = 'admin' | 'member';

export interface UserProfile {
  uid: string;
  email: string;
  name: string;
  photoURL: string | null;
  role: Role;
}

export interface UserRecord extends UserProfile {
  id: string;
  status: string;
  phone: string | null;
  createdAt: Date;
  lastLoginAt: Date;
  /** The member's notices are also e-mailed (when the library sends e-mail); on until they turn it off. */
  emailNotices: boolean;
  /** How many times emailNotices was set: an unsubscribe link carries it, and stops working once it moves on. */
  emailNoticesVersion: number;
  /** The member's notices are also sent by SMS to their phone (when the library sends SMS); off until they choose it. */
  smsNotices: boolean;
  /** The language the member chose (the SPA's switch), which their e-mails follow; null until they choose. */
  locale: Locale | null;
  /**
   * The member's library card (barcodes.ts: `BM`, 7 digits, a check digit, or a card staff typed in at
   * registration); unique, given at the first sign-in. Null only for a member written by an older version,
   * until the store next opens.
   */
  cardNumber: string | null;
  /** Why staff blocked the member (no borrowing, no holds), and since when; both null while not blocked. */
  blockedReason: string | null;
  blockedAt: Date | null;
}

/** A member the desk registers: their Firebase account exists already; a null card gets the next number. */
export interface NewMember extends UserProfile {
  phone: string | null;
  cardNumber: string | null;
}

/** The details staff may edit; an absent field stays as it is (the phone may be set to null). */
export interface MemberDetails {
  name?: string;
  email?: string;
  phone?: string | null;
}

/** A note staff keep on a member, newest first; only staff read them. */
export interface MemberNote {
  id: string;
  uid: string;
  text: string;
  at: Date;
  byUid: string;
  byName: string;
}

/** The languages the library speaks: English and Bangla. */
export type Locale = 'en' | 'bn';

/**
 * What a member's own page shows of their account at a glance, read together: what they owe (as ledger.balance
 * says it) and how many notices they have, and how many of them unread (as notices.list counts them).
 */
export interface AccountSummary {
  balance: number;
  notices: number;
  unreadNotices: number;
}

/** What a search of members looks in. */
export type UserSearchFields = 'name' | 'nameOrEmail';

export interface UserStore {
  /**
   * Creates the user on first sign-in (status "active", createdAt `at`); later sign-ins refresh profile, role and
   * lastLoginAt. `at` is now unless given (the seed gives the day its member joined).
   */
  upsert(profile: UserProfile, at?: Date): Promise<UserRecord>;
  getByUid(uid: string): Promise<UserRecord | null>;
  /** The member's balance and notice counts in one read (zeros for a uid with none). */
  summary(uid: string): Promise<AccountSummary>;
  /** Oldest first. */
  list(): Promise<UserRecord[]>;
  /**
   * A page of members in sign-up order; search: case-insensitive substring of name, e-mail, card number or
   * phone (its digits), or of the name alone (`in: 'name'`: what a member who is not staff may search, since
   * e-mails, cards and phones are not theirs to probe).
   */
  page(search: string | null, page: PageRequest, within?: UserSearchFields): Promise<Page<UserRecord>>;
  /** Turns the member's e-mailed notices on or off, counting the change; null when there is no such member. */
  setEmailNotices(uid: string, enabled: boolean): Promise<UserRecord | null>;
  /**
   * Turns e-mailed notices off (counting the change) only while emailNoticesVersion is still `version`, in one
   * conditional write: `applied` false, and the record as it is, when the setting changed since. Null when
   * there is no such member.
   */
  turnOffEmailNoticesAt(uid: string, version: number): Promise<{ user: UserRecord; applied: boolean } | null>;
  /** Turns the member's SMS notices on or off; null when there is no such member. */
  setSmsNotices(uid: string, enabled: boolean): Promise<UserRecord | null>;
  /** Records the member's language; null when there is no such member. */
  setLocale(uid: string, locale: Locale): Promise<UserRecord | null>;
  /** The member holding this card (an exact card number); null when no member does. */
  getByCard(card: string): Promise<UserRecord | null>;
  /**
   * Creates a member the desk registers. Throws CardTakenError when another member holds the card, and
   * MemberExistsError when the uid has a record already; nothing is written then.
   */
  register(member: NewMember): Promise<UserRecord>;
  /** Changes the member's details (the search key follows); null when there is no such member. */
  editDetails(uid: string, details: MemberDetails): Promise<UserRecord | null>;
  /** Blocks the member with a reason since `at`, or unblocks them (null); null when there is no such member. */
  setBlock(uid: string, block: { reason: string; at: Date } | null): Promise<UserRecord | null>;
  /** Adds a note on a member (who must exist: the service checks); the caller picks its id (a new one). */
  addNote(note: MemberNote): Promise<MemberNote>;
  /** The notes on a member, newest first. */
  listNotes(uid: string): Promise<MemberNote[]>;
}

/** What erasing a member's account did (store.erasure.erase). */
export interface ErasedAccount {
  /** False when there was no user record (already erased, or never signed in). */
  user: boolean;
  /** Their loans, kept with the member's name and e-mail removed. */
  loansAnonymised: number;
  /** Their holds (all ended), kept the same way. */
  holdsAnonymised: number;
  /** Their notices and the notices' e-mails, deleted. */
  noticesDeleted: number;
  /**
   * Entries of the audit trail about them that lost the values of `auditActions` (set to null) or their own
   * name as who made them (set to '').
   */
  auditRedacted: number;
  /** Their payments and waivers whose note (staff's words) was emptied; amounts, kinds and titles stay. */
  ledgerNotesCleared: number;
}

/**
 * Erasing a member at their request. The service checks first that nothing is open (loans, holds, balance);
 * the ledger stays (amounts and titles, no name, e-mail or note: the library's accounts).
 */
export interface ErasureStore {
  /**
   * Deletes the user record, the member's notices and the notes staff kept on them; removes the member's name
   * and e-mail from their loans and holds, which stay for the library's statistics, and staff's notes from
   * their payments and waivers. In the audit trail's entries about them, the values of `auditActions` (the library says
   * which hold personal data) become null and their own name as who made an entry becomes ''. The only change
   * the audit trail ever takes. Erasing again changes nothing.
   */
  erase(uid: string, personal: { auditActions: readonly AuditAction[] }): Promise<ErasedAccount>;
}

/** A card number another member holds already. */
export class CardTakenError extends Error {
  readonly card: string;
  constructor(card: string) {
    super(`Card ${card} is taken`);
    this.name = 'CardTakenError';
    this.card = card;
  }
}

/** A member record for this uid exists already. */
export class MemberExistsError extends Error {
  readonly uid: string;
  constructor(uid: string) {
    super(`Member ${uid} exists`);
    this.name = 'MemberExistsError';
    this.uid = uid;
  }
}
