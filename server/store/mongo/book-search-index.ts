// The books' search fields in MongoDB (a folded key, its trigrams and its grams of 1-2 characters, the romanized key
// of a book with Bengali), their indexes, and the fill-in of books written before them.
import type { Collection, Filter, ObjectId } from 'mongodb';
import { searchKey, searchShortGrams, searchTrigrams } from '../ids.ts';
import { romanKey } from '../../library/rules/banglish.ts';
import type { BookDoc } from './documents.ts';

/** The search's index: { searchGrams, _id } gives the books holding one trigram in _id order, cursor included. */
export const SEARCH_INDEX = { key: { searchGrams: 1, _id: 1 }, name: 'search_grams_id' } as const;
/** The same for a search of 1-2 characters: the books holding that substring, in _id order. */
export const SHORT_SEARCH_INDEX = { key: { shortGrams: 1, _id: 1 }, name: 'short_grams_id' } as const;
/** What list(), all() and byGenre() leave out: the grams are for the indexes, not for the caller. */
export const WITHOUT_GRAMS = { projection: { searchGrams: 0, shortGrams: 0, romanKey: 0 } } as const;
/**
 * The folding a book's key was made with (search-words.ts): 1, case and Latin accents; 2, Bengali's spelling
 * variants too (library/rules/search-fold.ts). A book of an older one is refolded on open.
 */
export const SEARCH_FOLD = 2;
/** Books written before one of the gram fields, or the current folding of the key (searchFold), existed. */
const MISSING_GRAMS: Filter<BookDoc> = {
  $or: [
    { searchGrams: { $exists: false } },
    { shortGrams: { $exists: false } },
    { searchFold: { $exists: false } },
    { searchFold: { $lt: SEARCH_FOLD } },
  ],
};
/** Finds the books written before the current folding on open, without reading the others. */
const FOLD_INDEX = { key: { searchFold: 1 }, name: 'search_fold' } as const;
/** The romanized keys a Latin search looks in (Banglish): held by the books with Bengali alone, the rest null. */
export const ROMAN_INDEX = { key: { romanKey: 1 }, name: 'roman_key' } as const;
// Small: FerretDB v1 scans the collection for every update, and one bulkWrite must finish within the socket timeout.
const BACKFILL_BATCH = 100;

export function searchFields(
  title: string,
  author: string,
): {
  searchKey: string;
  searchGrams: string[];
  shortGrams: string[];
  searchFold: number;
  romanKey: string | null;
} {
  const key = searchKey(title, author);
  const grams = { searchGrams: searchTrigrams(key), shortGrams: searchShortGrams(key) };
  return { searchKey: key, ...grams, searchFold: SEARCH_FOLD, romanKey: romanKey(key) };
}

/**
 * Creates the search indexes and gives books written before them their folded key and grams: only documents
 * without one of the fields, in _id order and batches, so a reopen costs three index probes. Returns how many books it filled
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
  const missing = [SEARCH_INDEX, SHORT_SEARCH_INDEX, FOLD_INDEX, ROMAN_INDEX].filter(
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
