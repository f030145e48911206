// Books' searches in MongoDB: the books holding every word (narrowed by the gram indexes, checked by a regex on the
// folded key) and a Latin search's Banglish matches, in one read, ranked best match first here with their recent borrows.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import { InvalidCursorError, type BookPage } from '../port.ts';
import { escapeRegex, searchIndexFor, searchTrigrams } from '../ids.ts';
import {
  recentSince,
  compareRanked,
  decodeRankCursor,
  encodeRankCursor,
  matchTier,
  type Ranked,
} from '../search-words.ts';
import { toBook } from './documents.ts';
import type { BookDoc, LoanDoc } from './documents.ts';
import { WITHOUT_GRAMS } from './book-search-index.ts';
import { holdsEvery } from '../banglish-search.ts';

/**
 * The books holding every word: user input only ever becomes a plain string or an escaped regex literal, never
 * an operator. Words of 1-2 characters are short grams of exactly the books that contain them; words of 3+
 * need all their trigrams (which the index finds) and the regex (exact on its own) checks them.
 */
export function wordsFilter(words: string[]): Filter<BookDoc> {
  const long = words.filter((word) => searchIndexFor(word) === 'trigrams');
  const short = words.filter((word) => searchIndexFor(word) === 'short');
  const query: Filter<BookDoc> = {};
  if (short.length > 0) query.shortGrams = { $all: short };
  if (long.length > 0) {
    query.searchGrams = { $all: [...new Set(long.flatMap((word) => searchTrigrams(word)))] };
    query.$and = long.map((word) => ({ searchKey: { $regex: escapeRegex(word) } }));
  }
  return query;
}

/** What a search reads of each match: its keys, and its genre and stock for the filters and facets. */
export type MatchDoc = Pick<BookDoc, '_id' | 'searchKey' | 'romanKey' | 'genre' | 'quantity'>;

/**
 * The matches of a search in one read: those holding every word as typed (`typed`, in the genre and stock of
 * `filters`, which `passes` says of a document), and for a search in Latin letters (`loose`, its Banglish words)
 * those whose romanized key holds every loosened word and whose folded key does not hold every word (`roman`,
 * every genre and stock: banglish-search.ts filters them).
 */
export async function searchMatches(
  books: Collection<BookDoc>,
  words: string[],
  loose: string[],
  filters: Filter<BookDoc>,
  passes: (doc: MatchDoc) => boolean,
): Promise<{ typed: MatchDoc[]; roman: MatchDoc[] }> {
  const typedQuery = { ...wordsFilter(words), ...filters };
  const projection = { _id: 1, searchKey: 1, romanKey: 1, genre: 1, quantity: 1 };
  if (loose.length === 0) return { typed: await books.find(typedQuery, { projection }).toArray(), roman: [] };
  const romanQuery = { $and: loose.map((word) => ({ romanKey: { $regex: escapeRegex(word) } })) };
  const docs = await books.find({ $or: [typedQuery, romanQuery] }, { projection }).toArray();
  const typed: MatchDoc[] = [];
  const roman: MatchDoc[] = [];
  for (const doc of docs) {
    if (!holdsEvery(doc.searchKey, words)) roman.push(doc);
    else if (passes(doc)) typed.push(doc);
  }
  return { typed, roman };
}

/** How many loans of each book began since a date, for the books asked (all with loans since, for many). */
export type RecentLoans = (bookIds: string[], since: Date) => Promise<Map<string, number>>;

/** RecentLoans from the loans collection, grouped in the database (index book_borrowed). */
export function recentLoansOf(loans: Collection<LoanDoc>): RecentLoans {
  return async (bookIds, since) => {
    if (bookIds.length === 0) return new Map();
    // A long list of ids costs more to send than the library's recent loans cost to read.
    const match: Filter<LoanDoc> =
      bookIds.length > 1000
        ? { borrowDate: { $gte: since } }
        : { bookId: { $in: bookIds }, borrowDate: { $gte: since } };
    const groups = await loans
      .aggregate<{ _id: string; n: number }>([
        { $match: { ...match, status: { $ne: 'pending' } } },
        { $group: { _id: '$bookId', n: { $sum: 1 } } },
      ])
      .toArray();
    return new Map(groups.map((group) => [String(group._id), group.n]));
  };
}

/**
 * A page of a search, best match first (search-words.ts): every match's key is read and ranked here, as no
 * index holds an order that depends on the words; then only the page's books are read whole.
 */
export async function rankedPage(
  books: Collection<BookDoc>,
  recentLoans: RecentLoans,
  words: string[],
  matches: MatchDoc[],
  afterCursor: string | null,
  first: number,
): Promise<BookPage> {
  const resume = afterCursor ? decodeRankCursor(afterCursor) : null;
  const ids = matches.map((doc) => doc._id.toHexString());
  const recent = await recentLoans(ids, recentSince(Date.now()));
  const ranked: Ranked[] = matches.map((doc, i) => ({
    tier: matchTier(doc.searchKey, words),
    recent: recent.get(ids[i] as string) ?? 0,
    key: doc.searchKey,
    id: ids[i] as string,
  }));
  ranked.sort(compareRanked);
  let start = 0;
  if (resume) {
    const at = await books.findOne({ _id: ObjectId.createFromHexString(resume.id) }, { projection: { searchKey: 1 } });
    if (!at) throw new InvalidCursorError();
    const cursor = { ...resume, key: at.searchKey };
    start = ranked.findIndex((entry) => compareRanked(entry, cursor) > 0);
    if (start < 0) start = ranked.length;
  }
  const onPage = ranked.slice(start, start + first);
  const docs = await books
    .find({ _id: { $in: onPage.map((entry) => ObjectId.createFromHexString(entry.id)) } }, WITHOUT_GRAMS)
    .toArray();
  const byId = new Map(docs.map((doc) => [doc._id.toHexString(), doc]));
  const last = onPage.at(-1);
  return {
    nodes: onPage.flatMap((entry) => {
      const doc = byId.get(entry.id);
      return doc ? [toBook(doc)] : [];
    }),
    totalCount: ranked.length,
    hasNextPage: start + first < ranked.length,
    endCursor: last ? encodeRankCursor(last) : null,
  };
}
