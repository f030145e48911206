export type HomeCategory = { id: string; name: string; image: string; description: string };

export const DEFAULT_CATEGORY_DESCRIPTION = 'Explore books in this category';

// Spec 3: used when the server has no categories, with images shipped in client/public.
export const FALLBACK_CATEGORIES: HomeCategory[] = [
  { name: 'Thriller', description: 'Edge-of-your-seat suspense, twists and page-turning mysteries.' },
  { name: 'Sci-Fi', description: 'Future worlds, space travel and ideas that stretch the imagination.' },
  { name: 'Poetry', description: 'Verse and voices from classic and contemporary poets.' },
  { name: 'Drama', description: 'Plays and powerful stories of conflict, love and loss.' },
  { name: 'Children', description: 'Picture books and first chapters for young readers.' },
  { name: 'Self-Help', description: 'Practical guides for growth, habits and well-being.' },
  { name: 'Biography', description: 'True lives of remarkable people, told in their own time.' },
  { name: 'Fantasy', description: 'Magic, quests and legendary realms beyond our own.' },
  { name: 'Romance', description: 'Heart-warming love stories and unforgettable couples.' },
].map((category) => ({
  ...category,
  id: `fallback-${category.name.toLowerCase()}`,
  image: `/images/categories/${category.name.toLowerCase()}.svg`,
}));

export function categoriesToShow(fromServer: readonly HomeCategory[]): HomeCategory[] {
  if (fromServer.length === 0) return FALLBACK_CATEGORIES;
  return fromServer.map((category) => ({
    ...category,
    description: category.description.trim() || DEFAULT_CATEGORY_DESCRIPTION,
  }));
}

export function categoryPath(name: string): string {
  return `/category/${encodeURIComponent(name)}`;
}
