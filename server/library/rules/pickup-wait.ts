// When a ready hold's pickup days start counting (decision 075). A hold from a queue counts from the moment its
// copy was set aside (readyAt): its member is told then. A pickup request (click and collect) counts from the
// moment staff put its copy on the hold shelf (shelvedAt): its member is told then, so slow pulling does not
// shorten their time. A request staff never shelve still ends: counted from readyAt, it ends after the same pickup
// days, as an unshelved request (notices.ts tells its member in its own words). Both adapters' `expire` select
// by this rule (shelvedAt is never before readyAt, so readyAt alone bounds what may have expired).
import type { HoldRecord } from '../../store/port.ts';

type Waiting = Pick<HoldRecord, 'readyAt' | 'shelvedAt' | 'returnDate'>;

/** A pickup request (click and collect): a hold that carries the member's chosen return date. */
export const isPickupRequest = (hold: Pick<HoldRecord, 'returnDate'>): boolean => hold.returnDate !== null;

/** The instant a ready hold's pickup days count from; null for a hold with no copy set aside. */
export function pickupFrom(hold: Waiting): Date | null {
  if (hold.readyAt === null) return null;
  return isPickupRequest(hold) && hold.shelvedAt !== null ? hold.shelvedAt : hold.readyAt;
}

/** How a pickup request ended unborrowed: its copy never put on the hold shelf, or shelved and not collected. */
export type RequestEnd = 'unshelved' | 'uncollected';

export const requestEnd = (hold: Pick<HoldRecord, 'shelvedAt'>): RequestEnd =>
  hold.shelvedAt === null ? 'unshelved' : 'uncollected';

/** The way a hold-expired notice's key (`hold-expired:<hold id>[:<how>]`) says a pickup request ended; null: a hold. */
export function requestEndOfKey(key: string): RequestEnd | null {
  const how = key.split(':')[2];
  return how === 'unshelved' || how === 'uncollected' ? how : null;
}
