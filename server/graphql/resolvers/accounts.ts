import type { QueryResolvers, MutationResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const accountQueries: QueryResolvers = {
  users: (_parent, _args, ctx) => ctx.library.accounts.list(sessionOf(ctx)),
  me: (_parent, _args, ctx) => (ctx.viewer.session ? ctx.library.accounts.me(ctx.viewer.session) : null),
};

export const accountMutations: MutationResolvers = {
  issueToken: (_parent, { input }, ctx) => ctx.signIn(input),
};
