// What only the MongoDB adapter's gram search promises: books written before the trigrams or the short grams
// existed get them on open (and only those), a rename rewrites them, and the indexes behind them exist.
import { describe, expect, inject, it } from 'vitest';
import { MongoClient, ObjectId } from 'mongodb';
import { searchKey, searchShortGrams, searchTrigrams } from '../../server/store/ids.ts';
import { openMongoStore } from '../../server/store/mongo/open-mongo-store.ts';
import type { Collection, Document } from 'mongodb';
import { prepareBookSearch, SEARCH_INDEX, SHORT_SEARCH_INDEX } from '../../server/store/mongo/book-search-index.ts';
import type { BookDoc } from '../../server/store/mongo/documents.ts';
import { bookFields } from './contract/harness.ts';

const mongoUri = process.env['MONGODB_URI'] || inject('mongodbUri');

describe.runIf(mongoUri)('MongoDB trigram search', () => {
  const uri = mongoUri ?? '';

  it('fills in the trigrams of books written before them, in batches, and searches them with the new ones', async () => {
    const dbName = `bh_mongo_search_${process.pid}_${Date.now().toString(36)}`;
    const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5_000 });
    try {
      const books = client.db(dbName).collection('books');
      // Books as an earlier version wrote them: a search key, no trigrams. (Few: FerretDB v1 scans per update.)
      const old = Array.from({ length: 130 }, (_, i) => {
        const title = i % 5 === 2 ? `Lantern Bay ${i}` : `Quiet Field ${i}`;
        const author = 'Old Writer';
        return {
          _id: new ObjectId(),
          ...bookFields({ title, author }),
          searchKey: searchKey(title, author),
          createdAt: new Date(),
          updatedAt: new Date(),
        };
      });
      await books.insertMany(old);
      // In batches of 50: three of them, each starting after the last _id of the one before.
      expect(await prepareBookSearch(books as unknown as Collection<BookDoc>, 50)).toBe(130);
      expect(await prepareBookSearch(books as unknown as Collection<BookDoc>, 50)).toBe(0);
      await books.updateMany({ _id: { $in: old.slice(100).map((b) => b._id) } }, { $unset: { searchGrams: '' } });
      // Books written while only the trigrams existed.
      await books.updateMany({ _id: { $in: old.slice(60, 80).map((b) => b._id) } }, { $unset: { shortGrams: '' } });

      const filters: Document[] = [];
      const store = await openMongoStore(uri, dbName, {
        onCommand: (event) => {
          if (event.commandName === 'find' && event.command.filter) filters.push(event.command.filter as Document);
        },
      });
      try {
        expect(await books.countDocuments({ searchGrams: { $exists: false } })).toBe(0);
        expect(await books.countDocuments({ shortGrams: { $exists: false } })).toBe(0);
        const sample = await books.findOne({ _id: old[123]!._id });
        expect(sample?.['searchGrams']).toEqual(searchTrigrams(searchKey('Quiet Field 123', 'Old Writer')));
        expect((await books.findOne({ _id: old[71]!._id }))?.['shortGrams']).toEqual(
          searchShortGrams(searchKey('Quiet Field 71', 'Old Writer')),
        );
        const lantern = old.filter((_, i) => i % 5 === 2).map((b) => b._id.toHexString());
        // Ranked (by title here: every one starts with the words), so compared as sets; each book once.
        const sorted = (ids: string[]) => [...ids].sort();
        const first = await store.books.list({ search: 'LANTERN bay' }, { first: 10 });
        expect(first.totalCount).toBe(26);
        expect(first.nodes[0]).not.toHaveProperty('searchGrams');
        const rest = await store.books.list({ search: 'lantern bay' }, { first: 100, after: first.endCursor });
        expect(sorted([...first.nodes, ...rest.nodes].map((b) => b.id))).toEqual(sorted(lantern));
        // One and two characters: the short grams, backfilled ones (books 60-79) included.
        const short = await store.books.list({ search: 'LA' }, { first: 10 });
        expect(short.totalCount).toBe(26);
        expect(short.nodes.map((b) => b.id)).toEqual(first.nodes.map((b) => b.id));
        expect(short.nodes[0]).not.toHaveProperty('shortGrams');
        // The matches are asked of the short grams alone (their index), exact without a substring check; two letters
        // are no Banglish search (banglish.ts: a word of three letters makes one), so no romanized key is read.
        expect(filters).toContainEqual({ shortGrams: { $all: ['la'] } });
        expect((await store.books.list({ search: 'q' }, { first: 200 })).totalCount).toBe(104);
        // "... 12" then "old ...": no gram spans the separator of title and author.
        expect((await store.books.list({ search: '2o' }, { first: 5 })).totalCount).toBe(0);
        const added = await store.books.insert(bookFields({ title: 'Lantern Bay Revisited' }));
        expect(sorted((await store.books.list({ search: 'ntern b' }, { first: 100 })).nodes.map((b) => b.id))).toEqual(
          sorted([...lantern, added.id]),
        );
        // A rename written by the old version (no trigrams) is filled in on the next open.
        await books.updateOne(
          { _id: old[7]!._id },
          {
            $set: { title: 'Lantern Hill', searchKey: searchKey('Lantern Hill', 'Old Writer') },
            $unset: { searchGrams: '' },
          },
        );
      } finally {
        await store.close();
      }
      const indexes = await books.listIndexes().toArray();
      expect(indexes.map((index) => index['name'])).toEqual(
        expect.arrayContaining([SEARCH_INDEX.name, SHORT_SEARCH_INDEX.name]),
      );

      // A book as a version before folding wrote it (accents kept in its key): folded on the next open.
      const accentedKey = 'café über\u001födön kis';
      const { insertedId: accented } = await books.insertOne({
        ...bookFields({ title: 'Café Über', author: 'Ödön Kis' }),
        searchKey: accentedKey,
        searchGrams: searchTrigrams(accentedKey),
        shortGrams: searchShortGrams(accentedKey),
        createdAt: new Date(),
        updatedAt: new Date(),
      });
      const reopened = await openMongoStore(uri, dbName);
      try {
        expect((await reopened.books.list({ search: 'lantern hill' }, { first: 5 })).nodes.map((b) => b.id)).toEqual([
          old[7]!._id.toHexString(),
        ]);
        expect((await reopened.books.list({ search: 'lantern' }, { first: 5 })).totalCount).toBe(27);
        for (const text of ['cafe uber', 'odon', 'CAFÉ', 'fe'])
          expect((await reopened.books.list({ search: text }, { first: 5 })).nodes.map((b) => b.id)).toEqual([
            accented.toHexString(),
          ]);
        await reopened.books.update(
          old[7]!._id.toHexString(),
          bookFields({ title: 'Harbour Hill', author: 'Old Writer' }),
        );
        expect((await books.findOne({ _id: old[7]!._id }))?.['searchGrams']).toEqual(
          searchTrigrams(searchKey('Harbour Hill', 'Old Writer')),
        );
        expect((await books.findOne({ _id: old[7]!._id }))?.['shortGrams']).toEqual(
          searchShortGrams(searchKey('Harbour Hill', 'Old Writer')),
        );
        expect((await reopened.books.list({ search: 'hh' }, { first: 5 })).totalCount).toBe(0);
        expect((await reopened.books.list({ search: 'rb' }, { first: 5 })).nodes.map((b) => b.id)).toEqual([
          old[7]!._id.toHexString(),
        ]);
        expect((await reopened.books.list({ search: 'lantern' }, { first: 5 })).totalCount).toBe(26);
      } finally {
        await reopened.close();
      }
    } finally {
      await client.db(dbName).dropDatabase();
      await client.close();
    }
    // FerretDB rewrites a whole document per update: beside other work on two cores this took over 60 s.
  }, 180_000);
});
