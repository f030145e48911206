// A library written before the folding knew Bengali's spelling variants (schema.ts, 31; mongo/book-search-index.ts,
// SEARCH_FOLD 2): its books' keys are folded again on open, with their trigrams, grams and gram counts, so a search
// of either spelling finds them, and the books whose key did not change are left as they were.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import { searchShortGrams, searchTrigrams, searchWordStarts } from '../../server/store/ids.ts';
import { SEPARATOR } from '../../server/store/search-words.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { Store } from '../../server/store/port.ts';
import { bookFields, profile } from './contract/harness.ts';

const BEFORE = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TEMP TABLE regrams'));
const BOOKS: [id: string, title: string, author: string][] = [
  ['a00000000000000000000001', 'গীতাঞ্জলি', 'রবীন্দ্রনাথ ঠাকুর'],
  ['a00000000000000000000002', 'রূপসী বাংলা', 'জীবনানন্দ দাশ'],
  ['a00000000000000000000003', 'একাত্তর ১৯৭১', 'জাহানারা ইমাম'],
  ['a00000000000000000000004', 'Quiet Field', 'Old Writer'],
];
/** A key as the folding before wrote it: lowercase, NFC, Bengali as typed. */
const oldKey = (title: string, author: string) => `${title}${SEPARATOR}${author}`.toLowerCase().normalize('NFC');

/** Each spelling finds the same book. */
async function expectEverySpelling(store: Store): Promise<void> {
  const titles = async (search: string) =>
    (await store.books.list({ search }, { first: 10 })).nodes.map((book) => book.title);
  for (const search of ['গীতাঞ্জলী', 'গিতাঞ্জলি', 'গীতাঞ্জলি', 'রবিন্দ্রনাথ', 'গি'])
    expect(await titles(search), search).toEqual(['গীতাঞ্জলি']);
  for (const search of ['রুপসি', 'রূপসী', 'জিবনানন্দ']) expect(await titles(search), search).toEqual(['রূপসী বাংলা']);
  for (const search of ['1971', '১৯৭১', '19']) expect(await titles(search), search).toEqual(['একাত্তর ১৯৭১']);
  expect(await titles('quiet')).toEqual(['Quiet Field']);
  // Their romanized keys too (Banglish).
  expect(await titles('gitanjali rabindranath')).toEqual(['গীতাঞ্জলি']);
  expect(await titles('ruposhi bangla')).toEqual(['রূপসী বাংলা']);
}

describe('SQLite: the refold of migration 31', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bookhaven-bengali-refold-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('folds the keys, trigrams, grams and gram counts of the books written before it', async () => {
    const file = join(dir, 'old.db');
    const old = openDatabaseAt(file, BEFORE);
    const book = old.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
      search_key, created_at, updated_at) VALUES (?, ?, ?, 'Drama', 'd', '/x.svg', 4, 5, ?, 1000, 2000)`);
    // Indexed as that version did: a doc, its trigram row, its grams and their counts.
    for (const [id, title, author] of BOOKS) {
      const key = oldKey(title, author);
      book.run(id, title, author, key);
      const { lastInsertRowid: doc } = old
        .prepare('INSERT INTO book_search_docs (id, search_key) VALUES (?, ?)')
        .run(id, key);
      old.prepare('INSERT INTO book_search (rowid, search_key) VALUES (?, ?)').run(doc, key);
      for (const gram of [...searchShortGrams(key), ...searchWordStarts(key)]) {
        old.prepare('INSERT INTO book_grams (gram, doc) VALUES (?, ?)').run(gram, doc);
        old
          .prepare('INSERT INTO book_gram_counts (gram, n) VALUES (?, 1) ON CONFLICT (gram) DO UPDATE SET n = n + 1')
          .run(gram);
      }
    }
    old.close();
    const store = await openSqliteStore(file);
    try {
      await expectEverySpelling(store);
    } finally {
      await store.close();
    }
    const db = new DatabaseSync(file);
    try {
      const keys = db.prepare(
        'SELECT b.search_key AS b, d.search_key AS d FROM books b JOIN book_search_docs d USING (id)',
      );
      for (const row of keys.all()) expect(row['b']).toBe(row['d']);
      // Every gram of each key counted once per book, and none of the old keys' left behind.
      const expected = new Map<string, number>();
      for (const row of db.prepare('SELECT search_key FROM book_search_docs').all())
        for (const gram of [
          ...searchShortGrams(String(row['search_key'])),
          ...searchWordStarts(String(row['search_key'])),
        ])
          expected.set(gram, (expected.get(gram) ?? 0) + 1);
      const counts = db.prepare('SELECT gram, n FROM book_gram_counts WHERE n > 0').all();
      expect(new Map(counts.map((row) => [String(row['gram']), Number(row['n'])]))).toEqual(expected);
      expect(expected.get('ী')).toBeUndefined();
    } finally {
      db.close();
    }
  });
});

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB: the back-fill of SEARCH_FOLD 2', () => {
  it('folds the keys and grams of the books written before it, on open', async () => {
    const dbName = `bh_bengali_refold_${process.pid}_${Date.now().toString(36)}`;
    const client = await MongoClient.connect(mongoUri ?? '', { serverSelectionTimeoutMS: 5_000 });
    try {
      const books = client.db(dbName).collection('books');
      await books.insertMany(
        BOOKS.map(([id, title, author]) => {
          const key = oldKey(title, author);
          return {
            _id: ObjectId.createFromHexString(id),
            ...bookFields({ title, author }),
            searchKey: key,
            searchGrams: searchTrigrams(key),
            shortGrams: searchShortGrams(key),
            searchFold: 1,
            createdAt: new Date(),
            updatedAt: new Date(),
          };
        }),
      );
      const store = await openMongoStore(mongoUri ?? '', dbName);
      try {
        await expectEverySpelling(store);
        expect(await books.countDocuments({ searchFold: 2 })).toBe(BOOKS.length);
        await store.users.upsert(profile({ uid: 'uid-rahim', name: 'রহীম উদ্দীন', email: 'rahim@example.com' }));
      } finally {
        await store.close();
      }
      // A member's key as the folding before wrote it: folded on the next open.
      const users = client.db(dbName).collection('users');
      const member = await users.findOne({ uid: 'uid-rahim' });
      const stale = String(member?.['searchKey']).replace('রহিম উদ্দিন', 'রহীম উদ্দীন');
      await users.updateOne({ uid: 'uid-rahim' }, { $set: { searchKey: stale } });
      const reopened = await openMongoStore(mongoUri ?? '', dbName);
      try {
        for (const search of ['রহীম', 'রহিম', 'উদ্দিন'])
          expect(
            (await reopened.users.page(search, { first: 5 })).nodes.map((user) => user.name),
            search,
          ).toEqual(['রহীম উদ্দীন']);
      } finally {
        await reopened.close();
      }
    } finally {
      await client.db(dbName).dropDatabase();
      await client.close();
    }
  });
});
