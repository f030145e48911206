// What a search's Banglish half (banglish-search.ts) reads in MongoDB: the books searchMatches found by their romanized
// key (romanKey, index roman_key) in the same read as the matches as typed, with their recent borrows when ranked.
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import type { BanglishReads } from '../banglish-search.ts';
import { recentSince } from '../search-words.ts';
import { toBook, type BookDoc } from './documents.ts';
import { WITHOUT_GRAMS } from './book-search-index.ts';
import type { MatchDoc, RecentLoans } from './books-search.ts';

export function banglishReads(books: Collection<BookDoc>, recentLoans: RecentLoans, roman: MatchDoc[]): BanglishReads {
  return {
    async matches(_loose, _words, ranked) {
      const ids = roman.map((doc) => doc._id.toHexString());
      const recent = ranked ? await recentLoans(ids, recentSince(Date.now())) : new Map<string, number>();
      return roman.map((doc, i) => ({
        id: ids[i] ?? '',
        key: doc.searchKey,
        roman: doc.romanKey ?? '',
        recent: recent.get(ids[i] ?? '') ?? 0,
        genre: doc.genre,
        available: doc.quantity > 0,
      }));
    },
    async books(ids) {
      const docs = await books
        .find({ _id: { $in: ids.map((id) => ObjectId.createFromHexString(id)) } }, WITHOUT_GRAMS)
        .toArray();
      return docs.map(toBook);
    },
  };
}
