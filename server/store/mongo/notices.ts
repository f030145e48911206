// Notices in MongoDB: a unique index on the event's key makes recording it twice a no-op.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { NoticeRecord, NoticeStore } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, parseId } from '../ids.ts';
import { isDuplicateKey } from './documents.ts';
import type { NoticeDoc } from './documents.ts';

function toNotice(doc: NoticeDoc): NoticeRecord {
  const { _id, ...rest } = doc;
  return { id: _id.toHexString(), ...rest, readAt: doc.readAt ?? null };
}

export function mongoNotices(notices: Collection<NoticeDoc>): NoticeStore {
  return {
    async record(list) {
      const added: NoticeRecord[] = [];
      for (const n of list) {
        const doc: NoticeDoc = { _id: new ObjectId(), ...n, readAt: null };
        try {
          await notices.insertOne(doc);
          added.push(toNotice(doc));
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      return added;
    },
    async recorded(keys) {
      if (keys.length === 0) return new Set();
      const docs = await notices.find({ key: { $in: keys } }, { projection: { key: 1 } }).toArray();
      return new Set(docs.map((doc) => doc.key));
    },
    async list(userId, { unreadOnly, page }) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const base: Filter<NoticeDoc> = unreadOnly ? { userId, readAt: null } : { userId };
      const query: Filter<NoticeDoc> = after
        ? {
            ...base,
            $or: [
              { createdAt: { $lt: after.time } },
              { createdAt: after.time, _id: { $lt: ObjectId.createFromHexString(after.id) } },
            ],
          }
        : base;
      const limit = Math.max(page.first, 0) + 1;
      const docs = await notices.find(query).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray();
      const nodes = docs.slice(0, limit - 1).map(toNotice);
      const last = nodes.at(-1);
      return {
        nodes,
        totalCount: await notices.countDocuments(base),
        hasNextPage: docs.length > nodes.length,
        endCursor: last ? encodeTimeCursor(last.createdAt, last.id) : null,
      };
    },
    async unreadCount(userId) {
      return notices.countDocuments({ userId, readAt: null });
    },
    async markRead(userId, ids, at) {
      const filter: Filter<NoticeDoc> = { userId, readAt: null };
      if (ids !== null) {
        const oids = ids.map(parseId).filter((id): id is string => id !== null);
        if (oids.length === 0) return 0;
        filter._id = { $in: oids.map((id) => ObjectId.createFromHexString(id)) };
      }
      return (await notices.updateMany(filter, { $set: { readAt: at } })).modifiedCount;
    },
  };
}
