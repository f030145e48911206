// Notices in MongoDB: a unique index on the event's key makes recording it twice a no-op.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { NoticeMail, NoticeRecord, NoticeStore, OutboxChannel } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage, parseId } from '../ids.ts';
import { isDuplicateKey, toObjectId } from './documents.ts';
import type { MailClaimDoc, NoticeDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

function toNotice(doc: NoticeDoc): NoticeRecord {
  const { _id, ...rest } = doc;
  return {
    id: _id.toHexString(),
    ...rest,
    readAt: doc.readAt ?? null,
    mail: doc.mail ?? null,
    sms: doc.sms ?? null,
    moved: doc.moved ?? null,
    overdue: doc.overdue ?? null,
  };
}

export function mongoNotices(
  notices: Collection<NoticeDoc>,
  claims: Collection<MailClaimDoc>,
  lock: KeyLock,
): NoticeStore {
  // Claims and settles are conditional single-document updates; queued per notice where the server needs it.
  const mailLock = <T>(id: ObjectId, work: () => Promise<T>) => lock.run(`mail:${id.toHexString()}`, work);
  /** A notice whose e-mail and SMS were not tried yet (or that has none): its words may still change. */
  const untried: Filter<NoticeDoc> = {
    $and: [
      { $or: [{ mail: null }, { 'mail.status': 'pending', 'mail.attempts': 0 }] },
      { $or: [{ sms: null }, { 'sms.status': 'pending', 'sms.attempts': 0 }] },
    ],
  };
  /** An outbox entry pending from `at`. */
  const pendingFrom = (at: Date): NoticeMail => ({
    status: 'pending',
    attempts: 0,
    nextAttemptAt: at,
    lastError: null,
    settledAt: null,
  });
  // A claim's _id names its outbox: the e-mail's as before SMS existed, the SMS's with `sms:`.
  const claimId = (id: ObjectId, attempts: number, c: OutboxChannel) =>
    `${id.toHexString()}:${c === 'sms' ? 'sms:' : ''}${attempts}`;
  return {
    async record(list, opts) {
      const added: NoticeRecord[] = [];
      for (const n of list) {
        // The e-mail is queued in the notice's own document: one insert, so neither exists without the other.
        const from = new Date(n.createdAt.getTime() + (opts?.mailAfterMs ?? 0));
        const mail = opts?.mail === true ? pendingFrom(from) : null;
        const sms = opts?.sms === true ? pendingFrom(from) : null;
        const doc: NoticeDoc = { _id: new ObjectId(), ...n, moved: n.moved ?? null, readAt: null, mail, sms };
        try {
          await notices.insertOne(doc);
          added.push(toNotice(doc));
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
      }
      return added;
    },
    async movedSince(userId, since) {
      const doc = await notices.findOne(
        { userId, kind: 'due-date-moved', readAt: null, createdAt: { $gte: since }, moved: { $ne: null }, ...untried },
        { sort: { createdAt: -1, _id: -1 } },
      );
      return doc ? toNotice(doc) : null;
    },
    async redate(key, day) {
      return (await notices.updateOne({ key }, { $set: { day } })).matchedCount === 1;
    },
    async updateMoved(id, moved, day) {
      const _id = toObjectId(id);
      if (!_id) return false;
      // Queued with the e-mail's claims: a claim and this change of the same notice never cross.
      const changed = await mailLock(_id, () =>
        notices.updateOne({ _id, readAt: null, ...untried }, { $set: { moved, day } }),
      );
      return changed.modifiedCount === 1;
    },
    async recorded(keys) {
      if (keys.length === 0) return new Set();
      const docs = await notices.find({ key: { $in: keys } }, { projection: { key: 1 } }).toArray();
      return new Set(docs.map((doc) => doc.key));
    },
    async list(userId, { unreadOnly, page, total: known }) {
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
      const [docs, total] = await Promise.all([
        known === 0 ? [] : notices.find(query).sort({ createdAt: -1, _id: -1 }).limit(limit).toArray(),
        known ?? notices.countDocuments(base),
      ]);
      return keysetPage(docs, limit, toNotice, (notice) => encodeTimeCursor(notice.createdAt, notice.id), total);
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
    async mailDue(at, limit, c = 'mail') {
      const docs = await notices
        .find({ [`${c}.status`]: 'pending', [`${c}.nextAttemptAt`]: { $lte: at } })
        .sort({ [`${c}.nextAttemptAt`]: 1, _id: 1 })
        .limit(limit)
        .toArray();
      return docs.map(toNotice);
    },
    async claimMail(id, attempts, at, until, c = 'mail') {
      const _id = toObjectId(id);
      if (!_id) return null;
      const due = await notices.findOne({
        _id,
        [`${c}.status`]: 'pending',
        [`${c}.attempts`]: attempts,
        [`${c}.nextAttemptAt`]: { $lte: at },
      });
      if (!due) return null;
      try {
        await claims.insertOne({ _id: claimId(_id, attempts, c), at });
      } catch (error) {
        if (isDuplicateKey(error)) return null; // another sender claimed this attempt
        throw error;
      }
      const doc = await mailLock(_id, () =>
        notices.findOneAndUpdate(
          { _id, [`${c}.status`]: 'pending', [`${c}.attempts`]: attempts },
          { $inc: { [`${c}.attempts`]: 1 }, $set: { [`${c}.nextAttemptAt`]: until } },
          { returnDocument: 'after' },
        ),
      );
      return doc ? toNotice(doc) : null;
    },
    async settleMail(id, attempts, outcome, c = 'mail') {
      const _id = toObjectId(id);
      if (!_id) return false;
      const pending = outcome.status === 'pending';
      const result = await mailLock(_id, () =>
        notices.updateOne(
          { _id, [`${c}.status`]: 'pending', [`${c}.attempts`]: attempts },
          {
            $set: {
              [`${c}.status`]: outcome.status,
              [`${c}.nextAttemptAt`]: pending ? outcome.nextAttemptAt : null,
              [`${c}.lastError`]: outcome.status === 'pending' || outcome.status === 'failed' ? outcome.error : null,
              [`${c}.settledAt`]: pending ? null : outcome.at,
            },
          },
        ),
      );
      return result.modifiedCount === 1;
    },
  };
}
