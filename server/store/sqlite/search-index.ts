// Upkeep of the books' search indexes (schema.ts, migrations 2, 8, 21, 31 and 44): the trigram index, the grams of
// 1-2 characters and word starts with their kept counts, each doc's recent borrows and romanized key (Banglish) with
// its own trigram index (book_roman).
import type { StatementSync } from 'node:sqlite';
import { searchShortGrams, searchWordStarts } from '../ids.ts';
import { romanKey } from '../../library/rules/banglish.ts';
import { num, text, textOrNull } from './db.ts';

const DAY_MS = 86_400_000;

/**
 * Upkeep of the search indexes (schema.ts, migrations 2 and 8), inside the transaction that wrote the book
 * (books-write.ts). The SQLite-only tests call it too, playing another process inserting a smaller id.
 */
export function searchIndex(prepare: (sql: string) => StatementSync) {
  // A key's grams (its substrings of 1-2 characters and its words' first 1-2 behind WORD_START, schema.ts 8 and
  // 21) go to SQLite as one JSON list, so a book's dozens of rows take one statement, and their counts another.
  const grams = (key: string) => [...searchShortGrams(key), ...searchWordStarts(key)];
  // Each gram a book gains or loses moves its count by one; should the rows written differ from the list (rows
  // there before, or missing), the list's counts are counted again, so they stay exact.
  const recount = (list: string): void => {
    prepare(`UPDATE book_gram_counts SET n = (SELECT COUNT(*) FROM book_grams g WHERE g.gram = book_gram_counts.gram)
      WHERE gram IN (SELECT value FROM json_each(?))`).run(list);
  };
  const addGrams = (doc: number | bigint, key: string): void => {
    const all = grams(key);
    const list = JSON.stringify(all);
    const { changes } = prepare('INSERT OR IGNORE INTO book_grams (gram, doc) SELECT value, ? FROM json_each(?)').run(
      doc,
      list,
    );
    prepare(`INSERT INTO book_gram_counts (gram, n) SELECT value, 1 FROM json_each(?) WHERE true
      ON CONFLICT (gram) DO UPDATE SET n = n + 1`).run(list);
    if (Number(changes) !== all.length) recount(list);
  };
  const dropGrams = (doc: number | bigint, key: string): void => {
    const all = grams(key);
    const list = JSON.stringify(all);
    const { changes } = prepare(
      'DELETE FROM book_grams WHERE doc = ? AND gram IN (SELECT value FROM json_each(?))',
    ).run(doc, list);
    prepare('UPDATE book_gram_counts SET n = n - 1 WHERE gram IN (SELECT value FROM json_each(?))').run(list);
    if (Number(changes) !== all.length) recount(list);
  };
  // A romanized key is in book_roman under its doc exactly when book_search_docs.roman holds it (migration 44).
  const addRoman = (doc: number | bigint, roman: string | null): void => {
    if (roman !== null) prepare('INSERT INTO book_roman (rowid, roman) VALUES (?, ?)').run(doc, roman);
  };
  const dropRoman = (doc: number | bigint, roman: string | null): void => {
    if (roman !== null) prepare('DELETE FROM book_roman WHERE rowid = ?').run(doc);
  };
  // A doc added again (see indexNew) keeps its book's recent borrows: counted from the loans, as the triggers do.
  const addDoc = (id: string, key: string): void => {
    const roman = romanKey(key);
    const { lastInsertRowid: doc } =
      prepare(`INSERT INTO book_search_docs (id, search_key, roman, recent) VALUES (?, ?, ?,
      (SELECT COUNT(*) FROM loans WHERE book_id = ? AND borrow_date >= (SELECT start_day FROM recent_window WHERE id = 1) * ?))`).run(
        id,
        key,
        roman,
        id,
        DAY_MS,
      );
    prepare('INSERT INTO book_search (rowid, search_key) VALUES (?, ?)').run(doc, key);
    addRoman(doc, roman);
    addGrams(doc, key);
  };
  /**
   * Adds a book to the trigram index, inside the transaction that inserted it. Docs are handed out in
   * increasing order, so doc order is id order as long as ids grow; an id below ones already indexed (another
   * process inserting in the same second) moves those books behind it, in id order.
   */
  const indexNew = (id: string, key: string): void => {
    addDoc(id, key);
    if (!prepare('SELECT 1 AS later FROM book_search_docs WHERE id > ? LIMIT 1').get(id)) return;
    const later = prepare(`SELECT d.doc, d.id, d.roman, b.search_key FROM book_search_docs d JOIN books b ON b.id = d.id
      WHERE d.id > ? ORDER BY d.id`).all(id);
    for (const row of later) {
      const doc = num(row, 'doc');
      prepare('DELETE FROM book_search WHERE rowid = ?').run(doc);
      dropRoman(doc, textOrNull(row, 'roman'));
      prepare('DELETE FROM book_search_docs WHERE doc = ?').run(doc);
      dropGrams(doc, text(row, 'search_key'));
      addDoc(text(row, 'id'), text(row, 'search_key'));
    }
  };
  /** A book's title or author changed from what `oldKey` was made of to `key`. */
  const reindex = (id: string, oldKey: string, key: string): void => {
    const row = prepare('SELECT doc, roman FROM book_search_docs WHERE id = ?').get(id);
    if (!row) return indexNew(id, key);
    const doc = num(row, 'doc');
    const [was, roman] = [textOrNull(row, 'roman'), romanKey(key)];
    prepare('UPDATE book_search SET search_key = ? WHERE rowid = ?').run(key, doc);
    prepare('UPDATE book_search_docs SET search_key = ?, roman = ? WHERE doc = ?').run(key, roman, doc);
    if (was !== roman) {
      dropRoman(doc, was);
      addRoman(doc, roman);
    }
    dropGrams(doc, oldKey);
    addGrams(doc, key);
  };
  return { indexNew, reindex };
}
