// First-run content, so a fresh install has something to browse. Safe to call on every boot.
import type { Store } from '../port.ts';
import { SEED_BOOKS } from './books.ts';
import { SEED_CATEGORIES } from './categories.ts';
import { fixedHolidays } from './calendar.ts';

export async function seedIfEmpty(
  store: Store,
  now: Date = new Date(),
  opts: { holidays?: boolean } = {},
): Promise<{ categories: number; books: number; closures: number }> {
  const categories = await store.categories.seed([...SEED_CATEGORIES]);
  // Only an empty catalogue gets the starter books: never mix them into a library someone has built.
  const books = (await store.books.count()) === 0 ? await store.books.insertMany([...SEED_BOOKS]) : 0;
  // This year's and next year's fixed holidays, each year once (a boot in a new year adds the year after).
  let closures = 0;
  if (opts.holidays !== false)
    for (const year of [now.getUTCFullYear(), now.getUTCFullYear() + 1])
      closures += await store.calendar.seedYear(year, fixedHolidays(year, now));
  return { categories, books, closures };
}
