import { BUILT_IN_CATEGORIES } from '../../../shared/genres.ts';

export type HomeCategory = { id: string; name: string; image: string; description: string };

// Spec 3: used when the server has no categories: the built-in ones the server seeds, with images shipped in
// client/public.
export const FALLBACK_CATEGORIES: HomeCategory[] = Object.entries(BUILT_IN_CATEGORIES).map(([name, description]) => ({
  name,
  description,
  id: `fallback-${name.toLowerCase()}`,
  image: `/images/categories/${name.toLowerCase()}.svg`,
}));

export function categoriesToShow(fromServer: readonly HomeCategory[]): HomeCategory[] {
  if (fromServer.length === 0) return FALLBACK_CATEGORIES;
  return fromServer.map((category) => ({
    ...category,
    // Blank: the page says its default sentence in the reader's language (client/lib/genre-names.ts).
    description: category.description.trim(),
  }));
}

export function categoryPath(name: string): string {
  return `/category/${encodeURIComponent(name)}`;
}
