// What a search's Banglish half (banglish-search.ts) reads in SQLite: the romanized keys kept beside the docs of the
// books with Bengali (book_search_docs.roman, schema.ts 31, under the partial index book_docs_roman).
import type { BanglishMatch, BanglishReads } from '../banglish-search.ts';
import { holdsEvery } from '../banglish-search.ts';
import { num, text } from './db.ts';
import { toBook, type BookSql } from './book-rows.ts';

export function banglishReads({ prepare, searches }: BookSql): BanglishReads {
  return {
    async matches(loose, words) {
      // Recent borrows are beside the key: read whether ranked or not.
      // Only the books with a romanized key are read (the partial index), each checked on it.
      const rows = await searches.all(
        `SELECT d.id AS id, d.search_key AS key, d.roman AS roman, d.recent AS recent, b.genre AS genre,
          b.quantity > 0 AS available FROM book_search_docs d INDEXED BY book_docs_roman JOIN books b ON b.id = d.id
          WHERE d.roman IS NOT NULL AND ${loose.map(() => 'instr(d.roman, ?) > 0').join(' AND ')}`,
        loose,
      );
      return rows.flatMap((row): BanglishMatch[] => {
        const key = text(row, 'key');
        if (holdsEvery(key, words)) return [];
        const match = { id: text(row, 'id'), key, roman: text(row, 'roman'), recent: num(row, 'recent') };
        return [{ ...match, genre: text(row, 'genre'), available: num(row, 'available') === 1 }];
      });
    },
    async books(ids) {
      const rows = prepare('SELECT * FROM books WHERE id IN (SELECT value FROM json_each(?))').all(JSON.stringify(ids));
      return rows.map(toBook);
    },
  };
}
