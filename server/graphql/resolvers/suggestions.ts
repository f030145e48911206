// Purchase suggestions: a thin adapter over library/suggestions.ts.
import type { MutationResolvers, PurchaseSuggestionResolvers, QueryResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const suggestionQueries: QueryResolvers = {
  mySuggestions: (_parent, _args, ctx) => ctx.library.suggestions.mine(sessionOf(ctx)),
  async purchaseSuggestions(_parent, { status, first, after }, ctx) {
    const page = await ctx.library.suggestions.list(sessionOf(ctx), status, first, after);
    return {
      nodes: page.nodes,
      totalCount: page.totalCount,
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    };
  },
};

export const suggestionMutations: MutationResolvers = {
  suggestPurchase: (_parent, { input }, ctx) => ctx.library.suggestions.suggest(sessionOf(ctx), input),
  decideSuggestion: (_parent, { id, accept, reason }, ctx) =>
    ctx.library.suggestions.decide(sessionOf(ctx), id, accept, reason),
};

export const suggestionFields: PurchaseSuggestionResolvers = {
  memberName: (suggestion) => suggestion.member?.name ?? null,
  memberCard: (suggestion) => suggestion.member?.card ?? null,
};
