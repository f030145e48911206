import type {
  BorrowRecordResolvers,
  BorrowWindowResolvers,
  MutationResolvers,
  QueryResolvers,
} from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';
import { perRequest, type GraphQLContext } from '../context.ts';
import { isStaff, recorderForMembers, type LoanStanding } from '../../library/circulation.ts';
import type { LoanRecord } from '../../store/port.ts';
import { say } from '../../library/i18n/index.ts';
import { addDays } from '../../library/calendar.ts';

export const circulationQueries: QueryResolvers = {
  borrowedBooks: (_parent, { userId }, ctx) => ctx.library.circulation.loansOf(sessionOf(ctx), userId),
  borrowWindow: (_parent, _args, ctx) => ctx.library.circulation.window(),
  policy: (_parent, _args, ctx) => ctx.library.circulation.policy(),
  calendar: (_parent, { from, to }, ctx) => ctx.library.calendar.view(from, to),
  async holdsReady(_parent, { first, after }, ctx) {
    const page = await ctx.library.holds.ready(sessionOf(ctx), first, after);
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
  async overdueLoans(_parent, { first, after, minDays }, ctx) {
    const session = sessionOf(ctx);
    const page = await ctx.library.circulation.overdue(
      session,
      first,
      after,
      ctx.library.reports.overdueBefore(minDays),
    );
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
};

export const circulationMutations: MutationResolvers = {
  async borrow(_parent, { input, idempotencyKey }, ctx) {
    const { loan, hold, quantity } = await ctx.library.circulation.borrow(sessionOf(ctx), { ...input, idempotencyKey });
    // A pickup request (click and collect) answers its hold instead of a loan (decision 075).
    const pickup = hold ? await ctx.library.holds.view(hold) : null;
    return { record: loan, currentQuantity: quantity, status: loan ? 'BORROWED' : 'REQUESTED', pickup };
  },
  returnBook: (_parent, { borrowId, idempotencyKey }, ctx) =>
    ctx.library.circulation.giveBack(sessionOf(ctx), borrowId, undefined, idempotencyKey),
  renewLoan: (_parent, { loanId, idempotencyKey }, ctx) =>
    ctx.library.circulation.renew(sessionOf(ctx), loanId, idempotencyKey),
  placeHold: (_parent, { bookId, idempotencyKey }, ctx) =>
    ctx.library.holds.place(sessionOf(ctx), bookId, idempotencyKey),
  cancelHold: (_parent, { holdId, idempotencyKey }, ctx) =>
    ctx.library.holds.cancel(sessionOf(ctx), holdId, idempotencyKey),
  checkIn: (_parent, { loanId, idempotencyKey }, ctx) =>
    ctx.library.circulation.checkIn(sessionOf(ctx), loanId, idempotencyKey),
  markLost: (_parent, { loanId, damaged, idempotencyKey }, ctx) =>
    ctx.library.circulation.markLost(sessionOf(ctx), loanId, damaged === true, idempotencyKey),
  recordPayment: (_parent, args, ctx) => ctx.library.circulation.credit(sessionOf(ctx), 'payment', args),
  waiveFee: (_parent, args, ctx) => ctx.library.circulation.credit(sessionOf(ctx), 'waiver', args),
  addClosure: (_parent, { date, reason, to, reasonBn }, ctx) =>
    ctx.library.calendar.addClosure(sessionOf(ctx), date, reason, to, reasonBn),
  removeClosure: (_parent, { date }, ctx) => ctx.library.calendar.removeClosure(sessionOf(ctx), date),
  setOpeningHours: (_parent, { from, to, hours }, ctx) =>
    ctx.library.calendar.setOpeningHours(sessionOf(ctx), from, to, hours),
  confirmHoliday: (_parent, { key }, ctx) => ctx.library.holidays.confirm(sessionOf(ctx), key),
  moveHoliday: (_parent, { key, from, to }, ctx) => ctx.library.holidays.move(sessionOf(ctx), key, from, to),
  dropHoliday: (_parent, { key }, ctx) => ctx.library.holidays.drop(sessionOf(ctx), key),
};

export const borrowWindowFields: BorrowWindowResolvers = {
  // A week past the latest return date: a loan chosen to end then on a closed day is due after it.
  closures: async (window, _args, ctx) =>
    (await ctx.library.calendar.view(window.today, addDays(window.latestReturnDate, 7))).closures,
};

// What a loan shows besides its record (due day, days late, fee, renewal), worked out once per loan and
// request: the fields share one standing.
const standings = perRequest<string, Promise<LoanStanding>>();

const standingOf = (loan: LoanRecord, ctx: GraphQLContext): Promise<LoanStanding> =>
  standings(ctx, loan.id, () => ctx.library.circulation.standing(loan));

export const loanFields: BorrowRecordResolvers = {
  // A member sees only their own loans; who closed one is told them without the staff member's e-mail.
  returnedBy: (loan, _args, ctx) => {
    const session = ctx.viewer.session;
    return session && isStaff(session) ? loan.returnedBy : recorderForMembers(loan.returnedBy);
  },
  dueDate: async (loan, _args, ctx) => (await standingOf(loan, ctx)).dueDay,
  overdueDays: async (loan, _args, ctx) => (await standingOf(loan, ctx)).overdueDays,
  fee: async (loan, _args, ctx) => (await standingOf(loan, ctx)).fee,
  feeCapped: async (loan, _args, ctx) => (await standingOf(loan, ctx)).capped,
  canRenew: async (loan, _args, ctx) => (await standingOf(loan, ctx)).renewal.ok,
  renewBlockedReason: async (loan, _args, ctx) => {
    const { renewal } = await standingOf(loan, ctx);
    return renewal.ok ? null : say(await ctx.locale(), renewal.said.key, renewal.said.values);
  },
  autoRenewsOn: async (loan, _args, ctx) => ctx.library.circulation.autoRenewsOn(loan, await standingOf(loan, ctx)),
};
