// The desk's circulation (staff only): check-in and lost or damaged copies by loan, payments and waivers, the
// overdue list, and the scanning desk's lending (desk.ts) by the same paths a member's own borrow takes.
// `idempotencyKey`: one per submission (requests.ts); sent again, it answers the first write.
import type { LedgerRecord, LoanRecord, Page } from '../../store/port.ts';
import { systemNote } from '../../store/port.ts';
import type { Session } from '../identity.ts';
import { LibraryError, badInput } from '../errors.ts';
import { addDays, dayToDate, parseDay } from '../calendar.ts';
import { daysLate } from '../policy.ts';
import * as check from '../validate.ts';
import { cursor, pageSize, paged } from '../paging.ts';
import { newId } from '../../store/ids.ts';
import { dueDayOf, requireStaff, staffName, type Borrower, type DeskLend, type DeskReturn } from './common.ts';
import type { Context } from './context.ts';
import type { Lending } from './lending.ts';
import type { Pickup } from './pickup.ts';

export function createDeskLending(ctx: Context, lending: Lending, pickup: Pickup) {
  const { store, policy, enforce } = ctx;

  /** A book drop's day: a day, not after today, not before the loan began. */
  function returnedOnOf(value: unknown, loan: LoanRecord): string | null {
    if (value === undefined || value === null || value === '') return null;
    const day = typeof value === 'string' ? parseDay(value, ctx.timeZone) : null;
    if (day === null) throw badInput('returnedOn', 'fieldDay', { field: 'returnedOn' });
    if (day > ctx.today()) throw badInput('returnedOn', 'deskReturnedFuture');
    const began = ctx.dayOf(loan.borrowDate);
    if (day < began) throw badInput('returnedOn', 'deskReturnedBeforeLoan', { day: began });
    return day;
  }

  return {
    async checkIn(session: Session, rawLoanId: unknown, idempotencyKey?: unknown): Promise<LoanRecord> {
      requireStaff(session);
      const loanId = check.id(rawLoanId, 'loanId');
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['check-in', loanId],
        ref: loanId,
        answer: ctx.endedLoan((loan) => loan.status === 'returned'),
      };
      return ctx.once(submission, async () => {
        const open = await ctx.activeLoan(loanId, 'loanId');
        const entries = ctx.loanEnding(session, 'check-in', open, 'returned');
        return lending.checkin(open, staffName(session), undefined, undefined, entries);
      });
    },

    async markLost(session: Session, rawLoanId: unknown, damaged: boolean, idempotencyKey?: unknown) {
      requireStaff(session);
      const loanId = check.id(rawLoanId, 'loanId');
      const as = damaged ? 'damaged' : 'lost';
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['mark-lost', loanId, as],
        ref: loanId,
        answer: ctx.endedLoan((loan) => loan.status === as),
      };
      return ctx.once(submission, async () => {
        const loan = await ctx.activeLoan(loanId, 'loanId');
        if (!ctx.isOpen(loan)) throw new LibraryError('LOAN_NOT_ACTIVE', 'loanNotActive');
        const book = await store.books.get(loan.bookId);
        const at = ctx.now();
        const result = await store.loans.close(loan.id, at, {
          year: ctx.yearOf(at),
          as,
          replacementCost: book?.replacementCost ?? policy.defaultReplacementCost,
          processingFee: policy.lostProcessingFee,
          by: staffName(session),
          audit: ctx.loanEnding(session, 'mark-lost', loan, as),
        });
        if (result.ok) return result.loan;
        if (result.reason === 'not-active') throw new LibraryError('LOAN_NOT_ACTIVE', 'loanNotActive');
        throw new LibraryError('NOT_FOUND', 'loanNotFound');
      });
    },

    async credit(
      session: Session,
      kind: 'payment' | 'waiver',
      input: { uid?: unknown; amount?: unknown; note?: unknown; idempotencyKey?: unknown },
    ): Promise<LedgerRecord> {
      requireStaff(session);
      const uid = check.text(input.uid, 'uid', { max: 128 });
      const amount = check.number(input.amount, 'amount', { min: 1, max: 1_000_000, integer: true });
      const typed = check.text(input.note, 'note', { max: 500, required: false });
      // A waiver forgives money owed: its reason is the record of why (decision 074).
      if (kind === 'waiver' && !typed) throw badInput('note', 'waiverNeedsReason');
      const note = typed || systemNote('ledgerPaidAtDesk');
      // The entry's id is chosen here, so a repeat of the key can find the entry its first send recorded.
      const id = newId();
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: [kind, uid, amount, note],
        ref: id,
        answer: async (ref: string) => (await store.ledger.list(uid)).find((entry) => entry.id === ref) ?? null,
      };
      return ctx.once(submission, async () => {
        if (!(await store.users.getByUid(uid))) throw new LibraryError('NOT_FOUND', 'memberNotFound');
        const createdAt = ctx.now();
        const result = await store.ledger.credit({
          id,
          userId: uid,
          kind,
          amount,
          note,
          recordedBy: staffName(session),
          createdAt,
          year: ctx.yearOf(createdAt),
        });
        if (result.ok) {
          const change = { field: 'balance', oldValue: result.balance + amount, newValue: result.balance, uid };
          await ctx.audit.record(session, [{ action: kind, ...change }]);
          return result.entry;
        }
        if (result.balance === 0) throw badInput('amount', 'owesNothing');
        throw badInput('amount', 'amountOverBalance', { amount: result.balance });
      });
    },

    async overdue(
      session: Session,
      first: number | null | undefined,
      after: string | null | undefined,
      dueBefore?: Date,
    ): Promise<Page<LoanRecord>> {
      requireStaff(session);
      const size = pageSize(first);
      // Due before today: a loan due today is not late yet.
      const before = dueBefore ?? dayToDate(ctx.today());
      return paged(() => store.loans.overdue(before, { first: size, after: cursor(after) }));
    },

    async lend(
      session: Session,
      member: Borrower,
      input: { bookId: string; returnDate?: unknown; id: string },
      desk: DeskLend,
    ): Promise<{ loan: LoanRecord; quantity: number }> {
      requireStaff(session);
      const from = ctx.today();
      // Left out: the return date the member chose for a pickup request when it still fits, else the policy's loan
      // days. Given, it must be a day a borrow accepts (an empty one is refused).
      const blank = input.returnDate === undefined || input.returnDate === null;
      const kept = blank ? await pickup.keptReturnDay(member.uid, input.bookId, from) : null;
      const day = blank ? (kept ?? addDays(from, policy.loanDays)) : ctx.returnDayOf(input.returnDate, from);
      return lending.borrowNow(member, input.bookId, day, input.id, desk);
    },

    async checkInLoan(session: Session, loan: LoanRecord, desk: DeskReturn) {
      requireStaff(session);
      const returnedOn = returnedOnOf(desk.returnedOn, loan);
      // What would be charged, worked out before: a fee a book drop's day or forgiving removed is recorded with
      // its amount (as of today, then as of the day it came back).
      const facts = enforce && (returnedOn || desk.forgive) ? await ctx.feeFacts(loan) : null;
      const asOfToday = facts ? ctx.feeWith(facts)(loan) : 0;
      const asOfReturn = facts ? ctx.feeWith(facts, returnedOn)(loan) : 0;
      const backDated = returnedOn !== null && asOfToday !== asOfReturn;
      const entries = ctx.loanEnding(session, 'check-in', loan, 'returned', [
        ...(returnedOn ? [{ action: 'check-in' as const, field: 'returnedOn', newValue: returnedOn }] : []),
        ...(backDated
          ? [{ action: 'check-in' as const, field: 'lateFee', oldValue: asOfToday, newValue: asOfReturn }]
          : []),
        ...(desk.forgive
          ? [{ action: 'fee-forgiven' as const, field: 'lateFee', oldValue: asOfReturn, newValue: 0 }]
          : []),
      ]);
      const closed = await lending.checkin(loan, staffName(session), undefined, { ...desk, returnedOn }, entries);
      return { loan: closed, daysLate: daysLate(dueDayOf(closed), ctx.returnDay(loan, returnedOn)) };
    },

    async renewLoanFor(session: Session, loan: LoanRecord): Promise<LoanRecord> {
      requireStaff(session);
      const renewed = await lending.renewNow(loan);
      const change = { field: 'returnDate', oldValue: dueDayOf(loan), newValue: dueDayOf(renewed) };
      await ctx.audit.record(session, [
        { action: 'renewal', ...change, bookId: loan.bookId, uid: loan.userId, loanId: loan.id },
      ]);
      return renewed;
    },
  };
}
