// Document shapes of the Mongo adapter and their conversion to port records. ObjectIds never leave this folder.
import { MongoServerError, ObjectId } from 'mongodb';
import { bookFieldEntries, systemNote, type LedgerNoteKey } from '../port.ts';
import type {
  BookFieldValues,
  BookFields,
  BookRecord,
  CategoryRecord,
  HoldRecord,
  Locale,
  LedgerRecord,
  MovedDates,
  OverdueLoan,
  NoticeMail,
  NoticeRecord,
  LoanRecord,
  LoanStatus,
  NewAudit,
  ReturnChannel,
  Role,
  UserRecord,
} from '../port.ts';
import { parseId } from '../ids.ts';

export interface BookDoc extends BookFields {
  _id: ObjectId;
  searchKey: string;
  /** searchTrigrams(searchKey), under a multikey index: narrows a search of 3+ characters (books-search.ts). */
  searchGrams?: string[];
  /** searchShortGrams(searchKey), under a multikey index: answers a search of 1-2 characters (books-search.ts). */
  shortGrams?: string[];
  /** The folding searchKey was made with (book-search-index.ts, SEARCH_FOLD); older books are refolded on open. */
  searchFold?: number;
  /** The romanized key of a book with Bengali (library/rules/banglish.ts), which a Latin search also looks in; null else. */
  romanKey?: string | null;
  /** The ledger: ids of the loans holding a copy, changed in the same atomic update as quantity (see loans.ts). */
  loansOut?: string[];
  /** Ids of the ready holds a copy is set aside for, changed in the same atomic update as quantity (holds.ts). */
  heldFor?: string[];
  /** Copies owned: quantity + loansOut.length + heldFor.length, kept in the same updates. Missing on books from before it (see recoverLoans). */
  copies?: number;
  version?: number;
  /**
   * Item moves whose ledger change (copies, quantity) is written but whose item is not finished yet: a copy
   * added, withdrawn or set aside by staff (items.ts). Recovery finishes those and reverts moves not in it.
   */
  itemMoves?: string[];
  /** 1 once the book's first copies are items; the migration gives items to books without it. */
  itemized?: 1;
  createdAt: Date;
  updatedAt: Date;
}

export interface CategoryDoc {
  _id: ObjectId;
  name: string;
  image: string;
  description: string;
}

export interface LoanDoc {
  _id: ObjectId;
  bookId: string;
  userId: string;
  userName: string;
  userEmail: string;
  borrowDate: Date;
  returnDate: Date;
  returnedAt: Date | null;
  // 'pending' and 'returning' last only while a borrow or return is between its writes (see loans.ts);
  // 'closing' likewise for a loan being closed as lost or damaged (`loss`).
  status: LoanStatus | 'pending' | 'returning' | 'closing';
  renewals?: number;
  /** Set as the loan starts returning (or closing), charged to the ledger from there. */
  lateFee?: number;
  /** The library's calendar year of the return (or close), which its charges' references count in. */
  chargeYear?: number;
  loss?: 'lost' | 'damaged' | null;
  /** The ready hold whose set-aside copy a pending borrow takes (and fulfils). */
  holdId?: string;
  /** The copy lent, written as the borrow is confirmed (or by the migration); absent on loans ended before items. */
  itemBarcode?: string | null;
  /**
   * A desk loan's audit entries, from its first write (the pending borrow, or 'returning' / 'closing') until the
   * step that completes it inserts them (decision 040): a loan that stands has its entries, recovery included.
   */
  audit?: (NewAudit & { _id: ObjectId })[];
  /** What a loan closing as lost or damaged is charged (set with status 'closing'). */
  charges?: { replacement: number; processing: number };
  closedBy?: string | null;
  /** A member's return claim (RETURNS=desk): the loan stays 'borrowed', so its copy stays out, until checkin. */
  claimedAt?: Date | null;
  /** How the loan was closed and by whom; set with 'returning' or 'closing'. */
  returnedVia?: ReturnChannel | null;
  returnedBy?: string | null;
  // `${userId}:${bookId}` while borrowed, the loan's own id once returned: a plain unique index on it allows
  // one active loan per pair without partial-index support (FerretDB, old servers).
  activeKey: string;
  bookTitle: string;
  bookAuthor: string;
  bookImage: string;
  bookCategory: string;
}

export interface LedgerDoc extends Omit<LedgerRecord, 'id' | 'balanceAfter' | 'reference'> {
  _id: ObjectId;
  /** A credit's (decision 074); absent on charges, refunds and credits from before, until backfilled on open. */
  balanceAfter?: number;
  reference?: string;
  /** `${loanId}:${kind}` for a charge, the entry's own id otherwise: a plain unique index charges a loan each kind once. */
  chargeKey: string;
  /** false: a charge written but not yet in the member's balance (ledger.ts); absent once it is. */
  counted?: false;
}

export interface HoldDoc extends Omit<
  HoldRecord,
  'id' | 'status' | 'itemBarcode' | 'shelvedAt' | 'shelfClearedAt' | 'pausedUntil' | 'returnDate'
> {
  _id: ObjectId;
  /** While paused (Koha's suspension): when the pause ends; absent otherwise (unset when it ends, sparse index). */
  pausedUntil?: Date;
  /** A pickup request's return date (click and collect); absent on holds placed in a queue and all before it. */
  returnDate?: Date | null;
  /** When staff put its copy on the hold shelf (absent until then, and on holds from before the hold shelf). */
  shelvedAt?: Date | null;
  shelfClearedAt?: Date | null;
  /**
   * 'on' from the moment staff shelve its copy until it is borrowed or, once the hold ended, staff take it off:
   * the few holds the hold shelf's lists read (a sparse index; FerretDB has no partial ones). Absent otherwise.
   */
  shelf?: 'on';
  /** The copy set aside for it (written when the copy is), kept once it ends; absent on holds from before items. */
  itemBarcode?: string | null;
  /** 'placing' lasts only while a hold is between its writes (see holds.ts); it is never read as a hold. */
  status: HoldRecord['status'] | 'placing';
  /** `${userId}:${bookId}` while open, the hold's own id once ended: one open hold per member and book. */
  openKey: string;
}

/** Per member: the open holds counted against the hold limit, changed by one conditional update (holds.ts). */
export interface MemberHoldsDoc {
  _id: string;
  open: string[];
}

/** Stored as the port's record, with its id as the document's ObjectId. */
export interface NoticeDoc extends Omit<NoticeRecord, 'id' | 'mail' | 'sms' | 'moved' | 'overdue'> {
  _id: ObjectId;
  /** Absent on notices recorded before e-mail existed: the same as null (not e-mailed). */
  mail?: NoticeMail | null;
  /** Absent on notices recorded before SMS existed: the same as null (no SMS). */
  sms?: NoticeMail | null;
  /** Absent on notices recorded before moved dates were kept: the same as null. */
  moved?: MovedDates | null;
  /** An overdue-summary notice's loans; absent on every other notice (the same as null). */
  overdue?: OverdueLoan[] | null;
}

/**
 * One attempt at a notice's e-mail, `${notice id}:${attempts before it}`: inserting it is the claim. An _id is
 * unique on every server (FerretDB included, where a conditional update is not atomic), so of several gateways
 * exactly one inserts it.
 */
export interface MailClaimDoc {
  _id: string;
  at: Date;
}

/** An idempotency key's claim (requests.ts); _id is `${actor}\n${key}`, so inserting it is the claim. */
export interface RequestDoc {
  _id: string;
  actor: string;
  fingerprint: string;
  ref: string;
  createdAt: Date;
}

/** A lease (leases.ts): who holds the work named by _id, until when. */
export interface LeaseDoc {
  _id: string;
  holder: string;
  expiresAt: Date;
}

/**
 * An ended session (sessions.ts): `session:<id>` for one signed out, kept until its token expires
 * (`expiresAt`), or `member:<uid>` for every session of a member issued up to `endedAt`.
 */
export interface EndedSessionDoc {
  _id: string;
  expiresAt?: Date;
  endedAt?: Date;
}

/** Per member: the active loans counted against the loan limit, changed in the same update as the count. */
export interface AccountDoc {
  _id: string;
  onLoan: number;
  loansOut: string[];
  /**
   * The hold ids of the member's open pickup requests, which count toward the loan limit with onLoan
   * (pickup-limit.ts); absent until the first request (none then: requests made before it are read, not counted).
   */
  requested?: string[];
  /** Charges minus credits, moved in the same update that adds the entry's id to `counted` (ledger.ts). */
  balance?: number;
  /** Ids of the ledger entries in `balance`, so an entry is counted once however often its step runs. */
  counted?: string[];
  /** Credits in `balance` whose ledger entry may not be written yet, by entry id (ledger.ts). */
  credits?: Record<string, LedgerDoc>;
}

export interface UserDoc {
  _id: ObjectId;
  uid: string;
  email: string;
  name: string;
  photoURL: string | null;
  role: Role;
  status: string;
  phone: string | null;
  createdAt: Date;
  lastLoginAt: Date;
  /** Absent: on (every member had it before the setting existed). */
  emailNotices?: boolean;
  /** Absent until the setting first changes: 0. */
  emailNoticesVersion?: number;
  /** Absent: off (SMS is the member's choice, made on their account page). */
  smsNotices?: boolean;
  /** foldedKey(name, email), what a member search matches; filled on open for members written before it. */
  searchKey?: string;
  /** Absent until the member chooses a language. */
  locale?: Locale;
  /** The member's card; absent (never null: the unique index is sparse) only until the store next opens. */
  cardNumber?: string;
  /** Absent or null while the member is not blocked. */
  blockedReason?: string | null;
  blockedAt?: Date | null;
  /** Absent: off (the member's closed loans are anonymized some days after their return). */
  keepsReadingHistory?: boolean;
}

/** The ObjectId for a 24-hex string, or null: a malformed id is "not found", never an error for the caller. */
export function toObjectId(id: string): ObjectId | null {
  const hex = parseId(id);
  return hex ? ObjectId.createFromHexString(hex) : null;
}

export function activeKey(userId: string, bookId: string): string {
  return `${userId}:${bookId}`;
}

export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === 11000;
}

/** The descriptive fields (book-fields.ts) of a book document; a nullable one it lacks is null. */
function bookFieldsOf(doc: BookDoc): BookFieldValues {
  const fields: Record<string, unknown> = {};
  for (const [name, spec] of bookFieldEntries()) fields[name] = spec.nullable ? (doc[name] ?? null) : doc[name];
  return fields as BookFieldValues;
}

export function toBook(doc: BookDoc): BookRecord {
  return {
    id: doc._id.toHexString(),
    ...bookFieldsOf(doc),
    quantity: doc.quantity,
    copies: doc.copies ?? doc.quantity + (doc.loansOut?.length ?? 0) + (doc.heldFor?.length ?? 0),
    version: doc.version ?? 0,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

export function toCategory(doc: CategoryDoc): CategoryRecord {
  return { id: doc._id.toHexString(), name: doc.name, image: doc.image, description: doc.description };
}

const ENDED: readonly LoanDoc['status'][] = ['returned', 'lost', 'damaged'];

export function toLoan(doc: LoanDoc): LoanRecord {
  return {
    id: doc._id.toHexString(),
    bookId: doc.bookId,
    userId: doc.userId,
    userName: doc.userName,
    userEmail: doc.userEmail,
    borrowDate: doc.borrowDate,
    returnDate: doc.returnDate,
    returnedAt: ENDED.includes(doc.status) ? (doc.returnedAt ?? null) : null,
    // A return that has not reached the book yet is still a loan; a pending borrow is never read (filtered out).
    status: ENDED.includes(doc.status) ? (doc.status as LoanStatus) : doc.claimedAt ? 'returning' : 'borrowed',
    renewals: doc.renewals ?? 0,
    lateFee: ENDED.includes(doc.status) ? (doc.lateFee ?? 0) : 0,
    closedBy: doc.closedBy ?? null,
    claimedAt: doc.claimedAt ?? null,
    returnedVia: ENDED.includes(doc.status) ? (doc.returnedVia ?? null) : null,
    returnedBy: ENDED.includes(doc.status) ? (doc.returnedBy ?? null) : null,
    bookTitle: doc.bookTitle,
    bookAuthor: doc.bookAuthor,
    bookImage: doc.bookImage,
    bookCategory: doc.bookCategory,
    itemBarcode: doc.itemBarcode ?? null,
  };
}

export function toUser(doc: UserDoc): UserRecord {
  return {
    id: doc._id.toHexString(),
    uid: doc.uid,
    email: doc.email,
    name: doc.name,
    photoURL: doc.photoURL ?? null,
    role: doc.role,
    status: doc.status,
    phone: doc.phone ?? null,
    createdAt: doc.createdAt,
    lastLoginAt: doc.lastLoginAt,
    emailNotices: doc.emailNotices !== false,
    emailNoticesVersion: doc.emailNoticesVersion ?? 0,
    smsNotices: doc.smsNotices === true,
    locale: doc.locale === 'en' || doc.locale === 'bn' ? doc.locale : null,
    cardNumber: doc.cardNumber ?? null,
    blockedReason: doc.blockedReason ?? null,
    blockedAt: doc.blockedAt ?? null,
  };
}

/**
 * The notes the library wrote in English before it wrote keys, by the kind of entry they were written on: a
 * ledger document from then reads as one written now (SQLite's migration 26 rewrites its rows the same way).
 */
const ENGLISH_NOTES: Record<string, LedgerNoteKey> = {
  'late-fee:Returned late': 'ledgerReturnedLate',
  'replacement:Lost: replacement cost': 'ledgerLostReplacement',
  'processing-fee:Lost: processing fee': 'ledgerLostProcessing',
  'replacement:Damaged: replacement cost': 'ledgerDamagedReplacement',
  'processing-fee:Damaged: processing fee': 'ledgerDamagedProcessing',
  'payment:Paid at the desk': 'ledgerPaidAtDesk',
  'waiver:Waived at the desk': 'ledgerWaivedAtDesk',
  'lost-found:Replacement refunded: the lost copy was found': 'ledgerLostFound',
};
const noteOf = (doc: LedgerDoc): string => {
  const key = ENGLISH_NOTES[`${doc.kind}:${doc.note}`];
  return key ? systemNote(key) : doc.note;
};

export function toEntry(doc: LedgerDoc): LedgerRecord {
  return {
    id: doc._id.toHexString(),
    userId: doc.userId,
    kind: doc.kind,
    amount: doc.amount,
    loanId: doc.loanId,
    bookTitle: doc.bookTitle,
    note: noteOf(doc),
    recordedBy: doc.recordedBy,
    createdAt: doc.createdAt,
    balanceAfter: doc.balanceAfter ?? null,
    reference: doc.reference ?? null,
  };
}
