// The moon-dated holidays staff acted on, in SQLite: one row per proposal's key, its version counting decisions.
import type { DatabaseSync } from 'node:sqlite';
import type { HolidayMove, HolidayRecord, HolidayState, HolidayStore } from '../port.ts';
import { date, num, text } from './db.ts';
import type { Row } from './db.ts';

const toHoliday = (row: Row): HolidayRecord => ({
  key: text(row, 'key'),
  from: text(row, 'from_day'),
  to: text(row, 'to_day'),
  state: text(row, 'state') as HolidayState,
  moved: JSON.parse(text(row, 'moved')) as HolidayMove[],
  version: num(row, 'version'),
  decidedAt: date(row, 'decided_at'),
});

export function sqliteHolidays(db: DatabaseSync): HolidayStore {
  const insert = db.prepare(
    `INSERT INTO holidays (key, from_day, to_day, state, moved, version, decided_at) VALUES (?, ?, ?, ?, ?, 1, ?)
     ON CONFLICT (key) DO NOTHING RETURNING key`,
  );
  const update = db.prepare(
    `UPDATE holidays SET from_day = ?, to_day = ?, state = ?, moved = ?, version = ?, decided_at = ?
     WHERE key = ? AND version = ? RETURNING key`,
  );
  return {
    async get(keys) {
      if (keys.length === 0) return [];
      const marks = keys.map(() => '?').join(', ');
      return db
        .prepare(`SELECT * FROM holidays WHERE key IN (${marks})`)
        .all(...keys)
        .map(toHoliday);
    },
    async save(record) {
      const moved = JSON.stringify(record.moved.map(({ loanId, was, to }) => ({ loanId, was, to })));
      const at = record.decidedAt.getTime();
      const row =
        record.version === 1
          ? insert.get(record.key, record.from, record.to, record.state, moved, at)
          : update.get(record.from, record.to, record.state, moved, record.version, at, record.key, record.version - 1);
      return row !== undefined;
    },
  };
}
