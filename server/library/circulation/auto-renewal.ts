// A loan renewed by itself (AUTO_RENEW, decision 082): the member's own renewal (lending.renewNow and its refusals),
// for a member in good standing (standing.ts, the refusals a borrow meets but the loan limit), claimed once per
// renewal in the store as a member's idempotency key is, so gateways running it at once renew it once.
import type { LoanRecord } from '../../store/port.ts';
import { LibraryError } from '../errors.ts';
import type { Context } from './context.ts';
import type { Lending } from './lending.ts';
import type { Standing } from './standing.ts';

/** Whose claims auto-renewals are (requests.ts): no member's uid looks like it. */
export const AUTO_RENEWAL_ACTOR = 'auto-renewal';

/** The loan renewed, or the refusal's code; `busy`: another gateway is renewing it this moment. */
export type AutoRenewal = { renewed: LoanRecord } | { refused: string } | { busy: true };

export function createAutoRenewal(ctx: Context, lending: Lending, reads: Standing) {
  return async function renewByItself(loan: LoanRecord): Promise<AutoRenewal> {
    const { renewal } = await reads.standing(loan);
    if (!renewal.ok) return { refused: renewal.code };
    const member = await reads.renewalRefusal(loan.userId);
    if (member) return { refused: member.code };
    // The renewal to this count, once: a second gateway's claim answers the loan once the first renewed it.
    const ref = `${loan.id}:${loan.renewals + 1}`;
    const submission = {
      actor: AUTO_RENEWAL_ACTOR,
      key: ref,
      request: ['auto-renew', loan.id, loan.renewals + 1],
      ref,
      answer: async () => {
        const renewed = await ctx.store.loans.get(loan.id);
        return renewed && renewed.renewals > loan.renewals ? renewed : null;
      },
    };
    try {
      return { renewed: await ctx.once(submission, () => lending.renewNow(loan)) };
    } catch (error) {
      if (!(error instanceof LibraryError)) throw error;
      if (error.code === 'REQUEST_IN_PROGRESS') return { busy: true };
      return { refused: error.code };
    }
  };
}
