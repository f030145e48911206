// The hold store on MongoDB: placing a hold (its place under the member's hold limit first), ending one, and
// the reads. Every move of a copy to or from a hold is one of the steps in hold-steps.ts.
import { ObjectId, type Collection } from 'mongodb';
import type { HoldRecord, HoldStore } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, parseId } from '../ids.ts';
import { toObjectId } from './documents.ts';
import type { HoldDoc } from './documents.ts';
import { holdSteps, OPEN } from './hold-steps.ts';
import { holdPlacing } from './hold-place.ts';
import type { HoldCollections } from './hold-steps.ts';
import type { KeyLock } from './key-lock.ts';
import { mongoHoldShelf } from './hold-shelf.ts';
import { mongoHoldPauses } from './hold-pauses.ts';
import { pickupLimit } from './pickup-limit.ts';

export function toHold(doc: HoldDoc): HoldRecord {
  if (doc.status === 'placing') throw new TypeError('A hold being placed is not a hold yet');
  return {
    id: doc._id.toHexString(),
    bookId: doc.bookId,
    userId: doc.userId,
    userName: doc.userName,
    userEmail: doc.userEmail,
    bookTitle: doc.bookTitle,
    status: doc.status,
    createdAt: doc.createdAt,
    readyAt: doc.readyAt ?? null,
    endedAt: doc.endedAt ?? null,
    // Only a hold that has had a copy set aside names one (a ready hold sent back to waiting loses it).
    itemBarcode: doc.status === 'waiting' ? null : (doc.itemBarcode ?? null),
    shelvedAt: doc.shelvedAt ?? null,
    shelfClearedAt: doc.shelfClearedAt ?? null,
    pausedUntil: doc.pausedUntil ?? null,
    returnDate: doc.returnDate ?? null,
  };
}

export function mongoHolds(c: HoldCollections, lock: KeyLock): HoldStore {
  const { books, holds, loans, memberHolds } = c;
  const steps = holdSteps(c, lock);
  const { placeAs, pickupRefusal } = holdPlacing(c, steps, toHold);
  const requests = pickupLimit(c, lock);

  /** The refusal reads can already see, in the order a member is told. */
  async function visibleRefusal(userId: string, bookOid: ObjectId, limit: number) {
    const book = await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } });
    if (!book) return { ok: false, reason: 'book-not-found' } as const;
    if (await loans.countDocuments({ activeKey: `${userId}:${bookOid.toHexString()}` }, { limit: 1 }))
      return { ok: false, reason: 'already-borrowed' } as const;
    if (book.quantity > 0) return { ok: false, reason: 'copies-available' } as const;
    const member = await memberHolds.findOne({ _id: userId });
    if ((member?.open?.length ?? 0) >= limit) return { ok: false, reason: 'hold-limit' } as const;
    return null;
  }

  return {
    async place(hold, opts) {
      const bookId = parseId(hold.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      const bookOid = ObjectId.createFromHexString(bookId);
      return placeAs(hold, bookOid, opts.holdLimit, () => visibleRefusal(hold.userId, bookOid, opts.holdLimit));
    },

    // A pickup request takes its place under the loan limit first (pickup-limit.ts: one conditional update of the
    // member's account, so requests sent at once cannot pass it), is placed as a hold would be, then takes the
    // copy on the shelf as the first (and only) member waiting. Another borrow may take that copy first: then the
    // request is withdrawn (out-of-stock), and its place goes back with it.
    async request(hold, opts) {
      const bookId = parseId(hold.bookId);
      if (!bookId) return { ok: false, reason: 'book-not-found' };
      const bookOid = ObjectId.createFromHexString(bookId);
      const seen = await pickupRefusal(hold.userId, bookOid, opts);
      if (seen) return seen;
      if (!(await requests.reserve(hold.userId, hold.id, opts.loanLimit))) return { ok: false, reason: 'loan-limit' };
      const placed = await placeAs(hold, bookOid, opts.holdLimit, () => pickupRefusal(hold.userId, bookOid, opts), {
        returnDate: hold.returnDate,
      });
      if (!placed.ok) {
        await requests.release(hold.userId, hold.id);
        return placed;
      }
      if (placed.hold.status === 'ready') return { ok: true, hold: placed.hold };
      const _id = ObjectId.createFromHexString(placed.hold.id);
      if ((await holds.deleteOne({ _id, status: 'waiting' })).deletedCount === 1)
        await steps.settleEnded(bookId, hold.userId, placed.hold.id, hold.createdAt);
      // Marked ready by a fill between the read and the withdrawal: the copy is the request's after all.
      const now = await holds.findOne({ _id });
      if (now?.status === 'ready') return { ok: true, hold: toHold(now) };
      return { ok: false, reason: 'out-of-stock' };
    },

    async cancel(holdId, at) {
      const _id = toObjectId(holdId);
      const doc = _id ? await holds.findOne({ _id }) : null;
      if (!doc) return { ok: false, reason: 'hold-not-found' };
      const ended = await steps.end(doc, 'cancelled', at);
      return ended ? { ok: true, hold: toHold(ended) } : { ok: false, reason: 'not-open' };
    },

    async expire(readyBefore, at) {
      const expired: HoldRecord[] = [];
      for await (const doc of holds
        .find({
          status: 'ready',
          readyAt: { $lt: readyBefore },
          // A shelved pickup request counts from its shelving (library/rules/pickup-wait.ts).
          $or: [{ returnDate: null }, { shelvedAt: null }, { shelvedAt: { $lt: readyBefore } }],
        })
        .sort({ readyAt: 1, _id: 1 })) {
        const ended = await steps.end(doc, 'expired', at);
        if (ended) expired.push(toHold(ended));
      }
      return expired;
    },

    async get(id) {
      const _id = toObjectId(id);
      const doc = _id ? await holds.findOne({ _id }) : null;
      return doc && doc.status !== 'placing' ? toHold(doc) : null;
    },

    async listByUser(userId) {
      return (
        await holds
          .find({ userId, status: { $ne: 'placing' } })
          .sort({ createdAt: -1, _id: -1 })
          .toArray()
      ).map(toHold);
    },

    async queue(bookId) {
      const id = parseId(bookId);
      if (!id) return [];
      const open = (
        await holds
          .find({ bookId: id, status: { $in: OPEN } })
          .sort({ createdAt: 1, _id: 1 })
          .toArray()
      ).map(toHold);
      return [...open.filter((h) => h.status === 'ready'), ...open.filter((h) => h.status === 'waiting')];
    },

    async ready(page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const query = after
        ? {
            status: 'ready' as const,
            $or: [
              { readyAt: { $gt: after.time } },
              { readyAt: after.time, _id: { $gt: ObjectId.createFromHexString(after.id) } },
            ],
          }
        : { status: 'ready' as const };
      const docs = await holds.find(query).sort({ readyAt: 1, _id: 1 }).limit(limit).toArray();
      return keysetPage(
        docs,
        limit,
        toHold,
        (hold) => (hold.readyAt ? encodeTimeCursor(hold.readyAt, hold.id) : null),
        await holds.countDocuments({ status: 'ready' }),
      );
    },

    queues: (bookIds) => queuesOf(holds, bookIds),

    ...mongoHoldShelf(holds, toHold),

    ...mongoHoldPauses(holds, toHold, steps.fill),
  };
}

/** HoldStore.queues: the open holds of many books in one find (the book_queue index), ordered as queue() does. */
async function queuesOf(holds: Collection<HoldDoc>, bookIds: string[]): Promise<Map<string, HoldRecord[]>> {
  // Keyed by the canonical id while read, answered under the ids as given.
  const byId = new Map<string, HoldRecord[]>();
  for (const id of bookIds.map(parseId)) if (id) byId.set(id, []);
  const ids = [...byId.keys()];
  if (ids.length === 0) return queuesAsGiven(bookIds, byId);
  const docs = await holds
    .find({ bookId: { $in: ids }, status: { $in: OPEN } })
    .sort({ createdAt: 1, _id: 1 })
    .toArray();
  // Ready holds first, then waiting ones, each in the order they joined (as queue() answers one book).
  for (const status of ['ready', 'waiting'] as const)
    for (const doc of docs) if (doc.status === status) byId.get(doc.bookId)?.push(toHold(doc));
  return queuesAsGiven(bookIds, byId);
}

const queuesAsGiven = (bookIds: string[], byId: Map<string, HoldRecord[]>) =>
  new Map(bookIds.map((id) => [id, byId.get(parseId(id) ?? '') ?? []]));
