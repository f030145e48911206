// What circulation's parts share: the shapes of a loan's standing and of the desk's lending, and who may act.
import type { LoanRecord, NewAudit } from '../../store/port.ts';
import type { Session } from '../identity.ts';
import { LibraryError } from '../errors.ts';
import type { Sentence } from '../i18n/keys.ts';
import { utcDayOf } from '../calendar.ts';

/** Whether another member is waiting for a book: renewals wait for them. Holds answer it; none yet. */
export type WaitingFor = (bookId: string) => Promise<boolean>;

/**
 * What a member sees of a loan besides its record: days late, the fee, and whether it can be renewed (if not,
 * why: a sentence said in the reader's language where it is answered).
 */
export interface LoanStanding {
  dueDay: string;
  overdueDays: number;
  fee: number;
  /** Whether the fee of a loan still out stopped at the book's replacement cost (it grows no more). */
  capped: boolean;
  renewal:
    | { ok: true }
    | { ok: false; code: 'LOAN_NOT_ACTIVE' | 'RENEWAL_LIMIT' | 'LOAN_OVERDUE' | 'BOOK_REQUESTED'; said: Sentence };
}

/** Whether a member may borrow now, and if not, why (the refusal a borrow would meet first). */
export type BorrowingStatus =
  | { allowed: true; code: null; said: null }
  | { allowed: false; code: 'MEMBER_BLOCKED' | 'LOAN_OVERDUE' | 'FEES_UNPAID' | 'LOAN_LIMIT'; said: Sentence };

/**
 * A member's standing, the one answer the Fees tab, the desk's member panel and `me.borrowing` read: what the
 * ledger says they owe, the late fees accruing on loans still out (and whether the replacement cost capped
 * each), and the refusal a borrow would meet first now (null when it would go ahead).
 */
export interface MemberStanding {
  owed: number;
  accruing: { loan: LoanRecord; amount: number; capped: boolean }[];
  refusal: { code: Extract<BorrowingStatus, { allowed: false }>['code']; said: Sentence } | null;
}

/** Who a loan is for: the member borrowing in the app, or the member the desk lends to. */
export interface Borrower {
  uid: string;
  name: string;
  email: string;
  /** A borrow in the app: the API the member used, for the loan's entry in the book's trail. */
  api?: Session['api'];
}

/**
 * The desk lending a scanned copy. With `override` (staff's reason) the policy's refusals (a block, overdue loans,
 * the loan limit, fees) do not stop the loan: each one passed is added to `overridden`, for the audit trail.
 */
export interface DeskLend {
  itemBarcode: string;
  override: string | null;
  overridden: LibraryError[];
  /** The loan's audit entries as of each try (the refusals overridden so far), written by the store with it. */
  audit?: () => NewAudit[];
}

/** The desk's check-in of a loan: the fee as of `returnedOn` (YYYY-MM-DD) when given, none when forgiven. */
export interface DeskReturn {
  returnedOn?: unknown;
  forgive: boolean;
  /** The refusal when the loan is no longer open (another desk checked it in first). */
  ended: () => LibraryError;
}

export interface BorrowWindow {
  today: string;
  latestReturnDate: string;
  timeZone: string;
}

export const isStaff = (session: Session): boolean => session.role === 'admin';

export function requireStaff(session: Session): void {
  if (!isStaff(session)) throw new LibraryError('FORBIDDEN', 'staffOnly');
}

/** The due day of a loan (stored as midnight UTC of that day, see calendar.ts). */
export const dueDayOf = (loan: LoanRecord): string => utcDayOf(loan.returnDate.getTime());

/** Who a desk action is recorded as: name and e-mail, so staff can tell two clerks of one name apart. */
export const staffName = (session: Session): string => `${session.name} (${session.email})`;

/**
 * Who recorded an entry, as a member sees it: the staff member's name, without their e-mail address (which
 * is staff's to give out). An address holds no space, so the last " (" opens the one staffName appended.
 */
export function recorderForMembers(recordedBy: string | null): string | null {
  if (recordedBy === null || !recordedBy.endsWith(')')) return recordedBy;
  const open = recordedBy.lastIndexOf(' (');
  return open > 0 && recordedBy.slice(open).includes('@') ? recordedBy.slice(0, open) : recordedBy;
}
