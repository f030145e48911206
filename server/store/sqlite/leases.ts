// Leases in SQLite: one row per name, taken or renewed by a single upsert whose update is conditional.
import type { DatabaseSync } from 'node:sqlite';
import type { LeaseStore } from '../port.ts';

export function sqliteLeases(db: DatabaseSync): LeaseStore {
  // The row is inserted when the name is new; otherwise updated only for its holder or once it has lapsed. An
  // update the WHERE refuses returns no row.
  const acquire = db.prepare(`INSERT INTO leases (name, holder, expires_at) VALUES (?, ?, ?)
    ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
    WHERE leases.holder = excluded.holder OR leases.expires_at <= ? RETURNING holder`);
  const release = db.prepare('DELETE FROM leases WHERE name = ? AND holder = ?');
  return {
    async acquire(name, holder, now, ttlMs) {
      return acquire.get(name, holder, now.getTime() + ttlMs, now.getTime()) !== undefined;
    },
    async release(name, holder) {
      release.run(name, holder);
    },
  };
}
