// Leases in MongoDB: one document per name (_id), taken or renewed by one conditional upsert. The filter
// matches the holder's own lease or a lapsed one; when it matches nothing because someone else holds the
// lease, the upsert's insert meets the existing _id and fails with a duplicate key: not granted. MongoDB
// applies the update to the document atomically, so two gateways never both win. FerretDB v1 does not (see
// key-lock.ts): there one gateway is safe, and two racing for a lapsed lease may both get it.
import type { Collection } from 'mongodb';
import type { LeaseStore } from '../port.ts';
import { isDuplicateKey, type LeaseDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

export function mongoLeases(leases: Collection<LeaseDoc>, lock: KeyLock): LeaseStore {
  return {
    acquire: (name, holder, now, ttlMs) =>
      lock.run(`lease:${name}`, async () => {
        try {
          await leases.updateOne(
            { _id: name, $or: [{ holder }, { expiresAt: { $lte: now } }] },
            { $set: { holder, expiresAt: new Date(now.getTime() + ttlMs) } },
            { upsert: true },
          );
          return true;
        } catch (error) {
          if (isDuplicateKey(error)) return false;
          throw error;
        }
      }),
    release: (name, holder) =>
      lock.run(`lease:${name}`, async () => {
        await leases.deleteOne({ _id: name, holder });
      }),
  };
}
