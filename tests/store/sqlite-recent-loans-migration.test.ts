// Searches ranked from indexes (schema.ts, 21; docs/decisions/060): a library written before keeps its books'
// recent borrows beside their keys (counted from its loans), its grams gain the words' first characters, every
// gram is counted, and from then on a loan made counts at once.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { searchShortGrams, searchWordStarts } from '../../server/store/ids.ts';
import { recentSince } from '../../server/store/search-words.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { newLoan } from './contract/harness.ts';

const BEFORE = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE recent_window'));
const DAY = 86_400_000;
const BOOKS: [id: string, title: string, author: string][] = [
  ['a00000000000000000000001', 'Atlas Quiet', 'Ann Able'],
  ['a00000000000000000000002', 'Atlas Busy', 'Ann Able'],
  ['a00000000000000000000003', 'Atlas Long Ago', 'Ann Able'],
  ['a00000000000000000000004', 'Brat', 'Ben Bold'],
];

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-recent-loans-migration-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A library at the version before: its books written at the first version (the later migrations index them),
 * two recent loans of Atlas Busy, one of Brat, and three of Atlas Long Ago 200 days ago.
 */
function oldLibrary(file: string): void {
  const old = openDatabaseAt(file, 1);
  const book = old.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
    search_key, created_at, updated_at) VALUES (?, ?, ?, 'Drama', 'd', '/x.svg', 4, 5, ?, 1000, 2000)`);
  for (const [id, title, author] of BOOKS) book.run(id, title, author, `${title}\u001f${author}`.toLowerCase());
  const loan = old.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date, return_date,
    returned_at, status, book_title, book_author, book_image, book_category) VALUES (?, ?, ?, 'U', 'u@example.com', ?,
    ?, ?, 'returned', 'T', 'A', '/x.svg', 'Drama')`);
  const now = Date.now();
  const loans: [book: number, daysAgo: number][] = [
    [1, 1],
    [1, 3],
    [3, 0],
    [2, 200],
    [2, 201],
    [2, 202],
  ];
  loans.forEach(([i, daysAgo], n) => {
    const at = now - daysAgo * DAY;
    loan.run(`b0000000000000000000000${n}`, BOOKS[i]![0], `u${n}`, at, at + 14 * DAY, at + DAY);
  });
  old.close();
  openDatabaseAt(file, BEFORE).close();
}

it('counts recent borrows and grams from what the library holds, ranks by them, and counts new loans', async () => {
  expect(BEFORE).toBe(20);
  const file = join(dir, 'old.db');
  oldLibrary(file);
  const store = await openSqliteStore(file);
  try {
    const titles = async (search: string) =>
      (await store.books.list({ search }, { first: 10 })).nodes.map((book) => book.title);
    expect(await titles('atlas')).toEqual(['Atlas Busy', 'Atlas Long Ago', 'Atlas Quiet']);
    expect(await titles('a')).toEqual(['Atlas Busy', 'Atlas Long Ago', 'Atlas Quiet', 'Brat']);
    // A loan made now counts at once: Atlas Quiet passes Atlas Long Ago (no recent borrow).
    const made = await store.loans.checkout(newLoan(BOOKS[0]![0], { userId: 'new', borrowDate: new Date() }));
    expect(made.ok).toBe(true);
    expect(await titles('atlas')).toEqual(['Atlas Busy', 'Atlas Quiet', 'Atlas Long Ago']);
  } finally {
    await store.close();
  }
  const db = new DatabaseSync(file);
  try {
    const since = recentSince(Date.now()).getTime();
    const recent = db
      .prepare(
        `SELECT d.id, d.recent, (SELECT COUNT(*) FROM loans WHERE book_id = d.id AND borrow_date >= ?) AS loans
          FROM book_search_docs d ORDER BY d.id`,
      )
      .all(since)
      .map((row) => [row['id'], row['recent'], row['loans']]);
    expect(recent).toEqual([
      [BOOKS[0]![0], 1, 1],
      [BOOKS[1]![0], 2, 2],
      [BOOKS[2]![0], 0, 0],
      [BOOKS[3]![0], 1, 1],
    ]);
    // Every gram of each key, and its words' first characters, each counted once per book.
    const expected = new Map<string, number>();
    for (const row of db.prepare('SELECT search_key FROM book_search_docs').all())
      for (const gram of [
        ...searchShortGrams(String(row['search_key'])),
        ...searchWordStarts(String(row['search_key'])),
      ])
        expected.set(gram, (expected.get(gram) ?? 0) + 1);
    const counts = new Map(
      db
        .prepare('SELECT gram, n FROM book_gram_counts WHERE n > 0')
        .all()
        .map((row) => [String(row['gram']), Number(row['n'])]),
    );
    expect(counts).toEqual(expected);
    expect(counts.get('\u0001at')).toBe(3);
    expect(counts.get('at')).toBe(4);
  } finally {
    db.close();
  }
});
