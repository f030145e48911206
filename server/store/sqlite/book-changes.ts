// What this connection writes to the books and their search docs, as it happens: temporary triggers (this
// connection's own, so every module that writes through it is seen, loans and holds included) call back into
// JavaScript with each row changed. A kept search page (kept-searches.ts) asks which books moved since it was
// read, instead of being dropped at every write. Other connections' commits are not seen here: PRAGMA
// data_version tells those apart (book-counts.ts).
import type { DatabaseSync } from 'node:sqlite';
import { columnsOf } from './db.ts';

/** A book whose row changed (`key` undefined), or whose search doc's recent borrows did (its key and count now). */
export interface BookChange {
  id: string;
  key?: string;
  recent?: number;
}

export interface BookChanges {
  /** Moves when a book is added, removed or renamed (what a search finds and ranks by may have changed). */
  catalogue(): number;
  /** Where the log stands: give it to `since` later. */
  head(): number;
  /** The changes after `position`, oldest first; null when the log no longer holds them all. */
  since(position: number): readonly BookChange[] | null;
}

/** How many changes the log holds: more between two asks of one page (a day's window moving) drops the page. */
export const CHANGES_KEPT = 4_096;

const watched = new WeakMap<DatabaseSync, BookChanges>();

/** The log of this connection's writes to books and search docs (one per connection, however often asked). */
export function bookChanges(db: DatabaseSync): BookChanges {
  let changes = watched.get(db);
  if (!changes) {
    changes = watch(db);
    watched.set(db, changes);
  }
  return changes;
}

function watch(db: DatabaseSync): BookChanges {
  let catalogue = 0;
  let head = 0;
  const log: BookChange[] = new Array<BookChange>(CHANGES_KEPT);
  db.function('bookhaven_book_changed', (id, key, recent) => {
    log[head % CHANGES_KEPT] =
      typeof key === 'string' && typeof recent === 'number' ? { id: String(id), key, recent } : { id: String(id) };
    head++;
    return null;
  });
  db.function('bookhaven_catalogue_changed', () => {
    catalogue++;
    return null;
  });
  // A search doc whose every column but its recent borrows stayed is a book borrowed (or its window moved); any
  // other change to a doc is the catalogue's. The columns are read from the table, so one added later counts.
  const columns = columnsOf(db, 'book_search_docs').filter((name) => name !== 'recent');
  const same = columns.map((name) => `OLD."${name}" IS NEW."${name}"`).join(' AND ');
  // A book or a doc added or removed changes what searches find.
  for (const table of ['books', 'book_search_docs'])
    for (const event of ['INSERT', 'DELETE'])
      db.exec(`CREATE TEMP TRIGGER IF NOT EXISTS watch_${table}_${event.toLowerCase()} AFTER ${event} ON main.${table}
        BEGIN SELECT bookhaven_catalogue_changed(); END`);
  db.exec(`
    CREATE TEMP TRIGGER IF NOT EXISTS watch_book_updates AFTER UPDATE ON main.books
      BEGIN
        SELECT bookhaven_book_changed(NEW.id, NULL, NULL);
        SELECT bookhaven_catalogue_changed() WHERE OLD.search_key IS NOT NEW.search_key OR OLD.id IS NOT NEW.id;
      END;
    CREATE TEMP TRIGGER IF NOT EXISTS watch_doc_updates AFTER UPDATE ON main.book_search_docs
      BEGIN
        SELECT bookhaven_book_changed(NEW.id, NEW.search_key, NEW.recent) WHERE ${same};
        SELECT bookhaven_catalogue_changed() WHERE NOT (${same});
      END;
  `);
  return {
    catalogue: () => catalogue,
    head: () => head,
    since(position) {
      if (head - position > CHANGES_KEPT || position > head) return null;
      const out: BookChange[] = [];
      for (let at = position; at < head; at++) out.push(log[at % CHANGES_KEPT]!);
      return out;
    },
  };
}
