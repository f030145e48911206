// Pausing a hold and what a hold shows of its wait (issue 42): thin over library/holds.ts.
import type { HoldResolvers, MutationResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';
import type { GraphQLContext } from '../context.ts';
import type { HoldView } from '../../library/holds.ts';
import type { HoldOutlook } from '../../library/hold-outlook.ts';

export const holdMutations: MutationResolvers = {
  pauseHold: (_parent, { holdId, until }, ctx) => ctx.library.holds.pause(sessionOf(ctx), holdId, until),
  resumeHold: (_parent, { holdId }, ctx) => ctx.library.holds.resume(sessionOf(ctx), holdId),
};

// A hold's copies and expected day come from one outlook, worked out once per hold and request.
const outlooks = new WeakMap<GraphQLContext, Map<string, Promise<HoldOutlook>>>();

function outlookOf(hold: HoldView, ctx: GraphQLContext): Promise<HoldOutlook> {
  let perRequest = outlooks.get(ctx);
  if (!perRequest) outlooks.set(ctx, (perRequest = new Map()));
  let outlook = perRequest.get(hold.id);
  if (!outlook) perRequest.set(hold.id, (outlook = ctx.library.holds.outlook(hold)));
  return outlook;
}

export const holdFields: HoldResolvers = {
  pausedUntil: (hold, _args, ctx) => ctx.library.holds.pausedUntil(hold),
  copies: async (hold, _args, ctx) => (await outlookOf(hold, ctx)).copies,
  expectedBy: async (hold, _args, ctx) => (await outlookOf(hold, ctx)).expectedBy,
  // Click and collect (decision 075): whether it is a pickup request, its return date, its last day's hours.
  pickup: (hold) => hold.returnDate !== null,
  returnDate: (hold) => hold.returnDate?.toISOString().slice(0, 10) ?? null,
  readyUntilHours: async (hold, _args, ctx) => {
    if (!hold.readyUntil) return null;
    return (await ctx.library.calendar.days(hold.readyUntil, hold.readyUntil)).hoursOn(hold.readyUntil);
  },
};
