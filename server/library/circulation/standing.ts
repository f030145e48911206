// Reading a member's standing: a loan's days late, fee and renewal, whether they may borrow now, their balance
// and ledger. The refusals a borrow meets are written here once, for the reads and the writes alike.
import type { CheckoutLimits, LedgerRecord, LoanRecord } from '../../store/port.ts';
import type { Session } from '../identity.ts';

import { daysLate } from '../policy.ts';
import { LibraryError } from '../errors.ts';
import { sentence, type Sentence } from '../i18n/keys.ts';
import { blockedRefusal } from '../blocks.ts';
import { NO_LIMITS, checkoutRefusal } from '../rules/checkout.ts';
import {
  dueDayOf,
  isStaff,
  recorderForMembers,
  type BorrowingStatus,
  type LoanStanding,
  type MemberStanding,
} from './common.ts';
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
  /** The limits a borrow gives the store's checkout: none when the policy is not enforced. */
  const checkoutLimits = (): CheckoutLimits | undefined =>
    enforce ? { loanLimit: policy.loanLimit, maxBalance: 0 } : undefined;

  /** The refusals a borrow meets before the store's checkout, in order: a block, then overdue loans. */
  async function refusalsBeforeCheckout(uid: string): Promise<LibraryError[]> {
    const refusals: LibraryError[] = [];
    // A block is staff's decision, not the policy's: it holds whatever the policy checks (blocks.ts).
    const blocked = blockedRefusal(await store.users.getByUid(uid));
    if (blocked) refusals.push(blocked);
    if (enforce && policy.overdueBlocksBorrowing) {
      const late = await overdueLoansOf(uid);
      if (late.length > 0) refusals.push(LibraryError.of('LOAN_OVERDUE', overdueRefusal(late)));
    }
    return refusals;
  }

  /**
   * The refusal a borrow of a book on the shelf would meet first now: the refusals before the checkout, then
   * the checkout's own rule (rules/checkout.ts) asked with the member's balance and loans.
   */
  async function borrowRefusal(uid: string): Promise<MemberStanding['refusal']> {
    const [first] = await refusalsBeforeCheckout(uid);
    if (first) return { code: first.code as 'MEMBER_BLOCKED' | 'LOAN_OVERDUE', said: first.sentence };
    const limits = checkoutLimits() ?? NO_LIMITS;
    const [balance, loans, requests] = await Promise.all([
      store.ledger.balance(uid),
      store.loans.countActiveByUser(uid),
      pickupRequestsOf(uid),
    ]);
    const state = { bookExists: true, alreadyBorrowed: false, holdReady: true, onShelf: 1, scan: null };
    // A pickup request counts toward the loan limit as the loan it becomes (decision 075).
    const refused = checkoutRefusal({ ...state, balance, onLoan: loans + requests, limits });
    if (refused?.reason === 'fees-unpaid') return { code: 'FEES_UNPAID', said: feesRefusal(refused.balance) };
    if (refused?.reason === 'loan-limit') return { code: 'LOAN_LIMIT', said: loanLimitRefusal() };
    return null;
  }

  /**
   * Whether the member is in good standing for a renewal nobody asked for (AUTO_RENEW): the refusal a borrow would
   * meet now (a block, an overdue loan, fees), but the loan limit, as a renewal adds no loan; null when none.
   */
  async function renewalRefusal(uid: string): Promise<MemberStanding['refusal']> {
    const refusal = await borrowRefusal(uid);
    return refusal?.code === 'LOAN_LIMIT' ? null : refusal;
  }

  /** The member's open pickup requests (click and collect): none are made where the app lends at once. */
  async function pickupRequestsOf(uid: string): Promise<number> {
    if (policy.borrowing !== 'collect') return 0;
    const holds = await store.holds.listByUser(uid);
    return holds.filter((h) => h.returnDate !== null && (h.status === 'waiting' || h.status === 'ready')).length;
  }

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
    // A loan still out: its fee so far, and whether the cap stopped it (what the Fees tab says of it too).
    const { amount: fee, capped } = ctx.isOpen(loan)
      ? await ctx.accrual(loan)
      : { amount: loan.lateFee, capped: false };
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
    return { dueDay, overdueDays, fee, capped, renewal };
  }

  return {
    loanLimitRefusal,
    feesRefusal,
    checkoutLimits,
    refusalsBeforeCheckout,
    overdueLoansOf,
    standing,
    renewalRefusal,

    async borrowing(session: Session, userId?: string | null): Promise<BorrowingStatus> {
      const refusal = await borrowRefusal(ctx.subject(session, userId, 'ownAccountOnly'));
      return refusal ? { allowed: false, ...refusal } : { allowed: true, code: null, said: null };
    },

    /** What the member owes, the fees accruing on loans still out, and the refusal a borrow would meet now. */
    async memberStanding(session: Session, userId?: string | null): Promise<MemberStanding> {
      const uid = ctx.subject(session, userId, 'ownAccountOnly');
      const [owed, loans, refusal] = await Promise.all([
        store.ledger.balance(uid),
        store.loans.listByUser(uid),
        borrowRefusal(uid),
      ]);
      const open = loans.filter((loan) => ctx.isOpen(loan));
      const accrued = await Promise.all(open.map(async (loan) => ({ loan, ...(await ctx.accrual(loan)) })));
      const accruing = enforce ? accrued.filter((fee) => fee.amount > 0).sort((a, b) => b.amount - a.amount) : [];
      return { owed, accruing, refusal };
    },

    async ledger(session: Session, userId?: string | null): Promise<LedgerRecord[]> {
      const entries = await store.ledger.list(ctx.subject(session, userId, 'ownAccountOnly'));
      if (isStaff(session)) return entries;
      return entries.map((entry) => ({ ...entry, recordedBy: recorderForMembers(entry.recordedBy) }));
    },
  };
}
