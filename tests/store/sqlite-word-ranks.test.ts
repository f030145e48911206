// A search's word-start tier read in rank order (schema.ts, 23; docs/decisions/067): book_word_ranks holds each book
// under the first three characters of each of its words with its recent borrows and key, exactly as
// book_search_docs says, through every write that moves them: a book added, renamed, a loan made, the window of
// recent borrows moving on, and a library written before the migration.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { searchWordTrigrams } from '../../server/store/ids.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { bookFields, newLoan } from './contract/harness.ts';

const BEFORE = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE book_word_ranks'));
const DAY = 86_400_000;

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-word-ranks-'));
});
afterEach(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

/** The rows book_word_ranks must hold, from book_search_docs, and the rows it holds. */
function ranks(file: string): { expected: string[]; held: string[] } {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const expected = db
      .prepare('SELECT id, search_key, recent FROM book_search_docs')
      .all()
      .flatMap((row) =>
        searchWordTrigrams(String(row['search_key'])).map(
          (gram) => `${gram}|${row['recent']}|${row['search_key']}|${row['id']}`,
        ),
      )
      .sort();
    const held = db
      .prepare('SELECT gram, recent, search_key, id FROM book_word_ranks')
      .all()
      .map((row) => `${row['gram']}|${row['recent']}|${row['search_key']}|${row['id']}`)
      .sort();
    return { expected, held };
  } finally {
    db.close();
  }
}

it('keeps each book under its words in rank order through adding, renaming, lending and the window moving on', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
  const file = join(dir, 'library.db');
  // Every search read tier by tier (as one of more than a few pages of matches is), so the lists are read too.
  const store = await openSqliteStore(file, { rankAllUpTo: 0 });
  const agree = () => {
    const { expected, held } = ranks(file);
    expect(held).toEqual(expected);
    return held.length;
  };
  const titles = async (search: string) =>
    (await store.books.list({ search }, { first: 10 })).nodes.map((book) => book.title);
  try {
    const [quiet, busy] = await Promise.all(
      ['Lovely Quiet', 'Lovely Busy', 'Glovemaker'].map(
        async (title) => (await store.books.insert(bookFields({ title, author: 'Ann Able', quantity: 3 }))).id,
      ),
    );
    expect(agree()).toBeGreaterThan(0);
    expect(await titles('lovely')).toEqual(['Lovely Busy', 'Lovely Quiet']);
    // Two recent loans of Lovely Quiet: it ranks first among the books whose word starts with "lovely".
    for (const userId of ['u1', 'u2'])
      expect((await store.loans.checkout(newLoan(quiet!, { userId, borrowDate: new Date() }))).ok).toBe(true);
    agree();
    expect(await titles('lovely')).toEqual(['Lovely Quiet', 'Lovely Busy']);
    await store.books.update(busy!, { title: 'Lovelier Busy' });
    agree();
    expect(await titles('lovel')).toEqual(['Lovely Quiet', 'Lovelier Busy']);
    // 100 days on, the loans have left the window: back to key order.
    vi.setSystemTime(new Date(Date.now() + 100 * DAY));
    expect(await titles('lovel')).toEqual(['Lovelier Busy', 'Lovely Quiet']);
    agree();
  } finally {
    await store.close();
  }
});

it('fills the lists from a library written before', async () => {
  const file = join(dir, 'old.db');
  const old = openDatabaseAt(file, 1);
  const book = old.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
    search_key, created_at, updated_at) VALUES (?, ?, 'Ann Able', 'Drama', 'd', '/x.svg', 4, 2, ?, 1000, 2000)`);
  for (const [id, title] of [
    ['a00000000000000000000001', 'Lovely Day'],
    ['a00000000000000000000002', 'The Glove'],
  ] as const)
    book.run(id, title, `${title}\u001fann able`.toLowerCase());
  old.close();
  openDatabaseAt(file, BEFORE).close();
  const store = await openSqliteStore(file);
  try {
    expect((await store.books.list({ search: 'lov' }, { first: 10 })).nodes.map((b) => b.title)).toEqual([
      'Lovely Day',
      'The Glove',
    ]);
  } finally {
    await store.close();
  }
  const { expected, held } = ranks(file);
  expect(held).toEqual(expected);
  expect(held).toContain('lov|0|lovely day\u001fann able|a00000000000000000000001');
});
