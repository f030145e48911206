// The library's calendar in SQLite: weekly hours (the defaults written on first open) and closures by day.
import type { DatabaseSync } from 'node:sqlite';
import type { CalendarStore, ClosureRecord } from '../port.ts';
import { DEFAULT_OPENING_HOURS } from '../seed/calendar.ts';
import { date, num, text, transaction } from './db.ts';
import type { Row } from './db.ts';

const toClosure = (row: Row): ClosureRecord => ({
  day: text(row, 'day'),
  reason: text(row, 'reason'),
  createdAt: date(row, 'created_at'),
});

export function sqliteCalendar(db: DatabaseSync): CalendarStore {
  const insertHours = db.prepare('INSERT OR IGNORE INTO opening_hours (weekday, opens, closes) VALUES (?, ?, ?)');
  transaction(db, () => {
    if (num(db.prepare('SELECT COUNT(*) AS n FROM opening_hours').get() ?? {}, 'n') > 0) return;
    for (const h of DEFAULT_OPENING_HOURS) insertHours.run(h.weekday, h.opens, h.closes);
  });
  const between = db.prepare('SELECT * FROM closures WHERE day >= ? AND day <= ? ORDER BY day');
  const byDay = db.prepare('SELECT * FROM closures WHERE day = ?');
  const insert = db.prepare(
    'INSERT INTO closures (day, reason, created_at) VALUES (?, ?, ?) ON CONFLICT (day) DO NOTHING RETURNING *',
  );
  const remove = db.prepare('DELETE FROM closures WHERE day = ? RETURNING *');
  const inYear = db.prepare('SELECT COUNT(*) AS n FROM closures WHERE day >= ? AND day <= ?');

  return {
    async openingHours() {
      return db
        .prepare('SELECT * FROM opening_hours ORDER BY weekday')
        .all()
        .map((row) => ({ weekday: num(row, 'weekday'), opens: text(row, 'opens'), closes: text(row, 'closes') }));
    },
    async closures(from, to) {
      return between.all(from, to).map(toClosure);
    },
    async addClosure(closure) {
      const row = insert.get(closure.day, closure.reason, closure.createdAt.getTime());
      if (row) return { ok: true, closure: toClosure(row) };
      const existing = byDay.get(closure.day);
      if (!existing) throw new Error('A closure was neither added nor found');
      return { ok: false, closure: toClosure(existing) };
    },
    async removeClosure(day) {
      const row = remove.get(day);
      return row ? toClosure(row) : null;
    },
    async seedYear(year, closures) {
      return transaction(db, () => {
        if (num(inYear.get(`${year}-01-01`, `${year}-12-31`) ?? {}, 'n') > 0) return 0;
        let added = 0;
        for (const c of closures) if (insert.get(c.day, c.reason, c.createdAt.getTime())) added += 1;
        return added;
      });
    },
  };
}
