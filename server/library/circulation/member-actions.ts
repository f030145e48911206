// A member's own circulation in the app: borrow, return (or claim a return, RETURNS=desk), renew, their loans.
// Each write takes an `idempotencyKey` (requests.ts): a retry after a lost answer gets the first answer.
import type { HoldRecord, LoanRecord } from '../../store/port.ts';
import type { Session } from '../identity.ts';
import { LibraryError, badInput } from '../errors.ts';
import * as check from '../validate.ts';
import { newId } from '../../store/ids.ts';
import type { Context } from './context.ts';
import type { Lending } from './lending.ts';
import type { Pickup } from './pickup.ts';

/**
 * What a member's borrow did: a loan (instant), or a pickup request (BORROWING=collect: the hold, no loan yet);
 * `quantity`: the book's copies left on the shelf.
 */
export type BorrowOutcome =
  { loan: LoanRecord; hold: null; quantity: number } | { loan: null; hold: HoldRecord; quantity: number };

export function createMemberActions(ctx: Context, lending: Lending, pickup: Pickup) {
  const { store, policy } = ctx;
  return {
    async borrow(
      session: Session,
      input: { bookId?: unknown; returnDate?: unknown; idempotencyKey?: unknown },
    ): Promise<BorrowOutcome> {
      const bookId = check.id(input.bookId, 'bookId');
      const returnDay = ctx.returnDayOf(input.returnDate, ctx.today());
      // The loan's (or pickup request's) id is chosen here, so a repeat of the key can answer what its first send made.
      const id = newId();
      const quantityOf = async (bookId: string) => (await store.books.get(bookId))?.quantity ?? 0;
      const submission = {
        actor: session.uid,
        key: input.idempotencyKey,
        request: ['borrow', bookId, returnDay],
        ref: id,
        answer: async (ref: string): Promise<BorrowOutcome | null> => {
          const loan = await store.loans.get(ref);
          if (loan?.userId === session.uid) return { loan, hold: null, quantity: await quantityOf(loan.bookId) };
          const hold = loan ? null : await store.holds.get(ref);
          if (hold?.userId !== session.uid) return null;
          return { loan: null, hold, quantity: await quantityOf(hold.bookId) };
        },
      };
      const borrower = { uid: session.uid, name: session.name, email: session.email, api: session.api };
      return ctx.once(submission, async (): Promise<BorrowOutcome> => {
        // Click and collect: the desk hands the copy over and starts the loan there (docs/decisions/075).
        if (policy.borrowing === 'collect')
          return { loan: null, ...(await pickup.request(borrower, bookId, returnDay, id)) };
        return { hold: null, ...(await lending.borrowNow(borrower, bookId, returnDay, id)) };
      });
    },

    async giveBack(
      session: Session,
      rawBorrowId: unknown,
      claimedBookId?: unknown,
      idempotencyKey?: unknown,
    ): Promise<LoanRecord> {
      const loan = await ctx.activeLoan(rawBorrowId, 'borrowId');
      if (loan.userId !== session.uid) throw new LibraryError('FORBIDDEN', 'notYourLoan');
      if (claimedBookId !== undefined && claimedBookId !== null && check.id(claimedBookId, 'bookId') !== loan.bookId) {
        throw badInput('bookId', 'bookMismatch');
      }
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['return', loan.id],
        ref: loan.id,
        answer: ctx.endedLoan((ended) => ended.status !== 'borrowed'),
      };
      return ctx.once(submission, async () => {
        // The return in the book's trail with it, by the member (the loan's end, as a desk check-in's is).
        const ending = ctx.loanEnding(session, 'returned', loan, 'returned');
        if (policy.returns === 'self') return lending.checkin(loan, null, session.name, undefined, ending);
        // RETURNS=desk: the member's word starts the return; the desk's check-in ends it (docs/decisions/041).
        if (loan.status === 'returning') return loan;
        if (loan.status !== 'borrowed') throw badInput('borrowId', 'alreadyReturned');
        const claimed = await store.loans.claimReturn(loan.id, ctx.now());
        if (claimed.ok) return claimed.loan;
        const current = await store.loans.get(loan.id);
        if (current?.status === 'returning') return current;
        throw badInput('borrowId', 'alreadyReturned');
      });
    },

    async renew(session: Session, rawLoanId: unknown, idempotencyKey?: unknown): Promise<LoanRecord> {
      const loan = await ctx.activeLoan(rawLoanId, 'loanId');
      if (loan.userId !== session.uid) throw new LibraryError('FORBIDDEN', 'renewOwnOnly');
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
      return ctx.once(submission, () => lending.renewNow(loan));
    },

    async loansOf(session: Session, userId?: string | null): Promise<LoanRecord[]> {
      return store.loans.listByUser(ctx.subject(session, userId, 'notYourList'));
    },
  };
}
