// Migration 16 (copies as items) on a file from before it: every copy a book owns becomes an item, every
// active loan and ready hold gets its copy, the counters stay as they were, and opening again changes nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';
import { expectAllItemsAgree } from './contract/items-agree.ts';
import { bookFields } from './contract/harness.ts';

// The last version before items: the index of the migration that made them.
const BEFORE_ITEMS = MIGRATIONS.findIndex((sql) => sql.includes('CREATE TABLE items ('));

const BOOK = { a: 'a00000000000000000000001', b: 'a00000000000000000000002', c: 'a00000000000000000000003' };
const LOAN = {
  out: 'b00000000000000000000001',
  claimed: 'b00000000000000000000002',
  ended: 'b00000000000000000000003',
  lost: 'b00000000000000000000004',
};
const HOLD = {
  ready: 'c00000000000000000000001',
  waiting: 'c00000000000000000000002',
  done: 'c00000000000000000000003',
};

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-items-migration-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * A library at the version before items. Book a owns 3: 2 on loan (one claimed returned), 1 set aside for a ready
 * hold, with a member waiting (so none on the shelf) and loans and holds that ended; b owns 2 on the shelf; c none.
 */
function oldLibrary(file: string): void {
  const old = openDatabaseAt(file, BEFORE_ITEMS);
  const book = old.prepare(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity,
    copies, held, version, search_key, created_at, updated_at)
    VALUES (?, 'Old', 'A', 'Drama', 'd', '/x.svg', 4, ?, ?, ?, 7, 'old a', 1000, 2000)`);
  book.run(BOOK.a, 0, 3, 1);
  book.run(BOOK.b, 2, 2, 0);
  book.run(BOOK.c, 0, 0, 0);
  const loan = old.prepare(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date,
    return_date, returned_at, status, loss, claimed_at, book_title, book_author, book_image, book_category)
    VALUES (?, ?, ?, 'U', 'u@example.com', ?, 864000000, ?, ?, ?, ?, 'Old', 'A', '/x.svg', 'Drama')`);
  loan.run(LOAN.out, BOOK.a, 'u1', 10, null, 'borrowed', null, null);
  loan.run(LOAN.claimed, BOOK.a, 'u2', 20, null, 'borrowed', null, 5000);
  loan.run(LOAN.ended, BOOK.a, 'u3', 30, 4000, 'returned', null, null);
  loan.run(LOAN.lost, BOOK.b, 'u3', 30, 4000, 'returned', 'lost', null);
  const hold = old.prepare(`INSERT INTO holds (id, book_id, user_id, user_name, user_email, book_title, status,
    created_at, ready_at, ended_at) VALUES (?, ?, ?, 'H', 'h@example.com', 'Old', ?, ?, ?, ?)`);
  hold.run(HOLD.ready, BOOK.a, 'u4', 'ready', 100, 3000, null);
  hold.run(HOLD.waiting, BOOK.a, 'u5', 'waiting', 200, null, null);
  hold.run(HOLD.done, BOOK.a, 'u6', 'fulfilled', 50, 60, 70);
  old.close();
}

function counters(file: string): unknown[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return db.prepare('SELECT id, quantity, copies, held, version, updated_at FROM books ORDER BY id').all();
  } finally {
    db.close();
  }
}

function snapshot(file: string): unknown {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return {
      version: db.prepare('PRAGMA user_version').get(),
      items: db.prepare('SELECT * FROM items ORDER BY seq').all(),
      seq: db.prepare('SELECT * FROM item_seq').all(),
      loans: db.prepare('SELECT id, item_barcode FROM loans ORDER BY id').all(),
      holds: db.prepare('SELECT id, item_barcode FROM holds ORDER BY id').all(),
      books: db.prepare('SELECT * FROM books ORDER BY id').all(),
    };
  } finally {
    db.close();
  }
}

describe('SQLite migration: copies as items', () => {
  it('gives every copy owned an item and every active loan and ready hold its copy, counters unchanged', async () => {
    expect(BEFORE_ITEMS).toBeGreaterThan(0);
    const file = join(dir, 'old.db');
    oldLibrary(file);
    const before = counters(file);

    const store = await openSqliteStore(file);
    try {
      expect(counters(file)).toEqual(before);
      await expectAllItemsAgree(store, Object.values(BOOK));
      const items = await store.items.listByBook(BOOK.a);
      expect(items.map((item) => item.status)).toEqual(['ON_LOAN', 'RETURNING', 'ON_HOLD_SHELF']);
      expect(items.every((item) => item.addedAt.getTime() === 1000 && item.note === '')).toBe(true);
      expect((await store.items.listByBook(BOOK.b)).map((item) => item.status)).toEqual(['ON_SHELF', 'ON_SHELF']);
      expect(await store.items.listByBook(BOOK.c)).toEqual([]);

      expect(await store.loans.get(LOAN.out)).toMatchObject({ status: 'borrowed', itemBarcode: items[0]!.barcode });
      expect(await store.loans.get(LOAN.claimed)).toMatchObject({
        status: 'returning',
        itemBarcode: items[1]!.barcode,
      });
      expect(await store.loans.get(LOAN.ended)).toMatchObject({ status: 'returned', itemBarcode: null });
      expect(await store.loans.get(LOAN.lost)).toMatchObject({ status: 'lost', itemBarcode: null });
      expect(await store.holds.get(HOLD.ready)).toMatchObject({ status: 'ready', itemBarcode: items[2]!.barcode });
      expect(await store.holds.get(HOLD.waiting)).toMatchObject({ status: 'waiting', itemBarcode: null });
      expect(await store.holds.get(HOLD.done)).toMatchObject({ status: 'fulfilled', itemBarcode: null });

      // Circulation goes on from there: the claimed copy comes back to the member waiting, and a new book's
      // barcodes follow the migrated ones.
      const back = await store.loans.checkin(LOAN.claimed, new Date(6000));
      expect(back).toMatchObject({ ok: true, loan: { itemBarcode: items[1]!.barcode } });
      expect(await store.holds.get(HOLD.waiting)).toMatchObject({ status: 'ready', itemBarcode: items[1]!.barcode });
      const added = await store.books.insert(bookFields({ quantity: 1 }));
      const [fresh] = await store.items.listByBook(added.id);
      expect(fresh!.barcode > (await store.items.listByBook(BOOK.b)).at(-1)!.barcode).toBe(true);
      await expectAllItemsAgree(store, [...Object.values(BOOK), added.id]);
    } finally {
      await store.close();
    }
  });

  it('runs once: opening the migrated file again changes nothing', async () => {
    const file = join(dir, 'old.db');
    oldLibrary(file);
    await (await openSqliteStore(file)).close();
    const first = snapshot(file);
    await (await openSqliteStore(file)).close();
    expect(snapshot(file)).toEqual(first);
    expect(first).toMatchObject({ version: { user_version: MIGRATIONS.length }, seq: [{ id: 1, last: 5 }] });
  });
});
