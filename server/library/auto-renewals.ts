// The daily auto-renewal run (AUTO_RENEW, decision 082). At AUTO_RENEW_AT in the library's zone, each loan out and
// due today or tomorrow is renewed by itself (circulation's renewByItself: the member's renewal rules, for a member in
// good standing) with a "renewed" notice, or gets its due-soon notice saying why not. The schedule asks every minute
// (on the gateway holding its lease); the day's run is claimed once in the store, as an idempotency key is, so it
// happens once however many gateways share the store, and each renewal is claimed on its own too. A gateway that
// was down catches up at its next minute: before the day's time it does yesterday's run if nobody did, and a loan
// due today is renewed then; a loan already overdue is never renewed backwards (its standing refuses it).
import type { Store } from '../store/port.ts';
import { addDays, dayToDate, todayIn } from './calendar.ts';
import { dueDayOf, type Circulation } from './circulation.ts';
import { AUTO_RENEWAL_ACTOR, runDayAt } from './circulation/auto-renewal.ts';
import type { Notices } from './notices.ts';
import type { Policy } from './policy.ts';
import { REQUEST_KEPT_MS } from './requests.ts';

const PAGE = 100;

export interface AutoRenewals {
  /**
   * The run due now, unless this process or another gateway did it already (or AUTO_RENEW is off): the day it is
   * the run of and what it did; null when there was nothing to run.
   */
  runDue(): Promise<{ day: string; renewed: number; refused: number } | null>;
}

/** Lets requests waiting on the event loop run before the next page. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export function createAutoRenewals(
  store: Store,
  opts: { circulation: Circulation; notices: Notices; policy: Policy; timeZone: string; now?: () => Date },
): AutoRenewals {
  const now = opts.now ?? (() => new Date());
  /** The day of this process's last run (or of the run another gateway claimed): the minutes after ask nothing. */
  let ranDay: string | null = null;

  /** Renews the loans due by the day after `runDay` and not yet late (from today on), or says why not. */
  async function renewDue(runDay: string) {
    const today = todayIn(opts.timeZone, now());
    let [renewed, refused] = [0, 0];
    for (let after: string | null = null; ;) {
      const page = await store.loans.overdue(dayToDate(addDays(runDay, 2)), { first: PAGE, after });
      for (const loan of page.nodes) {
        // Overdue loans are not renewed backwards; a claimed return is on its way back.
        if (loan.status !== 'borrowed' || dueDayOf(loan) < today) continue;
        const result = await opts.circulation.renewByItself(loan);
        if ('renewed' in result) {
          await opts.notices.autoRenewal(result.renewed);
          renewed += 1;
        } else if ('refused' in result) {
          await opts.notices.autoRenewal(loan, result.refused);
          refused += 1;
        }
      }
      if (!page.hasNextPage) break;
      after = page.endCursor;
      await nextTurn();
    }
    return { renewed, refused };
  }

  return {
    async runDue() {
      if (!opts.policy.autoRenew) return null;
      const day = runDayAt(now(), opts.timeZone, opts.policy.autoRenewAt);
      if (ranDay === day) return null;
      const claim = { actor: AUTO_RENEWAL_ACTOR, key: `run:${day}`, fingerprint: 'run', ref: day, at: now() };
      if (!(await store.requests.claim(claim, REQUEST_KEPT_MS)).fresh) {
        ranDay = day;
        return null;
      }
      try {
        const done = await renewDue(day);
        ranDay = day;
        return { day, ...done };
      } catch (error) {
        // Nothing is lost by running again: each renewal is claimed on its own and each notice has its key.
        await store.requests.release(AUTO_RENEWAL_ACTOR, claim.key).catch(() => undefined);
        throw error;
      }
    },
  };
}
