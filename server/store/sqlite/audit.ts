// The audit trail in SQLite: inserts only (triggers of migrations 11, 23 and 41 refuse any change but taking its
// member out of an entry), read newest first by (book_id, id) or (uid, id).
import type { DatabaseSync } from 'node:sqlite';
import type { AuditAction, AuditApi, AuditRecord, AuditStore, NewAudit, PageRequest } from '../port.ts';
import { decodeCursor, encodeCursor, keysetPage, newId } from '../ids.ts';
import { date, num, text, textOrNull, transaction } from './db.ts';
import type { Row } from './db.ts';

function toAudit(row: Row): AuditRecord {
  return {
    id: text(row, 'id'),
    at: date(row, 'at'),
    actorUid: text(row, 'actor_uid'),
    actorName: text(row, 'actor_name'),
    api: textOrNull(row, 'api') as AuditApi | null,
    action: text(row, 'action') as AuditAction,
    field: textOrNull(row, 'field'),
    oldValue: textOrNull(row, 'old_value'),
    newValue: textOrNull(row, 'new_value'),
    bookId: textOrNull(row, 'book_id'),
    uid: textOrNull(row, 'uid'),
    loanId: textOrNull(row, 'loan_id'),
  };
}

/** Inserts entries inside the caller's transaction (a loan's, whose audit is written with it). */
export function auditWriter(db: DatabaseSync): (entries: readonly NewAudit[]) => AuditRecord[] {
  const insert = db.prepare(`INSERT INTO audit (id, at, actor_uid, actor_name, api, action, field, old_value,
    new_value, book_id, uid, loan_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  return (entries) =>
    entries.map((e) => {
      const row = insert.get(
        newId(),
        e.at.getTime(),
        e.actorUid,
        e.actorName,
        e.api,
        e.action,
        e.field,
        e.oldValue,
        e.newValue,
        e.bookId,
        e.uid,
        e.loanId ?? null,
      );
      if (!row) throw new Error('audit insert returned no row');
      return toAudit(row);
    });
}

export function sqliteAudit(db: DatabaseSync): AuditStore {
  const write = auditWriter(db);
  // The column is fixed per query (book_id or uid), never taken from input.
  const reader = (column: 'book_id' | 'uid') => {
    const first = db.prepare(`SELECT * FROM audit WHERE ${column} = ? ORDER BY id DESC LIMIT +?`);
    const next = db.prepare(`SELECT * FROM audit WHERE ${column} = ? AND id < ? ORDER BY id DESC LIMIT +?`);
    const count = db.prepare(`SELECT COUNT(*) AS n FROM audit WHERE ${column} = ?`);
    return async (key: string, page: PageRequest) => {
      const after = page.after ? decodeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const rows = after ? next.all(key, after, limit) : first.all(key, limit);
      return keysetPage(rows, limit, toAudit, (entry) => encodeCursor(entry.id), num(count.get(key) ?? {}, 'n'));
    };
  };
  const byId = db.prepare('SELECT * FROM audit WHERE id = ?');
  return {
    async get(id) {
      const row = byId.get(id);
      return row ? toAudit(row) : null;
    },
    async record(entries) {
      if (entries.length === 0) return [];
      return transaction(db, () => write(entries));
    },
    listByBook: reader('book_id'),
    listByUid: reader('uid'),
  };
}
