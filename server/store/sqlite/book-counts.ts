// The books adapter's counts: the catalogue's kept tallies and gram counts, which are point reads, and the counts
// and facets of filters and searches, which scan and so are kept until what they depend on changes (keptAnswers,
// which keeps the pages of searches and filters too: books.ts).
import type { SQLInputValue, StatementSync } from 'node:sqlite';
import { dataVersion, num, rowsWritten } from './db.ts';
import type { Row } from './db.ts';
import type { Reader } from './reader.ts';

/** How many books hold a gram (1-2 characters, or a word start), from the kept counts (schema.ts, 8 and 21). */
export const gramCounter =
  (prepare: (sql: string) => StatementSync) =>
  (gram: string): number =>
    num(prepare('SELECT n FROM book_gram_counts WHERE gram = ?').get(gram) ?? { n: 0 }, 'n');

/**
 * A version that moves with every write to the database: total_changes() with every row this connection
 * writes (loans, holds and notices included), PRAGMA data_version with every commit by another connection.
 */
export const anyWrite = (prepare: (sql: string) => StatementSync) => (): string =>
  `${rowsWritten(prepare)}:${dataVersion(prepare)}`;

/**
 * Answers kept until `version` moves, at most `upTo` of them (past that the least recently asked goes first).
 * The same question asked while it runs (aliases of one query, a burst of the same search) shares its run; an
 * answer during which the version moved is given but not kept. Answers are shared: callers read them, never
 * change them.
 */
export const keptAnswers = <T>(version: () => string, upTo = 1000) => {
  const kept = new Map<string, Promise<T>>();
  let keptVersion = '';
  return (key: string, run: () => Promise<T>): Promise<T> => {
    const started = version();
    if (started !== keptVersion) {
      kept.clear();
      keptVersion = started;
    }
    const found = kept.get(key);
    if (found !== undefined) {
      // The most recently asked last: the first one is the one to drop.
      kept.delete(key);
      kept.set(key, found);
      return found;
    }
    if (kept.size >= upTo) kept.delete(kept.keys().next().value ?? '');
    const running = run();
    kept.set(key, running);
    const forget = () => {
      if (kept.get(key) === running) kept.delete(key);
    };
    const keepIfUnchanged = () => {
      try {
        if (version() !== started) forget();
      } catch {
        forget(); // closed meanwhile
      }
    };
    running.then(keepIfUnchanged, forget);
    return running;
  };
};

/** keptAnswers for a reader's statements, by their text and parameters. */
const keptReads = (version: () => string, upTo = 1000) => {
  const kept = keptAnswers<Row[]>(version, upTo);
  return (read: Reader['all'], sql: string, params: SQLInputValue[]): Promise<Row[]> =>
    kept(`${sql}\u0000${JSON.stringify(params)}`, () => read(sql, params));
};

export function bookCounts(prepare: (sql: string) => StatementSync) {
  // Inserts and renames on this connection: what a kept search count depends on (see searchCounts).
  let catalogueWrites = 0;
  /**
   * How many books of a genre (null: of every genre) there are, or have a copy on the shelf, from the kept tallies
   * (schema.ts, 22): a row per genre, not a count of the books.
   */
  const tally = (genre: string | null, onShelf = false): number =>
    num(
      prepare(
        `SELECT COALESCE(SUM(${onShelf ? 'available' : 'books'}), 0) AS n FROM book_tallies${
          genre === null ? '' : ' WHERE genre = ?'
        }`,
      ).get(...(genre === null ? [] : [genre])) ?? {},
      'n',
    );

  // Counting a filter scans the table, and every page asks for its totalCount, so counts are kept until what
  // they depend on changes. A filter count: until the database changes (anyWrite). A search the trigram index
  // answers alone depends on titles and authors only, so its count is kept across borrows and returns: until
  // this connection inserts or renames a book (catalogueWrites) or another one commits.
  const keptCounts = (version: () => string) => {
    const reads = keptReads(version);
    return (read: Reader['all'], sql: string, params: SQLInputValue[]): Promise<number> =>
      reads(read, sql, params).then((rows) => num(rows[0] ?? {}, 'n'));
  };
  const filterCounts = keptCounts(anyWrite(prepare));
  const searchCounts = keptCounts(() => `${catalogueWrites}:${dataVersion(prepare)}`);
  // Facets count stock too, so they are kept like filter counts: until anything is written.
  const facetReads = keptReads(anyWrite(prepare));
  return {
    tally,
    filterCounts,
    searchCounts,
    facetReads,
    /** A book inserted or renamed on this connection: kept search counts no longer hold. */
    catalogueWritten: () => {
      catalogueWrites += 1;
    },
  };
}

export type BookCounts = ReturnType<typeof bookCounts>;
