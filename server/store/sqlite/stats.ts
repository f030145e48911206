// The reports' statistics in SQLite: one aggregate statement each, run where the long reads run (reader.ts, a
// thread of its own on a file), so a year of a million loans does not hold the event loop. A list of periods
// is one statement too: its bounds travel as JSON and each period is counted from an index (migration 37,
// migrations/37-report-indexes.ts).
import type { SQLInputValue } from 'node:sqlite';
import type { LedgerKind, PeriodBounds, StatsStore } from '../port.ts';
import { CHARGE_KINDS } from '../../library/rules/ledger.ts';
import { date, dateOrNull, num, numOrNull, text } from './db.ts';
import type { Reader } from './reader.ts';

/** `[[lo, hi], ...]` in milliseconds: the periods as json_each reads them. */
const periods = (bounds: PeriodBounds): string =>
  JSON.stringify(bounds.slice(0, -1).map((from, i) => [from.getTime(), bounds[i + 1]?.getTime() ?? 0]));

/** json_each answers the periods in the list's order. */
const PERIODS = `WITH p (i, lo, hi) AS (SELECT key, value ->> 0, value ->> 1 FROM json_each(?))`;

const LOAN_COUNTS = `${PERIODS}
  SELECT i,
    (SELECT COUNT(*) FROM loans WHERE borrow_date >= lo AND borrow_date < hi) AS loans,
    (SELECT COUNT(*) FROM loans WHERE status = 'returned' AND loss IS NULL AND returned_at >= lo
      AND returned_at < hi) AS returns,
    (SELECT COUNT(*) FROM users WHERE created_at >= lo AND created_at < hi) AS new_members,
    (SELECT COUNT(DISTINCT user_id) FROM loans WHERE borrow_date >= lo AND borrow_date < hi) AS active_members
  FROM p`;

const kindList = (kinds: readonly LedgerKind[]) => kinds.map((kind) => `'${kind}'`).join(', ');
const sumOf = (kinds: readonly LedgerKind[]) =>
  `(SELECT COALESCE(SUM(amount), 0) FROM ledger WHERE created_at >= lo AND created_at < hi
    AND kind IN (${kindList(kinds)}))`;

const LEDGER_SUMS = `${PERIODS}
  SELECT i, ${sumOf(CHARGE_KINDS)} AS charged, ${sumOf(['payment'])} AS paid, ${sumOf(['waiver'])} AS waived
  FROM p`;

const TOP_BOOKS = `SELECT t.book_id, t.n, COALESCE(b.title, (SELECT book_title FROM loans l WHERE l.book_id = t.book_id
    ORDER BY borrow_date DESC LIMIT 1)) AS title
  FROM (SELECT book_id, COUNT(*) AS n FROM loans WHERE borrow_date >= ? AND borrow_date < ?
    GROUP BY book_id ORDER BY n DESC, book_id LIMIT +?) AS t
  LEFT JOIN books b ON b.id = t.book_id ORDER BY t.n DESC, t.book_id`;

const TOP_GENRES = `SELECT book_category AS genre, COUNT(*) AS n FROM loans WHERE borrow_date >= ? AND borrow_date < ?
  GROUP BY book_category ORDER BY n DESC, genre`;

const OVERDUE_GROUPS = `SELECT l.return_date, l.claimed_at, b.replacement_cost, COUNT(*) AS n
  FROM loans l LEFT JOIN books b ON b.id = l.book_id
  WHERE l.status = 'borrowed' AND l.return_date < ?
  GROUP BY l.return_date, l.claimed_at, b.replacement_cost`;

const HOLD_COUNTS = `SELECT
    (SELECT COUNT(*) FROM holds WHERE created_at >= ?1 AND created_at < ?2) AS placed,
    (SELECT COUNT(*) FROM holds WHERE status = 'fulfilled' AND ended_at >= ?1 AND ended_at < ?2) AS filled,
    (SELECT COUNT(*) FROM holds WHERE status = 'expired' AND ended_at >= ?1 AND ended_at < ?2) AS expired,
    (SELECT COUNT(*) FROM holds WHERE ready_at >= ?1 AND ready_at < ?2) AS ready`;

/** The wait of the hold at `offset` in wait order among those ready in the period (the median's one or two). */
const WAIT_AT = `SELECT ready_at - created_at AS wait FROM holds WHERE ready_at >= ? AND ready_at < ?
  ORDER BY wait LIMIT +? OFFSET +?`;

export function sqliteStats(reader: Reader): StatsStore {
  const all = (sql: string, params: SQLInputValue[]) => reader.all(sql, params);
  return {
    async loanCounts(bounds) {
      const rows = await all(LOAN_COUNTS, [periods(bounds)]);
      return rows.map((row) => ({
        loans: num(row, 'loans'),
        returns: num(row, 'returns'),
        newMembers: num(row, 'new_members'),
        activeMembers: num(row, 'active_members'),
      }));
    },
    async ledgerSums(bounds) {
      const rows = await all(LEDGER_SUMS, [periods(bounds)]);
      return rows.map((row) => ({ charged: num(row, 'charged'), paid: num(row, 'paid'), waived: num(row, 'waived') }));
    },
    async topBooks(from, to, first) {
      const rows = await all(TOP_BOOKS, [from.getTime(), to.getTime(), first]);
      return rows.map((row) => ({ bookId: text(row, 'book_id'), bookTitle: text(row, 'title'), loans: num(row, 'n') }));
    },
    async topGenres(from, to) {
      const rows = await all(TOP_GENRES, [from.getTime(), to.getTime()]);
      return rows.map((row) => ({ genre: text(row, 'genre'), loans: num(row, 'n') }));
    },
    async overdueGroups(dueBefore) {
      const rows = await all(OVERDUE_GROUPS, [dueBefore.getTime()]);
      return rows.map((row) => ({
        dueDate: date(row, 'return_date'),
        claimedAt: dateOrNull(row, 'claimed_at'),
        replacementCost: numOrNull(row, 'replacement_cost'),
        count: num(row, 'n'),
      }));
    },
    async holdCounts(from, to) {
      const range = [from.getTime(), to.getTime()];
      const [counts = {}] = await all(HOLD_COUNTS, range);
      const ready = num(counts, 'ready');
      let medianWaitMs: number | null = null;
      if (ready > 0) {
        // The middle one, or the two middle ones of an even count.
        const waits = await all(WAIT_AT, [...range, 2 - (ready % 2), Math.floor((ready - 1) / 2)]);
        medianWaitMs = waits.reduce((sum, row) => sum + num(row, 'wait'), 0) / waits.length;
      }
      return {
        placed: num(counts, 'placed'),
        filled: num(counts, 'filled'),
        expired: num(counts, 'expired'),
        medianWaitMs,
      };
    },
  };
}
