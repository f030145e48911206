// Reading a member's standing: a loan's days late, fee and renewal, whether they may borrow now, their balance
// and ledger. The refusals a borrow meets are written here once, for the reads and the writes alike.
import type { LedgerRecord, LoanRecord } from '../../store/port.ts';
import type { Session } from '../identity.ts';
import { MESSAGES } from '../errors.ts';
import { daysLate, money } from '../policy.ts';
import { blockedRefusal } from '../blocks.ts';
import { dueDayOf, isStaff, plural, recorderForMembers, type BorrowingStatus, type LoanStanding } from './common.ts';
import type { Context } from './context.ts';

/** LOAN_OVERDUE for a borrow: names the book (the first overdue) and what to do. */
export function overdueRefusal(late: LoanRecord[]): string {
  const [first] = late;
  const title = `“${first?.bookTitle ?? ''}”`;
  if (late.length === 1) return `${title} is overdue. Please return it before borrowing another book.`;
  const others = plural(late.length - 1, 'other book', 'other books');
  return `${title} and ${others} are overdue. Please return them before borrowing another book.`;
}

export type Standing = ReturnType<typeof createStanding>;

export function createStanding(ctx: Context) {
  const { store, policy, enforce } = ctx;

  const loanLimitRefusal = () =>
    `You already have ${plural(policy.loanLimit, 'book', 'books')} on loan, the most the library lends at once. Return one to borrow another.`;
  const feesRefusal = (balance: number) =>
    `You owe ${money(balance)} in fees. Please pay at the desk before borrowing more.`;

  /** The member's loans past their due day (not claimed as returned), the longest overdue first. */
  async function overdueLoansOf(uid: string): Promise<LoanRecord[]> {
    const day = ctx.today();
    return (await store.loans.listByUser(uid))
      .filter((loan) => loan.status === 'borrowed' && dueDayOf(loan) < day)
      .sort((a, b) => a.returnDate.getTime() - b.returnDate.getTime());
  }

  async function standing(loan: LoanRecord): Promise<LoanStanding> {
    const dueDay = dueDayOf(loan);
    const active = loan.status === 'borrowed';
    // A claimed return's fee stopped on the claim's day; it is charged when the desk checks the book in.
    const day = ctx.isOpen(loan) ? ctx.feeDay(loan) : ctx.dayOf(loan.returnedAt ?? ctx.now());
    const overdueDays = daysLate(dueDay, day);
    const fee = ctx.isOpen(loan) ? await ctx.lateFee(loan) : loan.lateFee;
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
    else if (await ctx.waitingFor(loan.bookId))
      renewal = { ok: false, code: 'BOOK_REQUESTED', message: MESSAGES.bookRequested };
    return { dueDay, overdueDays, fee, renewal };
  }

  return {
    loanLimitRefusal,
    feesRefusal,
    overdueLoansOf,
    standing,

    async borrowing(session: Session, userId?: string | null): Promise<BorrowingStatus> {
      const uid = ctx.subject(session, userId, 'You can only see your own account.');
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

    async balance(session: Session, userId?: string | null): Promise<number> {
      return store.ledger.balance(ctx.subject(session, userId, 'You can only see your own account.'));
    },

    async ledger(session: Session, userId?: string | null): Promise<LedgerRecord[]> {
      const entries = await store.ledger.list(ctx.subject(session, userId, 'You can only see your own account.'));
      if (isStaff(session)) return entries;
      return entries.map((entry) => ({ ...entry, recordedBy: recorderForMembers(entry.recordedBy) }));
    },
  };
}
