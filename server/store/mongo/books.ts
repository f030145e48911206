// Books in MongoDB: keyset paging on _id, search narrowed by an index of trigrams and checked by a regex on a
// normalised field, conditional $inc for stock.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import {
  editedFields,
  newBookState,
  resolveEdit,
  sameBook,
  type BookEdit,
  type BookFields,
  type BookUpdateResult,
  type BookFilter,
  type BookPage,
  type BookRecord,
  type BookStore,
  type PageRequest,
} from '../port.ts';
import {
  compareText,
  decodeCursor,
  encodeCursor,
  escapeRegex,
  normaliseSearch,
  searchKey,
  searchIndexFor,
  searchShortGrams,
  searchTrigrams,
  keysetPage,
} from '../ids.ts';
import { toBook, toObjectId } from './documents.ts';
import type { BookDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

/** The search's index: { searchGrams, _id } gives the books holding one trigram in _id order, cursor included. */
export const SEARCH_INDEX = { key: { searchGrams: 1, _id: 1 }, name: 'search_grams_id' } as const;
/** The same for a search of 1-2 characters: the books holding that substring, in _id order. */
export const SHORT_SEARCH_INDEX = { key: { shortGrams: 1, _id: 1 }, name: 'short_grams_id' } as const;
/** What list(), all() and byGenre() leave out: the grams are for the indexes, not for the caller. */
const WITHOUT_GRAMS = { projection: { searchGrams: 0, shortGrams: 0 } } as const;
/** Books written before one of the gram fields existed. */
const MISSING_GRAMS: Filter<BookDoc> = {
  $or: [{ searchGrams: { $exists: false } }, { shortGrams: { $exists: false } }],
};
// Small: FerretDB v1 scans the collection for every update, and one bulkWrite must finish within the socket timeout.
const BACKFILL_BATCH = 100;

function toFilter(filter: BookFilter): Filter<BookDoc> {
  const query: Filter<BookDoc> = {};
  if (filter.search) {
    const term = normaliseSearch(filter.search);
    // User input only ever becomes an escaped regex literal or a plain string, never an operator. A term of
    // 1-2 characters is one of the short grams of exactly the books that contain it: the index finds them,
    // and no regex needs to check them. For 3+ characters the trigrams let the index pick the candidates, and
    // the regex (exact on its own) checks them.
    const index = searchIndexFor(term);
    if (index === 'short') {
      query.shortGrams = term;
    } else {
      if (index === 'trigrams') query.searchGrams = { $all: searchTrigrams(term) };
      query.searchKey = { $regex: escapeRegex(term) };
    }
  }
  if (filter.genre) query.genre = String(filter.genre);
  if (filter.availableOnly) query.quantity = { $gt: 0 };
  return query;
}

function newDoc(fields: BookFields, now: Date): BookDoc {
  return {
    _id: new ObjectId(),
    ...newBookState(fields),
    ...searchFields(fields.title, fields.author),
    loansOut: [],
    createdAt: now,
    updatedAt: now,
  };
}

function searchFields(
  title: string,
  author: string,
): { searchKey: string; searchGrams: string[]; shortGrams: string[] } {
  const key = searchKey(title, author);
  return { searchKey: key, searchGrams: searchTrigrams(key), shortGrams: searchShortGrams(key) };
}

/**
 * Creates the search indexes and gives books written before them their grams: only documents without one of
 * the fields, in _id order and batches, so a reopen costs two index probes. Returns how many books it filled
 * in. On MongoDB 50k books take seconds; FerretDB v1 scans the collection per update, so there it is slow for
 * big catalogues.
 */
export async function prepareBookSearch(books: Collection<BookDoc>, batchSize = BACKFILL_BATCH): Promise<number> {
  const existing = await books
    .listIndexes()
    .toArray()
    .catch((error: unknown) => {
      if ((error as { code?: number }).code === 26) return []; // NamespaceNotFound: a new collection
      throw error;
    });
  const missing = [SEARCH_INDEX, SHORT_SEARCH_INDEX].filter(
    (wanted) => !existing.some((index) => index['name'] === wanted.name),
  );
  if (missing.length > 0) await books.createIndexes(missing.map((index) => ({ ...index })));
  let filled = 0;
  let after: ObjectId | null = null;
  for (;;) {
    const query: Filter<BookDoc> = after ? { ...MISSING_GRAMS, _id: { $gt: after } } : MISSING_GRAMS;
    const batch = await books
      .find(query, { projection: { _id: 1, title: 1, author: 1 } })
      .sort({ _id: 1 })
      .limit(batchSize)
      .toArray();
    const last = batch.at(-1);
    if (!last) return filled;
    // Only while still missing: a rename in between has already written the new grams.
    await books.bulkWrite(
      batch.map((doc) => ({
        updateOne: {
          filter: { _id: doc._id, ...MISSING_GRAMS },
          update: { $set: searchFields(String(doc.title), String(doc.author)) },
        },
      })),
      { ordered: false },
    );
    filled += batch.length;
    after = last._id;
  }
}

/** fillHolds: moves shelf copies of a book to the members waiting for it (holds.ts), after copies are added. */
export function mongoBooks(
  books: Collection<BookDoc>,
  lock: KeyLock,
  fillHolds: (bookOid: ObjectId) => Promise<void> = async () => {},
): BookStore {
  /** Writes an edit under the book's queue; see update. */
  function writeEdit(_id: ObjectId, edit: BookEdit, expectedVersion: number | null | undefined) {
    return lock.run(
      `book:${_id.toHexString()}`,
      async (): Promise<{ result: BookUpdateResult | null; added: boolean }> => {
        // Every change of the book (borrows and returns included) moves its version, so the update is
        // conditional on the version read; one that lost a race with a borrow reads again, unless the caller
        // asked for that version.
        for (let attempt = 0; ; attempt++) {
          const doc = await books.findOne({ _id }, WITHOUT_GRAMS);
          if (!doc) return { result: null, added: false };
          const current = toBook(doc);
          if (expectedVersion != null && expectedVersion !== current.version)
            return { result: { refused: 'version' as const, book: current, modified: false as const }, added: false };
          const { copies, onLoan } = resolveEdit(current, edit);
          if (copies < onLoan)
            return {
              result: { refused: 'copies-on-loan' as const, book: current, modified: false as const },
              added: false,
            };
          if (sameBook(current, edit, copies)) return { result: { book: current, modified: false }, added: false };
          const delta = copies - current.copies;
          // Every descriptive field (book-fields.ts), each as the edit gives it or as stored.
          const fields = editedFields(current, edit);
          const updated = await books.findOneAndUpdate(
            { _id, version: current.version },
            {
              $set: { ...fields, ...searchFields(fields.title, fields.author), updatedAt: new Date() },
              $inc: { copies: delta, quantity: delta, version: 1 },
            },
            { returnDocument: 'after' },
          );
          if (updated) return { result: { book: toBook(updated), modified: true }, added: delta > 0 };
          if (attempt >= 20) throw new Error(`Book ${_id.toHexString()} kept changing during an update`);
        }
      },
    );
  }

  /** The matching books in _id order, fetched by the driver in batches as the caller reads them. */
  async function* streamed(query: Filter<BookDoc>): AsyncIterable<BookRecord> {
    for await (const doc of books.find(query, WITHOUT_GRAMS).sort({ _id: 1 }).batchSize(500)) yield toBook(doc);
  }
  return {
    async list(filter: BookFilter, page: PageRequest): Promise<BookPage> {
      const after = page.after ? ObjectId.createFromHexString(decodeCursor(page.after)) : null;
      const query = toFilter(filter);
      const first = Math.max(page.first, 0);
      const pageQuery: Filter<BookDoc> = after ? { ...query, _id: { $gt: after } } : query;
      const docs = await books
        .find(pageQuery, WITHOUT_GRAMS)
        .sort({ _id: 1 })
        .limit(first + 1)
        .toArray();
      // A first page that holds every match is its own count (most distinct searches end on page one).
      const totalCount = !after && docs.length <= first ? docs.length : await books.countDocuments(query);
      return keysetPage(docs, first + 1, toBook, (book) => encodeCursor(book.id), totalCount);
    },

    all: () => streamed({}),

    async count() {
      return books.countDocuments({});
    },

    async get(id) {
      const _id = toObjectId(id);
      const doc = _id ? await books.findOne({ _id }, WITHOUT_GRAMS) : null;
      return doc ? toBook(doc) : null;
    },

    byGenre: (genre) => streamed({ genre: String(genre) }),

    // Counted in the genre index (genre_id), without reading a book.
    countByGenre: (genre) => books.countDocuments({ genre: String(genre) }),

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

    async update(id, edit, expectedVersion) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const { result, added } = await writeEdit(_id, edit, expectedVersion);
      // Copies added go to the members waiting first (outside the book's queue, which that step takes too).
      if (result && added) {
        await fillHolds(_id);
        const after = await books.findOne({ _id });
        return after ? { ...result, book: toBook(after) } : result;
      }
      return result;
    },

    async changeStock(id, delta) {
      const _id = toObjectId(id);
      if (!_id) return null;
      const updated = await lock.run(`book:${_id.toHexString()}`, () =>
        books.findOneAndUpdate(
          { _id, quantity: { $gte: -delta } },
          { $inc: { quantity: delta, copies: delta, version: 1 }, $set: { updatedAt: new Date() } },
          { returnDocument: 'after' },
        ),
      );
      if (!updated) return null;
      if (delta <= 0) return updated.quantity;
      await fillHolds(_id);
      return (await books.findOne({ _id }, { projection: { quantity: 1 } }))?.quantity ?? null;
    },
  };
}
