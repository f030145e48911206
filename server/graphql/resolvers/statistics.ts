// The library's statistics for its reports (library/statistics.ts checks, cuts and counts through the store).
import type { QueryResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const statisticsQueries: QueryResolvers = {
  async loanStats(_parent, { from, to, interval }, ctx) {
    return { buckets: await ctx.library.statistics.loanStats(sessionOf(ctx), from, to, interval) };
  },
  async feeStats(_parent, { from, to, interval }, ctx) {
    return { buckets: await ctx.library.statistics.feeStats(sessionOf(ctx), from, to, interval) };
  },
  async topBooks(_parent, { from, to, first }, ctx) {
    return ctx.library.statistics.topBooks(sessionOf(ctx), from, to, first);
  },
  async topGenres(_parent, { from, to }, ctx) {
    return ctx.library.statistics.topGenres(sessionOf(ctx), from, to);
  },
  async overdueAging(_parent, _args, ctx) {
    return ctx.library.statistics.overdueAging(sessionOf(ctx));
  },
  async holdStats(_parent, { from, to }, ctx) {
    return ctx.library.statistics.holdStats(sessionOf(ctx), from, to);
  },
};
