// Purchase suggestions in MongoDB: one document each (its _id a time-ordered id, so newest first is _id
// descending). The limit is kept without a transaction: a suggestion is inserted, then withdrawn again when the
// member's open ones up to it are over the limit, so two sent at once never both pass it.
import type { Collection, Filter } from 'mongodb';
import type { SuggestionRecord, SuggestionStore } from '../port.ts';
import { decodeCursor, encodeCursor, keysetPage, newId, parseId } from '../ids.ts';

export interface SuggestionDoc extends Omit<SuggestionRecord, 'id'> {
  _id: string;
}

const toSuggestion = ({ _id, ...rest }: SuggestionDoc): SuggestionRecord => ({
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
      await suggestions.insertOne(doc);
      const ahead = await suggestions.countDocuments({ userId: s.userId, status: 'open', _id: { $lte: doc._id } });
      if (ahead > limit) {
        await suggestions.deleteOne({ _id: doc._id });
        return null;
      }
      return toSuggestion(doc);
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
        { $set: { status: d.status, reason: d.reason, decidedAt: d.at, decidedBy: d.by } },
        { returnDocument: 'after' },
      );
      return doc ? toSuggestion(doc) : null;
    },
    async eraseMember(userId) {
      return (await suggestions.deleteMany({ userId })).deletedCount;
    },
  };
}
