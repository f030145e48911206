// The desk's e-mailed checkout receipt: a thin adapter over library/receipts.ts (staff only, access.ts).
import type { MutationResolvers } from '../generated/resolvers-types.ts';
import { sessionOf } from '../session-of.ts';

export const receiptMutations: MutationResolvers = {
  emailCheckoutReceipt: (_parent, { loanIds }, ctx) => ctx.library.receipts.emailCheckout(sessionOf(ctx), loanIds),
};
