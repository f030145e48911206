// Members' reading histories (port/reading-history.ts) on MongoDB: closed loans are 'returned', 'lost' or
// 'damaged'. Each anonymizing write is conditional updates per loan, the loan's audit entries first and the loan
// last, so a retry or a second gateway's run changes nothing twice, and one after a crash between them finishes.
import { ObjectId, type Collection, type Filter } from 'mongodb';
import type { LoanTrail, ReadingHistoryStore } from '../port.ts';
import { ANONYMOUS_MEMBER } from '../port.ts';
import type { AuditDoc } from './audit.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../ids.ts';
import { toLoan, toObjectId, type LoanDoc, type UserDoc } from './documents.ts';

export const CLOSED = { $in: ['returned', 'lost', 'damaged'] } as const;
/** A uid that is an anonymized loan's marker (ANONYMOUS_MEMBER and its word). */
export const ANONYMOUS_UID = new RegExp(`^${ANONYMOUS_MEMBER.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

export function mongoReadingHistory(c: {
  loans: Collection<LoanDoc>;
  users: Collection<UserDoc>;
  audit: Collection<AuditDoc>;
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
          userId: { $nin: keepers.map((u) => u.uid), $not: ANONYMOUS_UID },
        };
      }
      const docs = await c.loans
        .find({ ...who, status: CLOSED, returnedAt: after ? { $gt: after, $lte: returnedBy } : { $lte: returnedBy } })
        .sort({ returnedAt: 1, _id: 1 })
        .limit(limit)
        .toArray();
      return docs.map(toLoan);
    },
    async anonymize(userId, loanIds, marker, trail) {
      let changed = 0;
      for (const id of loanIds) {
        const _id = toObjectId(id);
        if (!_id) continue;
        const mine = { _id, userId: String(userId), status: CLOSED };
        const loan = await c.loans.findOne(mine);
        if (!loan) continue;
        const [next] = await c.loans
          .find({ userId: loan.userId, bookId: loan.bookId, borrowDate: { $gt: loan.borrowDate } })
          .sort({ borrowDate: 1 })
          .limit(1)
          .toArray();
        await anonymizeTrail(c.audit, loan, next?.borrowDate ?? null, marker, trail);
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

/**
 * The loan's audit entries still about its member take the marker (port/reading-history.ts): those with its id,
 * and older ones without an id from its borrow until the member's next loan of the book.
 */
async function anonymizeTrail(
  audit: Collection<AuditDoc>,
  loan: LoanDoc,
  until: Date | null,
  marker: string,
  trail: LoanTrail,
): Promise<void> {
  const member = loan.userId;
  const at = until ? { $gte: loan.borrowDate, $lt: until } : { $gte: loan.borrowDate };
  const about: Filter<AuditDoc> = {
    uid: member,
    $or: [
      { loanId: loan._id.toHexString() },
      { loanId: null, bookId: loan.bookId, action: { $in: [...trail.actions] }, at },
    ],
  };
  await rewriteTrail(audit, about, member, marker, trail);
}

/**
 * The one write that takes a member off entries of a loan (`about`: entries whose uid is the member, with no
 * top-level actorUid or action), for anonymizing and for the back-fill of older loans (anonymous-audit-backfill.ts):
 * the uid becomes the marker, who made one too when the member did (their name ''), and the values of
 * `trail.emptied` null. Four disjoint updates (FerretDB has no update pipelines), by whether the member made the
 * entry and whether its values go.
 */
export async function rewriteTrail(
  audit: Collection<AuditDoc>,
  about: Filter<AuditDoc>,
  member: string,
  marker: string,
  trail: LoanTrail,
): Promise<void> {
  const [emptied, kept] = [{ $in: [...trail.emptied] }, { $nin: [...trail.emptied] }];
  const values = { oldValue: null, newValue: null };
  const theirs = { uid: marker, actorUid: marker, actorName: '' };
  await audit.updateMany({ ...about, actorUid: member, action: emptied }, { $set: { ...theirs, ...values } });
  await audit.updateMany({ ...about, actorUid: member, action: kept }, { $set: theirs });
  await audit.updateMany(
    { ...about, actorUid: { $ne: member }, action: emptied },
    { $set: { uid: marker, ...values } },
  );
  await audit.updateMany({ ...about, actorUid: { $ne: member }, action: kept }, { $set: { uid: marker } });
}
