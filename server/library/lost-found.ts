// A lost copy found at the desk (decision 059): scanning a LOST copy brings it back (to the shelf, or to the
// first member waiting) and, when its last loan was closed as lost, refunds that loan's replacement charge less
// what was waived of it (settlement.ts: what was paid comes back, what is owed is cancelled) as a 'lost-found'
// credit, once per loan (the store's unique key), even from two desks at once or a retried request.
// The processing fee stays charged. A copy staff marked lost by hand comes back without a refund.
import type { LoanRecord, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import type { AuditTrail } from './audit.ts';
import type { CheckInOutcome } from './desk.ts';
import type { Once } from './requests.ts';
import { itemBusy, noCopy, notOnLoan } from './item-refusals.ts';
import { replacementRefund } from './settlement.ts';

export interface FoundDeps {
  store: Store;
  once: Once;
  audit: AuditTrail;
  now: () => Date;
  /** The library's calendar year of an instant, which the refund's reference counts in. */
  yearOf: (at: Date) => number;
  /** The desk's check-in result, read back, for a found copy. */
  outcome(loan: LoanRecord | null, barcode: string, refunded: number): Promise<CheckInOutcome>;
}

/** What the loan was refunded, read from the member's ledger (a repeat's answer). */
async function refundOf(store: Store, loan: LoanRecord | null): Promise<number> {
  if (!loan) return 0;
  const entries = await store.ledger.list(loan.userId);
  return entries.find((entry) => entry.kind === 'lost-found' && entry.loanId === loan.id)?.amount ?? 0;
}

/**
 * A repeat's answer when the first send found a lost copy (its ref says so): once the copy is back (no longer
 * LOST), with what the loan was refunded. Undefined when the ref is not a found copy's. A repeat may arrive after
 * the copy came back, when the desk would take it for an ordinary check-in: the ref decides.
 */
export function answerFound(deps: FoundDeps, ref: string, barcode: string): Promise<CheckInOutcome | null> | undefined {
  const lostId = ref.endsWith(':found') ? ref.slice(0, -':found'.length) : null;
  if (lostId === null && ref !== `found:${barcode}`) return undefined;
  return (async () => {
    const item = await deps.store.items.get(barcode);
    if (!item || item.status === 'LOST') return null;
    const lost = lostId ? await deps.store.loans.get(lostId) : null;
    return deps.outcome(lost, barcode, await refundOf(deps.store, lost));
  })();
}

export async function checkInFound(
  deps: FoundDeps,
  session: Session,
  barcode: string,
  sent: { key: unknown; request: readonly unknown[] },
): Promise<CheckInOutcome> {
  const { store, once, audit, now, yearOf } = deps;
  const last = await store.loans.lastOfItem(barcode);
  const lost = last?.status === 'lost' ? last : null;
  const submission = {
    actor: session.uid,
    key: sent.key,
    request: sent.request,
    ref: lost ? `${lost.id}:found` : `found:${barcode}`,
    answer: (ref: string) => answerFound(deps, ref, barcode) ?? Promise.resolve(null),
  };
  return once(submission, async () => {
    const at = now();
    const result = await store.items.found(barcode, at, session.uid, replacementRefund, yearOf(at));
    if (!result.ok) {
      if (result.reason === 'item-not-found') throw noCopy(barcode);
      // Another desk brought it back a moment ago (as two desks checking one copy in at once).
      throw result.reason === 'item-busy' ? itemBusy(barcode) : notOnLoan(barcode);
    }
    const refunded = result.refund?.amount ?? 0;
    await audit.record(session, [
      {
        action: 'lost-found',
        field: 'refunded',
        oldValue: 'LOST',
        newValue: refunded,
        bookId: result.item.bookId,
        uid: result.loan?.userId,
        loanId: result.loan?.id,
      },
    ]);
    return deps.outcome(result.loan, barcode, refunded);
  });
}
