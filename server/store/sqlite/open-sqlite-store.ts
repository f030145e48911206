// The embedded adapter: one SQLite file, schema migrated on open.
import type { Store } from '../port.ts';
import { sqliteBooks, type SqliteBooksOptions } from './books.ts';
import { dataVersion, openDatabase } from './db.ts';
import { sqliteLedger } from './ledger.ts';
import { sqliteLoans } from './loans.ts';
import { sqliteHolds } from './holds.ts';
import { sqliteNotices } from './notices.ts';
import { sqliteLeases } from './leases.ts';
import { sqliteRequests } from './requests.ts';
import { sqliteAudit } from './audit.ts';
import { sqliteSessions } from './sessions.ts';
import { inlineReaders, threadReaders } from './reader.ts';
import { checkpointsOnThread } from './checkpoints.ts';
import { sqliteCategories, sqliteUsers } from './people.ts';
import { sqliteErasure } from './erasure.ts';
import { sqliteReadingHistory } from './reading-history.ts';
import { sqliteCalendar } from './calendar.ts';
import { sqliteHolidays } from './holidays.ts';
import { sqliteItems } from './items.ts';
import { sqliteStats } from './stats.ts';
import { sqliteSuggestions } from './suggestions.ts';

/** `books` tunes how searches are read (the tests read every search from the indexes, whatever its count). */
export async function openSqliteStore(file: string, books: SqliteBooksOptions = {}): Promise<Store> {
  const db = openDatabase(file);
  // An in-memory database exists on this connection only, so its long reads cannot move to a thread.
  const readers = file === ':memory:' ? null : threadReaders(file);
  // The WAL is copied into the file on the search thread, not inside a commit on the event loop (checkpoints.ts).
  const checkpoints = readers ? checkpointsOnThread(db, readers.searches) : null;
  const prepare = (sql: string) => db.prepare(sql);
  return {
    kind: 'sqlite',
    calendar: sqliteCalendar(db),
    holidays: sqliteHolidays(db),
    books: sqliteBooks(db, readers ? () => readers : inlineReaders, books),
    categories: sqliteCategories(db),
    loans: sqliteLoans(db),
    ledger: sqliteLedger(db),
    requests: sqliteRequests(db),
    holds: sqliteHolds(db),
    notices: sqliteNotices(db),
    users: sqliteUsers(db),
    erasure: sqliteErasure(db),
    readingHistory: sqliteReadingHistory(db),
    leases: sqliteLeases(db),
    sessions: sqliteSessions(db),
    audit: sqliteAudit(db),
    items: sqliteItems(db),
    stats: sqliteStats((readers ?? inlineReaders(prepare)).scans),
    suggestions: sqliteSuggestions(db),
    async ping() {
      db.prepare('SELECT 1').get();
    },
    // SQLite bumps data_version on this connection whenever another connection commits (a seed run, a
    // second process on the same file); this connection's own commits leave it alone.
    writesElsewhere: () => dataVersion(prepare),
    async close() {
      checkpoints?.stop();
      await readers?.close();
      if (db.isOpen) db.close();
    },
  };
}
