// Purchase suggestions in MongoDB: one document each (its _id a time-ordered id, so newest first is _id
// descending). The limit is kept without a transaction: an open suggestion takes one of the member's numbered
// places (`openSlot`, `<userId>:<n>` for n under the limit), unique in the collection, and gives it back when
// decided. Two sent at once cannot take one place, so they never both pass the limit, whichever order they are
// written in (a count after inserting could not promise that: an id made first can be written last).
import type { Collection, Filter } from 'mongodb';
import type { SuggestionRecord, SuggestionStore } from '../port.ts';
import { decodeCursor, encodeCursor, keysetPage, newId, parseId } from '../ids.ts';
import { isDuplicateKey } from './documents.ts';

export interface SuggestionDoc extends Omit<SuggestionRecord, 'id'> {
  _id: string;
  /** The member's place under the limit while open (unique, sparse index); absent once decided. */
  openSlot?: string;
}

const toSuggestion = ({ _id, openSlot: _slot, ...rest }: SuggestionDoc): SuggestionRecord => ({
  id: _id,
  ...rest,
  reason: rest.reason ?? null,
  decidedAt: rest.decidedAt ?? null,
  decidedBy: rest.decidedBy ?? null,
});

export function mongoSuggestions(suggestions: Collection<SuggestionDoc>): SuggestionStore {
  return {
    async add(s, limit) {
      const doc: SuggestionDoc = {
        _id: newId(),
        ...s,
        status: 'open',
        reason: null,
        decidedAt: null,
        decidedBy: null,
      };
      // Open suggestions written before places existed hold none; they only ever get fewer, so counting them once
      // here can only leave fewer places than there are.
      const unplaced = await suggestions.countDocuments({
        userId: s.userId,
        status: 'open',
        openSlot: { $exists: false },
      });
      for (let place = 0; place < limit - unplaced; place++) {
        try {
          await suggestions.insertOne({ ...doc, openSlot: `${s.userId}:${place}` });
          return toSuggestion(doc);
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      return null;
    },
    async get(id) {
      const key = parseId(id);
      const doc = key ? await suggestions.findOne({ _id: key }) : null;
      return doc ? toSuggestion(doc) : null;
    },
    async list(status, page) {
      const after = page.after ? decodeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const filter: Filter<SuggestionDoc> = status ? { status } : {};
      const docs = await suggestions
        .find(after ? { ...filter, _id: { $lt: after } } : filter)
        .sort({ _id: -1 })
        .limit(limit)
        .toArray();
      const total = await suggestions.countDocuments(filter);
      return keysetPage(docs, limit, toSuggestion, (x) => encodeCursor(x.id), total);
    },
    async listByUser(userId) {
      return (await suggestions.find({ userId }).sort({ _id: -1 }).toArray()).map(toSuggestion);
    },
    async decide(id, d) {
      const key = parseId(id);
      if (!key) return null;
      const doc = await suggestions.findOneAndUpdate(
        { _id: key, status: 'open' },
        { $set: { status: d.status, reason: d.reason, decidedAt: d.at, decidedBy: d.by }, $unset: { openSlot: '' } },
        { returnDocument: 'after' },
      );
      return doc ? toSuggestion(doc) : null;
    },
    async eraseMember(userId) {
      return (await suggestions.deleteMany({ userId })).deletedCount;
    },
  };
}
