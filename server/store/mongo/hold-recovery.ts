// Recovery of holds when the store opens: completes whatever a gateway stopped between two writes of a hold
// (holds.ts) left, and re-establishes both directions of the invariant: a copy is on the shelf only when nobody
// waits, and every ready hold has exactly one copy set aside for it. Other gateways may be running meanwhile,
// so every write here is one of the live steps, conditional as they are.
import { ObjectId } from 'mongodb';
import type { HoldDoc } from './documents.ts';
import { holdSteps, OPEN } from './hold-steps.ts';
import type { HoldCollections } from './hold-steps.ts';
import type { KeyLock } from './key-lock.ts';

/** Marks that members' places under the hold limit have been counted from their holds (data from before it). */
const HOLDS_COUNTED = '\u0000holds-counted';
/** A hold still being placed keeps its place under the limit. */
const COUNTED: HoldDoc['status'][] = [...OPEN, 'placing'];

export async function recoverHolds(c: HoldCollections, lock: KeyLock): Promise<void> {
  const { books, holds, loans, memberHolds } = c;
  const steps = holdSteps(c, lock);
  const at = new Date();
  if ((await memberHolds.countDocuments({ _id: HOLDS_COUNTED }, { limit: 1 })) === 0) {
    for await (const hold of holds.find({ status: { $in: OPEN } }, { projection: { userId: 1 } })) {
      await memberHolds.updateOne(
        { _id: hold.userId },
        { $addToSet: { open: hold._id.toHexString() } },
        { upsert: true },
      );
    }
    await memberHolds.updateOne({ _id: HOLDS_COUNTED }, { $set: { open: [] } }, { upsert: true });
  }

  // A place stopped part way: the hold joins the queue if it took its place under the limit, else it is dropped.
  for await (const hold of holds.find({ status: 'placing' }, { projection: { userId: 1 } })) {
    const id = hold._id.toHexString();
    if ((await memberHolds.countDocuments({ _id: hold.userId, open: id }, { limit: 1 })) > 0)
      await holds.updateOne({ _id: hold._id, status: 'placing' }, { $set: { status: 'waiting' } });
    else await holds.deleteOne({ _id: hold._id, status: 'placing' });
  }

  // Copies set aside: a hold not marked ready yet is marked; one that ended gives its copy back. (A hold id is a
  // string in heldFor, so `$type: 'string'` reads only books with one, from the held_for index.)
  for await (const book of books.find({ heldFor: { $type: 'string' } }, { projection: { _id: 1, heldFor: 1 } })) {
    for (const holdId of book.heldFor ?? []) {
      const hold = await holds.findOne({ _id: ObjectId.createFromHexString(holdId) }, { projection: { status: 1 } });
      if (hold?.status === 'waiting')
        await holds.updateOne({ _id: hold._id, status: 'waiting' }, { $set: { status: 'ready', readyAt: at } });
      else if (hold?.status !== 'ready') await steps.unhold(book._id, holdId);
    }
  }

  // A ready hold without a copy: its member's loan took it (stopped before the hold was marked fulfilled), or
  // it goes back to waiting, where its time of joining keeps it ahead of everyone who joined after it.
  for await (const hold of holds.find({ status: 'ready' })) {
    const holdId = hold._id.toHexString();
    const bookOid = ObjectId.createFromHexString(hold.bookId);
    if ((await books.countDocuments({ _id: bookOid, heldFor: holdId }, { limit: 1 })) > 0) continue;
    const loan = await loans.findOne(
      { userId: hold.userId, bookId: hold.bookId, $or: [{ holdId }, { status: { $in: ['pending', 'borrowed'] } }] },
      { projection: { borrowDate: 1 } },
    );
    if (loan) await steps.fulfil(holdId, loan.borrowDate);
    else
      await holds.updateOne(
        { _id: hold._id, status: 'ready' },
        { $set: { status: 'waiting', readyAt: null, itemBarcode: null, shelvedAt: null }, $unset: { shelf: '' } },
      );
  }

  // Places under the limit of holds that ended (stopped before the place was given back). The member's list is
  // read before the holds, so a hold being placed on another gateway is seen (it is written before its place).
  for await (const member of memberHolds.find({ 'open.0': { $exists: true } })) {
    const ids = member.open.map((id) => ObjectId.createFromHexString(id));
    const open = new Set<string>();
    for await (const hold of holds.find({ _id: { $in: ids }, status: { $in: COUNTED } }, { projection: { _id: 1 } }))
      open.add(hold._id.toHexString());
    for (const id of member.open) if (!open.has(id)) await steps.release(member._id, id);
  }

  // Copies on the shelf while members wait (a stop between a copy's return and the queue's turn, or the
  // holds sent back to waiting above): set aside for the first in each queue.
  const waitedFor = (await holds.distinct('bookId', { status: 'waiting' })).map((id) =>
    ObjectId.createFromHexString(id),
  );
  for await (const book of books.find({ _id: { $in: waitedFor }, quantity: { $gt: 0 } }, { projection: { _id: 1 } }))
    await steps.fill(book._id, at);
}
