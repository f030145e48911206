// Members' reading histories (port/reading-history.ts) on MongoDB: closed loans are 'returned', 'lost' or
// 'damaged'. Each anonymizing write is one conditional update per loan, so a retry or a second gateway's run
// changes nothing twice.
import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { ReadingHistoryStore } from '../port.ts';
import { ANONYMOUS_MEMBER } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../ids.ts';
import { toLoan, toObjectId, type LoanDoc, type UserDoc } from './documents.ts';

const CLOSED = { $in: ['returned', 'lost', 'damaged'] } as const;
const escaped = ANONYMOUS_MEMBER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export function mongoReadingHistory(c: {
  loans: Collection<LoanDoc>;
  users: Collection<UserDoc>;
}): ReadingHistoryStore {
  return {
    async keeps(uid) {
      const user = await c.users.findOne({ uid: String(uid) }, { projection: { keepsReadingHistory: 1 } });
      return user?.keepsReadingHistory === true;
    },
    async setKeeps(uid, keep) {
      const user = await c.users.findOneAndUpdate(
        { uid: String(uid) },
        { $set: { keepsReadingHistory: keep } },
        { returnDocument: 'after' },
      );
      return user ? user.keepsReadingHistory === true : null;
    },
    async page(userId, page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const base: Filter<LoanDoc> = { userId: String(userId), status: CLOSED };
      const query: Filter<LoanDoc> = after
        ? {
            ...base,
            $or: [
              { borrowDate: { $lt: after.time } },
              { borrowDate: after.time, _id: { $lt: ObjectId.createFromHexString(after.id) } },
            ],
          }
        : base;
      const limit = Math.max(page.first, 0) + 1;
      const docs = await c.loans.find(query).sort({ borrowDate: -1, _id: -1 }).limit(limit).toArray();
      const totalCount = !after && docs.length < limit ? docs.length : await c.loans.countDocuments(base);
      return keysetPage(docs, limit, toLoan, (loan) => encodeTimeCursor(loan.borrowDate, loan.id), totalCount);
    },
    async named(returnedBy, { userId, after, limit }) {
      let who: Filter<LoanDoc>;
      if (userId !== undefined) who = { userId: String(userId) };
      else {
        const keepers = await c.users.find({ keepsReadingHistory: true }, { projection: { uid: 1 } }).toArray();
        who = {
          userId: { $nin: keepers.map((u) => u.uid), $not: new RegExp(`^${escaped}`) },
        };
      }
      const docs = await c.loans
        .find({ ...who, status: CLOSED, returnedAt: after ? { $gt: after, $lte: returnedBy } : { $lte: returnedBy } })
        .sort({ returnedAt: 1, _id: 1 })
        .limit(limit)
        .toArray();
      return docs.map(toLoan);
    },
    async anonymize(userId, loanIds, marker) {
      let changed = 0;
      for (const id of loanIds) {
        const _id = toObjectId(id);
        if (!_id) continue;
        const mine = { _id, userId: String(userId), status: CLOSED };
        // Who returned it in the app names the member: cleared first, so a retry after a crash between the two
        // (the loan still theirs) does both again.
        await c.loans.updateOne({ ...mine, returnedVia: 'APP' }, { $set: { returnedBy: null } });
        const done = await c.loans.updateOne(mine, { $set: { userId: marker, userName: '', userEmail: '' } });
        changed += done.modifiedCount;
      }
      return changed;
    },
  };
}
