// A page of a search kept on SQLite across writes that cannot change it (decision 093): it answers what a fresh
// read answers after any mix of borrows, returns, renewals, edits, additions and erased loans on its connection,
// and a write that cannot change it runs no statement.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { BookStore } from '../../server/store/port.ts';
import { openDatabase } from '../../server/store/sqlite/db.ts';
import { sqliteBooks } from '../../server/store/sqlite/books.ts';
import { sqliteLoans } from '../../server/store/sqlite/loans.ts';
import { bookFields, newLoan } from './contract/harness.ts';
import { countedReaders } from './fixtures/counted-readers.ts';

let dir = '';
const open: DatabaseSync[] = [];
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-kept-searches-'));
});
afterEach(async () => {
  for (const db of open.splice(0)) db.close();
  await rm(dir, { recursive: true, force: true });
});

/** A connection to the test's file whose reader statements are counted (the reader threads run the same ones). */
function connection(statements: string[] = []) {
  const db = openDatabase(join(dir, 'bookhaven.db'));
  open.push(db);
  // A low cap, so that the one-letter searches are read tier by tier too (books-tiered.ts).
  return {
    db,
    books: sqliteBooks(db, countedReaders(statements), { rankAllUpTo: 12 }),
    loans: sqliteLoans(db),
    statements,
  };
}

/** A page as the SPA reads it: ids, stock, count, cursor. */
async function page(books: BookStore, search: string, after: string | null) {
  const { nodes, totalCount, hasNextPage, endCursor } = await books.list({ search }, { first: 5, after });
  return { nodes: nodes.map((b) => `${b.id} ${b.title} ${b.quantity}`), totalCount, hasNextPage, endCursor };
}

/** Every page of a search, five books at a time, and the cursors that asked for them. */
async function pages(books: BookStore, search: string) {
  const out: unknown[] = [];
  const cursors: (string | null)[] = [];
  let after: string | null = null;
  for (let i = 0; i < 12; i++) {
    const read = await page(books, search, after);
    out.push(read);
    cursors.push(after);
    if (!read.hasNextPage) break;
    after = read.endCursor;
  }
  return { out, cursors };
}

const WORDS = ['river', 'stone', 'night', 'rain', 'red', 'rose', 'nadi'];
const SEARCHES = ['river', 'RIVER stone', 'r', 'ro', 'night rain', 'rose', 'nodi', 'zzqx'];

/** A small seeded generator, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => (state = (state * 1103515245 + 12345) % 2147483648) / 2147483648;
}

it.each([44, 7])(
  'answers every page of every search as a fresh read does, across 150 random writes (seed %i)',
  async (seed) => {
    const kept = connection();
    // Another connection reads afresh: each of the first one's commits drops its pages (PRAGMA data_version).
    const fresh = connection();
    const rand = random(seed);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;
    const title = () => `${pick(WORDS)} ${pick(WORDS)}${rand() < 0.5 ? ` ${pick(WORDS)}` : ''}`;
    const ids: string[] = [];
    for (let i = 0; i < 60; i++)
      ids.push((await kept.books.insert(bookFields({ title: title(), quantity: 1 + Math.floor(rand() * 3) }))).id);
    const loans: string[] = [];
    let member = 0;
    // A member who read the first pages before a write asks for more with the cursors they were given.
    let before = new Map<string, (string | null)[]>();
    const asked = async () => {
      const now = new Map<string, (string | null)[]>();
      for (const search of SEARCHES) {
        const read = await pages(kept.books, search);
        expect(read.out).toEqual((await pages(fresh.books, search)).out);
        for (const after of before.get(search) ?? [])
          expect(await page(kept.books, search, after)).toEqual(await page(fresh.books, search, after));
        now.set(search, read.cursors);
      }
      before = now;
    };
    await asked();
    const statementsBefore = kept.statements.length;
    for (let step = 0; step < 150; step++) {
      const choice = rand();
      if (choice < 0.4) {
        const result = await kept.loans.checkout(
          newLoan(pick(ids), {
            userId: `member-${member++}`,
            borrowDate: new Date(),
            returnDate: new Date(Date.now() + 864e5),
          }),
        );
        if (result.ok) loans.push(result.loan.id);
      } else if (choice < 0.55 && loans.length > 0) {
        await kept.loans.checkin(loans.splice(Math.floor(rand() * loans.length), 1)[0]!, new Date());
      } else if (choice < 0.65 && loans.length > 0) {
        await kept.loans.renew(pick(loans), { dueDate: () => new Date(Date.now() + 2 * 864e5), maxRenewals: 5 });
      } else if (choice < 0.75) {
        const id = pick(ids);
        const book = (await kept.books.get(id))!;
        await kept.books.update(id, {
          ...bookFields({ title: rand() < 0.3 ? title() : book.title }),
          copies: book.copies,
        });
      } else if (choice < 0.92) {
        // A loan erased with its member: the book's recent borrows go down.
        const id = loans.splice(Math.floor(rand() * loans.length), 1)[0];
        if (id) kept.db.prepare('DELETE FROM loans WHERE id = ?').run(id);
      } else if (choice < 0.95) {
        ids.push((await kept.books.insert(bookFields({ title: title(), quantity: 1 }))).id);
      }
      await asked();
    }
    // Most asks were answered from kept pages: far fewer statements than a read of each.
    const reads = kept.statements.length - statementsBefore;
    const freshReads = fresh.statements.length;
    expect(reads).toBeLessThan(freshReads / 2);
  },
);

it('runs no statement for a search after a borrow, return or renewal that cannot change its page', async () => {
  const { books, loans, statements } = connection();
  const river = [];
  for (let i = 0; i < 8; i++) river.push(await books.insert(bookFields({ title: `River ${i}`, quantity: 3 })));
  const stone = await books.insert(bookFields({ title: 'Stone Night', quantity: 2 }));
  const borrow = async (id: string, member: string) => {
    const result = await loans.checkout(newLoan(id, { userId: member, borrowDate: new Date() }));
    if (!result.ok) throw new Error(result.reason);
    return result.loan.id;
  };
  const page = async () => (await books.list({ search: 'river' }, { first: 3 })).nodes.map((b) => b.title);
  expect(await page()).toEqual(['River 0', 'River 1', 'River 2']);
  let ran = statements.length;
  // A book that does not match, borrowed, renewed and returned: the page stays.
  const loan = await borrow(stone.id, 'member-1');
  await loans.renew(loan, { dueDate: () => new Date(Date.now() + 864e5 * 20), maxRenewals: 5 });
  await loans.checkin(loan, new Date());
  expect(await page()).toEqual(['River 0', 'River 1', 'River 2']);
  expect(statements.length).toBe(ran);
  // A match off the page borrowed: it ranks before the page's last now (more recent borrows), so it is read.
  await borrow(river[5]!.id, 'member-2');
  expect(await page()).toEqual(['River 5', 'River 0', 'River 1']);
  expect(statements.length).toBeGreaterThan(ran);
  ran = statements.length;
  // Every book on the page borrowed twice: one borrow of another match cannot reach it.
  for (const [i, id] of [river[0]!.id, river[1]!.id].entries()) await borrow(id, `member-${3 + i}`);
  for (const [i, id] of [river[5]!.id, river[0]!.id, river[1]!.id].entries()) await borrow(id, `member-${5 + i}`);
  expect(await page()).toEqual(['River 0', 'River 1', 'River 5']);
  ran = statements.length;
  await borrow(river[6]!.id, 'member-9');
  expect(await page()).toEqual(['River 0', 'River 1', 'River 5']);
  expect(statements.length).toBe(ran);
  // A book on the page returned: its stock is in the next answer.
  const returned = (await loans.listByUser('member-3'))[0]!;
  await loans.checkin(returned.id, new Date());
  expect((await books.list({ search: 'river' }, { first: 3 })).nodes[0]).toMatchObject({
    title: 'River 0',
    quantity: 2,
  });
  expect(statements.length).toBeGreaterThan(ran);
});

it('answers a last page again with a book that fell to it from an earlier one (its borrow erased)', async () => {
  const { db, books, loans } = connection();
  const fall = [];
  for (let i = 0; i < 4; i++) fall.push(await books.insert(bookFields({ title: `Fall ${i}`, quantity: 2 })));
  const borrowed = await loans.checkout(newLoan(fall[3]!.id, { borrowDate: new Date() }));
  if (!borrowed.ok) throw new Error(borrowed.reason);
  const first = await books.list({ search: 'fall' }, { first: 3 });
  expect(first.nodes.map((b) => b.title)).toEqual(['Fall 3', 'Fall 0', 'Fall 1']);
  const last = () => books.list({ search: 'fall' }, { first: 3, after: first.endCursor });
  expect((await last()).nodes.map((b) => b.title)).toEqual(['Fall 2']);
  // The loan erased with its member: Fall 3 has no recent borrow left and ranks last, after the cursor.
  db.prepare('DELETE FROM loans WHERE id = ?').run(borrowed.loan.id);
  expect((await last()).nodes.map((b) => b.title)).toEqual(['Fall 2', 'Fall 3']);
});
