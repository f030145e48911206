// Purchase suggestions in SQLite: one row each; the limit's count and the insert are one transaction.
import type { DatabaseSync } from 'node:sqlite';
import type { SuggestionRecord, SuggestionStatus, SuggestionStore } from '../port.ts';
import { decodeCursor, encodeCursor, keysetPage, newId, parseId } from '../ids.ts';
import { date, dateOrNull, num, text, textOrNull, transaction } from './db.ts';
import type { Row } from './db.ts';

const toSuggestion = (row: Row): SuggestionRecord => ({
  id: text(row, 'id'),
  userId: text(row, 'user_id'),
  title: text(row, 'title'),
  author: text(row, 'author'),
  note: text(row, 'note'),
  status: text(row, 'status') as SuggestionStatus,
  reason: textOrNull(row, 'reason'),
  createdAt: date(row, 'created_at'),
  decidedAt: dateOrNull(row, 'decided_at'),
  decidedBy: textOrNull(row, 'decided_by'),
});

export function sqliteSuggestions(db: DatabaseSync): SuggestionStore {
  const openCount = db.prepare(`SELECT COUNT(*) AS n FROM suggestions WHERE user_id = ? AND status = 'open'`);
  const insert = db.prepare(
    `INSERT INTO suggestions (id, user_id, title, author, note, status, created_at) VALUES (?, ?, ?, ?, ?, 'open', ?)
     RETURNING *`,
  );
  const get = db.prepare('SELECT * FROM suggestions WHERE id = ?');
  const decide = db.prepare(
    `UPDATE suggestions SET status = ?, reason = ?, decided_at = ?, decided_by = ? WHERE id = ? AND status = 'open'
     RETURNING *`,
  );
  const byUser = db.prepare('SELECT * FROM suggestions WHERE user_id = ? ORDER BY id DESC');
  const erase = db.prepare('DELETE FROM suggestions WHERE user_id = ?');
  return {
    async add(s, limit) {
      return transaction(db, () => {
        if (num(openCount.get(s.userId) ?? {}, 'n') >= limit) return null;
        const row = insert.get(newId(), s.userId, s.title, s.author, s.note, s.createdAt.getTime());
        return row ? toSuggestion(row) : null;
      });
    },
    async get(id) {
      const key = parseId(id);
      const row = key ? get.get(key) : undefined;
      return row ? toSuggestion(row) : null;
    },
    async list(status, page) {
      const after = page.after ? decodeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const where = [status ? 'status = ?' : '', after ? 'id < ?' : ''].filter(Boolean);
      const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
      const args = [...(status ? [status] : []), ...(after ? [after] : [])];
      const rows = db.prepare(`SELECT * FROM suggestions ${clause} ORDER BY id DESC LIMIT +?`).all(...args, limit);
      const total = db
        .prepare(`SELECT COUNT(*) AS n FROM suggestions${status ? ' WHERE status = ?' : ''}`)
        .get(...(status ? [status] : []));
      return keysetPage(rows, limit, toSuggestion, (s) => encodeCursor(s.id), num(total ?? {}, 'n'));
    },
    async listByUser(userId) {
      return byUser.all(userId).map(toSuggestion);
    },
    async decide(id, d) {
      const key = parseId(id);
      const row = key ? decide.get(d.status, d.reason, d.at.getTime(), d.by, key) : undefined;
      return row ? toSuggestion(row) : null;
    },
    async eraseMember(userId) {
      return Number(erase.run(userId).changes);
    },
  };
}
