// The nine categories of the spec as seeded, each with a local illustration.
import type { CategoryRecord } from '../port.ts';
import { BUILT_IN_CATEGORIES } from '../../../shared/genres.ts';
import { assetPath, slugify } from './slug.ts';

type Category = Omit<CategoryRecord, 'id'>;

export const SEED_CATEGORIES: readonly Category[] = Object.entries(BUILT_IN_CATEGORIES).map(([name, description]) => ({
  name,
  description,
  image: assetPath('categories', slugify(name)),
}));
