// The hold shelf (decision 058): a ready hold's copy is on the shelf behind the desk only once staff say they
// put it there (shelve: the check-in's "Put it on the hold shelf", or a row of the list to pull). Every copy set
// aside another way (copies added, a copy found or repaired, a ready hold ending and passing its copy on, a
// member's return in the app) is listed to pull. A hold that ends with its copy on the hold shelf is listed until
// staff take the copy off (clear), saying where it goes now: to the next member waiting, or the open shelf.
import type { HoldRecord, HoldShelfResult, ItemRecord, Page, Store, UserRecord } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError } from './errors.ts';
import { requireStaff } from './circulation.ts';
import { cursor, pageSize, paged } from './paging.ts';
import type { HoldView, Holds } from './holds.ts';
import type { AuditTrail } from './audit.ts';
import * as check from './validate.ts';

/** Where the copy of an ended hold goes once it is off the hold shelf. */
export type CopyGoesTo = 'NEXT_MEMBER' | 'OPEN_SHELF' | 'ELSEWHERE';

/** One row of a hold shelf list: the hold, who it is for, its copy and (to clear) where the copy goes now. */
export interface HoldShelfEntry {
  hold: HoldView;
  member: UserRecord | null;
  item: ItemRecord | null;
  /** To clear: the ready hold the copy is set aside for now (the next member waiting); null otherwise. */
  nextHold: HoldView | null;
  /** To clear: NEXT_MEMBER (nextHold), OPEN_SHELF, or ELSEWHERE (lent, in repair...: item.status says); null to pull. */
  goesTo: CopyGoesTo | null;
}

export interface HoldShelf {
  /** Ready holds whose copy is not on the hold shelf yet, set aside longest first. */
  toPull(
    session: Session,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<Page<HoldShelfEntry>>;
  /** Ended holds whose copy is still on the hold shelf, ended longest ago first. */
  toClear(
    session: Session,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<Page<HoldShelfEntry>>;
  /** The ready hold's copy is on the hold shelf now (again: unchanged). */
  shelve(session: Session, holdId: unknown): Promise<HoldView>;
  /** The ended hold's copy has been taken off the hold shelf (again: unchanged). */
  clear(session: Session, holdId: unknown): Promise<HoldView>;
}

export function createHoldShelf(
  store: Store,
  deps: {
    holds: Holds;
    audit: AuditTrail;
    now: () => Date;
    /** After a copy went on the hold shelf: a pickup request's member is told it is ready now (notices.ts). */
    onShelved?: (hold: HoldRecord) => Promise<void>;
  },
): HoldShelf {
  const { holds, audit, now } = deps;

  async function entry(hold: HoldRecord, ended: boolean): Promise<HoldShelfEntry> {
    const [view, member, item] = await Promise.all([
      holds.view(hold),
      store.users.getByUid(hold.userId),
      hold.itemBarcode ? store.items.get(hold.itemBarcode) : null,
    ]);
    if (!ended) return { hold: view, member, item, nextHold: null, goesTo: null };
    const next = item?.holdId && item.holdId !== hold.id ? await store.holds.get(item.holdId) : null;
    const goesTo: CopyGoesTo = next ? 'NEXT_MEMBER' : item?.status === 'ON_SHELF' ? 'OPEN_SHELF' : 'ELSEWHERE';
    return { hold: view, member, item, nextHold: next ? await holds.view(next) : null, goesTo };
  }

  async function list(
    session: Session,
    read: typeof store.holds.toPull,
    ended: boolean,
    first: number | null | undefined,
    after: string | null | undefined,
  ): Promise<Page<HoldShelfEntry>> {
    requireStaff(session);
    // Holds past their pickup day end first, so an expired one is listed to clear, not to pull.
    await holds.expireDue();
    const size = pageSize(first);
    const page = await paged(() => read({ first: size, after: cursor(after) }));
    return { ...page, nodes: await Promise.all(page.nodes.map((hold) => entry(hold, ended))) };
  }

  async function settle(session: Session, result: HoldShelfResult, action: 'hold-shelved' | 'hold-shelf-cleared') {
    if (!result.ok) {
      switch (result.reason) {
        case 'hold-not-found':
          throw new LibraryError('NOT_FOUND', 'holdNotFound');
        case 'not-ready':
          throw new LibraryError('HOLD_NOT_READY', 'holdNotReady');
        case 'not-ended':
          throw new LibraryError('HOLD_STILL_READY', 'holdStillReady');
        case 'not-on-shelf':
          throw new LibraryError('NOT_ON_HOLD_SHELF', 'holdNotOnShelf');
      }
    }
    const { hold } = result;
    // Recorded once: the same press again (a retry, a second desk) changed nothing.
    if (result.changed)
      await audit.record(session, [
        {
          action,
          field: action === 'hold-shelved' ? 'shelvedAt' : 'shelfClearedAt',
          newValue: hold.itemBarcode,
          bookId: hold.bookId,
          uid: hold.userId,
        },
      ]);
    return holds.view(hold);
  }

  return {
    toPull: (session, first, after) => list(session, (p) => store.holds.toPull(p), false, first, after),
    toClear: (session, first, after) => list(session, (p) => store.holds.toClear(p), true, first, after),

    async shelve(session, holdId) {
      requireStaff(session);
      const id = check.id(holdId, 'holdId');
      const result = await store.holds.shelve(id, now());
      const view = await settle(session, result, 'hold-shelved');
      if (result.ok && result.changed) await deps.onShelved?.(result.hold);
      return view;
    },

    async clear(session, holdId) {
      requireStaff(session);
      const id = check.id(holdId, 'holdId');
      return settle(session, await store.holds.clearShelf(id, now()), 'hold-shelf-cleared');
    },
  };
}
