// What only the SQLite adapter promises of its Banglish index (book_roman, schema.ts 44): it holds the romanized key
// of exactly the docs that keep one (book_search_docs.roman), through inserts, edits of title and author, docs moved
// behind a smaller id (deleted and added again) and a file written before it, so a search through it finds exactly
// the books a check of every romanized key finds (books-banglish.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { banglishWords, romanKey } from '../../server/library/rules/banglish.ts';
import { searchKey } from '../../server/store/ids.ts';
import type { Store } from '../../server/store/port.ts';
import { SEPARATOR } from '../../server/store/search-words.ts';
import { romanCandidates } from '../../server/store/sqlite/books-banglish.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { searchIndex } from '../../server/store/sqlite/search-index.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { bookFields } from './contract/harness.ts';

let dir = '';
let file = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-sqlite-banglish-'));
  file = join(dir, 'bookhaven.db');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const BEFORE_44 = MIGRATIONS.findIndex((sql) => sql.includes('CREATE VIRTUAL TABLE book_roman'));

/** Inserts a book row with a chosen id and its search key: plain SQL, as another process or an older version. */
function insertRaw(db: DatabaseSync, id: string, title: string, author: string): string {
  const key = searchKey(title, author);
  db.prepare(
    `INSERT INTO books (id, title, author, genre, description, image, rating, quantity, search_key, created_at,
    updated_at) VALUES (?, ?, ?, 'Poetry', 'd', '/x.svg', 3, 1, ?, 0, 0)`,
  ).run(id, title, author, key);
  return key;
}

/** Another process inserting books with ids below ours: the docs after them are deleted and added again. */
function insertElsewhere(books: [id: string, title: string, author: string][]): void {
  const db = new DatabaseSync(file);
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const [id, title, author] of books)
      searchIndex((sql) => db.prepare(sql)).indexNew(id, insertRaw(db, id, title, author));
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/**
 * For every loosened word of 3+ letters in the romanized keys (and the first three letters of each, and a few
 * searches of two words and of short words), the docs the index finds and the docs holding it, as "word: docs"
 * lines; the searches must also find some books, or the check says nothing.
 */
function indexAgainstScan(): { indexed: string[]; scanned: string[]; found: number } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const keys = db.prepare('SELECT roman FROM book_search_docs WHERE roman IS NOT NULL').all();
    const words = new Set<string>(['rbindrnath thkur', 'gitnjli rbindrnath', 'mi', 'bngl jibnnnd', 'xyz']);
    for (const row of keys)
      for (const word of String(row['roman']).replaceAll(SEPARATOR, ' ').split(' ')) {
        words.add(word);
        words.add(word.slice(0, 3));
      }
    const [indexed, scanned] = [[] as string[], [] as string[]];
    let found = 0;
    for (const search of words) {
      const loose = banglishWords(search.split(' '));
      if (loose.length === 0) continue;
      const { from, where, params } = romanCandidates(loose);
      const docs = (sql: string, values: string[]) =>
        `${search}: ${db
          .prepare(sql)
          .all(...values)
          .map((row) => String(row['doc']))
          .join(' ')}`;
      indexed.push(docs(`SELECT d.doc FROM ${from} WHERE ${where} ORDER BY d.doc`, params));
      const onKey = loose.map(() => 'instr(roman, ?) > 0').join(' AND ');
      scanned.push(docs(`SELECT doc FROM book_search_docs WHERE roman IS NOT NULL AND ${onKey} ORDER BY doc`, loose));
      if (!scanned.at(-1)?.endsWith(': ')) found += 1;
    }
    return { indexed, scanned, found };
  } finally {
    db.close();
  }
}

/** The docs in book_roman, and the docs with a romanized key. */
function indexedDocs(): { indexed: number[]; romanized: number[] } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const docs = (sql: string) =>
      db
        .prepare(sql)
        .all()
        .map((row) => Number(row['doc']));
    return {
      indexed: docs('SELECT rowid AS doc FROM book_roman ORDER BY rowid'),
      romanized: docs('SELECT doc FROM book_search_docs WHERE roman IS NOT NULL ORDER BY doc'),
    };
  } finally {
    db.close();
  }
}

const titles = async (store: Store, search: string) =>
  (await store.books.list({ search }, { first: 50 })).nodes.map((book) => book.title).sort();

describe('SQLite: the trigram index of romanized keys', () => {
  it('agrees with a check of every romanized key after inserts, edits and moved docs', async () => {
    const store = await openSqliteStore(file);
    try {
      const add = async (title: string, author: string) =>
        (await store.books.insert(bookFields({ title, author, genre: 'Poetry' }))).id;
      await add('গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর');
      const rupashi = await add('রূপসী বাংলা', 'জীবনানন্দ দাশ');
      const shesher = await add('শেষের কবিতা', 'রবীন্দ্রনাথ ঠাকুর');
      const quiet = await add('Quiet Field', 'Old Writer');
      await add('বিদ্রোহী', 'কাজী নজরুল ইসলাম');
      await add('Himu', 'হুমায়ূন আহমেদ');
      // A title edited to other Bengali, a Bengali book to Latin letters, a Latin one to Bengali.
      await store.books.update(shesher, bookFields({ title: 'চোখের বালি', author: 'রবীন্দ্রনাথ ঠাকুর' }));
      await store.books.update(rupashi, bookFields({ title: 'Rupasi Bangla', author: 'Jibanananda Das' }));
      await store.books.update(quiet, bookFields({ title: 'আমি তোমাকে ভালোবাসি', author: 'Old Writer' }));
      // Another process inserting ids below ours: every doc after them is deleted and added again.
      insertElsewhere([
        ['000000000000000000000002', 'পথের পাঁচালী', 'বিভূতিভূষণ বন্দ্যোপাধ্যায়'],
        ['000000000000000000000001', 'Before All', 'First Writer'],
      ]);
      await add('লালসালু', 'সৈয়দ ওয়ালীউল্লাহ');
      expect(await titles(store, 'rabindranath')).toEqual(['গীতাঞ্জলি', 'চোখের বালি']);
      expect(await titles(store, 'kobita')).toEqual([]);
      expect(await titles(store, 'ruposhi')).toEqual([]);
      expect(await titles(store, 'ami bhalobashi')).toEqual(['আমি তোমাকে ভালোবাসি']);
      expect(await titles(store, 'pather panchali')).toEqual(['পথের পাঁচালী']);
      expect(await titles(store, 'waliullah')).toEqual(['লালসালু']);
    } finally {
      await store.close();
    }
    const docs = indexedDocs();
    expect(docs.indexed).toEqual(docs.romanized);
    const { indexed, scanned, found } = indexAgainstScan();
    expect(found).toBeGreaterThan(10);
    expect(indexed).toEqual(scanned);
  });

  it('counts a full page of matches as typed with its Banglish matches as the pages after it do', async () => {
    const store = await openSqliteStore(file);
    try {
      const add = (title: string, author: string, genre: string, quantity: number) =>
        store.books.insert(bookFields({ title, author, genre, quantity }));
      await add('Rabindranath Remembered', 'Lena Ray', 'Biography', 2);
      await add('Rabindranath in Letters', 'Amal Sen', 'Poetry', 0);
      await add('Rabindranath Songs', 'রবীন্দ্রনাথ ঠাকুর', 'Poetry', 1);
      await add('গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর', 'Poetry', 1);
      await add('চোখের বালি', 'রবীন্দ্রনাথ ঠাকুর', 'Drama', 0);
      await add('শেষের কবিতা', 'রবীন্দ্রনাথ ঠাকুর', 'Poetry', 0);
      await add('রূপসী বাংলা', 'জীবনানন্দ দাশ', 'Poetry', 3);
      const filters = [{}, { genre: 'Poetry' }, { availableOnly: true }, { genre: 'Poetry', availableOnly: true }];
      for (const search of ['rabindranath', 'rabindranath thakur', 'robi', 'bangla', 'shesher kobita'])
        for (const filter of filters) {
          // The last page ranks every Banglish match; the first, full of matches as typed, only counts them.
          const all = await store.books.list({ search, ...filter }, { first: 50 });
          for (const first of [1, 2]) {
            const page = await store.books.list({ search, ...filter }, { first });
            expect(page.totalCount, `${search} ${JSON.stringify(filter)} ${first}`).toBe(all.totalCount);
          }
        }
      const counted = async (search: string, filter: object) =>
        (await store.books.list({ search, ...filter }, { first: 1 })).totalCount;
      expect(await counted('rabindranath', {})).toBe(6);
      expect(await counted('rabindranath', { genre: 'Poetry' })).toBe(4);
      expect(await counted('rabindranath', { availableOnly: true })).toBe(3);
      expect(await counted('rabindranath', { genre: 'Poetry', availableOnly: true })).toBe(2);
    } finally {
      await store.close();
    }
  });

  it('indexes the romanized keys of a file written before it (migration 44)', async () => {
    const old = openDatabaseAt(file, BEFORE_44);
    const books: [id: string, title: string, author: string][] = [
      ['a00000000000000000000001', 'গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর'],
      ['a00000000000000000000002', 'Quiet Field', 'Old Writer'],
      ['a00000000000000000000003', 'রূপসী বাংলা', 'জীবনানন্দ দাশ'],
    ];
    // Indexed as that version did: a doc with its romanized key and its trigram row.
    for (const [id, title, author] of books) {
      const key = insertRaw(old, id, title, author);
      const { lastInsertRowid: doc } = old
        .prepare('INSERT INTO book_search_docs (id, search_key, roman) VALUES (?, ?, ?)')
        .run(id, key, romanKey(key));
      old.prepare('INSERT INTO book_search (rowid, search_key) VALUES (?, ?)').run(doc, key);
    }
    old.close();
    const store = await openSqliteStore(file);
    try {
      expect(await titles(store, 'gitanjali rabindranath')).toEqual(['গীতাঞ্জলি']);
      expect(await titles(store, 'ruposhi bangla')).toEqual(['রূপসী বাংলা']);
    } finally {
      await store.close();
    }
    expect(indexedDocs()).toEqual({ indexed: [1, 3], romanized: [1, 3] });
    const { indexed, scanned } = indexAgainstScan();
    expect(indexed).toEqual(scanned);
  });
});
