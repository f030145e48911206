// Books in MongoDB: keyset paging on _id, regex search on a normalised field, conditional $inc for stock.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { BookFields, BookFilter, BookPage, BookStore, PageRequest } from '../port.ts';
import { compareText, decodeCursor, encodeCursor, escapeRegex, normaliseSearch, searchKey } from '../ids.ts';
import { toBook, toObjectId } from './documents.ts';
import type { BookDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

function toFilter(filter: BookFilter): Filter<BookDoc> {
  const query: Filter<BookDoc> = {};
  // User input only ever becomes an escaped regex literal, never an operator.
  if (filter.search) query.searchKey = { $regex: escapeRegex(normaliseSearch(filter.search)) };
  if (filter.genre) query.genre = String(filter.genre);
  if (filter.availableOnly) query.quantity = { $gt: 0 };
  return query;
}

function newDoc(fields: BookFields, now: Date): BookDoc {
  const { title, author, genre, description, image, rating, quantity } = fields;
  return {
    _id: new ObjectId(), title, author, genre, description, image, rating, quantity,
    searchKey: searchKey(title, author), loansOut: [], createdAt: now, updatedAt: now,
  };
}

function sameFields(doc: BookDoc, fields: BookFields): boolean {
  return (['title', 'author', 'genre', 'description', 'image', 'rating', 'quantity'] as const).every(
    (key) => doc[key] === fields[key],
  );
}

export function mongoBooks(books: Collection<BookDoc>, lock: KeyLock): BookStore {
  return {
    async list(filter: BookFilter, page: PageRequest): Promise<BookPage> {
      const after = page.after ? ObjectId.createFromHexString(decodeCursor(page.after)) : null;
      const query = toFilter(filter);
      const first = Math.max(page.first, 0);
      const pageQuery: Filter<BookDoc> = after ? { ...query, _id: { $gt: after } } : query;
      const [totalCount, docs] = await Promise.all([
        books.countDocuments(query),
        books.find(pageQuery).sort({ _id: 1 }).limit(first + 1).toArray(),
      ]);
      const nodes = docs.slice(0, first).map(toBook);
      const last = nodes.at(-1);
      return { nodes, totalCount, hasNextPage: docs.length > nodes.length, endCursor: last ? encodeCursor(last.id) : null };
    },

    async *all() {
      for await (const doc of books.find({}).sort({ _id: 1 }).batchSize(500)) yield toBook(doc);
    },

    async count() {
      return books.countDocuments({});
    },

    async get(id) {
      const _id = toObjectId(id);
      const doc = _id ? await books.findOne({ _id }) : null;
      return doc ? toBook(doc) : null;
    },

    async byGenre(genre) {
      return (await books.find({ genre: String(genre) }).sort({ _id: 1 }).toArray()).map(toBook);
    },

    async genres() {
      const values = await books.distinct('genre');
      return values.filter((v): v is string => typeof v === 'string').sort(compareText);
    },

    async insert(fields) {
      const doc = newDoc(fields, new Date());
      await books.insertOne(doc);
      return toBook(doc);
    },

    async insertMany(list) {
      if (list.length === 0) return 0;
      const now = new Date();
      const result = await books.insertMany(list.map((fields) => newDoc(fields, now)));
      return result.insertedCount;
    },

    async update(id, fields) {
      const _id = toObjectId(id);
      if (!_id) return null;
      return lock.run(`book:${_id.toHexString()}`, async () => {
        const current = await books.findOne({ _id });
        if (!current) return null;
        if (sameFields(current, fields)) return { book: toBook(current), modified: false };
        const { title, author, genre, description, image, rating, quantity } = fields;
        const $set = { title, author, genre, description, image, rating, quantity, searchKey: searchKey(title, author), updatedAt: new Date() };
        const updated = await books.findOneAndUpdate({ _id }, { $set }, { returnDocument: 'after' });
        return updated ? { book: toBook(updated), modified: true } : null;
      });
    },

    async changeStock(id, delta) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const updated = await lock.run(`book:${_id.toHexString()}`, () =>
        books.findOneAndUpdate(
          { _id, quantity: { $gte: -delta } },
          { $inc: { quantity: delta }, $set: { updatedAt: new Date() } },
          { returnDocument: 'after' },
        ),
      );
      return updated ? updated.quantity : null;
    },
  };
}
