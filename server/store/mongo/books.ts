// Books in MongoDB: keyset paging on _id, search narrowed by an index of trigrams and checked by a regex on a
// normalised field (books-search.ts), conditional $inc for stock.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import {
  editedFields,
  type BookEdit,
  type BookFields,
  type BookUpdateResult,
  type BookFilter,
  type BookPage,
  type BookRecord,
  type BookStore,
  type PageRequest,
} from '../port.ts';
import { newBookState, resolveEdit, sameBook } from '../../library/rules/book-edits.ts';
import { compareText, decodeCursor, encodeCursor, keysetPage } from '../ids.ts';
import { searchWords } from '../search-words.ts';
import { toBook, toObjectId } from './documents.ts';
import type { BookDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';
import type { ItemSteps } from './items.ts';
import { WITHOUT_GRAMS, searchFields } from './book-search-index.ts';
import { rankedPage, searchMatches, type MatchDoc, type RecentLoans } from './books-search.ts';
import { banglishReads } from './books-banglish.ts';
import { withBanglish, withBanglishFacets } from '../banglish-search.ts';
import { banglishWords } from '../../library/rules/banglish.ts';

/** What each item a change of copies owned by `delta` moved did: one copy added, or one withdrawn. */
const made = (delta: number) =>
  delta > 0 ? { delta: 1, to: 'ON_SHELF' as const } : { delta: -1, to: 'WITHDRAWN' as const };

/** What the book store asks of the items (items.ts): copies owned are items, added and withdrawn with them. */
export type BookItems = Pick<ItemSteps, 'prepare' | 'finish' | 'revert' | 'makeFirst'>;

function toFilter(filter: BookFilter): Filter<BookDoc> {
  const query: Filter<BookDoc> = {};
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
    // Its copies are made items just before it is written (BookItems.makeFirst).
    itemized: 1,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * fillHolds: moves shelf copies of a book to the members waiting for it (holds.ts), after copies are added.
 * recentLoans: what ranking breaks ties with (none without it).
 */
export function mongoBooks(
  books: Collection<BookDoc>,
  lock: KeyLock,
  fillHolds: (bookOid: ObjectId) => Promise<void> = async () => {},
  recentLoans: RecentLoans,
  items: BookItems,
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
          // The items first (new ones, or copies from the shelf marked to withdraw), listed with the ledger's
          // change so recovery can finish or undo them; too few free on the shelf: some are out right now.
          const moving = delta === 0 ? [] : await items.prepare(_id, delta, new Date());
          if (moving === null)
            return {
              result: { refused: 'copies-on-loan' as const, book: current, modified: false as const },
              added: false,
            };
          // Every descriptive field (book-fields.ts), each as the edit gives it or as stored.
          const fields = editedFields(current, edit);
          const updated = await books.findOneAndUpdate(
            { _id, version: current.version },
            {
              $set: { ...fields, ...searchFields(fields.title, fields.author), updatedAt: new Date() },
              $inc: { copies: delta, quantity: delta, version: 1 },
              ...(moving.length > 0 ? { $push: { itemMoves: { $each: moving } } } : {}),
            },
            { returnDocument: 'after' },
          );
          if (updated) {
            await items.finish(_id, moving, made(delta));
            return { result: { book: toBook(updated), modified: true }, added: delta > 0 };
          }
          await items.revert(_id, moving);
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
      const first = Math.max(page.first, 0);
      const words = searchWords(filter.search);
      if (words.length > 0) {
        // The matches as typed and the Banglish ones in one read (a scan per read on FerretDB v1).
        const passes = (doc: MatchDoc) =>
          (!filter.genre || doc.genre === filter.genre) && (!filter.availableOnly || doc.quantity > 0);
        const found = await searchMatches(books, words, banglishWords(words), toFilter(filter), passes);
        const typed = (after: string | null, size: number) =>
          rankedPage(books, recentLoans, words, found.typed, after, size);
        const banglish = banglishReads(books, recentLoans, found.roman);
        return withBanglish(words, filter, { first, after: page.after ?? null }, typed, banglish);
      }
      const after = page.after ? ObjectId.createFromHexString(decodeCursor(page.after)) : null;
      const query = toFilter(filter);
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

    async facets(filter) {
      const words = searchWords(filter.search);
      // One read of the matches' genre and stock gives every count (the genre and stock filters left out, so
      // each facet shows what choosing it would leave).
      const found =
        words.length > 0
          ? await searchMatches(books, words, banglishWords(words), {}, () => true)
          : { typed: await books.find({}, { projection: { _id: 0, genre: 1, quantity: 1 } }).toArray(), roman: [] };
      const docs = found.typed;
      const perGenre = new Map<string, number>();
      let availableCount = 0;
      for (const doc of docs) {
        const available = doc.quantity > 0;
        if (!filter.availableOnly || available) perGenre.set(doc.genre, (perGenre.get(doc.genre) ?? 0) + 1);
        if (available && (!filter.genre || doc.genre === filter.genre)) availableCount += 1;
      }
      const genreCounts = [...perGenre]
        .map(([genre, count]) => ({ genre, count }))
        .sort((a, b) => compareText(a.genre, b.genre));
      const banglish = banglishReads(books, recentLoans, found.roman);
      return withBanglishFacets(words, filter, { genreCounts, availableCount }, banglish);
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
    async shortWordDocs(words, upTo) {
      // On the short-gram index, each word counted no further than the rarest so far.
      let least = upTo;
      for (const word of words) {
        if (least === 0) break;
        least = Math.min(least, await books.countDocuments({ shortGrams: word }, { limit: least }));
      }
      return least;
    },

    async genres() {
      const values = await books.distinct('genre');
      return values.filter((v): v is string => typeof v === 'string').sort(compareText);
    },

    async insert(fields) {
      const doc = newDoc(fields, new Date());
      await items.makeFirst([doc]);
      await books.insertOne(doc);
      return toBook(doc);
    },

    async insertMany(list) {
      if (list.length === 0) return 0;
      const now = new Date();
      const docs = list.map((fields) => newDoc(fields, now));
      await items.makeFirst(docs);
      const result = await books.insertMany(docs);
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
      const updated = await lock.run(`book:${_id.toHexString()}`, async () => {
        if ((await books.countDocuments({ _id }, { limit: 1 })) === 0) return null;
        const moving = delta === 0 ? [] : await items.prepare(_id, delta, new Date());
        if (moving === null) return null;
        const changed = await books.findOneAndUpdate(
          { _id, quantity: { $gte: -delta } },
          {
            $inc: { quantity: delta, copies: delta, version: 1 },
            $set: { updatedAt: new Date() },
            ...(moving.length > 0 ? { $push: { itemMoves: { $each: moving } } } : {}),
          },
          { returnDocument: 'after' },
        );
        await (changed ? items.finish(_id, moving, made(delta)) : items.revert(_id, moving));
        return changed;
      });
      if (!updated) return null;
      if (delta <= 0) return updated.quantity;
      await fillHolds(_id);
      return (await books.findOne({ _id }, { projection: { quantity: 1 } }))?.quantity ?? null;
    },
  };
}
