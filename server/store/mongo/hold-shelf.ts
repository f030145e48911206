// The hold shelf on MongoDB (decision 058): staff say when a ready hold's copy is on it, and when they took an
// ended hold's copy off it. Each move is one conditional update of the hold, so two desks change it once, and a
// hold ending (or borrowed) at the same moment either sees the copy shelved or refuses the shelving.
import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { HoldRecord, HoldShelfResult, HoldStore, PageRequest } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../ids.ts';
import { toObjectId } from './documents.ts';
import type { HoldDoc } from './documents.ts';

type HoldShelf = Pick<HoldStore, 'shelve' | 'clearShelf' | 'toPull' | 'toClear'>;

const ENDED = ['expired', 'cancelled'] as const;
const TO_PULL: Filter<HoldDoc> = { status: 'ready', shelvedAt: null };
const TO_CLEAR: Filter<HoldDoc> = { shelf: 'on', status: { $in: [...ENDED] } };

/** `toHold`: holds.ts's document reader (passed in, so the two modules do not import each other). */
export function mongoHoldShelf(holds: Collection<HoldDoc>, toHold: (doc: HoldDoc) => HoldRecord): HoldShelf {
  /** What a move that matched nothing finds: done already (unchanged), or the refusal. */
  async function settled(
    _id: ObjectId,
    done: (doc: HoldDoc) => boolean,
    refusal: (status: HoldDoc['status']) => HoldShelfResult,
  ): Promise<HoldShelfResult> {
    const doc = await holds.findOne({ _id });
    if (!doc || doc.status === 'placing') return { ok: false, reason: 'hold-not-found' };
    return done(doc) ? { ok: true, hold: toHold(doc), changed: false } : refusal(doc.status);
  }

  /** A keyset page of the holds `filter` selects, by (time field, _id). */
  async function page(filter: Filter<HoldDoc>, field: 'readyAt' | 'endedAt', p: PageRequest) {
    const after = p.after ? decodeTimeCursor(p.after) : null;
    const limit = Math.max(p.first, 0) + 1;
    const query: Filter<HoldDoc> = after
      ? {
          ...filter,
          $or: [
            { [field]: { $gt: after.time } },
            { [field]: after.time, _id: { $gt: ObjectId.createFromHexString(after.id) } },
          ],
        }
      : filter;
    const docs = await holds
      .find(query)
      .sort({ [field]: 1, _id: 1 })
      .limit(limit)
      .toArray();
    return keysetPage(
      docs,
      limit,
      toHold,
      (hold) => {
        const at = hold[field];
        return at ? encodeTimeCursor(at, hold.id) : null;
      },
      await holds.countDocuments(filter),
    );
  }

  return {
    async shelve(holdId, at) {
      const _id = toObjectId(holdId);
      if (!_id) return { ok: false, reason: 'hold-not-found' };
      const doc = await holds.findOneAndUpdate(
        { _id, ...TO_PULL },
        { $set: { shelvedAt: at, shelf: 'on' } },
        { returnDocument: 'after' },
      );
      if (doc) return { ok: true, hold: toHold(doc), changed: true };
      return settled(
        _id,
        (d) => d.status === 'ready' && d.shelvedAt != null,
        () => ({ ok: false, reason: 'not-ready' }),
      );
    },

    async clearShelf(holdId, at) {
      const _id = toObjectId(holdId);
      if (!_id) return { ok: false, reason: 'hold-not-found' };
      const doc = await holds.findOneAndUpdate(
        { _id, ...TO_CLEAR },
        { $set: { shelfClearedAt: at }, $unset: { shelf: '' } },
        { returnDocument: 'after' },
      );
      if (doc) return { ok: true, hold: toHold(doc), changed: true };
      return settled(
        _id,
        (d) => d.shelfClearedAt != null,
        (status) => ({ ok: false, reason: status === 'waiting' || status === 'ready' ? 'not-ended' : 'not-on-shelf' }),
      );
    },

    toPull: (p) => page(TO_PULL, 'readyAt', p),
    toClear: (p) => page(TO_CLEAR, 'endedAt', p),
  };
}
