// The first-run catalogue: seeded once, consistent with the categories, and every image exists on disk.
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../server/store/port.ts';
import { SEED_BOOKS } from '../../server/store/seed/books.ts';
import { categorySvg } from '../../server/store/seed/category-svg.ts';
import { coverSvg } from '../../server/store/seed/cover-svg.ts';
import { assetFile } from '../../server/store/seed/generate-assets.ts';
import { seedIfEmpty } from '../../server/store/seed/seed-if-empty.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { bookFields, collect } from './contract/harness.ts';

const SPEC_CATEGORIES = [
  'Thriller',
  'Sci-Fi',
  'Poetry',
  'Drama',
  'Children',
  'Self-Help',
  'Biography',
  'Fantasy',
  'Romance',
];

let dir = '';
let store: Store;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-seed-'));
  store = await openSqliteStore(join(dir, 'bookhaven.db'));
});
afterEach(async () => {
  await store.close();
  await rm(dir, { recursive: true, force: true });
});

describe('seedIfEmpty', () => {
  it('seeds the nine spec categories and the starter books once', async () => {
    const first = await seedIfEmpty(store);
    expect(first).toEqual({ categories: 9, books: SEED_BOOKS.length });
    expect(await seedIfEmpty(store)).toEqual({ categories: 0, books: 0 });
    expect((await store.categories.list()).map((c) => c.name)).toEqual(SPEC_CATEGORIES);
    expect(await store.books.count()).toBe(SEED_BOOKS.length);
    const featured = (await store.books.list({}, { first: 3 })).nodes.map((b) => b.title);
    expect(featured).toEqual(['Dracula', 'Frankenstein', 'Pride and Prejudice']);
  });

  it('leaves a catalogue someone has started alone', async () => {
    await store.books.insert(bookFields({ title: 'My Own Book' }));
    expect(await seedIfEmpty(store)).toEqual({ categories: 9, books: 0 });
    expect((await collect(store.books.all())).map((b) => b.title)).toEqual(['My Own Book']);
  });

  it('gives a believable catalogue: every genre used, ratings 3.5 to 5, every stock badge', async () => {
    await seedIfEmpty(store);
    const books = await collect(store.books.all());
    expect(books.length).toBeGreaterThanOrEqual(27);
    expect(await store.books.genres()).toEqual([...SPEC_CATEGORIES].sort());
    for (const b of books) {
      expect(b.rating).toBeGreaterThanOrEqual(3.5);
      expect(b.rating).toBeLessThanOrEqual(5);
      expect(Number.isInteger(b.quantity) && b.quantity >= 0 && b.quantity <= 8).toBe(true);
      expect(b.description.length).toBeGreaterThan(40);
    }
    expect(books.some((b) => b.quantity === 0)).toBe(true);
    expect(books.filter((b) => b.quantity >= 1 && b.quantity <= 3).length).toBeGreaterThanOrEqual(3);
    expect(new Set(books.map((b) => b.title)).size).toBe(books.length);
  });

  it('points every cover and category image at a committed SVG that names it', async () => {
    await seedIfEmpty(store);
    for (const b of await collect(store.books.all())) {
      expect(b.image).toMatch(/^\/assets\/library\/covers\/[a-z0-9-]+\.svg$/);
      const svg = readFileSync(assetFile(b.image), 'utf8');
      expect(svg).toContain('<svg');
      expect(svg).toContain('viewBox="0 0 400 600"');
      expect(svg).toContain(b.author.replace(/'/g, '&apos;'));
      // The committed file is what the generator writes today (rerun generate-assets.ts after edits).
      expect(svg).toBe(coverSvg(b));
    }
    for (const c of await store.categories.list()) {
      expect(c.image).toMatch(/^\/assets\/library\/categories\/[a-z0-9-]+\.svg$/);
      expect(existsSync(assetFile(c.image))).toBe(true);
      const svg = readFileSync(assetFile(c.image), 'utf8');
      expect(svg).toContain(`>${c.name}</text>`);
      expect(svg).toBe(categorySvg(c));
      expect(c.description.length).toBeGreaterThan(10);
    }
  });
});
