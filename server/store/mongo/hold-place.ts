// Placing a hold on MongoDB, for a member's queue (HoldStore.place) and for a pickup request (HoldStore.request,
// click and collect): the hold is written as 'placing' (unique per member and book, read by nobody), takes its
// place under the member's hold limit, then joins the queue and takes a copy from the shelf if one is there and it
// is first. A place whose hold another gateway's recovery dropped in between starts over.
import { ObjectId } from 'mongodb';
import type { HoldRecord, NewHold } from '../port.ts';
import { isDuplicateKey } from './documents.ts';
import type { HoldDoc } from './documents.ts';
import { OPEN, type HoldCollections, type holdSteps } from './hold-steps.ts';

type Steps = ReturnType<typeof holdSteps>;

/** `toHold`: holds.ts's document reader (passed in, so the two modules do not import each other). */
export function holdPlacing(c: HoldCollections, steps: Steps, toHold: (doc: HoldDoc) => HoldRecord) {
  const { books, holds, loans, memberHolds } = c;

  /** Why a pickup request is refused as reads see it, in the order a borrow is refused; null when it may go. */
  async function pickupRefusal(userId: string, bookOid: ObjectId, opts: { holdLimit: number; loanLimit: number }) {
    const book = await books.findOne({ _id: bookOid }, { projection: { quantity: 1 } });
    if (!book) return { ok: false, reason: 'book-not-found' } as const;
    if (await loans.countDocuments({ activeKey: `${userId}:${bookOid.toHexString()}` }, { limit: 1 }))
      return { ok: false, reason: 'already-borrowed' } as const;
    const [onLoan, requested] = await Promise.all([
      loans.countDocuments({ userId, status: { $in: ['pending', 'borrowed', 'returning', 'closing'] } }),
      holds.countDocuments({ userId, status: { $in: OPEN }, returnDate: { $type: 'date' } }),
    ]);
    if (onLoan + requested >= opts.loanLimit) return { ok: false, reason: 'loan-limit' } as const;
    if (book.quantity <= 0) return { ok: false, reason: 'out-of-stock' } as const;
    const member = await memberHolds.findOne({ _id: userId });
    if ((member?.open?.length ?? 0) >= opts.holdLimit) return { ok: false, reason: 'hold-limit' } as const;
    return null;
  }

  /** Places the hold (`extra`: the pickup request's fields); `refusal`: what reads already refuse. */
  async function placeAs<R extends { ok: false }>(
    hold: NewHold,
    bookOid: ObjectId,
    holdLimit: number,
    refusal: () => Promise<R | null>,
    extra: Partial<HoldDoc> = {},
  ) {
    const bookId = bookOid.toHexString();
    for (;;) {
      const seen = await refusal();
      if (seen) return seen;
      const doc: HoldDoc = {
        _id: hold.id ? ObjectId.createFromHexString(hold.id) : new ObjectId(),
        bookId,
        userId: hold.userId,
        userName: hold.userName,
        userEmail: hold.userEmail,
        bookTitle: hold.bookTitle,
        status: 'placing',
        createdAt: hold.createdAt,
        readyAt: null,
        endedAt: null,
        openKey: `${hold.userId}:${bookId}`,
        ...extra,
      };
      const holdId = doc._id.toHexString();
      try {
        await holds.insertOne(doc);
      } catch (error) {
        if (isDuplicateKey(error)) return { ok: false, reason: 'already-on-hold' } as const;
        throw error;
      }
      if (!(await steps.reserve(hold.userId, holdId, holdLimit))) {
        await holds.deleteOne({ _id: doc._id, status: 'placing' });
        return { ok: false, reason: 'hold-limit' } as const;
      }
      await holds.updateOne({ _id: doc._id, status: 'placing' }, { $set: { status: 'waiting' } });
      if ((await holds.countDocuments({ _id: doc._id }, { limit: 1 })) === 0) {
        await steps.release(hold.userId, holdId);
        continue;
      }
      // A copy may have come back between the check and the insert: it is this member's now, if first.
      await steps.fill(bookOid, hold.createdAt);
      const placed = (await holds.findOne({ _id: doc._id })) ?? { ...doc, status: 'waiting' as const };
      const position = await holds.countDocuments({
        bookId,
        status: { $in: OPEN },
        $or: [{ createdAt: { $lt: doc.createdAt } }, { createdAt: doc.createdAt, _id: { $lte: doc._id } }],
      });
      return { ok: true, hold: toHold(placed), position } as const;
    }
  }

  return { placeAs, pickupRefusal };
}
