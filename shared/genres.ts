// The spec's nine genres, in the spec's order, each with its description: the built-in categories the gateway
// seeds (server/store/seed/categories.ts), the categories Home shows when the server has none
// (client/features/home/fallback-categories.ts) and the genres a new book is added with
// (client/features/book/genres.ts). A module of its own, so the SPA imports the list alone.

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
