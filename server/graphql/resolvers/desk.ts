// The scanning desk and copies as items (issue 31): thin adapters over library/items.ts and library/desk.ts.
// Every root field here is staff only (access.ts); Book.items is refused to members by the service.
import type {
  BookResolvers,
  ItemResolvers,
  MutationResolvers,
  QueryResolvers,
  RenewOutcomeResolvers,
} from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';
import { say } from '../../library/i18n/index.ts';
import { dueDayOf } from '../../library/circulation.ts';
import type { ItemRecord, LoanRecord } from '../../store/port.ts';
import type { GraphQLContext } from '../context.ts';

export const deskQueries: QueryResolvers = {
  item: (_parent, { barcode }, ctx) => ctx.library.items.get(sessionOf(ctx), barcode),
};

export const deskMutations: MutationResolvers = {
  addItems: (_parent, args, ctx) => ctx.library.items.add(sessionOf(ctx), args),
  withdrawItem: (_parent, { barcode, note, idempotencyKey }, ctx) =>
    ctx.library.items.setStatus(sessionOf(ctx), { barcode, status: 'WITHDRAWN', note, idempotencyKey }),
  setItemStatus: (_parent, args, ctx) => ctx.library.items.setStatus(sessionOf(ctx), args),
  checkOut: (_parent, args, ctx) => ctx.library.desk.checkOut(sessionOf(ctx), args),
  checkInItem: (_parent, args, ctx) => ctx.library.desk.checkInItem(sessionOf(ctx), args),
  renewFor: (_parent, { loanId, idempotencyKey }, ctx) =>
    ctx.library.desk.renewFor(sessionOf(ctx), loanId, idempotencyKey),
  renewAllFor: (_parent, { uid }, ctx) => ctx.library.desk.renewAllFor(sessionOf(ctx), uid),
  placeHoldFor: (_parent, { uid, bookId, idempotencyKey }, ctx) =>
    ctx.library.desk.placeHoldFor(sessionOf(ctx), uid, bookId, idempotencyKey),
};

export const bookItemsField: Pick<BookResolvers, 'items'> = {
  items: (book, _args, ctx) => ctx.library.items.ofBook(sessionOf(ctx), book.id),
};

// The loan that has a copy, read once per request for both Item.loan and Item.dueDate.
const loansRead = new WeakMap<GraphQLContext, Map<string, Promise<LoanRecord | null>>>();
function loanOf(item: ItemRecord, ctx: GraphQLContext): Promise<LoanRecord | null> {
  if (!item.loanId) return Promise.resolve(null);
  let perRequest = loansRead.get(ctx);
  if (!perRequest) loansRead.set(ctx, (perRequest = new Map()));
  let loan = perRequest.get(item.loanId);
  if (!loan) perRequest.set(item.loanId, (loan = ctx.library.desk.loan(sessionOf(ctx), item.loanId)));
  return loan;
}

export const itemFields: ItemResolvers = {
  // A copy's book is never deleted (books are not removed), so it is always there.
  book: async (item, _args, ctx) => {
    const book = await ctx.library.catalog.get(item.bookId);
    if (!book) throw new Error(`No book ${item.bookId} for copy ${item.barcode}`);
    return book;
  },
  loan: (item, _args, ctx) => loanOf(item, ctx),
  dueDate: async (item, _args, ctx) => {
    const loan = await loanOf(item, ctx);
    return loan ? dueDayOf(loan) : null;
  },
};

export const renewOutcomeFields: RenewOutcomeResolvers = {
  message: async (outcome, _args, ctx) =>
    outcome.said ? say(await ctx.locale(), outcome.said.key, outcome.said.values) : null,
};
