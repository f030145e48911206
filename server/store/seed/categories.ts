// The nine categories of the spec, in the spec's order, each with a local illustration.
import type { CategoryRecord } from '../port.ts';
import { assetPath, slugify } from './slug.ts';

type Category = Omit<CategoryRecord, 'id'>;

const DESCRIPTIONS: ReadonlyArray<readonly [string, string]> = [
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

export const SEED_CATEGORIES: readonly Category[] = DESCRIPTIONS.map(([name, description]) => ({
  name,
  description,
  image: assetPath('categories', slugify(name)),
}));
