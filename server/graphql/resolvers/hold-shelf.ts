// The hold shelf (decision 058) and claims returned: thin adapters over library/hold-shelf.ts and claims.ts. Every root field is staff only
// (access.ts), so what a row shows (the member, the copy) is staff's to read.
import type { HoldShelfEntryResolvers, MutationResolvers, QueryResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';
import type { Page } from '../../store/port.ts';

const connection = <T>(page: Page<T>) => ({
  nodes: page.nodes,
  totalCount: page.totalCount,
  pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
});

export const holdShelfQueries: QueryResolvers = {
  holdsToPull: async (_parent, { first, after }, ctx) =>
    connection(await ctx.library.holdShelf.toPull(sessionOf(ctx), first, after)),
  holdsToClear: async (_parent, { first, after }, ctx) =>
    connection(await ctx.library.holdShelf.toClear(sessionOf(ctx), first, after)),
};

export const holdShelfMutations: MutationResolvers = {
  shelveHold: (_parent, { holdId }, ctx) => ctx.library.holdShelf.shelve(sessionOf(ctx), holdId),
  clearHoldShelf: (_parent, { holdId }, ctx) => ctx.library.holdShelf.clear(sessionOf(ctx), holdId),
  markClaimsReturned: (_parent, { loanId, note }, ctx) =>
    ctx.library.claims.markClaimsReturned(sessionOf(ctx), loanId, note),
};

export const holdShelfEntryFields: HoldShelfEntryResolvers = {
  // Books are never deleted, so a hold's book is always there.
  book: async (entry, _args, ctx) => {
    const book = await ctx.library.catalog.get(entry.hold.bookId);
    if (!book) throw new Error(`No book ${entry.hold.bookId} for hold ${entry.hold.id}`);
    return book;
  },
  copyGoesTo: (entry) => entry.goesTo,
};
