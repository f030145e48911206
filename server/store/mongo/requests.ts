// Idempotency keys in MongoDB: a claim is an insert by _id, which is unique on every server (FerretDB v1
// included, without the write queue), so of two requests with one key exactly one is fresh.
import type { Collection } from 'mongodb';
import type { RequestStore } from '../port.ts';
import { isDuplicateKey } from './documents.ts';
import type { RequestDoc } from './documents.ts';

const idOf = (actor: string, key: string) => `${actor}\n${key}`;

export function mongoRequests(requests: Collection<RequestDoc>): RequestStore {
  return {
    async claim(claim, keepMs) {
      // Expired claims of this caller go first, so an old key is fresh again and the collection stays a day deep.
      await requests.deleteMany({ actor: claim.actor, createdAt: { $lte: new Date(claim.at.getTime() - keepMs) } });
      const _id = idOf(claim.actor, claim.key);
      for (;;) {
        try {
          await requests.insertOne({
            _id,
            actor: claim.actor,
            fingerprint: claim.fingerprint,
            ref: claim.ref,
            createdAt: claim.at,
          });
          return { fresh: true };
        } catch (error) {
          if (!isDuplicateKey(error)) throw error;
        }
        const first = await requests.findOne({ _id });
        // Released between the insert and the read: claim it again.
        if (first) return { fresh: false, fingerprint: first.fingerprint, ref: first.ref };
      }
    },
    async release(actor, key) {
      await requests.deleteOne({ _id: idOf(actor, key) });
    },
  };
}
