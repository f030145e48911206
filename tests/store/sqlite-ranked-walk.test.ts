// A search with many matches is ranked tier by tier from the indexes (sqlite/books-tiered.ts, tieredPage;
// docs/decisions/060): it must find and order exactly what ranking every match finds, page by page,
// with the same cursors and counts. Each book's kept recent borrows and each gram's kept count must stay what the
// loans and the grams say as loans are made and returned, books renamed, and the 90-day window moves.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookStore, LoanStore } from '../../server/store/port.ts';
import { recentSince } from '../../server/store/search-words.ts';
import { sqliteBooks } from '../../server/store/sqlite/books.ts';
import { openDatabase } from '../../server/store/sqlite/db.ts';
import { sqliteLoans } from '../../server/store/sqlite/loans.ts';
import { bookFields, newLoan } from './contract/harness.ts';

const DAY = 86_400_000;
let dir = '';
let db: DatabaseSync;
let ranked: BookStore; // every match ranked (the default below RANK_ALL_UP_TO matches)
let walked: BookStore; // tier by tier from the indexes, whatever the count
let mixed: BookStore; // tier by tier past 20 matches, ranges of titles of at most 20 sorted
let walkedAlways: BookStore; // tier by tier, every tier of a search of several words or a long one walked
let rankedTiers: BookStore; // tier by tier, those tiers ranked whole instead
let loans: LoanStore;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-ranked-walk-'));
  db = openDatabase(join(dir, 'bookhaven.db'));
  ranked = sqliteBooks(db, undefined, { rankAllUpTo: Number.MAX_SAFE_INTEGER });
  walked = sqliteBooks(db, undefined, { rankAllUpTo: 0 });
  mixed = sqliteBooks(db, undefined, { rankAllUpTo: 20 });
  walkedAlways = sqliteBooks(db, undefined, { rankAllUpTo: 0, walkRowsPerMatch: 1e9 });
  rankedTiers = sqliteBooks(db, undefined, { rankAllUpTo: 0, walkRowsPerMatch: 0 });
  loans = sqliteLoans(db);
});
afterEach(async () => {
  vi.useRealTimers();
  db.close();
  await rm(dir, { recursive: true, force: true });
});

/** Every page of a search: the ids in order, each page's count, and the cursors. */
async function pages(store: BookStore, search: string, first: number) {
  const ids: string[] = [];
  const counts = new Set<number>();
  const cursors: string[] = [];
  let after: string | null = null;
  for (let n = 0; n < 500; n++) {
    const page = await store.list({ search }, { first, after });
    ids.push(...page.nodes.map((book) => book.id));
    counts.add(page.totalCount);
    if (!page.hasNextPage) return { ids, counts: [...counts], cursors };
    after = page.endCursor;
    cursors.push(after ?? '');
  }
  throw new Error('no last page');
}

/** A small catalogue where short words match most books, at every tier, with titles equal to a word. */
async function catalogue(): Promise<string[]> {
  const syllables = ['a', 'ab', 'th', 'the', 'ba', 'storm', 'at', 'rath', 'b', 'sea', 'ta'];
  let seed = 7;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const word = () => syllables[next(syllables.length)]! + (next(3) ? syllables[next(syllables.length)] : '');
  const fields = Array.from({ length: 120 }, (_, i) =>
    bookFields({
      title: i % 17 === 0 ? 'A' : i % 13 === 0 ? 'Th' : `${word()} ${word()}`,
      author: `${word()} ${word()}`,
      quantity: 5,
    }),
  );
  // A short word few books hold, beside long words many hold: its range drives the count and the tiers.
  const rare = ['Qu the sea', 'The qu', 'Sea storm', 'Atqu'].map((title, i) =>
    bookFields({ title, author: i % 2 ? 'the ba' : 'rath qu', quantity: 5 }),
  );
  const ids: string[] = [];
  for (const f of [...fields, ...rare]) ids.push((await walked.insert(f)).id);
  // Recent borrows from 0 to 3, some long ago (not counted).
  for (let i = 0; i < ids.length; i += 2)
    for (let k = 0; k < (i / 2) % 4; k++) {
      const borrowDate = new Date(Date.now() - (k === 2 ? 200 : 1) * DAY);
      expect((await loans.checkout(newLoan(ids[i]!, { userId: `u${k}`, borrowDate }))).ok).toBe(true);
    }
  return ids;
}

/** Books whose kept recent borrows differ from their loans since the window's start, and grams miscounted. */
function drift(now = Date.now()) {
  const since = recentSince(now).getTime();
  const recent = db
    .prepare(
      `SELECT d.id FROM book_search_docs d
        WHERE d.recent <> (SELECT COUNT(*) FROM loans WHERE book_id = d.id AND borrow_date >= ?)`,
    )
    .all(since);
  const grams = db
    .prepare(
      `SELECT gram FROM (SELECT gram, COUNT(*) AS n FROM book_grams GROUP BY gram) g
        WHERE n <> COALESCE((SELECT n FROM book_gram_counts c WHERE c.gram = g.gram), 0)
       UNION ALL SELECT gram FROM book_gram_counts c
        WHERE n <> (SELECT COUNT(*) FROM book_grams g WHERE g.gram = c.gram)`,
    )
    .all();
  return { recent, grams };
}

describe('SQLite: short searches ranked from the indexes', () => {
  it('finds, orders, counts and pages exactly as ranking every match does', async () => {
    await catalogue();
    expect(drift()).toEqual({ recent: [], grams: [] });
    const short = ['a', 'th', 'ab', 'b', 't', 'at', 'ba', 'e', 'st', 'm', 'zq'];
    const more = ['the', 'storm', 'a th', 'th a', 'the ba', 'rath', 'sea storm', 'ab ba', 'at the', 'sto ath'];
    // Words of 3+ characters with more matches than mixed's cap of 20, some with a short word that leaves fewer.
    const long = [
      'sea',
      'bat',
      'ath',
      'sea ta',
      'the b',
      'storm ab',
      'bab',
      'sea the',
      'qu the',
      'the sea qu',
      'u sea',
    ];
    for (const search of [...short, ...more, ...long]) {
      for (const first of [1, 4, 25]) {
        const whole = await pages(ranked, search, first);
        expect(await pages(walked, search, first), `${search}, ${first} a page`).toEqual(whole);
        expect(await pages(mixed, search, first), `${search}, ${first} a page, mixed`).toEqual(whole);
        expect(await pages(walkedAlways, search, first), `${search}, ${first} a page, walked`).toEqual(whole);
        expect(await pages(rankedTiers, search, first), `${search}, ${first} a page, tiers ranked`).toEqual(whole);
      }
    }
    // The exact counts, by brute force over the catalogue.
    const all = (await ranked.list({}, { first: 500 })).nodes;
    for (const search of [...more, ...long]) {
      const words = search.split(' ');
      const matching = all.filter((book) =>
        words.every((word) => `${book.title}\u001f${book.author}`.toLowerCase().includes(word)),
      ).length;
      expect(matching, `${search} matches`).toBeGreaterThan(0);
      expect((await mixed.list({ search }, { first: 3 })).totalCount, `${search}, count`).toBe(matching);
    }
    // A cursor from one way resumes in the other.
    const start = await ranked.list({ search: 'a' }, { first: 7 });
    const [fromRanked, fromWalked] = await Promise.all([
      ranked.list({ search: 'a' }, { first: 9, after: start.endCursor }),
      walked.list({ search: 'a' }, { first: 9, after: start.endCursor }),
    ]);
    expect(fromWalked.nodes.map((b) => b.id)).toEqual(fromRanked.nodes.map((b) => b.id));
    expect(fromWalked.totalCount).toBe(fromRanked.totalCount);
  });

  it('ranks a tier whole when its walk runs out of budget before the page is full', async () => {
    // Twenty matches, every one a word start (tier 1), all last in rank order behind 180 books that do not match:
    // at 6 walked rows a match the first page's walk is tried (a budget of 124 or 126 docs of 200) and finds none.
    const sparse = sqliteBooks(db, undefined, { rankAllUpTo: 0, walkRowsPerMatch: 6 });
    for (let i = 0; i < 180; i++) await walked.insert(bookFields({ title: `Aaa ${i}`, author: 'Ann', quantity: 1 }));
    for (let i = 0; i < 20; i++)
      await walked.insert(bookFields({ title: `Zz zqxmo ${i}`, author: 'Ann', quantity: 1 }));
    for (const first of [3, 5]) {
      const whole = await pages(ranked, 'zqx', first);
      expect(whole.ids).toHaveLength(20);
      expect(await pages(sparse, 'zqx', first), `${first} a page`).toEqual(whole);
    }
  });

  it('keeps recent borrows and gram counts exact as loans are made and returned, books renamed, days pass', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.UTC(2027, 0, 10, 12);
    vi.setSystemTime(now);
    const ids = await catalogue();
    expect(drift()).toEqual({ recent: [], grams: [] });
    // A loan made today counts; returning it does not change what it counted (a borrow began).
    const made = await loans.checkout(newLoan(ids[1]!, { userId: 'late', borrowDate: new Date(now) }));
    if (!made.ok) throw new Error(made.reason);
    const top = async () => (await walked.list({ search: 'a' }, { first: 200 })).nodes.map((b) => b.id);
    expect((await loans.checkin(made.loan.id, new Date(now + DAY))).ok).toBe(true);
    expect(drift()).toEqual({ recent: [], grams: [] });
    // Renames move grams between counts.
    await walked.update(ids[3]!, { title: 'Zq Qz' });
    await walked.update(ids[4]!, { author: 'a b' });
    expect(drift()).toEqual({ recent: [], grams: [] });
    const before = await top();
    // 88 days on, a loan of the day before still counts (today and the 89 days before); 92 days on, none made here.
    for (const days of [88, 92, 400]) {
      vi.setSystemTime(now + days * DAY);
      const later = await top();
      expect(drift(), `${days} days on`).toEqual({ recent: [], grams: [] });
      expect(later).toEqual((await pages(ranked, 'a', 200)).ids);
      if (days === 88) expect(later).toEqual(before);
    }
    // The clock going back counts them again.
    vi.setSystemTime(now + DAY);
    await top();
    expect(drift()).toEqual({ recent: [], grams: [] });
    expect(await top()).toEqual(before);
  });
});
