// Books in SQLite: keyset paging by id, ranked search through a trigram index on a folded column (books-search.ts,
// books-tiered.ts), counts kept between writes (book-counts.ts), conditional stock changes (books-write.ts).
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { BookFilter, BookPage, BookRecord, BookStore, PageRequest } from '../port.ts';
import { decodeCursor, encodeCursor, compareText, keysetPage, parseId } from '../ids.ts';
import { recentStartDay, searchWords } from '../search-words.ts';
import { dataVersion, text, wholeRows } from './db.ts';
import { inlineReaders, type Readers } from './reader.ts';
import { toBook, type BookSql } from './book-rows.ts';
import { anyWrite, bookCounts, gramCounter, keptAnswers } from './book-counts.ts';
import { bookChanges } from './book-changes.ts';
import { keptSearches } from './kept-searches.ts';
import { bookSearch } from './books-search.ts';
import { banglishReads } from './books-banglish.ts';
import { withBanglish, withBanglishFacets } from '../banglish-search.ts';
import { bookWrites } from './books-write.ts';
import { filterClause } from './word-match.ts';

const STREAM_CHUNK = 500;

/**
 * How many pages of searches and filters are kept until the next write, the least recently asked going first:
 * about 20 books each (S3's 129 common words kept 1.9 MB of heap, 14.5 KB a page), so at most about 7 MB.
 */
export const KEPT_PAGES = 500;

/**
 * A one-word search of 1-2 characters with more matches than this is ranked tier by tier from the indexes
 * (tieredPage); with fewer, every match is ranked, which costs less than the walks then.
 */
export const RANK_ALL_UP_TO = 2000;

/**
 * How many docs a walk in rank order checks for the cost of ranking one match: a match is a doc read at random
 * (its key and recent borrows, by the doc the trigram index gives), a walked doc the next entry of
 * book_docs_by_rank. Measured at 1,000,000 books: 2.8 against 0.175 µs (docs/decisions/062).
 */
export const WALK_ROWS_PER_MATCH = 16;

export interface SqliteBooksOptions {
  /** RANK_ALL_UP_TO; the tests set 0 to rank every short search from the indexes. */
  rankAllUpTo?: number;
  /** WALK_ROWS_PER_MATCH; the tests set it high to walk every tier, or 0 to rank every tier's matches. */
  walkRowsPerMatch?: number;
}

/**
 * readersOf gives where the statements that may walk the whole catalogue run (reader.ts): by default this
 * connection, which holds the event loop while they run; openSqliteStore gives reader threads.
 */
export function sqliteBooks(
  db: DatabaseSync,
  readersOf: (prepare: (sql: string) => StatementSync) => Readers = inlineReaders,
  options: SqliteBooksOptions = {},
): BookStore {
  const rankAllUpTo = options.rankAllUpTo ?? RANK_ALL_UP_TO;
  const walkRowsPerMatch = options.walkRowsPerMatch ?? WALK_ROWS_PER_MATCH;
  // The connection keeps what it prepares (db.ts, keepPrepared).
  const prepare = (sql: string) => db.prepare(sql);
  const rows = wholeRows(db, 'books', toBook);
  /**
   * Every book a keyset statement (its last two parameters: the id to start after, the chunk size) finds, read
   * in chunks instead of holding one statement open across awaits, where writes may interleave.
   */
  async function* keysetChunks(sql: string, params: SQLInputValue[]): AsyncIterable<BookRecord> {
    let after = '';
    for (;;) {
      const rows = prepare(sql).all(...params, after, STREAM_CHUNK);
      for (const row of rows) yield toBook(row);
      const last = rows.at(-1);
      if (!last || rows.length < STREAM_CHUNK) return;
      after = text(last, 'id');
    }
  }
  const { scans, searches } = readersOf(prepare);
  const shared: BookSql = {
    db,
    prepare,
    scans,
    searches,
    gramCount: gramCounter(prepare),
    rankAllUpTo,
    walkRowsPerMatch,
  };
  const counts = bookCounts(prepare);
  const { tally } = counts;
  const { rankedPage, facets } = bookSearch(shared, counts);
  const banglish = banglishReads(shared);

  async function listed(
    filter: BookFilter,
    page: PageRequest,
    words: string[],
    where: ReturnType<typeof filterClause>,
  ): Promise<BookPage> {
    const limit = Math.max(page.first, 0) + 1;
    if (words.length > 0) {
      const typed = (after: string | null, first: number) => rankedPage(words, where, after, first + 1);
      return withBanglish(words, filter, { first: limit - 1, after: page.after ?? null }, typed, banglish);
    }
    const after = page.after ? decodeCursor(page.after) : null;
    // Without a filter, a page is the next `limit` rows of the primary key; a genre or stock filter has an index
    // for its pages. The count is the kept tallies'.
    const pageWhere = after ? [...where.sql, 'id > ?'] : where.sql;
    const params = [...(after ? [...where.params, after] : where.params), limit];
    // A genre's in-stock page walks the genre in id order, skipping books out of stock.
    const table = filter.genre && filter.availableOnly ? 'books INDEXED BY books_genre_id' : 'books';
    // A filter's page may walk much of the catalogue: it runs on a reader (reader.ts). The catalogue's own page is
    // bounded and stays on this connection.
    const books = where.sql.length
      ? (
          await searches.all(`SELECT * FROM ${table} WHERE ${pageWhere.join(' AND ')} ORDER BY id LIMIT +?`, params)
        ).map(toBook)
      : rows.all(`${after ? 'WHERE id > ? ' : ''}ORDER BY id LIMIT +?`, ...params);
    // A first page that holds every match is its own count (most distinct searches end on page one).
    const totalCount =
      !after && books.length < limit ? books.length : tally(filter.genre || null, filter.availableOnly === true);
    return keysetPage(
      books,
      limit,
      (book) => book,
      (book) => encodeCursor(book.id),
      totalCount,
    );
  }

  // A page of a filter is kept until anything is written (anyWrite: a loan moves a copy's stock), so the same
  // page asked again runs no statement. A page of a search alone is kept across this connection's writes that
  // cannot change it (kept-searches.ts): a borrow of a book neither on it nor ranked before its last.
  // Both until the day changes too: a search ranks by the borrows of the days up to today (recentStartDay), and
  // its read moves that window.
  const written = anyWrite(prepare);
  const keptPages = keptAnswers<BookPage>(() => `${written()}:${recentStartDay(Date.now())}`, KEPT_PAGES);
  const changes = bookChanges(db);
  const searchPages = keptSearches(
    changes,
    () => `${changes.catalogue()}:${dataVersion(prepare)}:${recentStartDay(Date.now())}`,
    KEPT_PAGES,
  );

  return {
    async list(filter: BookFilter, page: PageRequest): Promise<BookPage> {
      const words = searchWords(filter.search);
      const where = filterClause(filter);
      const read = () => listed(filter, page, words, where);
      // The first pages of All Books are point reads of the primary key: nothing to keep.
      if (words.length === 0 && where.sql.length === 0) return read();
      const key = JSON.stringify([words, where.sql, where.params, page.first, page.after ?? null]);
      return where.sql.length === 0 ? searchPages(key, words, !page.after, read) : keptPages(key, read);
    },

    async facets(filter) {
      return withBanglishFacets(searchWords(filter.search), filter, await facets(filter), banglish);
    },

    all: () => keysetChunks('SELECT * FROM books WHERE id > ? ORDER BY id LIMIT +?', []),
    async count() {
      return tally(null);
    },

    async get(id) {
      const key = parseId(id);
      return key ? rows.get('WHERE id = ?', key) : null;
    },

    byGenre: (genre) =>
      keysetChunks('SELECT * FROM books WHERE genre = ? AND id > ? ORDER BY id LIMIT +?', [String(genre)]),

    countByGenre: async (genre) => tally(genre),
    // The kept counts (schema.ts, 21): a point read per word.
    shortWordDocs: async (words, upTo) => Math.min(upTo, ...words.map(shared.gramCount)),

    async genres() {
      const rows = prepare('SELECT genre FROM book_tallies WHERE books > 0').all();
      return rows.map((row) => text(row, 'genre')).sort(compareText);
    },

    ...bookWrites(shared, counts.catalogueWritten),
  };
}
