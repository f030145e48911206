// Members' reading histories (port/reading-history.ts) in SQLite: closed loans are status 'returned' (a loss too).
import type { DatabaseSync } from 'node:sqlite';
import type { ReadingHistoryStore } from '../port.ts';
import { decodeTimeCursor, encodeTimeCursor, keysetPage } from '../ids.ts';
import { num, numOrNull, text, transaction } from './db.ts';
import { toLoan } from './loans.ts';
import { anonymousTrailSet } from './anonymous-trail.ts';

export function sqliteReadingHistory(db: DatabaseSync): ReadingHistoryStore {
  const keeps = db.prepare('SELECT keeps_reading_history AS keeps FROM users WHERE uid = ?');
  const setKeeps = db.prepare(
    'UPDATE users SET keeps_reading_history = ? WHERE uid = ? RETURNING keeps_reading_history AS keeps',
  );
  const total = db.prepare("SELECT COUNT(*) AS n FROM loans WHERE user_id = ? AND status = 'returned'");
  const first = db.prepare(
    `SELECT * FROM loans WHERE user_id = ? AND status = 'returned' ORDER BY borrow_date DESC, id DESC LIMIT +?`,
  );
  const next = db.prepare(
    `SELECT * FROM loans WHERE user_id = ? AND status = 'returned' AND (borrow_date < ? OR (borrow_date = ? AND id < ?))
    ORDER BY borrow_date DESC, id DESC LIMIT +?`,
  );
  const namedOf = db.prepare(
    `SELECT * FROM loans WHERE user_id = ? AND status = 'returned' AND returned_at <= ?
    ORDER BY borrow_date DESC, id DESC LIMIT +?`,
  );
  // Anonymized loans' markers all begin with 'anonymous:' (ANONYMOUS_MEMBER).
  const named = db.prepare(
    `SELECT * FROM loans WHERE status = 'returned' AND returned_at > ? AND returned_at <= ? AND user_id NOT LIKE 'anonymous:%'
      AND user_id NOT IN (SELECT uid FROM users WHERE keeps_reading_history = 1)
    ORDER BY returned_at LIMIT +?`,
  );
  const anonymize = db.prepare(
    `UPDATE loans SET user_id = ?, user_name = '', user_email = '',
      returned_by = CASE WHEN returned_via = 'APP' THEN NULL ELSE returned_by END
    WHERE id = ? AND user_id = ? AND status = 'returned'`,
  );
  // The loan's audit entries (port/reading-history.ts): by its id, or an older one's by member, book and time.
  const loanOf = db.prepare(
    "SELECT book_id, borrow_date FROM loans WHERE id = ? AND user_id = ? AND status = 'returned'",
  );
  const nextBorrow = db.prepare(
    'SELECT MIN(borrow_date) AS at FROM loans WHERE user_id = ? AND book_id = ? AND borrow_date > ?',
  );
  const trail = db.prepare(
    `UPDATE audit SET ${anonymousTrailSet('?1', '?2')}
    WHERE uid = ?3 AND (loan_id = ?4 OR (loan_id IS NULL AND book_id = ?5
      AND action IN (SELECT value FROM json_each(?6)) AND at >= ?7 AND at < ?8))`,
  );
  return {
    async keeps(uid) {
      const row = keeps.get(uid);
      return row ? num(row, 'keeps') !== 0 : false;
    },
    async setKeeps(uid, keep) {
      const row = setKeeps.get(keep ? 1 : 0, uid);
      return row ? num(row, 'keeps') !== 0 : null;
    },
    async page(userId, page) {
      const after = page.after ? decodeTimeCursor(page.after) : null;
      const limit = Math.max(page.first, 0) + 1;
      const rows = after
        ? next.all(userId, after.time.getTime(), after.time.getTime(), after.id, limit)
        : first.all(userId, limit);
      return keysetPage(
        rows,
        limit,
        toLoan,
        (loan) => encodeTimeCursor(loan.borrowDate, loan.id),
        num(total.get(userId) ?? {}, 'n'),
      );
    },
    async named(returnedBy, { userId, after, limit }) {
      const rows =
        userId === undefined
          ? named.all(after?.getTime() ?? -1, returnedBy.getTime(), limit)
          : namedOf.all(userId, returnedBy.getTime(), limit);
      return rows.map(toLoan);
    },
    async anonymize(userId, loanIds, marker, { actions, emptied }) {
      const [actionList, emptiedList] = [JSON.stringify(actions), JSON.stringify(emptied)];
      return transaction(db, () => {
        let changed = 0;
        for (const id of loanIds) {
          const loan = loanOf.get(id, userId);
          if (!loan) continue;
          const [bookId, from] = [text(loan, 'book_id'), num(loan, 'borrow_date')];
          const until = numOrNull(nextBorrow.get(userId, bookId, from) ?? {}, 'at') ?? Number.MAX_SAFE_INTEGER;
          trail.run(marker, emptiedList, userId, id, bookId, actionList, from, until);
          changed += Number(anonymize.run(marker, id, userId).changes);
        }
        return changed;
      });
    },
  };
}
