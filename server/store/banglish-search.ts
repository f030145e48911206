// A Latin search's Banglish matches (library/rules/banglish.ts), shared by both adapters: the books whose romanized
// key holds every loosened word and which the words do not find as typed, ranked after every match as typed, in
// the pages, the count and the facets of the search (docs/search.md).
import { banglishWords } from '../library/rules/banglish.ts';
import { InvalidCursorError, type BookFacets, type BookFilter, type BookPage, type BookRecord } from './port.ts';
import { compareText, searchKey } from './ids.ts';
import { compareRanked, decodeBanglishCursor, encodeBanglishCursor, matchTier, type Ranked } from './search-words.ts';

/** A book found by its romanized key alone, with what ranking and the facets read of it. */
export interface BanglishMatch {
  id: string;
  /** The folded key (search-words.ts), for ties. */
  key: string;
  /** The romanized key the loosened words were found in (banglish.ts, romanKey). */
  roman: string;
  recent: number;
  genre: string;
  available: boolean;
}

/** What an adapter reads for the Banglish half of a search. */
export interface BanglishReads {
  /**
   * Books whose romanized key holds every loosened word and whose folded key does not hold every word; their
   * recent borrows only when `ranked` (the facets need none).
   */
  matches(loose: string[], words: string[], ranked: boolean): Promise<BanglishMatch[]>;
  /**
   * How many of those books the filter's genre and stock leave: a search's count when its page is all matches as
   * typed. Without it, the matches are read and counted.
   */
  count?(loose: string[], words: string[], filter: BookFilter): Promise<number>;
  /** The books of these ids, in any order. */
  books(ids: string[]): Promise<BookRecord[]>;
}

/** Every word inside a folded key: what the search finds as typed (the Banglish half leaves these out). */
export const holdsEvery = (key: string, words: readonly string[]): boolean => words.every((word) => key.includes(word));

/**
 * A page of a search: its matches as typed (`typed`, the adapter's ranked page), then, for a search in Latin
 * letters, its Banglish matches, best first (tier on the romanized key, recent borrows, key, id). The count is
 * both halves'; a page that ends among the Banglish matches has a Banglish cursor ("b…"), which resumes there.
 */
export async function withBanglish(
  words: string[],
  filter: BookFilter,
  page: { first: number; after: string | null },
  typed: (after: string | null, first: number) => Promise<BookPage>,
  reads: BanglishReads,
): Promise<BookPage> {
  const loose = banglishWords(words);
  if (loose.length === 0) return typed(page.after, page.first);
  const at = page.after ? decodeBanglishCursor(page.after) : null;
  // After a Banglish cursor, the matches as typed are only counted.
  const first = await typed(at ? null : page.after, at ? 0 : page.first);
  if (!at && first.hasNextPage) {
    const more = reads.count
      ? await reads.count(loose, words, filter)
      : (await banglishRanked(loose, words, filter, reads)).length;
    return { ...first, totalCount: first.totalCount + more };
  }
  const ranked = await banglishRanked(loose, words, filter, reads);
  const totalCount = first.totalCount + ranked.length;
  let start = 0;
  if (at) {
    const [book] = at && !ranked.some((entry) => entry.id === at.id) ? await reads.books([at.id]) : [];
    const key = ranked.find((entry) => entry.id === at.id)?.key ?? (book && searchKey(book.title, book.author));
    if (key === undefined) throw new InvalidCursorError();
    start = ranked.findIndex((entry) => compareRanked(entry, { ...at, key }) > 0);
    if (start < 0) start = ranked.length;
  }
  const room = Math.max(page.first - (at ? 0 : first.nodes.length), 0);
  const onPage = ranked.slice(start, start + room);
  const byId = new Map((await reads.books(onPage.map((entry) => entry.id))).map((book) => [book.id, book]));
  const last = onPage.at(-1);
  return {
    nodes: [
      ...(at ? [] : first.nodes),
      ...onPage.flatMap((entry) => {
        const book = byId.get(entry.id);
        return book ? [book] : [];
      }),
    ],
    totalCount,
    hasNextPage: start + room < ranked.length,
    endCursor: last ? encodeBanglishCursor(last) : at ? page.after : first.endCursor,
  };
}

/** The Banglish matches the filter's genre and stock leave, best first. */
async function banglishRanked(
  loose: string[],
  words: string[],
  filter: BookFilter,
  reads: BanglishReads,
): Promise<Ranked[]> {
  return (await reads.matches(loose, words, true))
    .filter((match) => (!filter.genre || match.genre === filter.genre) && (!filter.availableOnly || match.available))
    .map((match) => ({ tier: matchTier(match.roman, loose), recent: match.recent, key: match.key, id: match.id }))
    .sort(compareRanked);
}

/** The facets of a search (`typed`, the adapter's) with its Banglish matches counted in, as facets count. */
export async function withBanglishFacets(
  words: string[],
  filter: BookFilter,
  typed: BookFacets,
  reads: BanglishReads,
): Promise<BookFacets> {
  const loose = banglishWords(words);
  if (loose.length === 0) return typed;
  const perGenre = new Map(typed.genreCounts.map(({ genre, count }) => [genre, count]));
  let { availableCount } = typed;
  for (const match of await reads.matches(loose, words, false)) {
    if (!filter.availableOnly || match.available) perGenre.set(match.genre, (perGenre.get(match.genre) ?? 0) + 1);
    if (match.available && (!filter.genre || match.genre === filter.genre)) availableCount += 1;
  }
  const genreCounts = [...perGenre]
    .map(([genre, count]) => ({ genre, count }))
    .sort((a, b) => compareText(a.genre, b.genre));
  return { genreCounts, availableCount };
}
