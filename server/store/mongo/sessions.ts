// Ended sessions in MongoDB: one collection, a document per signed-out session (`session:<id>`, pruned once its
// token has expired) and one per member whose sessions all ended (`member:<uid>`); a read by _id answers each.
import type { Collection } from 'mongodb';
import type { SessionStore } from '../port.ts';
import type { EndedSessionDoc } from './documents.ts';

export function mongoSessions(ended: Collection<EndedSessionDoc>): SessionStore {
  return {
    async end(sessionId, expiresAt, now) {
      await ended.deleteMany({ expiresAt: { $lte: now } });
      await ended.updateOne({ _id: `session:${sessionId}` }, { $set: { expiresAt } }, { upsert: true });
    },
    async endAllOf(uid, at) {
      await ended.updateOne({ _id: `member:${uid}` }, { $max: { endedAt: at } }, { upsert: true });
    },
    async ended(sessionId, uid, issuedAt) {
      // Two reads by _id equality, side by side: FerretDB v1 answers only those from an index, not $in.
      const [session, member] = await Promise.all([
        ended.findOne({ _id: `session:${sessionId}` }, { projection: { _id: 1 } }),
        ended.findOne({ _id: `member:${uid}` }),
      ]);
      return session !== null || (member?.endedAt !== undefined && member.endedAt >= issuedAt);
    },
  };
}
