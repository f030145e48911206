// Reading a member's standing: a loan's days late, fee and renewal, whether they may borrow now, their balance
// and ledger. The refusals a borrow meets are written here once, for the reads and the writes alike.
import type { LedgerRecord, LoanRecord } from '../../store/port.ts';
import type { Session } from '../identity.ts';

import { daysLate } from '../policy.ts';
import { sentence, type Sentence } from '../i18n/keys.ts';
import { blockedRefusal } from '../blocks.ts';
import { dueDayOf, isStaff, recorderForMembers, type BorrowingStatus, type LoanStanding } from './common.ts';
import type { Context } from './context.ts';

/** LOAN_OVERDUE for a borrow: names the book (the first overdue) and what to do. */
export function overdueRefusal(late: LoanRecord[]): Sentence {
  const title = late[0]?.bookTitle ?? '';
  if (late.length === 1) return sentence('overdueOne', { title });
  return sentence('overdueMany', { title, others: late.length - 1 });
}

export type Standing = ReturnType<typeof createStanding>;

export function createStanding(ctx: Context) {
  const { store, policy, enforce } = ctx;

  const loanLimitRefusal = () => sentence('loanLimit', { limit: policy.loanLimit });
  const feesRefusal = (balance: number) => sentence('feesUnpaid', { amount: balance });

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
    if (!active) renewal = { ok: false, code: 'LOAN_NOT_ACTIVE', said: sentence('loanNotActive') };
    else if (loan.renewals >= policy.maxRenewals)
      renewal = {
        ok: false,
        code: 'RENEWAL_LIMIT',
        said:
          policy.maxRenewals === 0 ? sentence('noRenewals') : sentence('renewalLimit', { times: policy.maxRenewals }),
      };
    else if (overdueDays > 0) renewal = { ok: false, code: 'LOAN_OVERDUE', said: sentence('loanOverdue') };
    else if (await ctx.waitingFor(loan.bookId))
      renewal = { ok: false, code: 'BOOK_REQUESTED', said: sentence('bookRequested') };
    return { dueDay, overdueDays, fee, renewal };
  }

  return {
    loanLimitRefusal,
    feesRefusal,
    overdueLoansOf,
    standing,

    async borrowing(session: Session, userId?: string | null): Promise<BorrowingStatus> {
      const uid = ctx.subject(session, userId, 'ownAccountOnly');
      const blocked = blockedRefusal(await store.users.getByUid(uid));
      if (blocked) return { allowed: false, code: 'MEMBER_BLOCKED', said: blocked.sentence };
      if (enforce && policy.overdueBlocksBorrowing) {
        const late = await overdueLoansOf(uid);
        if (late.length > 0) return { allowed: false, code: 'LOAN_OVERDUE', said: overdueRefusal(late) };
      }
      if (enforce) {
        // The order a borrow meets them in (the store's checkout): fees, then the loan limit.
        const balance = await store.ledger.balance(uid);
        if (balance > 0) return { allowed: false, code: 'FEES_UNPAID', said: feesRefusal(balance) };
        if ((await store.loans.countActiveByUser(uid)) >= policy.loanLimit)
          return { allowed: false, code: 'LOAN_LIMIT', said: loanLimitRefusal() };
      }
      return { allowed: true, code: null, said: null };
    },

    async balance(session: Session, userId?: string | null): Promise<number> {
      return store.ledger.balance(ctx.subject(session, userId, 'ownAccountOnly'));
    },

    async ledger(session: Session, userId?: string | null): Promise<LedgerRecord[]> {
      const entries = await store.ledger.list(ctx.subject(session, userId, 'ownAccountOnly'));
      if (isStaff(session)) return entries;
      return entries.map((entry) => ({ ...entry, recordedBy: recorderForMembers(entry.recordedBy) }));
    },
  };
}
