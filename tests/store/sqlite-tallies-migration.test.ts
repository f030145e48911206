// The catalogue's counts kept (schema.ts, 22; docs/decisions/066): a library written before counts its books per
// genre, and those with a copy on the shelf, from what it holds, and from then on every write keeps them.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { newLoan } from './contract/harness.ts';

const BEFORE = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE book_tallies'));
const BOOKS: [id: string, genre: string, quantity: number][] = [
  ['a00000000000000000000001', 'Poetry', 2],
  ['a00000000000000000000002', 'Poetry', 0],
  ['a00000000000000000000003', 'Poetry', 1],
  ['a00000000000000000000004', 'Drama', 1],
  ['a00000000000000000000005', 'Science Fiction', 0],
];

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-tallies-migration-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('counts the books of each genre and those on the shelf from what the library holds, then keeps them', async () => {
  expect(BEFORE).toBe(21);
  const file = join(dir, 'old.db');
  const old = openDatabaseAt(file, 1);
  const book = old.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
    search_key, created_at, updated_at) VALUES (?, ?, 'Ann Able', ?, 'd', '/x.svg', 4, ?, ?, 1000, 2000)`);
  for (const [id, genre, quantity] of BOOKS) book.run(id, `Book ${id}`, genre, quantity, `book ${id}\u001fann able`);
  old.close();
  openDatabaseAt(file, BEFORE).close();

  const store = await openSqliteStore(file);
  try {
    expect(await store.books.count()).toBe(5);
    expect(await store.books.genres()).toEqual(['Drama', 'Poetry', 'Science Fiction']);
    expect(await store.books.countByGenre('Poetry')).toBe(3);
    expect(await store.books.facets({})).toEqual({
      genreCounts: [
        { genre: 'Drama', count: 1 },
        { genre: 'Poetry', count: 3 },
        { genre: 'Science Fiction', count: 1 },
      ],
      availableCount: 3,
    });
    expect((await store.books.list({ availableOnly: true, genre: 'Poetry' }, { first: 1 })).totalCount).toBe(2);
    // The Drama book's one copy lent: Drama has none on the shelf.
    const lent = await store.loans.checkout(newLoan(BOOKS[3]![0], { borrowDate: new Date() }));
    expect(lent.ok).toBe(true);
    expect(await store.books.facets({ availableOnly: true })).toEqual({
      genreCounts: [{ genre: 'Poetry', count: 2 }],
      availableCount: 2,
    });
  } finally {
    await store.close();
  }
});
