// Circulation: borrowing, returning, renewing, and the member's account, by the library's policy
// (library/policy.ts). Who may do what and every number is decided here; the store makes each step atomic,
// checking the limits it is given in the same step as the borrow.
import type { CheckoutResult, LedgerRecord, LoanRecord, NewAudit, Page, Store } from '../store/port.ts';
import { systemNote } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, MESSAGES, badInput } from './errors.ts';
import { addDays, dayToDate, daysBetween, parseDay, todayIn } from './calendar.ts';
import { daysLate, lateFeeFor, money, type Policy } from './policy.ts';
import { createLibraryCalendar, type LibraryCalendar, type OpenDays } from './library-calendar.ts';
import * as check from './validate.ts';
import { cursor, pageSize, paged } from './paging.ts';
import { createOnce } from './requests.ts';
import { newId } from '../store/ids.ts';
import { createAuditTrail, type AuditChange, type AuditTrail } from './audit.ts';
import { lendRefusal, noCopy } from './item-refusals.ts';
import { blockedRefusal } from './blocks.ts';

/** Whether another member is waiting for a book: renewals wait for them. Holds answer it; none yet. */
export type WaitingFor = (bookId: string) => Promise<boolean>;

/** What a member sees of a loan besides its record: days late, the fee, and whether it can be renewed. */
export interface LoanStanding {
  dueDay: string;
  overdueDays: number;
  fee: number;
  renewal:
    | { ok: true }
    | { ok: false; code: 'LOAN_NOT_ACTIVE' | 'RENEWAL_LIMIT' | 'LOAN_OVERDUE' | 'BOOK_REQUESTED'; message: string };
}

/** Whether a member may borrow now, and if not, why (the refusal a borrow would meet first). */
export type BorrowingStatus =
  | { allowed: true; code: null; message: null }
  | { allowed: false; code: 'MEMBER_BLOCKED' | 'LOAN_OVERDUE' | 'FEES_UNPAID' | 'LOAN_LIMIT'; message: string };

/** Who a loan is for: the member borrowing in the app, or the member the desk lends to. */
export interface Borrower {
  uid: string;
  name: string;
  email: string;
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

export interface Circulation {
  borrow(
    session: Session,
    input: { bookId?: unknown; returnDate?: unknown; idempotencyKey?: unknown },
  ): Promise<{ loan: LoanRecord; quantity: number }>;
  // Member writes take an `idempotencyKey` too (requests.ts): a retry after a lost answer gets the first answer.
  /** `claimedBookId` is what a REST client said the loan was for; it must match the loan when given. */
  giveBack(session: Session, borrowId: unknown, claimedBookId?: unknown, idempotencyKey?: unknown): Promise<LoanRecord>;
  renew(session: Session, loanId: unknown, idempotencyKey?: unknown): Promise<LoanRecord>;
  /** A member's loans, newest first: their own, or anyone's for staff. */
  loansOf(session: Session, userId?: string | null): Promise<LoanRecord[]>;
  standing(loan: LoanRecord): Promise<LoanStanding>;
  /** Whether the member may borrow now: told before any form (me.borrowing), the same rules a borrow meets. */
  borrowing(session: Session, userId?: string | null): Promise<BorrowingStatus>;
  balance(session: Session, userId?: string | null): Promise<number>;
  ledger(session: Session, userId?: string | null): Promise<LedgerRecord[]>;
  /** The return dates a borrow accepts now: from today to the latest, in the library's calendar. */
  window(): { today: string; latestReturnDate: string; timeZone: string };
  policy(): Policy;
  // The desk (staff only).
  // `idempotencyKey`: one per submission (requests.ts); sent again, it answers the first write.
  checkIn(session: Session, loanId: unknown, idempotencyKey?: unknown): Promise<LoanRecord>;
  markLost(session: Session, loanId: unknown, damaged: boolean, idempotencyKey?: unknown): Promise<LoanRecord>;
  credit(
    session: Session,
    kind: 'payment' | 'waiver',
    input: { uid?: unknown; amount?: unknown; note?: unknown; idempotencyKey?: unknown },
  ): Promise<LedgerRecord>;
  /** Active loans due before `dueBefore` (before today when left out), the longest overdue first. */
  overdue(
    session: Session,
    first: number | null | undefined,
    after: string | null | undefined,
    dueBefore?: Date,
  ): Promise<Page<LoanRecord>>;
  // The scanning desk (desk.ts), staff only: the same paths a member's own borrow, return and renewal take.
  /** Lends a scanned copy of a book to a member by every rule of their own borrow (returnDate: the policy's days when left out). */
  lend(
    session: Session,
    member: Borrower,
    input: { bookId: string; returnDate?: unknown; id: string },
    desk: DeskLend,
  ): Promise<{ loan: LoanRecord; quantity: number }>;
  /** Checks an open loan in at the desk, recorded in the audit trail; answers the loan and its days late. */
  checkInLoan(session: Session, loan: LoanRecord, desk: DeskReturn): Promise<{ loan: LoanRecord; daysLate: number }>;
  /** Renews a member's loan by their renewal rules, for staff at the desk. */
  renewLoanFor(session: Session, loan: LoanRecord): Promise<LoanRecord>;
}

export const isStaff = (session: Session): boolean => session.role === 'admin';

export function requireStaff(session: Session): void {
  if (!isStaff(session)) throw new LibraryError('FORBIDDEN', MESSAGES.staffOnly);
}

/** The due day of a loan (stored as midnight UTC of that day, see calendar.ts). */
export const dueDayOf = (loan: LoanRecord): string => loan.returnDate.toISOString().slice(0, 10);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** LOAN_OVERDUE for a borrow: names the book (the first overdue) and what to do. */
function overdueRefusal(late: LoanRecord[]): string {
  const [first] = late;
  const title = `“${first?.bookTitle ?? ''}”`;
  if (late.length === 1) return `${title} is overdue. Please return it before borrowing another book.`;
  const others = plural(late.length - 1, 'other book', 'other books');
  return `${title} and ${others} are overdue. Please return them before borrowing another book.`;
}

/** Who a desk action is recorded as: name and e-mail, so staff can tell two clerks of one name apart. */
const staffName = (session: Session): string => `${session.name} (${session.email})`;

/**
 * Who recorded an entry, as a member sees it: the staff member's name, without their e-mail address (which
 * is staff's to give out). An address holds no space, so the last " (" opens the one staffName appended.
 */
export function recorderForMembers(recordedBy: string | null): string | null {
  if (recordedBy === null || !recordedBy.endsWith(')')) return recordedBy;
  const open = recordedBy.lastIndexOf(' (');
  return open > 0 && recordedBy.slice(open).includes('@') ? recordedBy.slice(0, open) : recordedBy;
}

export function createCirculation(
  store: Store,
  opts: {
    timeZone: string;
    policy: Policy;
    now?: () => Date;
    waitingFor?: WaitingFor;
    /** false: borrows and returns without the limit, fee and late-fee checks (the benchmark's baseline). */
    enforce?: boolean;
    /** After a copy came back to a book (a return, a check-in): its queue may have moved. */
    afterReturn?: (bookId: string) => Promise<void>;
    /** Told of each loan made or renewed (its due-soon notice, when it is due within the window already). */
    afterLoan?: (loan: LoanRecord) => Promise<void>;
    /** Where desk actions are recorded; the store's own trail when left out. */
    audit?: AuditTrail;
    /** The library's calendar: due dates fall on open days and late fees count them. */
    calendar?: LibraryCalendar;
  },
): Circulation {
  const enforce = opts.enforce !== false;
  const { policy } = opts;
  const now = opts.now ?? (() => new Date());
  const waitingFor = opts.waitingFor ?? (async () => false);
  const today = () => todayIn(opts.timeZone, now());
  const dayOf = (instant: Date) => todayIn(opts.timeZone, instant);
  const once = createOnce(store, now);
  const audit = opts.audit ?? createAuditTrail(store, now);
  const calendar = opts.calendar ?? createLibraryCalendar(store, { timeZone: opts.timeZone, policy, now, audit });
  /**
   * A loan's end at the desk, in the audit trail: its status, from active to how it ends, with the entries `more`
   * adds; written by the store with the loan's end (decision 040).
   */
  const loanEnding = (
    session: Session,
    action: 'check-in' | 'mark-lost',
    loan: LoanRecord,
    ends: LoanRecord['status'],
    more: AuditChange[] = [],
  ) => {
    const about = { bookId: loan.bookId, uid: loan.userId };
    const status = { field: 'status', oldValue: loan.claimedAt ? 'returning' : 'borrowed', newValue: ends };
    return audit.entries(session, [
      { action, ...status, ...about },
      ...more.map((change) => ({ ...change, ...about })),
    ]);
  };
  /** A desk write's first answer: the loan, once it has ended as `ended` says. */
  const endedLoan = (ended: (loan: LoanRecord) => boolean) => async (ref: string) => {
    const loan = await store.loans.get(ref);
    return loan && ended(loan) ? loan : null;
  };

  function returnDayOf(value: unknown, from: string): string {
    if (value === undefined || value === null || value === '')
      throw badInput('returnDate', 'Please select a return date');
    const day = typeof value === 'string' ? parseDay(value, opts.timeZone) : null;
    if (day === null) throw badInput('returnDate', 'returnDate must be a date (YYYY-MM-DD)');
    const days = daysBetween(from, day);
    if (days < 0) throw badInput('returnDate', 'The return date cannot be before today');
    if (days > policy.loanDays)
      throw badInput(
        'returnDate',
        `Loans last at most ${plural(policy.loanDays, 'day', 'days')}: choose a return date on or before ${addDays(from, policy.loanDays)}.`,
      );
    return day;
  }

  /** Whose account a request is about: the caller's own, or anyone's for staff. */
  function subject(session: Session, userId: string | null | undefined, refusal: string): string {
    if (userId == null || userId === session.uid) return session.uid;
    if (!isStaff(session)) throw new LibraryError('FORBIDDEN', refusal);
    return userId;
  }

  /** The day a loan's late fee runs to: the member's return claim, if any (RETURNS=desk), else today. */
  const feeDay = (loan: LoanRecord) => (loan.claimedAt ? dayOf(loan.claimedAt) : today());
  /** The day the desk says it came back (the book drop's), else the claim, else today. */
  const returnDay = (loan: LoanRecord, returnedOn?: string | null) => returnedOn ?? feeDay(loan);
  /**
   * What a loan's late fee needs besides the policy, read once so the fee can be worked out inside a store's
   * step (a return): the library's days from the due day on, and the book's replacement cost (the cap).
   */
  async function feeFacts(loan: LoanRecord): Promise<{ days: OpenDays; replacementCost: number }> {
    const [days, book] = await Promise.all([calendar.days(dueDayOf(loan), today()), store.books.get(loan.bookId)]);
    return { days, replacementCost: book?.replacementCost ?? policy.defaultReplacementCost };
  }
  const feeWith =
    (facts: { days: OpenDays; replacementCost: number }, returnedOn?: string | null) => (loan: LoanRecord) =>
      lateFeeFor(policy, {
        dueDay: dueDayOf(loan),
        day: returnDay(loan, returnedOn),
        isOpen: facts.days.isOpen,
        replacementCost: facts.replacementCost,
      });
  /** The late fee of an open loan as of now (or its return claim): the one rule, read with what it needs. */
  const lateFee = async (loan: LoanRecord) =>
    daysLate(dueDayOf(loan), feeDay(loan)) === 0 ? 0 : feeWith(await feeFacts(loan))(loan);
  /** Still out: on loan, or claimed as returned but not checked in yet. */
  const isOpen = (loan: LoanRecord) => loan.status === 'borrowed' || loan.status === 'returning';

  async function activeLoan(rawId: unknown, field: string): Promise<LoanRecord> {
    const id = check.id(rawId, field);
    const loan = await store.loans.get(id);
    if (!loan) throw new LibraryError('NOT_FOUND', MESSAGES.loanNotFound);
    return loan;
  }

  /**
   * Closes an open loan: in the app by its member (by null), or at the desk by a staff member. `desk`: the fee as
   * of the day the desk says it came back, none when forgiven, and the refusal when it is no longer open.
   */
  async function checkin(
    loan: LoanRecord,
    by: string | null,
    member?: string,
    desk?: { returnedOn: string | null; forgive: boolean; ended: () => LibraryError },
    entries?: NewAudit[],
  ): Promise<LoanRecord> {
    const ended = desk?.ended ?? (() => badInput('borrowId', MESSAGES.alreadyReturned));
    if (!isOpen(loan)) throw ended();
    const returned = { by, via: by === null ? 'APP' : 'DESK', returnedBy: by ?? member ?? null } as const;
    const fee = enforce && !desk?.forgive ? feeWith(await feeFacts(loan), desk?.returnedOn) : () => 0;
    const result = await store.loans.checkin(loan.id, now(), { lateFee: fee, ...returned, audit: entries });
    if (result.ok) {
      await opts.afterReturn?.(loan.bookId);
      return result.loan;
    }
    if (result.reason === 'not-active') throw ended();
    throw new LibraryError('NOT_FOUND', MESSAGES.loanNotFound);
  }

  /** A book drop's day: a day, not after today, not before the loan began. */
  function returnedOnOf(value: unknown, loan: LoanRecord): string | null {
    if (value === undefined || value === null || value === '') return null;
    const day = typeof value === 'string' ? parseDay(value, opts.timeZone) : null;
    if (day === null) throw badInput('returnedOn', 'returnedOn must be a date (YYYY-MM-DD)');
    if (day > today()) throw badInput('returnedOn', 'The day it was returned cannot be after today.');
    const began = dayOf(loan.borrowDate);
    if (day < began)
      throw badInput('returnedOn', `The day it was returned cannot be before the loan began (${began}).`);
    return day;
  }

  /** A policy refusal: thrown, or with the desk's override passed and noted for the audit trail. */
  function refuse(error: LibraryError, desk?: DeskLend): void {
    if (desk && !desk.override) error.overridable = true;
    if (!desk?.override) throw error;
    desk.overridden.push(error);
  }

  /** The member's loans past their due day (not claimed as returned), the longest overdue first. */
  async function overdueLoansOf(uid: string): Promise<LoanRecord[]> {
    const day = today();
    return (await store.loans.listByUser(uid))
      .filter((loan) => loan.status === 'borrowed' && dueDayOf(loan) < day)
      .sort((a, b) => a.returnDate.getTime() - b.returnDate.getTime());
  }

  /** A member's borrow, or the desk's loan of a scanned copy to them (`desk`). */
  async function borrowNow(borrower: Borrower, bookId: string, returnDay: string, id: string, desk?: DeskLend) {
    const book = await store.books.get(bookId);
    if (!book) throw new LibraryError('NOT_FOUND', MESSAGES.bookNotFound);
    // A block is staff's decision, not the policy's: it holds whatever the policy checks (blocks.ts).
    // At the desk, staff's override passes it too (recorded with the reason).
    const blocked = blockedRefusal(await store.users.getByUid(borrower.uid));
    if (blocked) refuse(blocked, desk);
    if (enforce && policy.overdueBlocksBorrowing) {
      const late = await overdueLoansOf(borrower.uid);
      if (late.length > 0) refuse(new LibraryError('LOAN_OVERDUE', overdueRefusal(late)), desk);
    }
    // The day chosen, or the next day the library opens when it is closed then.
    const dueDay = (await calendar.days(returnDay, returnDay)).nextOpen(returnDay);
    const loan = {
      id,
      bookId,
      userId: borrower.uid,
      userName: borrower.name,
      userEmail: borrower.email,
      borrowDate: now(),
      returnDate: dayToDate(dueDay),
      bookTitle: book.title,
      bookAuthor: book.author,
      bookImage: book.image,
      bookCategory: book.genre,
      ...(desk ? { itemBarcode: desk.itemBarcode } : {}),
    };
    const limits = enforce ? { loanLimit: policy.loanLimit, maxBalance: 0 } : undefined;
    let result = await store.loans.checkout(loan, limits, desk?.audit?.());
    // Staff's override passes the limits the store checks (loan limit, fees): the same step, without them.
    if (!result.ok && desk?.override && (result.reason === 'loan-limit' || result.reason === 'fees-unpaid')) {
      desk.overridden.push(await refusalOf(result, borrower, desk));
      // The store names the first limit it met; the audit trail records the other too when it also applied.
      if (result.reason === 'loan-limit') {
        const balance = await store.ledger.balance(borrower.uid);
        if (balance > 0) desk.overridden.push(new LibraryError('FEES_UNPAID', feesRefusal(balance)));
      } else if ((await store.loans.countActiveByUser(borrower.uid)) >= policy.loanLimit) {
        desk.overridden.push(new LibraryError('LOAN_LIMIT', loanLimitRefusal()));
      }
      result = await store.loans.checkout(loan, undefined, desk.audit?.());
    }
    if (result.ok) {
      await opts.afterLoan?.(result.loan);
      return { loan: result.loan, quantity: result.quantity };
    }
    const refusal = await refusalOf(result, borrower, desk);
    // At the desk, the limits the store checks are the policy's too: staff may lend past them with a reason.
    if (desk && (result.reason === 'loan-limit' || result.reason === 'fees-unpaid')) refusal.overridable = true;
    throw refusal;
  }

  async function refusalOf(
    result: Exclude<CheckoutResult, { ok: true }>,
    borrower: Borrower,
    desk?: DeskLend,
  ): Promise<LibraryError> {
    switch (result.reason) {
      case 'already-borrowed':
        return new LibraryError('ALREADY_BORROWED', MESSAGES.alreadyBorrowed);
      case 'out-of-stock':
        return new LibraryError('OUT_OF_STOCK', MESSAGES.outOfStock);
      case 'loan-limit':
        return new LibraryError('LOAN_LIMIT', loanLimitRefusal());
      case 'fees-unpaid':
        return new LibraryError('FEES_UNPAID', feesRefusal(result.balance));
      case 'item-unavailable': {
        // Another desk was quicker, or the copy changed since it was scanned: say what it is doing now.
        const barcode = result.item?.barcode ?? desk?.itemBarcode ?? '';
        const item = await store.items.get(barcode);
        if (!item) return noCopy(barcode);
        return (
          (await lendRefusal(store, item, borrower.uid)) ??
          new LibraryError('ITEM_UNAVAILABLE', `${barcode} cannot be lent right now. Scan it again.`)
        );
      }
      default:
        return new LibraryError('NOT_FOUND', MESSAGES.bookNotFound);
    }
  }

  const loanLimitRefusal = () =>
    `You already have ${plural(policy.loanLimit, 'book', 'books')} on loan, the most the library lends at once. Return one to borrow another.`;
  const feesRefusal = (balance: number) =>
    `You owe ${money(balance)} in fees. Please pay at the desk before borrowing more.`;

  async function renewNow(loan: LoanRecord): Promise<LoanRecord> {
    const { renewal } = await standing(loan);
    if (!renewal.ok) throw new LibraryError(renewal.code, renewal.message);
    // The new due day is the policy's days on from the due day as stored then, moved to a day the library opens.
    const from = dueDayOf(loan);
    const days = await calendar.days(from, addDays(from, policy.renewalDays));
    // Refused here (LIBRARY_CLOSED) when the library opens on no day near enough, before the store's step.
    days.nextOpen(addDays(from, policy.renewalDays));
    const result = await store.loans.renew(loan.id, {
      maxRenewals: policy.maxRenewals,
      dueDate: (current) => dayToDate(days.nextOpen(addDays(dueDayOf(current), policy.renewalDays))),
    });
    if (result.ok) {
      await opts.afterLoan?.(result.loan);
      return result.loan;
    }
    // Another request renewed or returned it meanwhile: say why, as of now.
    const current = await standing((await store.loans.get(loan.id)) ?? loan);
    if (!current.renewal.ok) throw new LibraryError(current.renewal.code, current.renewal.message);
    throw new LibraryError('LOAN_NOT_ACTIVE', MESSAGES.loanNotActive);
  }

  async function standing(loan: LoanRecord): Promise<LoanStanding> {
    const dueDay = dueDayOf(loan);
    const active = loan.status === 'borrowed';
    // A claimed return's fee stopped on the claim's day; it is charged when the desk checks the book in.
    const day = isOpen(loan) ? feeDay(loan) : dayOf(loan.returnedAt ?? now());
    const overdueDays = daysLate(dueDay, day);
    const fee = isOpen(loan) ? await lateFee(loan) : loan.lateFee;
    let renewal: LoanStanding['renewal'] = { ok: true };
    if (!active) renewal = { ok: false, code: 'LOAN_NOT_ACTIVE', message: MESSAGES.loanNotActive };
    else if (loan.renewals >= policy.maxRenewals)
      renewal = {
        ok: false,
        code: 'RENEWAL_LIMIT',
        message:
          policy.maxRenewals === 0
            ? 'The library does not renew loans.'
            : `This loan has already been renewed ${policy.maxRenewals === 1 ? 'once' : plural(policy.maxRenewals, 'time', 'times')}, the most the library allows.`,
      };
    else if (overdueDays > 0) renewal = { ok: false, code: 'LOAN_OVERDUE', message: MESSAGES.loanOverdue };
    else if (await waitingFor(loan.bookId))
      renewal = { ok: false, code: 'BOOK_REQUESTED', message: MESSAGES.bookRequested };
    return { dueDay, overdueDays, fee, renewal };
  }

  return {
    policy: () => policy,

    window() {
      const from = today();
      return { today: from, latestReturnDate: addDays(from, policy.loanDays), timeZone: opts.timeZone };
    },

    async borrow(session, input) {
      const bookId = check.id(input.bookId, 'bookId');
      const returnDay = returnDayOf(input.returnDate, today());
      // The loan's id is chosen here, so a repeat of the key can answer the loan its first send made.
      const id = newId();
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: ['borrow', bookId, returnDay],
        ref: id,
        answer: async (ref: string) => {
          const loan = await store.loans.get(ref);
          if (!loan || loan.userId !== session.uid) return null;
          return { loan, quantity: (await store.books.get(loan.bookId))?.quantity ?? 0 };
        },
      };
      return once(submission, () =>
        borrowNow({ uid: session.uid, name: session.name, email: session.email }, bookId, returnDay, id),
      );
    },

    async giveBack(session, rawBorrowId, claimedBookId, idempotencyKey) {
      const loan = await activeLoan(rawBorrowId, 'borrowId');
      if (loan.userId !== session.uid) throw new LibraryError('FORBIDDEN', MESSAGES.notYourLoan);
      if (claimedBookId !== undefined && claimedBookId !== null && check.id(claimedBookId, 'bookId') !== loan.bookId) {
        throw badInput('bookId', 'bookId does not match the borrowed book');
      }
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['return', loan.id],
        ref: loan.id,
        answer: endedLoan((ended) => ended.status !== 'borrowed'),
      };
      return once(submission, async () => {
        if (policy.returns === 'self') return checkin(loan, null, session.name);
        // RETURNS=desk: the member's word starts the return; the desk's check-in ends it (docs/decisions/041).
        if (loan.status === 'returning') return loan;
        if (loan.status !== 'borrowed') throw badInput('borrowId', MESSAGES.alreadyReturned);
        const claimed = await store.loans.claimReturn(loan.id, now());
        if (claimed.ok) return claimed.loan;
        const current = await store.loans.get(loan.id);
        if (current?.status === 'returning') return current;
        throw badInput('borrowId', MESSAGES.alreadyReturned);
      });
    },

    async renew(session, rawLoanId, idempotencyKey) {
      const loan = await activeLoan(rawLoanId, 'loanId');
      if (loan.userId !== session.uid) throw new LibraryError('FORBIDDEN', 'You can only renew books you borrowed.');
      // What a renewal makes is the loan at its next renewal count: a repeat answers the loan once it is there.
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['renew', loan.id],
        ref: `${loan.id}:${loan.renewals + 1}`,
        answer: async (ref: string) => {
          const [loanId = '', count = ''] = ref.split(':');
          const renewed = await store.loans.get(loanId);
          return renewed && renewed.renewals >= Number(count) ? renewed : null;
        },
      };
      return once(submission, () => renewNow(loan));
    },

    async loansOf(session, userId) {
      return store.loans.listByUser(subject(session, userId, MESSAGES.notYourList));
    },

    standing,

    async borrowing(session, userId) {
      const uid = subject(session, userId, 'You can only see your own account.');
      const blocked = blockedRefusal(await store.users.getByUid(uid));
      if (blocked) return { allowed: false, code: 'MEMBER_BLOCKED', message: blocked.message };
      if (enforce && policy.overdueBlocksBorrowing) {
        const late = await overdueLoansOf(uid);
        if (late.length > 0) return { allowed: false, code: 'LOAN_OVERDUE', message: overdueRefusal(late) };
      }
      if (enforce) {
        // The order a borrow meets them in (the store's checkout): fees, then the loan limit.
        const balance = await store.ledger.balance(uid);
        if (balance > 0) return { allowed: false, code: 'FEES_UNPAID', message: feesRefusal(balance) };
        if ((await store.loans.countActiveByUser(uid)) >= policy.loanLimit)
          return { allowed: false, code: 'LOAN_LIMIT', message: loanLimitRefusal() };
      }
      return { allowed: true, code: null, message: null };
    },

    async balance(session, userId) {
      return store.ledger.balance(subject(session, userId, 'You can only see your own account.'));
    },

    async ledger(session, userId) {
      const entries = await store.ledger.list(subject(session, userId, 'You can only see your own account.'));
      if (isStaff(session)) return entries;
      return entries.map((entry) => ({ ...entry, recordedBy: recorderForMembers(entry.recordedBy) }));
    },

    async checkIn(session, rawLoanId, idempotencyKey) {
      requireStaff(session);
      const loanId = check.id(rawLoanId, 'loanId');
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['check-in', loanId],
        ref: loanId,
        answer: endedLoan((loan) => loan.status === 'returned'),
      };
      return once(submission, async () => {
        const open = await activeLoan(loanId, 'loanId');
        return checkin(
          open,
          staffName(session),
          undefined,
          undefined,
          loanEnding(session, 'check-in', open, 'returned'),
        );
      });
    },

    async markLost(session, rawLoanId, damaged, idempotencyKey) {
      requireStaff(session);
      const loanId = check.id(rawLoanId, 'loanId');
      const as = damaged ? 'damaged' : 'lost';
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['mark-lost', loanId, as],
        ref: loanId,
        answer: endedLoan((loan) => loan.status === as),
      };
      return once(submission, async () => {
        const loan = await activeLoan(loanId, 'loanId');
        if (!isOpen(loan)) throw new LibraryError('LOAN_NOT_ACTIVE', MESSAGES.loanNotActive);
        const book = await store.books.get(loan.bookId);
        const result = await store.loans.close(loan.id, now(), {
          as,
          replacementCost: book?.replacementCost ?? policy.defaultReplacementCost,
          processingFee: policy.lostProcessingFee,
          by: staffName(session),
          audit: loanEnding(session, 'mark-lost', loan, as),
        });
        if (result.ok) return result.loan;
        if (result.reason === 'not-active') throw new LibraryError('LOAN_NOT_ACTIVE', MESSAGES.loanNotActive);
        throw new LibraryError('NOT_FOUND', MESSAGES.loanNotFound);
      });
    },

    async credit(session, kind, input) {
      requireStaff(session);
      const uid = check.text(input.uid, 'uid', { max: 128 });
      const amount = check.number(input.amount, 'amount', { min: 1, max: 1_000_000, integer: true });
      const note =
        check.text(input.note, 'note', { max: 500, required: false }) ||
        systemNote(kind === 'payment' ? 'ledgerPaidAtDesk' : 'ledgerWaivedAtDesk');
      // The entry's id is chosen here, so a repeat of the key can find the entry its first send recorded.
      const id = newId();
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: [kind, uid, amount, note],
        ref: id,
        answer: async (ref: string) => (await store.ledger.list(uid)).find((entry) => entry.id === ref) ?? null,
      };
      return once(submission, async () => {
        if (!(await store.users.getByUid(uid))) throw new LibraryError('NOT_FOUND', 'Member not found');
        const result = await store.ledger.credit({
          id,
          userId: uid,
          kind,
          amount,
          note,
          recordedBy: staffName(session),
          createdAt: now(),
        });
        if (result.ok) {
          const change = { field: 'balance', oldValue: result.balance + amount, newValue: result.balance, uid };
          await audit.record(session, [{ action: kind, ...change }]);
          return result.entry;
        }
        throw badInput(
          'amount',
          result.balance === 0
            ? 'This member owes nothing.'
            : `The amount is more than the member owes (${money(result.balance)}).`,
        );
      });
    },

    async overdue(session, first, after, dueBefore) {
      requireStaff(session);
      const size = pageSize(first);
      // Due before today: a loan due today is not late yet.
      const before = dueBefore ?? dayToDate(today());
      return paged(() => store.loans.overdue(before, { first: size, after: cursor(after) }));
    },

    async lend(session, member, input, desk) {
      requireStaff(session);
      const from = today();
      // Left out: the policy's loan days. Given, it must be a day a borrow accepts (an empty one is refused).
      const blank = input.returnDate === undefined || input.returnDate === null;
      const day = blank ? addDays(from, policy.loanDays) : returnDayOf(input.returnDate, from);
      return borrowNow(member, input.bookId, day, input.id, desk);
    },

    async checkInLoan(session, loan, desk) {
      requireStaff(session);
      const returnedOn = returnedOnOf(desk.returnedOn, loan);
      // What would be charged, worked out before: a fee a book drop's day or forgiving removed is recorded with
      // its amount (as of today, then as of the day it came back).
      const facts = enforce && (returnedOn || desk.forgive) ? await feeFacts(loan) : null;
      const asOfToday = facts ? feeWith(facts)(loan) : 0;
      const asOfReturn = facts ? feeWith(facts, returnedOn)(loan) : 0;
      const backDated = returnedOn !== null && asOfToday !== asOfReturn;
      const entries = loanEnding(session, 'check-in', loan, 'returned', [
        ...(returnedOn ? [{ action: 'check-in' as const, field: 'returnedOn', newValue: returnedOn }] : []),
        ...(backDated
          ? [{ action: 'check-in' as const, field: 'lateFee', oldValue: asOfToday, newValue: asOfReturn }]
          : []),
        ...(desk.forgive
          ? [{ action: 'fee-forgiven' as const, field: 'lateFee', oldValue: asOfReturn, newValue: 0 }]
          : []),
      ]);
      const closed = await checkin(loan, staffName(session), undefined, { ...desk, returnedOn }, entries);
      return { loan: closed, daysLate: daysLate(dueDayOf(closed), returnDay(loan, returnedOn)) };
    },

    async renewLoanFor(session, loan) {
      requireStaff(session);
      const renewed = await renewNow(loan);
      const change = { field: 'returnDate', oldValue: dueDayOf(loan), newValue: dueDayOf(renewed) };
      await audit.record(session, [{ action: 'renewal', ...change, bookId: loan.bookId, uid: loan.userId }]);
      return renewed;
    },
  };
}
