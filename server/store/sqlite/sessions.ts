// Ended sessions in SQLite: a row per signed-out session (pruned once its token has expired) and a row per
// member whose sessions all ended; one statement answers whether a session is either.
import type { DatabaseSync } from 'node:sqlite';
import type { SessionStore } from '../port.ts';

export function sqliteSessions(db: DatabaseSync): SessionStore {
  const end = db.prepare('INSERT OR IGNORE INTO ended_sessions (id, expires_at) VALUES (?, ?)');
  const prune = db.prepare('DELETE FROM ended_sessions WHERE expires_at <= ?');
  const endAll = db.prepare(`INSERT INTO ended_members (uid, ended_at) VALUES (?, ?)
    ON CONFLICT (uid) DO UPDATE SET ended_at = max(ended_at, excluded.ended_at)`);
  const ended = db.prepare(`SELECT EXISTS (SELECT 1 FROM ended_sessions WHERE id = ?)
    OR EXISTS (SELECT 1 FROM ended_members WHERE uid = ? AND ended_at >= ?) AS ended`);
  return {
    async end(sessionId, expiresAt, now) {
      prune.run(now.getTime());
      end.run(sessionId, expiresAt.getTime());
    },
    async endAllOf(uid, at) {
      endAll.run(uid, at.getTime());
    },
    async ended(sessionId, uid, issuedAt) {
      return ended.get(sessionId, uid, issuedAt.getTime())?.['ended'] === 1;
    },
  };
}
