// The spec's nine built-in categories, in the spec's order: a module of its own, so the app imports the list alone.

/**
 * Name and description of each, seeded (categories.ts) and shown by the app's Home when the server has none
 * (client/features/home/fallback-categories.ts).
 */
export const BUILT_IN_CATEGORIES: ReadonlyArray<readonly [name: string, description: string]> = [
  ['Thriller', 'Suspense, danger and dark secrets that keep you turning the pages.'],
  ['Sci-Fi', 'Journeys to other worlds, other times and the edges of science.'],
  ['Poetry', 'Verse to read slowly and aloud, from ancient songs to free verse.'],
  ['Drama', 'Plays for the stage and the page: conflict, wit and tragedy.'],
  ['Children', 'Stories of wonder and adventure for young readers and the young at heart.'],
  ['Self-Help', 'Practical wisdom for a calmer, more purposeful life.'],
  ['Biography', 'True lives, told by the people who lived them.'],
  ['Fantasy', 'Enchanted realms, quests and magic beyond the fields we know.'],
  ['Romance', 'Love stories of courtship, longing and second chances.'],
];
