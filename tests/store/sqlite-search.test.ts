// What only the SQLite adapter's search indexes promise: the migrations index books written before them, the
// indexes stay in id order (their paging relies on that) even when another process writes a smaller id, and
// the index of 1-2 character substrings holds exactly the grams of each book's current title and author (and the
// first 1-2 characters of each of their words, schema.ts 21).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { searchKey, searchShortGrams, searchWordStarts } from '../../server/store/ids.ts';
import type { Store } from '../../server/store/port.ts';
import { searchIndex } from '../../server/store/sqlite/search-index.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { bookFields } from './contract/harness.ts';

let dir = '';
let file = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-sqlite-search-'));
  file = join(dir, 'bookhaven.db');
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The search key versions before schema 13 wrote: lowercased, accents kept. */
const lowercasedKey = (title: string, author: string) => `${title.toLowerCase()}\u001f${author.toLowerCase()}`;

/** Inserts a book row with a chosen id: plain SQL, as a version without the search index wrote them. */
function insertRaw(db: DatabaseSync, id: string, title: string, author = 'Raw Writer', key = searchKey): void {
  db.prepare(
    `INSERT INTO books (id, title, author, genre, description, image, rating, quantity, search_key, created_at,
    updated_at) VALUES (?, ?, ?, 'Drama', 'd', '/x.svg', 3, 1, ?, 0, 0)`,
  ).run(id, title, author, key(title, author));
}

/** Another process inserting books: its own connection, and ids that need not be above ours. */
function insertElsewhere(books: [id: string, title: string][]): void {
  const db = new DatabaseSync(file);
  try {
    db.exec('BEGIN IMMEDIATE');
    for (const [id, title] of books) {
      insertRaw(db, id, title);
      searchIndex((sql) => db.prepare(sql)).indexNew(id, searchKey(title, 'Raw Writer'));
    }
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}

/**
 * Every match of a search, page by page, as a sorted list (each book once: a duplicate would show): which books
 * are found is what the indexes decide; the order they rank in is the contract suite's (search.contract.ts).
 */
async function allMatches(store: Store, search: string, first: number): Promise<{ ids: string[]; totalCount: number }> {
  const ids: string[] = [];
  let after: string | null = null;
  let totalCount = -1;
  for (;;) {
    const page = await store.books.list({ search }, { first, after });
    totalCount = page.totalCount;
    ids.push(...page.nodes.map((b) => b.id));
    if (!page.hasNextPage) return { ids: ids.sort(), totalCount };
    after = page.endCursor;
  }
}

/** Reads the store's file on a read-only connection of its own, as another process would. */
function inFile<T>(read: (db: DatabaseSync) => T): T {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return read(db);
  } finally {
    db.close();
  }
}

const docOrder = () =>
  inFile((db) => ({
    byDoc: db
      .prepare('SELECT id FROM book_search_docs ORDER BY doc')
      .all()
      .map((r) => String(r['id'])),
    byId: db
      .prepare('SELECT id FROM books ORDER BY id')
      .all()
      .map((r) => String(r['id'])),
  }));

/** book_grams as it is, and as the books' search keys say it should be, both as sorted "doc gram" lines. */
const gramsIndex = () =>
  inFile((db) => ({
    stored: db
      .prepare('SELECT doc, gram FROM book_grams')
      .all()
      .map((r) => `${String(r['doc'])} ${String(r['gram'])}`)
      .sort(),
    expected: db
      .prepare('SELECT d.doc, b.search_key FROM book_search_docs d JOIN books b ON b.id = d.id')
      .all()
      .flatMap((r) =>
        [...searchShortGrams(String(r['search_key'])), ...searchWordStarts(String(r['search_key']))].map(
          (gram) => `${String(r['doc'])} ${gram}`,
        ),
      )
      .sort(),
  }));

describe('SQLite search indexes', () => {
  it('indexes the books of a file written before the index existed', async () => {
    const old = new DatabaseSync(file);
    old.exec(MIGRATIONS[0] ?? '');
    old.exec('PRAGMA user_version = 1');
    const ids = Array.from({ length: 30 }, (_, i) => `6000000000000000000000${String(i).padStart(2, '0')}`);
    ids.forEach((id, i) =>
      insertRaw(old, id, i % 2 ? `Harbour Lights ${i}` : `Quiet Fields ${i}`, 'Raw Writer', lowercasedKey),
    );
    // Characters beyond ASCII: the migration's SQL and the adapter must cut the same code points; and the key
    // written before folding (accents kept) is folded by migration 13, its index rows with it.
    const accented = '700000000000000000000000';
    insertRaw(old, accented, 'Café 🚀 Über', 'Ödön Kis', lowercasedKey);
    old
      .prepare(
        `INSERT INTO users (id, uid, email, name, photo_url, role, status, phone, created_at, last_login_at)
        VALUES ('710000000000000000000000', 'uid-o', 'odon@example.com', 'Ödön Kis', NULL, 'member', 'active', NULL, 0, 0)`,
      )
      .run();
    old.close();

    const store = await openSqliteStore(file);
    try {
      const harbour = ids.filter((_, i) => i % 2);
      expect(await allMatches(store, 'HARBOUR lig', 4)).toEqual({ ids: harbour, totalCount: 15 });
      // Two words: "fields" and "2", anywhere.
      expect(await allMatches(store, 'fields 2', 100)).toEqual({
        ids: [ids[2], ids[12], ids[20], ids[22], ids[24], ids[26], ids[28]],
        totalCount: 7,
      });
      expect((await allMatches(store, 'raw writer', 7)).ids).toEqual(ids);
      // Books added after the migration are searched together with the backfilled ones.
      const added = await store.books.insert(bookFields({ title: 'Harbour Master' }));
      expect(await allMatches(store, 'harbour', 5)).toEqual({ ids: [...harbour, added.id], totalCount: 16 });
      // One and two characters come from book_grams, filled by its migration from the same books.
      expect(await allMatches(store, 'HA', 4)).toEqual({ ids: [...harbour, added.id], totalCount: 16 });
      expect(await allMatches(store, 'q', 4)).toEqual({ ids: ids.filter((_, i) => i % 2 === 0), totalCount: 15 });
      expect(await allMatches(store, 'w', 50)).toEqual({ ids, totalCount: 30 });
      // "... 10" then "raw ...": no gram spans the separator of title and author.
      expect(await allMatches(store, '0r', 5)).toEqual({ ids: [], totalCount: 0 });
      for (const term of ['🚀', 'café', ' 🚀', 'ödön', 'üb', 'uber', 'odon kis', 'ub', 'fé'])
        expect(await allMatches(store, term, 5)).toEqual({ ids: [accented], totalCount: 1 });
      expect((await store.users.page('odon', { first: 5 })).nodes.map((user) => user.name)).toEqual(['Ödön Kis']);
    } finally {
      await store.close();
    }
    expect(docOrder().byDoc).toEqual(docOrder().byId);
    const grams = gramsIndex();
    expect(grams.stored.length).toBeGreaterThan(0);
    expect(grams.stored).toEqual(grams.expected);
  });

  it('keeps search pages in id order when another connection inserts ids below existing ones', async () => {
    const store = await openSqliteStore(file);
    try {
      const mine = [];
      for (let i = 0; i < 6; i++) mine.push((await store.books.insert(bookFields({ title: `Moon River ${i}` }))).id);
      insertElsewhere([['000000000000000000000005', 'Moon Shadow low']]);
      insertElsewhere([
        ['000000000000000000000002', 'Moon Shadow lowest'],
        ['000000000000000000000009', 'Blue Moon'],
      ]);
      insertElsewhere([
        ['ffffffffffffffffffffff00', 'Moon Last'],
        ['fffffffffffffffffffffe00', 'Moon Before Last'],
      ]);
      const mineAgain = (await store.books.insert(bookFields({ title: 'Moon River 6' }))).id;
      const expected = [
        '000000000000000000000002',
        '000000000000000000000005',
        '000000000000000000000009',
        ...mine,
        mineAgain,
        'fffffffffffffffffffffe00',
        'ffffffffffffffffffffff00',
      ].sort();
      for (const first of [1, 2, 3, 50]) {
        expect(await allMatches(store, 'moon', first)).toEqual({ ids: expected, totalCount: 12 });
        expect(await allMatches(store, 'MO', first)).toEqual({ ids: expected, totalCount: 12 });
      }
      expect(await allMatches(store, 'sh', 1)).toEqual({
        ids: ['000000000000000000000002', '000000000000000000000005'],
        totalCount: 2,
      });
      expect(gramsIndex().stored).toEqual(gramsIndex().expected);
      expect(await allMatches(store, 'moon shadow', 1)).toEqual({
        ids: ['000000000000000000000002', '000000000000000000000005'],
        totalCount: 2,
      });
      expect(await allMatches(store, 'oon river', 2)).toEqual({ ids: [...mine, mineAgain].sort(), totalCount: 7 });
      expect(docOrder().byDoc).toEqual(docOrder().byId);
      // A stock change leaves the index alone; a rename moves the book to its new words.
      await store.books.changeStock('000000000000000000000005', 1);
      await store.books.update('000000000000000000000005', bookFields({ title: 'Sun Shadow' }));
      expect(await allMatches(store, 'moon shadow', 1)).toEqual({ ids: ['000000000000000000000002'], totalCount: 1 });
      expect(await allMatches(store, 'sun shad', 1)).toEqual({ ids: ['000000000000000000000005'], totalCount: 1 });
      expect(await allMatches(store, 'su', 1)).toEqual({ ids: ['000000000000000000000005'], totalCount: 1 });
      expect(await allMatches(store, 'mo', 2)).toEqual({
        ids: expected.filter((id) => id !== '000000000000000000000005'),
        totalCount: 11,
      });
      expect(docOrder().byDoc).toEqual(docOrder().byId);
      expect(gramsIndex().stored).toEqual(gramsIndex().expected);
    } finally {
      await store.close();
    }
  });
});
