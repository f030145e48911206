// First-run content, so a fresh install has something to browse. Safe to call on every boot.
import type { Store } from '../port.ts';
import { SEED_BOOKS } from './books.ts';
import { SEED_CATEGORIES } from './categories.ts';

export async function seedIfEmpty(store: Store): Promise<{ categories: number; books: number }> {
  const categories = await store.categories.seed([...SEED_CATEGORIES]);
  // Only an empty catalogue gets the starter books: never mix them into a library someone has built.
  const books = (await store.books.count()) === 0 ? await store.books.insertMany([...SEED_BOOKS]) : 0;
  return { categories, books };
}
