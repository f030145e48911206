// The product keeps two different genre lists: a short one for new books and a longer one for edits.
export const ADD_GENRES = [
  'Thriller',
  'Sci-Fi',
  'Poetry',
  'Drama',
  'Children',
  'Self-Help',
  'Biography',
  'Fantasy',
  'Romance',
] as const;

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
