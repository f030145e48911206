// Paused holds on MongoDB (Koha's suspension): a waiting hold keeps its place while paused, and the steps' fill
// passes it over until its pause ends. Pausing is one conditional update of a waiting hold; ending a pause (the
// member, or the clock: resumeDue) unsets it and then fills the book, so a copy on the shelf goes to the first
// member waiting, as after a return. The fill is the steps' own, safe to run from any number of gateways at once.
import type { Collection, ObjectId } from 'mongodb';
import type { HoldRecord, HoldStore, PauseHoldResult } from '../port.ts';
import { toObjectId } from './documents.ts';
import type { HoldDoc } from './documents.ts';
import { OPEN } from './hold-steps.ts';

type HoldPauses = Pick<HoldStore, 'pause' | 'resume' | 'resumeDue' | 'firstPauseEnd'>;

/** `toHold` and `fill`: holds.ts's reader and the steps' fill (passed in, so the modules do not cycle). */
export function mongoHoldPauses(
  holds: Collection<HoldDoc>,
  toHold: (doc: HoldDoc) => HoldRecord,
  fill: (bookOid: ObjectId, at: Date) => Promise<void>,
): HoldPauses {
  /** Why a hold that is not waiting cannot be paused (or resumed, once ended). */
  const refusal = (doc: HoldDoc | null): PauseHoldResult => {
    if (!doc || doc.status === 'placing') return { ok: false, reason: 'hold-not-found' };
    return { ok: false, reason: doc.status === 'ready' ? 'not-waiting' : 'not-open' };
  };

  /** Fills the book a resumed hold waits for: a copy on the shelf is its (or an earlier member's) now. */
  async function fillFor(bookId: string, at: Date): Promise<void> {
    const bookOid = toObjectId(bookId);
    if (bookOid) await fill(bookOid, at);
  }

  return {
    async pause(holdId, until) {
      const _id = toObjectId(holdId);
      if (!_id) return { ok: false, reason: 'hold-not-found' };
      const paused = await holds.findOneAndUpdate(
        { _id, status: 'waiting' },
        { $set: { pausedUntil: until } },
        { returnDocument: 'after' },
      );
      return paused ? { ok: true, hold: toHold(paused) } : refusal(await holds.findOne({ _id }));
    },

    async resume(holdId, at) {
      const _id = toObjectId(holdId);
      if (!_id) return { ok: false, reason: 'hold-not-found' };
      const resumed = await holds.findOneAndUpdate(
        { _id, status: { $in: OPEN } },
        { $unset: { pausedUntil: '' } },
        { returnDocument: 'after' },
      );
      if (!resumed) return refusal(await holds.findOne({ _id }));
      await fillFor(resumed.bookId, at);
      const now = await holds.findOne({ _id });
      return { ok: true, hold: toHold(now ?? resumed) };
    },

    async firstPauseEnd() {
      // The sparse index of paused holds, first entry.
      const [first] = await holds
        .find({ pausedUntil: { $exists: true } }, { projection: { pausedUntil: 1 } })
        .sort({ pausedUntil: 1 })
        .limit(1)
        .toArray();
      return first?.pausedUntil ?? null;
    },

    async resumeDue(at) {
      const due = await holds.find({ pausedUntil: { $lte: at } }).toArray();
      const resumed: HoldRecord[] = [];
      for (const doc of due) {
        // Unset only if still this pause (a member may have paused it again meanwhile); once by any gateway.
        const cleared = await holds.updateOne(
          { _id: doc._id, pausedUntil: doc.pausedUntil },
          { $unset: { pausedUntil: '' } },
        );
        if (cleared.modifiedCount === 1 && doc.status === 'waiting')
          resumed.push({ ...toHold(doc), pausedUntil: null });
      }
      for (const bookId of new Set(resumed.map((hold) => hold.bookId))) await fillFor(bookId, at);
      return resumed;
    },
  };
}
