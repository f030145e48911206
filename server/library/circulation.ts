// Circulation: borrowing, returning, renewing, and the member's account, by the library's policy
// (library/policy.ts). Who may do what and every number is decided here; the store makes each step atomic,
// checking the limits it is given in the same step as the borrow. The parts live in circulation/: a member's
// own actions, the desk's lending, the standing and ledger reads, and the lending steps they share.
import type { LedgerRecord, LoanRecord, Page, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import type { Policy } from './policy.ts';
import { addDays } from './calendar.ts';
import type {
  BorrowingStatus,
  Borrower,
  DeskLend,
  DeskReturn,
  LoanStanding,
  MemberStanding,
} from './circulation/common.ts';
import { createContext, type CirculationOptions } from './circulation/context.ts';
import { createStanding } from './circulation/standing.ts';
import { createLending } from './circulation/lending.ts';
import { createMemberActions } from './circulation/member-actions.ts';
import { createDeskLending } from './circulation/desk-lending.ts';
import { createPickup } from './circulation/pickup.ts';
import type { BorrowOutcome } from './circulation/member-actions.ts';
import { createAutoRenewal, type AutoRenewal } from './circulation/auto-renewal.ts';

export {
  dueDayOf,
  isStaff,
  recorderForMembers,
  requireStaff,
  type BorrowWindow,
  type BorrowingStatus,
  type Borrower,
  type DeskLend,
  type DeskReturn,
  type LoanStanding,
  type MemberStanding,
  type WaitingFor,
} from './circulation/common.ts';
export type { BorrowOutcome } from './circulation/member-actions.ts';
export type { AutoRenewal } from './circulation/auto-renewal.ts';

export interface Circulation {
  borrow(
    session: Session,
    input: { bookId?: unknown; returnDate?: unknown; idempotencyKey?: unknown },
  ): Promise<BorrowOutcome>;
  // Member writes take an `idempotencyKey` too (requests.ts): a retry after a lost answer gets the first answer.
  /** `claimedBookId` is what a REST client said the loan was for; it must match the loan when given. */
  giveBack(session: Session, borrowId: unknown, claimedBookId?: unknown, idempotencyKey?: unknown): Promise<LoanRecord>;
  renew(session: Session, loanId: unknown, idempotencyKey?: unknown): Promise<LoanRecord>;
  /** A member's loans, newest first: their own, or anyone's for staff. */
  loansOf(session: Session, userId?: string | null): Promise<LoanRecord[]>;
  standing(loan: LoanRecord): Promise<LoanStanding>;
  /** Whether the member may borrow now: told before any form (me.borrowing), the same rules a borrow meets. */
  borrowing(session: Session, userId?: string | null): Promise<BorrowingStatus>;
  /** The member's standing: owed, fees accruing, the refusal a borrow would meet now (the one computation). */
  memberStanding(session: Session, userId?: string | null): Promise<MemberStanding>;
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
  /** AUTO_RENEW: renews a loan by its member's renewal rules if they are in good standing, once however often asked. */
  renewByItself(loan: LoanRecord): Promise<AutoRenewal>;
  /** AUTO_RENEW: the day (YYYY-MM-DD) the daily run will renew the loan, as of now; null when it will not. */
  autoRenewsOn(loan: LoanRecord, standing?: LoanStanding): Promise<string | null>;
}

export function createCirculation(store: Store, opts: CirculationOptions): Circulation {
  const ctx = createContext(store, opts);
  const reads = createStanding(ctx);
  const lending = createLending(ctx, reads);
  const pickup = createPickup(ctx, reads);
  const member = createMemberActions(ctx, lending, pickup);
  const desk = createDeskLending(ctx, lending, pickup);
  const autoRenewal = createAutoRenewal(ctx, lending, reads);
  return {
    policy: () => ctx.policy,
    window() {
      const from = ctx.today();
      return { today: from, latestReturnDate: addDays(from, ctx.policy.loanDays), timeZone: ctx.timeZone };
    },
    borrow: member.borrow,
    giveBack: member.giveBack,
    renew: member.renew,
    loansOf: member.loansOf,
    standing: reads.standing,
    borrowing: reads.borrowing,
    memberStanding: reads.memberStanding,
    ledger: reads.ledger,
    checkIn: desk.checkIn,
    markLost: desk.markLost,
    credit: desk.credit,
    overdue: desk.overdue,
    lend: desk.lend,
    checkInLoan: desk.checkInLoan,
    renewLoanFor: desk.renewLoanFor,
    renewByItself: autoRenewal.renewByItself,
    autoRenewsOn: autoRenewal.autoRenewsOn,
  };
}
