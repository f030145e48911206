// What every part of circulation works with: the policy, the clock and calendar, requests sent once, the audit
// trail, and the small steps they share (a loan's late fee, a return date, whose account a request is about).
import type { LoanRecord, Store } from '../../store/port.ts';
import type { Session } from '../identity.ts';
import { LibraryError, badInput } from '../errors.ts';
import type { NoArgKey } from '../i18n/keys.ts';
import { addDays, daysBetween, parseDay, todayIn } from '../calendar.ts';
import { daysLate, lateFeeFor, type Policy } from '../policy.ts';
import { createLibraryCalendar, type LibraryCalendar, type OpenDays } from '../library-calendar.ts';
import * as check from '../validate.ts';
import { createOnce } from '../requests.ts';
import { createAuditTrail, type AuditChange, type AuditTrail } from '../audit.ts';
import { dueDayOf, isStaff, type WaitingFor } from './common.ts';

export interface CirculationOptions {
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
}

export type FeeFacts = { days: OpenDays; replacementCost: number };
export type Context = ReturnType<typeof createContext>;

export function createContext(store: Store, opts: CirculationOptions) {
  const { policy } = opts;
  const now = opts.now ?? (() => new Date());
  const today = () => todayIn(opts.timeZone, now());
  const dayOf = (instant: Date) => todayIn(opts.timeZone, instant);
  const audit = opts.audit ?? createAuditTrail(store, now);
  const calendar = opts.calendar ?? createLibraryCalendar(store, { timeZone: opts.timeZone, policy, now, audit });

  /** The day a loan's late fee runs to: the member's return claim, if any (RETURNS=desk), else today. */
  const feeDay = (loan: LoanRecord) => (loan.claimedAt ? dayOf(loan.claimedAt) : today());
  /**
   * What a loan's late fee needs besides the policy, read once so the fee can be worked out inside a store's
   * step (a return): the library's days from the due day on, and the book's replacement cost (the cap).
   */
  async function feeFacts(loan: LoanRecord): Promise<FeeFacts> {
    const [days, book] = await Promise.all([calendar.days(dueDayOf(loan), today()), store.books.get(loan.bookId)]);
    return { days, replacementCost: book?.replacementCost ?? policy.defaultReplacementCost };
  }
  /** The day the desk says it came back (the book drop's), else the claim, else today. */
  const returnDay = (loan: LoanRecord, returnedOn?: string | null) => returnedOn ?? feeDay(loan);
  const feeWith = (facts: FeeFacts, returnedOn?: string | null) => (loan: LoanRecord) =>
    lateFeeFor(policy, {
      dueDay: dueDayOf(loan),
      day: returnDay(loan, returnedOn),
      openAfter: facts.days.openAfter,
      replacementCost: facts.replacementCost,
    });

  return {
    store,
    policy,
    timeZone: opts.timeZone,
    enforce: opts.enforce !== false,
    now,
    today,
    dayOf,
    /** The library's calendar year of an instant: a ledger entry's reference counts in it (decision 074). */
    yearOf: (instant: Date) => Number(dayOf(instant).slice(0, 4)),
    waitingFor: opts.waitingFor ?? (async () => false),
    afterReturn: opts.afterReturn,
    afterLoan: opts.afterLoan,
    once: createOnce(store, now),
    audit,
    calendar,
    feeDay,
    returnDay,
    feeFacts,
    feeWith,
    /** The late fee of an open loan as of now (or its return claim): the one rule, read with what it needs. */
    lateFee: async (loan: LoanRecord) =>
      daysLate(dueDayOf(loan), feeDay(loan)) === 0 ? 0 : feeWith(await feeFacts(loan))(loan),
    /**
     * A loan still out and its fee so far (as lateFee), and whether the replacement cost capped it: what the
     * member is told is accruing.
     */
    async accrual(loan: LoanRecord): Promise<{ amount: number; capped: boolean }> {
      if (daysLate(dueDayOf(loan), feeDay(loan)) === 0) return { amount: 0, capped: false };
      const facts = await feeFacts(loan);
      const amount = feeWith(facts)(loan);
      const uncapped = lateFeeFor(
        { ...policy, feeCap: 'none' },
        {
          dueDay: dueDayOf(loan),
          day: feeDay(loan),
          openAfter: facts.days.openAfter,
          replacementCost: facts.replacementCost,
        },
      );
      return { amount, capped: uncapped > amount };
    },
    /** Still out: on loan, or claimed as returned but not checked in yet. */
    isOpen: (loan: LoanRecord) => loan.status === 'borrowed' || loan.status === 'returning',

    async activeLoan(rawId: unknown, field: string): Promise<LoanRecord> {
      const id = check.id(rawId, field);
      const loan = await store.loans.get(id);
      if (!loan) throw new LibraryError('NOT_FOUND', 'loanNotFound');
      return loan;
    },

    /** A desk write's first answer: the loan, once it has ended as `ended` says. */
    endedLoan: (ended: (loan: LoanRecord) => boolean) => async (ref: string) => {
      const loan = await store.loans.get(ref);
      return loan && ended(loan) ? loan : null;
    },

    /**
     * A loan's end (at the desk, or the member's own return in the app), in the audit trail: its status, from
     * active to how it ends, with the entries `more` adds; written by the store with the loan's end (decision 040).
     */
    loanEnding(
      session: Session,
      action: 'check-in' | 'mark-lost' | 'returned',
      loan: LoanRecord,
      ends: LoanRecord['status'],
      more: AuditChange[] = [],
    ) {
      const about = { bookId: loan.bookId, uid: loan.userId, loanId: loan.id };
      const status = { field: 'status', oldValue: loan.claimedAt ? 'returning' : 'borrowed', newValue: ends };
      return audit.entries(session, [
        { action, ...status, ...about },
        ...more.map((change) => ({ ...change, ...about })),
      ]);
    },

    returnDayOf(value: unknown, from: string): string {
      if (value === undefined || value === null || value === '') throw badInput('returnDate', 'returnDateMissing');
      const day = typeof value === 'string' ? parseDay(value, opts.timeZone) : null;
      if (day === null) throw badInput('returnDate', 'returnDateFormat');
      const days = daysBetween(from, day);
      if (days < 0) throw badInput('returnDate', 'returnDatePast');
      if (days > policy.loanDays)
        throw badInput('returnDate', 'returnDateTooLate', {
          days: policy.loanDays,
          day: addDays(from, policy.loanDays),
        });
      return day;
    },

    /** Whose account a request is about: the caller's own, or anyone's for staff. */
    subject(session: Session, userId: string | null | undefined, refusal: NoArgKey): string {
      if (userId == null || userId === session.uid) return session.uid;
      if (!isStaff(session)) throw new LibraryError('FORBIDDEN', refusal);
      return userId;
    },
  };
}
