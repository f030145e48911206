// Idempotency keys in SQLite: a claim is one transaction, so two requests with one key cannot both be fresh.
import type { DatabaseSync } from 'node:sqlite';
import type { RequestStore } from '../port.ts';
import { text, transaction } from './db.ts';

export function sqliteRequests(db: DatabaseSync): RequestStore {
  const prune = db.prepare('DELETE FROM requests WHERE actor = ? AND created_at <= ?');
  const find = db.prepare('SELECT fingerprint, ref FROM requests WHERE actor = ? AND key = ?');
  const insert = db.prepare('INSERT INTO requests (actor, key, fingerprint, ref, created_at) VALUES (?, ?, ?, ?, ?)');
  const remove = db.prepare('DELETE FROM requests WHERE actor = ? AND key = ?');
  return {
    async claim(claim, keepMs) {
      return transaction(db, () => {
        // Expired claims of this caller go first, so an old key is fresh again and the table stays a day deep.
        prune.run(claim.actor, claim.at.getTime() - keepMs);
        const first = find.get(claim.actor, claim.key);
        if (first) return { fresh: false, fingerprint: text(first, 'fingerprint'), ref: text(first, 'ref') } as const;
        insert.run(claim.actor, claim.key, claim.fingerprint, claim.ref, claim.at.getTime());
        return { fresh: true } as const;
      });
    },
    async release(actor, key) {
      remove.run(actor, key);
    },
  };
}
