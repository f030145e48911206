import { BUILT_IN_CATEGORIES } from '../../../shared/genres.ts';

// The product keeps two different genre lists: a short one for new books and a longer one for edits.
/** A new book's genre is one of the nine built-in ones (shared/genres.ts, the categories the gateway seeds). */
export const ADD_GENRES = Object.keys(BUILT_IN_CATEGORIES);

export const UPDATE_GENRES = [
  'Fiction',
  'Non-fiction',
  'Mystery',
  'Sci-Fi',
  'Fantasy',
  'Romance',
  'Thriller',
  'Biography',
  'History',
  'Children',
  'Young Adult',
  'Comic',
  'Self-Help',
  'Business',
  'Other',
] as const;

/** Keeps a book's current genre selectable even when the edit list lacks it, so saving never changes it silently. */
export function updateGenreOptions(current: string): string[] {
  const list: string[] = [...UPDATE_GENRES];
  return current && !list.includes(current) ? [current, ...list] : list;
}
