// A loan renewed by itself (AUTO_RENEW, decision 082): the member's own renewal (lending.renewNow and its refusals),
// for a member in good standing (standing.ts, the refusals a borrow meets but the loan limit), claimed once per
// renewal in the store as a member's idempotency key is, so gateways running it at once renew it once. The same
// refusals say on the member's loan the day it will be renewed (`autoRenewsOn`), or that it will not.
import type { LoanRecord } from '../../store/port.ts';
import { addDays, todayIn } from '../calendar.ts';
import { LibraryError } from '../errors.ts';
import { dueDayOf, type LoanStanding } from './common.ts';
import type { Context } from './context.ts';
import type { Lending } from './lending.ts';
import type { Standing } from './standing.ts';

/** Whose claims auto-renewals are (requests.ts): no member's uid looks like it. */
export const AUTO_RENEWAL_ACTOR = 'auto-renewal';

/** The loan renewed, or the refusal's code; `busy`: another gateway is renewing it this moment. */
export type AutoRenewal = { renewed: LoanRecord } | { refused: string } | { busy: true };

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** The day whose run is due at `now`: today once `at` (HH:MM) has passed in the library's zone, else yesterday. */
export function runDayAt(now: Date, timeZone: string, at: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    timeFormats.set(timeZone, format);
  }
  const today = todayIn(timeZone, now);
  return format.format(now) >= at ? today : addDays(today, -1);
}

/**
 * The day (YYYY-MM-DD) the run renews a loan due on `dueDay` that may be renewed: the day before it is due, or the
 * next run's day when that one is past (a run covers the loans due on its day and the next); null when no run
 * comes before the loan is overdue. `nextRun`: the day of the first run not due yet at this instant.
 */
export function autoRenewalDay(dueDay: string, nextRun: string): string | null {
  const dayBefore = addDays(dueDay, -1);
  const day = dayBefore > nextRun ? dayBefore : nextRun;
  return day <= dueDay ? day : null;
}

export function createAutoRenewal(ctx: Context, lending: Lending, reads: Standing) {
  /** Why the run would not renew the loan now (its standing's refusal, then the member's); null when it would. */
  async function refusalOf(loan: LoanRecord, standing?: LoanStanding): Promise<string | null> {
    const { renewal } = standing ?? (await reads.standing(loan));
    if (!renewal.ok) return renewal.code;
    return (await reads.renewalRefusal(loan.userId))?.code ?? null;
  }

  async function renewByItself(loan: LoanRecord): Promise<AutoRenewal> {
    const refused = await refusalOf(loan);
    if (refused) return { refused };
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
  }

  /**
   * The day the run will renew the loan, as of now (its standing when the caller has it); null when AUTO_RENEW is
   * off or the run would refuse it (someone waiting, the renewal limit, the member not in good standing).
   */
  async function autoRenewsOn(loan: LoanRecord, standing?: LoanStanding): Promise<string | null> {
    if (!ctx.policy.autoRenew || loan.status !== 'borrowed') return null;
    const nextRun = addDays(runDayAt(ctx.now(), ctx.timeZone, ctx.policy.autoRenewAt), 1);
    const day = autoRenewalDay(dueDayOf(loan), nextRun);
    return day !== null && (await refusalOf(loan, standing)) === null ? day : null;
  }

  return { renewByItself, autoRenewsOn };
}
