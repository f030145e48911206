// The books adapter's searches: a page of matches best first (ranked whole, or tier by tier in books-tiered.ts
// when there are many), the facets of a search or filter, and the window of recent borrows that ranking reads.
import type { SQLInputValue } from 'node:sqlite';
import { InvalidCursorError, type BookFacets, type BookFilter, type BookPage } from '../port.ts';
import { compareText, searchIndexFor } from '../ids.ts';
import { decodeRankCursor, encodeRankCursor, recentStartDay, searchWords, type RankCursor } from '../search-words.ts';
import { num, text, transaction } from './db.ts';
import type { Row } from './db.ts';
import { tierSql } from './search-sql.ts';
import { toBook, type BookSql } from './book-rows.ts';
import type { BookCounts } from './book-counts.ts';
import { tieredPage } from './books-tiered.ts';
import { FTS_COUNT, wordMatch } from './word-match.ts';

const DAY_MS = 86_400_000;

export function bookSearch(shared: BookSql, counts: BookCounts) {
  const { db, prepare, scans, searches, gramCount, rankAllUpTo } = shared;
  const { filterCounts, searchCounts, facetReads } = counts;
  /**
   * Recent borrows are loans begun on or after the window's first day (search-words.ts, recentStartDay), kept per
   * book in book_search_docs.recent (schema.ts, 21): triggers count each loan made; here, before a search ranks,
   * the window moves to today's first day, taking off (or, should the clock go back, adding) the loans of the
   * days it leaves, found by borrow date. Once a day per connection, in the transaction that records the day, so
   * two gateways on one file move it once.
   */
  let windowDay: number | null = null;
  const keepRecentWindow = (): void => {
    const target = recentStartDay(Date.now());
    // Inside a caller's transaction the window waits for the next search (BEGIN cannot nest).
    if (target === windowDay || db.isTransaction) return;
    transaction(db, () => {
      const stored = num(prepare('SELECT start_day FROM recent_window WHERE id = 1').get() ?? {}, 'start_day');
      if (stored === target) return;
      const [from, to, sign] = stored < target ? [stored, target, -1] : [target, stored, 1];
      prepare(`UPDATE book_search_docs SET recent = recent + ? * r.n
        FROM (SELECT book_id, COUNT(*) AS n FROM loans WHERE borrow_date >= ? AND borrow_date < ? GROUP BY book_id) AS r
        WHERE r.book_id = book_search_docs.id`).run(sign, from * DAY_MS, to * DAY_MS);
      prepare('UPDATE recent_window SET start_day = ?').run(target);
    });
    windowDay = target;
  };

  /**
   * A page of a search, best match first (tierSql, then recent borrows, then key, then id). A search of one
   * short word with more than rankAllUpTo matches is read tier by tier from the indexes (tieredPage); any
   * other ranks every match, on the docs table (key and recent borrows beside the doc) alone, and reads only
   * the page's books. The cursor carries the last book's tier, recent borrows and id; its key is read back by id.
   */
  const rankedPage = async (
    words: string[],
    where: { sql: string[]; params: SQLInputValue[] },
    afterCursor: string | null,
    limit: number,
  ): Promise<BookPage> => {
    keepRecentWindow();
    let at: (RankCursor & { key: string }) | null = null;
    if (afterCursor) {
      const cursor = decodeRankCursor(afterCursor);
      const row = prepare('SELECT search_key FROM books WHERE id = ?').get(cursor.id);
      if (!row) throw new InvalidCursorError();
      at = { ...cursor, key: text(row, 'search_key') };
    }
    let match = wordMatch(words, gramCount);
    const tier = tierSql(words, 'd.search_key');
    // Genre and stock are the book's own: only a filtered search reads the books of its matches.
    const shape = () => ({
      from: where.sql.length > 0 ? `${match.from} JOIN books ON books.id = d.id` : match.from,
      conditions: [...match.where, ...where.sql].join(' AND '),
      params: [...match.params, ...where.params],
    });
    // A search that may match most of the catalogue waits with the scans; one counted first (no filter) reads at
    // most rankAllUpTo matches here, so it stays with the searches.
    let read = match.broad || where.sql.length > 0 ? scans.all : searches.all;
    const count = () => {
      const { from, conditions, params } = shape();
      return match.count !== null && where.sql.length === 0
        ? searchCounts(read, match.count, match.params.slice(0, 1))
        : filterCounts(scans.all, `SELECT COUNT(*) AS n FROM ${from} WHERE ${conditions}`, params);
    };
    // Without a filter, a search with many matches is read tier by tier. One short word's count is its gram's;
    // any other search reads at most rankAllUpTo + 1 matches to rank and counts them as it does (a window), so
    // one that has more is found in the same read, and one that has fewer needs no count of its own.
    const [only] = words;
    const capped =
      where.sql.length === 0 && !(words.length === 1 && only !== undefined && searchIndexFor(only) === 'short');
    let total: number | null = null;
    if (where.sql.length === 0 && !capped) {
      total = gramCount(only ?? '');
      if (total > rankAllUpTo) return tieredPage(shared, words, total, at, limit, match);
      read = searches.all;
    }
    let resume = '';
    const resumeParams: SQLInputValue[] = [];
    if (at) {
      resume = 'WHERE (-tier, -recent, key, id) > (?, ?, ?, ?)';
      resumeParams.push(-at.tier, -at.recent, at.key, at.id);
    }
    // With a word of 3+ characters, the trigram index says first whether more than the cap contain those words
    // (its doc numbers alone): if so, no doc is read here (the constant condition ends the read before its loop)
    // and the search is counted apart.
    const ranked = (hitsFirst: boolean): Promise<Row[]> => {
      const all = shape();
      // When the index's hits are the only condition (one word of 3+ characters, no filter), every hit is a match:
      // their count, read once from the hits, is the total, and no window has to count the matches as they are
      // ranked (a quarter of the statement's time at 1,300 matches, docs/performance.md).
      const hitsCount = hitsFirst && match.where.length === 1;
      const matches = hitsFirst
        ? {
            sql: `WITH hits AS MATERIALIZED (SELECT rowid AS doc FROM book_search WHERE book_search MATCH ? LIMIT +?)
              SELECT d.id AS id, d.search_key AS key, ${tier.sql} AS tier, d.recent AS recent${
                hitsCount ? ', (SELECT COUNT(*) FROM hits) AS total' : ''
              }
              FROM hits JOIN book_search_docs d ON d.doc = hits.doc
              WHERE ${['(SELECT COUNT(*) FROM hits) <= ?', ...match.where.slice(1)].join(' AND ')}`,
            params: [match.params[0] ?? '', rankAllUpTo + 1, ...tier.params, rankAllUpTo, ...match.params.slice(1)],
          }
        : {
            sql: `SELECT d.id AS id, d.search_key AS key, ${tier.sql} AS tier, d.recent AS recent
              FROM ${all.from} WHERE ${all.conditions}${capped ? ' LIMIT +?' : ''}`,
            params: [...tier.params, ...all.params, ...(capped ? [rankAllUpTo + 1] : [])],
          };
      const counted = hitsCount ? matches.sql : `SELECT m.*, COUNT(*) OVER () AS total FROM (${matches.sql}) AS m`;
      // Ranked on the docs table alone; only the page's books are read whole.
      return read(
        `SELECT books.*, r.tier AS tier, r.recent AS recent, r.total AS total FROM (
          SELECT * FROM (${counted}) ${resume}
          ORDER BY tier DESC, recent DESC, key, id LIMIT +?
        ) r JOIN books ON books.id = r.id ORDER BY r.tier DESC, r.recent DESC, r.key, r.id`,
        [...matches.params, ...resumeParams, limit],
      );
    };
    const hitsFirst = capped && match.from.startsWith('book_search ');
    let rows = await ranked(hitsFirst);
    if (capped) {
      // Every match was read when fewer than the cap came; none came after a cursor, or when more than the cap
      // hold the words of 3+ characters: counted apart.
      const [first] = rows;
      if (!first && hitsFirst && match.broad) {
        // More than the cap hold the long words: should a short word's docs be far fewer, its range drives the
        // count and the tiers instead ("ii the": 24,817 docs hold "ii", 512,781 "the", at a million books).
        const shortFirst = wordMatch(words, gramCount, true);
        const fts = await searchCounts(searches.all, FTS_COUNT, match.params.slice(0, 1));
        if (2 * gramCount(String(shortFirst.params[0])) < fts) match = shortFirst;
      }
      total = first ? num(first, 'total') : at || hitsFirst ? await count() : 0;
      if (total > rankAllUpTo) return tieredPage(shared, words, first ? await count() : total, at, limit, match);
      // Fewer than the cap, once the short words are checked too: ranked whole.
      if (!first && total > 0 && hitsFirst) rows = await ranked(false);
    }
    const totalCount = total ?? (!afterCursor && rows.length < limit ? rows.length : await count());
    const pageRows = rows.slice(0, limit - 1);
    const last = pageRows.at(-1);
    return {
      nodes: pageRows.map(toBook),
      totalCount,
      hasNextPage: rows.length > pageRows.length,
      endCursor: last
        ? encodeRankCursor({ tier: num(last, 'tier'), recent: num(last, 'recent'), id: text(last, 'id') })
        : null,
    };
  };

  const facets = async (filter: BookFilter): Promise<BookFacets> => {
    const words = searchWords(filter.search);
    // One read of the matching books gives every count: per genre, and of those with a copy available. The
    // genre filter and the stock filter are left out of it, each facet showing what choosing it would leave.
    let rows: Row[];
    if (words.length > 0) {
      const match = wordMatch(words, gramCount);
      const sql = `SELECT books.genre AS genre, COUNT(*) AS n, SUM(books.quantity > 0) AS available
        FROM ${match.from} JOIN books ON books.id = d.id WHERE ${match.where.join(' AND ')} GROUP BY books.genre`;
      rows = await facetReads(scans.all, sql, match.params);
    } else {
      // Without a search, the kept tallies (schema.ts, 22).
      rows = prepare('SELECT genre, books AS n, available FROM book_tallies WHERE books > 0').all();
    }
    const genreCounts = rows
      .map((row) => ({ genre: text(row, 'genre'), count: num(row, filter.availableOnly ? 'available' : 'n') }))
      .filter((entry) => entry.count > 0)
      .sort((a, b) => compareText(a.genre, b.genre));
    const availableCount = rows
      .filter((row) => !filter.genre || text(row, 'genre') === filter.genre)
      .reduce((sum, row) => sum + num(row, 'available'), 0);
    return { genreCounts, availableCount };
  };

  return { rankedPage, facets };
}
