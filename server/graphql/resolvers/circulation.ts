import type { QueryResolvers, MutationResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const circulationQueries: QueryResolvers = {
  borrowedBooks: (_parent, { userId }, ctx) => ctx.library.circulation.loansOf(sessionOf(ctx), userId),
  borrowWindow: (_parent, _args, ctx) => ctx.library.circulation.window(),
};

export const circulationMutations: MutationResolvers = {
  async borrow(_parent, { input }, ctx) {
    const { loan, quantity } = await ctx.library.circulation.borrow(sessionOf(ctx), input);
    return { record: loan, currentQuantity: quantity };
  },
  returnBook: (_parent, { borrowId }, ctx) => ctx.library.circulation.giveBack(sessionOf(ctx), borrowId),
};
