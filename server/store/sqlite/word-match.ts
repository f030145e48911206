// How the words of a search and a filter's genre and stock become SQL over the books' search indexes.
import type { SQLInputValue } from 'node:sqlite';
import type { BookFilter } from '../port.ts';
import { searchIndexFor } from '../ids.ts';
import { compareRanked } from '../search-words.ts';
import { num, text } from './db.ts';
import type { Row } from './db.ts';

/**
 * Where the words of a search are found. Words of 3+ characters go to the trigram index as one FTS5 query (a
 * quoted phrase per word, joined by AND: user text is never FTS5 syntax), which drives the read in doc order;
 * without one, or when a short word's range is the smaller (`shortFirst`), the range of book_grams of the short
 * word with the fewest docs (`docsOf`: its kept count) drives it. The other words are checked on the book's key.
 * `count` counts the index alone when it says everything (no short word left to check).
 */
export interface WordMatch {
  from: string;
  where: string[];
  params: SQLInputValue[];
  count: string | null;
  /** Some word has 1-2 characters: its matches may be most of the catalogue, so the read waits with the scans. */
  broad: boolean;
}

/** Rows of one tier (id, key, recent) in rank order, as compareRanked orders them. */
const rankedOf = (row: Row) => ({ tier: 0, recent: num(row, 'recent'), key: text(row, 'key'), id: text(row, 'id') });
export const byRank = (a: Row, b: Row): number => compareRanked(rankedOf(a), rankedOf(b));

const phraseOf = (word: string) => `"${word.replaceAll('"', '""')}"`;
// The docs table holds each book's key too (schema.ts, 13), so matches are checked and ranked without reading books.
const onKey = 'instr(d.search_key, ?) > 0';

export const FTS_COUNT = 'SELECT COUNT(*) AS n FROM book_search WHERE book_search MATCH ?';

export function wordMatch(words: string[], docsOf: (gram: string) => number, shortFirst = false): WordMatch {
  const long = words.filter((word) => searchIndexFor(word) === 'trigrams');
  const short = words
    .filter((word) => searchIndexFor(word) === 'short')
    .map((word) => ({ word, docs: docsOf(word) }))
    .sort((a, b) => a.docs - b.docs)
    .map(({ word }) => word);
  const broad = short.length > 0;
  if (long.length > 0 && !(shortFirst && broad)) {
    const query = long.map(phraseOf).join(' AND ');
    return {
      from: 'book_search JOIN book_search_docs d ON d.doc = book_search.rowid',
      where: ['book_search MATCH ?', ...short.map(() => onKey)],
      params: [query, ...short],
      count: broad ? null : FTS_COUNT,
      broad,
    };
  }
  const [driver = '', ...rest] = short;
  return {
    from: 'book_grams g JOIN book_search_docs d ON d.doc = g.doc',
    where: ['g.gram = ?', ...rest.map(() => onKey), ...long.map(() => onKey)],
    params: [driver, ...rest, ...long],
    count: rest.length + long.length > 0 ? null : 'SELECT COUNT(*) AS n FROM book_grams WHERE gram = ?',
    broad,
  };
}

export function filterClause(filter: BookFilter): { sql: string[]; params: SQLInputValue[] } {
  const sql: string[] = [];
  const params: SQLInputValue[] = [];
  if (filter.genre) {
    sql.push('books.genre = ?');
    params.push(filter.genre);
  }
  if (filter.availableOnly) sql.push('books.quantity > 0');
  return { sql, params };
}
