// What a search's Banglish half (banglish-search.ts) reads in SQLite: the romanized keys kept beside the docs of the
// books with Bengali (book_search_docs.roman, schema.ts 32), found by their trigram index (book_roman, schema.ts 44).
import type { BanglishMatch, BanglishReads } from '../banglish-search.ts';
import { holdsEvery } from '../banglish-search.ts';
import { num, text } from './db.ts';
import { toBook, type BookSql } from './book-rows.ts';

/** The shortest word the trigram index finds: a quoted word of 3+ characters is a substring query (schema.ts 44). */
const TRIGRAM = 3;

/** An FTS5 string of a word: quoted, its quotes doubled. */
const ftsString = (word: string) => `"${word.replaceAll('"', '""')}"`;

/**
 * Where the books holding every loosened word come from: the docs book_roman finds by the words of 3+ characters
 * (each checked on the key too, as the shorter ones are: the rows are what instr finds); only when every word is
 * shorter, every book with a romanized key (the partial index book_docs_roman), each checked on it.
 */
export function romanCandidates(loose: string[]): { from: string; where: string; params: string[] } {
  const onKey = loose.map(() => 'instr(d.roman, ?) > 0').join(' AND ');
  const indexed = loose.filter((word) => word.length >= TRIGRAM);
  if (indexed.length === 0)
    return {
      from: 'book_search_docs d INDEXED BY book_docs_roman',
      where: `d.roman IS NOT NULL AND ${onKey}`,
      params: loose,
    };
  return {
    from: 'book_roman r JOIN book_search_docs d ON d.doc = r.rowid',
    where: `book_roman MATCH ? AND ${onKey}`,
    params: [indexed.map(ftsString).join(' AND '), ...loose],
  };
}

export function banglishReads({ prepare, searches }: BookSql): BanglishReads {
  return {
    async matches(loose, words) {
      // Recent borrows are beside the key: read whether ranked or not.
      const { from, where, params } = romanCandidates(loose);
      const rows = await searches.all(
        `SELECT d.id AS id, d.search_key AS key, d.roman AS roman, d.recent AS recent, b.genre AS genre,
          b.quantity > 0 AS available FROM ${from} JOIN books b ON b.id = d.id WHERE ${where}`,
        params,
      );
      return rows.flatMap((row): BanglishMatch[] => {
        const key = text(row, 'key');
        if (holdsEvery(key, words)) return [];
        const match = { id: text(row, 'id'), key, roman: text(row, 'roman'), recent: num(row, 'recent') };
        return [{ ...match, genre: text(row, 'genre'), available: num(row, 'available') === 1 }];
      });
    },
    async count(loose, words, filter) {
      // No row leaves the thread, and the books are only read for a filter of genre or stock.
      const { from, where, params } = romanCandidates(loose);
      const onBook = [...(filter.genre ? ['b.genre = ?'] : []), ...(filter.availableOnly ? ['b.quantity > 0'] : [])];
      const typed = words.map(() => 'instr(d.search_key, ?) > 0').join(' AND ');
      const [row] = await searches.all(
        `SELECT COUNT(*) AS n FROM ${from}${onBook.length > 0 ? ' JOIN books b ON b.id = d.id' : ''}
          WHERE ${where} AND NOT (${typed})${onBook.map((check) => ` AND ${check}`).join('')}`,
        [...params, ...words, ...(filter.genre ? [filter.genre] : [])],
      );
      return row ? num(row, 'n') : 0;
    },
    async books(ids) {
      const rows = prepare('SELECT * FROM books WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids));
      return rows.map(toBook);
    },
  };
}
