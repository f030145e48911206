// The library's calendar in SQLite: weekly hours (the defaults written on first open), the changes staff made
// to them (rows never edited) and closures by day, each with its reason in English and in Bangla.
import type { DatabaseSync } from 'node:sqlite';
import type { CalendarStore, ClosureRecord, HoursChange, OpeningHours } from '../port.ts';
import { DEFAULT_OPENING_HOURS } from '../seed/calendar.ts';
import { date, num, text, textOrNull, transaction } from './db.ts';
import type { Row } from './db.ts';

const toClosure = (row: Row): ClosureRecord => ({
  day: text(row, 'day'),
  reason: text(row, 'reason'),
  reasonBn: textOrNull(row, 'reason_bn'),
  createdAt: date(row, 'created_at'),
});

const toHoursChange = (row: Row): HoursChange => ({
  id: String(num(row, 'id')),
  from: text(row, 'from_day'),
  to: textOrNull(row, 'to_day'),
  hours: JSON.parse(text(row, 'hours')) as OpeningHours[],
  setAt: date(row, 'set_at'),
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
    'INSERT INTO closures (day, reason, reason_bn, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (day) DO NOTHING RETURNING *',
  );
  const remove = db.prepare('DELETE FROM closures WHERE day = ? RETURNING *');
  const inYear = db.prepare('SELECT COUNT(*) AS n FROM closures WHERE day >= ? AND day <= ?');
  const changesOver = db.prepare(
    'SELECT * FROM hours_changes WHERE from_day <= ? AND (to_day IS NULL OR to_day >= ?) ORDER BY set_at, id',
  );
  const insertChange = db.prepare(
    'INSERT INTO hours_changes (from_day, to_day, hours, set_at) VALUES (?, ?, ?, ?) RETURNING *',
  );

  return {
    async openingHours() {
      return db
        .prepare('SELECT * FROM opening_hours ORDER BY weekday')
        .all()
        .map((row) => ({ weekday: num(row, 'weekday'), opens: text(row, 'opens'), closes: text(row, 'closes') }));
    },
    async hoursChanges(from, to) {
      return changesOver.all(to, from).map(toHoursChange);
    },
    async addHoursChange(change) {
      const hours = JSON.stringify(change.hours.map(({ weekday, opens, closes }) => ({ weekday, opens, closes })));
      const row = insertChange.get(change.from, change.to, hours, change.setAt.getTime());
      if (!row) throw new Error('A change of opening hours was not recorded');
      return toHoursChange(row);
    },
    async closures(from, to) {
      return between.all(from, to).map(toClosure);
    },
    async addClosure(closure) {
      const row = insert.get(closure.day, closure.reason, closure.reasonBn ?? null, closure.createdAt.getTime());
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
        for (const c of closures)
          if (insert.get(c.day, c.reason, c.reasonBn ?? null, c.createdAt.getTime())) added += 1;
        return added;
      });
    },
  };
}
