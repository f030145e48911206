// The spec's nine genres, in the spec's order, each with its description: the built-in categories the gateway
// seeds (server/store/seed/categories.ts), the categories Home shows when the server has none
// (client/features/home/fallback-categories.ts) and the genres a new book is added with
// (client/features/book/genres.ts); and the ids of their names and descriptions in both languages among the SPA's
// words (client/messages). A module of its own, so the SPA imports the list alone.

/** Each genre's built-in category: its name and description, in the spec's order. */
export const BUILT_IN_CATEGORIES = {
  Thriller: 'Suspense, danger and dark secrets that keep you turning the pages.',
  'Sci-Fi': 'Journeys to other worlds, other times and the edges of science.',
  Poetry: 'Verse to read slowly and aloud, from ancient songs to free verse.',
  Drama: 'Plays for the stage and the page: conflict, wit and tragedy.',
  Children: 'Stories of wonder and adventure for young readers and the young at heart.',
  'Self-Help': 'Practical wisdom for a calmer, more purposeful life.',
  Biography: 'True lives, told by the people who lived them.',
  Fantasy: 'Enchanted realms, quests and magic beyond the fields we know.',
  Romance: 'Love stories of courtship, longing and second chances.',
} as const;

/** One of the nine genres. */
export type Genre = keyof typeof BUILT_IN_CATEGORIES;

/** The genres the library has words for: the nine, then the others the edit form offers (client/features/book). */
export const NAMED_GENRES = [
  ...(Object.keys(BUILT_IN_CATEGORIES) as Genre[]),
  'Fiction',
  'Non-fiction',
  'Mystery',
  'History',
  'Young Adult',
  'Comic',
  'Business',
  'Other',
] as const;

const slug = (genre: string): string =>
  genre
    .trim()
    .toLowerCase()
    .replace(/[^a-z]+/g, '-');
const NAMED = new Set<string>(NAMED_GENRES.map(slug));
const BUILT_IN = new Set<string>(Object.keys(BUILT_IN_CATEGORIES).map(slug));

/**
 * The id of a genre's name among the SPA's words (client/messages: `genre.sci-fi` is "Sci-Fi" or "কল্পবিজ্ঞান"),
 * whatever its case ("DRAMA" is Drama); null for a genre the library has no words for, which is shown as entered.
 * The genre itself stays the key the API, REST and links use.
 */
export function genreNameId(genre: string): string | null {
  const key = slug(genre);
  return NAMED.has(key) ? `genre.${key}` : null;
}

/** The id of a built-in category's description among the SPA's words (`genre.sci-fi.about`); null for others. */
export function genreAboutId(genre: string): string | null {
  const key = slug(genre);
  return BUILT_IN.has(key) ? `genre.${key}.about` : null;
}

/** Every id genreNameId and genreAboutId answer: the words a page drawn by the gateway needs for genres. */
export const GENRE_WORD_IDS: readonly string[] = [
  ...NAMED_GENRES.map((genre) => `genre.${slug(genre)}`),
  ...Object.keys(BUILT_IN_CATEGORIES).map((genre) => `genre.${slug(genre)}.about`),
];
