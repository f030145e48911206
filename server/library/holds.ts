// Holds: a member queues for a book no copy of which is on the shelf; the copy that comes back next is set
// aside for the first member waiting (the store does that with the return), who has the policy's pickup days
// to borrow it. Expiry runs on a schedule (see gateway.ts) and before every read of holds, so what a member
// sees is the state as of now; every transition is a conditional write, so two gateways expiring at once
// change nothing twice.
import type { HoldRecord, Page, Store } from '../store/port.ts';
import type { Session } from './identity.ts';
import { LibraryError, badInput } from './errors.ts';
import { createLibraryCalendar, type ClosedDays, type LibraryCalendar, type OpenDays } from './library-calendar.ts';
import { isStaff, requireStaff, type Borrower } from './circulation.ts';
import { cursor, pageSize, paged } from './paging.ts';
import type { Policy } from './policy.ts';
import * as check from './validate.ts';
import { createAuditTrail, type AuditTrail } from './audit.ts';
import { createOnce } from './requests.ts';
import { newId } from '../store/ids.ts';
import { blockedRefusal } from './blocks.ts';
import { createHoldPauses } from './hold-pauses.ts';
import { createHoldOutlook, type HoldOutlook } from './hold-outlook.ts';
import { pickupFrom } from './rules/pickup-wait.ts';
import { someoneWaitingAt } from './rules/hold-queue.ts';

/** A hold with what a member sees of it: their place in the queue and the day a ready copy waits until. */
export interface HoldView extends HoldRecord {
  /** 1 for the first member in the book's queue (ready holds first); null once the hold has ended. */
  position: number | null;
  /** YYYY-MM-DD in the library's calendar, for a ready hold. */
  readyUntil: string | null;
}

export interface Holds {
  // `idempotencyKey` (requests.ts): sent again, it answers the first write instead of a refusal.
  place(session: Session, bookId: unknown, idempotencyKey?: unknown): Promise<HoldView>;
  /** Staff at the desk: places a hold for a member, by the member's own hold rules. */
  placeFor(session: Session, member: Borrower, bookId: unknown, idempotencyKey?: unknown): Promise<HoldView>;
  cancel(session: Session, holdId: unknown, idempotencyKey?: unknown): Promise<HoldView>;
  /** The member's holds, newest first: their own, or anyone's for staff. */
  of(session: Session, userId?: string | null): Promise<HoldView[]>;
  /** The caller's open hold of a book, or null. */
  mine(session: Session, bookId: string): Promise<HoldView | null>;
  /** Members in the book's queue (waiting or with a copy set aside). */
  queueLength(bookId: string): Promise<number>;
  /** queueLength of many books (a list of them) in one read of the store, by book id. */
  queueLengths(bookIds: string[]): Promise<Map<string, number>>;
  /** mine() of many books (a list of them) in one read of the store, by book id. */
  minesOf(session: Session, bookIds: string[]): Promise<Map<string, HoldView | null>>;
  /** Whether a member is waiting for the book, not paused, with no copy set aside yet (renewals wait for them). */
  waitingFor(bookId: string): Promise<boolean>;
  /** Staff: the pickup shelf, set aside longest first. */
  ready(session: Session, first: number | null | undefined, after: string | null | undefined): Promise<Page<HoldView>>;
  /** Ends ready holds past their pickup day; their copies pass on. Answers the holds that expired. */
  expireDue(): Promise<HoldRecord[]>;
  /** A hold as members and staff see it (its place in the queue, the day a ready copy waits until). */
  view(hold: HoldRecord): Promise<HoldView>;
  /** Pauses the member's waiting hold (staff: anyone's) until a day (hold-pauses.ts); it keeps its place. */
  pause(session: Session, holdId: unknown, until: unknown): Promise<HoldView>;
  /** Ends the pause of the member's hold (staff: anyone's) now. */
  resume(session: Session, holdId: unknown): Promise<HoldView>;
  /** The day (YYYY-MM-DD) a waiting hold's pause ends; null when it is not paused. */
  pausedUntil(hold: HoldRecord): string | null;
  /** A hold's copies owned and the day a copy is expected for it (hold-outlook.ts). */
  outlook(hold: HoldRecord): Promise<HoldOutlook>;
  /**
   * Ready holds whose last pickup day was one of the `closed` days before they closed, with the day they now wait
   * until (`days`: the calendar with the closure).
   */
  pickupsMovedBy(closed: ClosedDays, days: OpenDays): Promise<{ hold: HoldRecord; until: string }[]>;
}

export function createHolds(
  store: Store,
  opts: {
    timeZone: string;
    policy: Policy;
    /** The library's calendar: a last pickup day is always a day it opens. */
    calendar?: LibraryCalendar;
    now?: () => Date;
    /** After holds expired or a hold was cancelled: the holds that expired, and the books whose queue moved. */
    onChange?: (expired: HoldRecord[], bookIds: string[]) => Promise<void>;
    /** Where staff's cancelling of a member's hold is recorded; the store's own trail when left out. */
    audit?: AuditTrail;
  },
): Holds {
  const { policy } = opts;
  const now = opts.now ?? (() => new Date());
  const audit = opts.audit ?? createAuditTrail(store, now);
  const once = createOnce(store, now);
  const calendar = opts.calendar ?? createLibraryCalendar(store, { timeZone: opts.timeZone, policy, now, audit });
  /** A hold write's first answer: the hold, once `done` says the write happened. */
  const heldAs = (done: (hold: HoldRecord) => boolean) => async (ref: string) => {
    const hold = await store.holds.get(ref);
    return hold && done(hold) ? view(hold) : null;
  };
  // A pickup request counts from its shelving (rules/pickup-wait.ts), a hold from a queue from its copy set aside.
  const readyUntil = async (hold: HoldRecord, days?: OpenDays) => {
    const from = pickupFrom(hold);
    return from ? calendar.lastPickupDay(from, days) : null;
  };
  // A pause that ends may set a copy on the shelf aside: its members are told as after a return.
  const pauses = createHoldPauses(store, {
    ...opts,
    now,
    audit,
    onResumed: (bookIds) => opts.onChange?.([], bookIds) ?? Promise.resolve(),
  });
  const outlook = createHoldOutlook(store, { ...opts, now, calendar, pausedUntil: pauses.pausedUntil });

  async function expireDue(): Promise<HoldRecord[]> {
    // Pauses over by now end first, lazily as expiry: a copy on the shelf may then be set aside.
    await pauses.resumeDue();
    // A read first: expiring is a write, which would move the store's revision (and every ETag) on each look.
    const [oldest] = (await store.holds.ready({ first: 1 })).nodes;
    if (!oldest?.readyAt) return [];
    // Ready until the end of its last pickup day (calendar.expiryCutoff says which days those are).
    const cutoff = await calendar.expiryCutoff();
    if (oldest.readyAt >= cutoff) return [];
    const expired = await store.holds.expire(cutoff, now());
    await opts.onChange?.(expired, [...new Set(expired.map((h) => h.bookId))]);
    return expired;
  }

  /** The member's hold in a book's queue (ready holds first), with their place in it; null when not in it. */
  async function mineIn(session: Session, queue: HoldRecord[]): Promise<HoldView | null> {
    const index = queue.findIndex((h) => h.userId === session.uid);
    const hold = queue[index];
    if (!hold) return null;
    return { ...hold, position: index + 1, readyUntil: hold.status === 'ready' ? await readyUntil(hold) : null };
  }

  async function view(hold: HoldRecord): Promise<HoldView> {
    const open = hold.status === 'waiting' || hold.status === 'ready';
    const queue = open ? await store.holds.queue(hold.bookId) : [];
    const index = queue.findIndex((h) => h.id === hold.id);
    return {
      ...hold,
      position: index >= 0 ? index + 1 : null,
      readyUntil: hold.status === 'ready' ? await readyUntil(hold) : null,
    };
  }

  async function placeNow(member: Borrower, bookId: string, id: string): Promise<HoldView> {
    await expireDue();
    const book = await store.books.get(bookId);
    if (!book) throw new LibraryError('NOT_FOUND', 'bookNotFound');
    const blocked = blockedRefusal(await store.users.getByUid(member.uid));
    if (blocked) throw blocked;
    // A title the library owns no copy of (Book.copies, the counter's count, as the book page reads it): no copy
    // will come back to fill a hold, with or without staff.
    if (book.copies === 0) throw new LibraryError('NO_COPIES', 'noCopies');
    const result = await store.holds.place(
      {
        id,
        bookId,
        userId: member.uid,
        userName: member.name,
        userEmail: member.email,
        bookTitle: book.title,
        createdAt: now(),
      },
      { holdLimit: policy.holdLimit },
    );
    if (result.ok) return view(result.hold);
    switch (result.reason) {
      case 'already-borrowed':
        throw new LibraryError('ALREADY_BORROWED', 'onLoanAlready');
      case 'already-on-hold':
        throw new LibraryError('ALREADY_ON_HOLD', 'alreadyOnHold');
      case 'copies-available':
        throw new LibraryError('COPIES_AVAILABLE', 'copiesAvailable');
      case 'hold-limit':
        throw new LibraryError('HOLD_LIMIT', 'holdLimit', { limit: policy.holdLimit });
      default:
        throw new LibraryError('NOT_FOUND', 'bookNotFound');
    }
  }

  async function cancelNow(session: Session, id: string): Promise<HoldView> {
    const hold = await store.holds.get(id);
    if (!hold) throw new LibraryError('NOT_FOUND', 'holdNotFound');
    if (hold.userId !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'notYourHold');
    const result = await store.holds.cancel(id, now());
    if (result.ok) {
      // Staff cancelling someone else's hold is a desk action; a member leaving a queue is not.
      if (hold.userId !== session.uid) {
        const change = { field: 'status', oldValue: hold.status, newValue: result.hold.status };
        await audit.record(session, [{ action: 'hold-cancelled', ...change, bookId: hold.bookId, uid: hold.userId }]);
      }
      await opts.onChange?.([], [hold.bookId]);
      return view(result.hold);
    }
    if (result.reason === 'not-open') throw badInput('holdId', 'holdEnded');
    throw new LibraryError('NOT_FOUND', 'holdNotFound');
  }

  return {
    async place(session, rawBookId, idempotencyKey) {
      const bookId = check.id(rawBookId, 'bookId');
      // The hold's id is chosen here, so a repeat of the key can answer the hold its first send placed.
      const id = newId();
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['place-hold', bookId],
        ref: id,
        answer: heldAs((hold) => hold.userId === session.uid),
      };
      return once(submission, () =>
        placeNow({ uid: session.uid, name: session.name, email: session.email }, bookId, id),
      );
    },

    async placeFor(session, member, rawBookId, idempotencyKey) {
      requireStaff(session);
      const bookId = check.id(rawBookId, 'bookId');
      const id = newId();
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['place-hold-for', member.uid, bookId],
        ref: id,
        answer: heldAs((hold) => hold.userId === member.uid),
      };
      return once(submission, async () => {
        const hold = await placeNow(member, bookId, id);
        const change = { field: 'status', newValue: hold.status };
        await audit.record(session, [{ action: 'hold-placed', ...change, bookId, uid: member.uid }]);
        return hold;
      });
    },

    async cancel(session, rawHoldId, idempotencyKey) {
      const id = check.id(rawHoldId, 'holdId');
      const submission = {
        actor: session.uid,
        key: idempotencyKey,
        request: ['cancel-hold', id],
        ref: id,
        answer: heldAs((hold) => hold.status === 'cancelled'),
      };
      return once(submission, () => cancelNow(session, id));
    },

    async of(session, userId) {
      const uid = userId ?? session.uid;
      if (uid !== session.uid && !isStaff(session)) throw new LibraryError('FORBIDDEN', 'ownAccountOnly');
      await expireDue();
      return Promise.all((await store.holds.listByUser(uid)).map(view));
    },

    async mine(session, bookId) {
      await expireDue();
      return mineIn(session, await store.holds.queue(bookId));
    },

    async minesOf(session, bookIds) {
      await expireDue();
      const queues = await store.holds.queues(bookIds);
      return new Map(
        await Promise.all(bookIds.map(async (id) => [id, await mineIn(session, queues.get(id) ?? [])] as const)),
      );
    },

    async queueLength(bookId) {
      return (await store.holds.queue(bookId)).length;
    },

    async queueLengths(bookIds) {
      const queues = await store.holds.queues(bookIds);
      return new Map(bookIds.map((id) => [id, queues.get(id)?.length ?? 0]));
    },

    async waitingFor(bookId) {
      return someoneWaitingAt(await store.holds.queue(bookId), now());
    },

    async ready(session, first, after) {
      requireStaff(session);
      await expireDue();
      const size = pageSize(first);
      const page = await paged(() => store.holds.ready({ first: size, after: cursor(after) }));
      const nodes = await Promise.all(
        page.nodes.map(async (hold) => ({ ...hold, position: 1, readyUntil: await readyUntil(hold) })),
      );
      return { ...page, nodes };
    },

    expireDue,

    view,

    pause: async (session, holdId, until) => view(await pauses.pause(session, holdId, until)),

    resume: async (session, holdId) => view(await pauses.resume(session, holdId)),

    pausedUntil: pauses.pausedUntil,

    outlook,

    async pickupsMovedBy(closed, days) {
      const before = days.without(closed.from, closed.to);
      const moved: { hold: HoldRecord; until: string }[] = [];
      for (let after: string | null = null; ;) {
        const page = await store.holds.ready({ first: 100, after });
        for (const hold of page.nodes) {
          const until = await readyUntil(hold, before);
          if (until === null || until < closed.from || until > closed.to) continue;
          moved.push({ hold, until: (await readyUntil(hold, days)) ?? until });
        }
        if (!page.hasNextPage) break;
        after = page.endCursor;
      }
      return moved;
    },
  };
}
