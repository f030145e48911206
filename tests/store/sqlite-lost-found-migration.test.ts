// The ledger's rebuild for the 'lost-found' kind (schema.ts, 20): a library's charges and payments survive it
// with their indexes (one charge of a kind per loan, the cash-up's), and a lost copy found then refunds.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { replacementRefund } from '../../server/library/settlement.ts';
import { itemBarcode } from '../../shared/barcodes.ts';
import { MIGRATIONS } from '../../server/store/sqlite/schema.ts';
import { openDatabaseAt } from '../../server/store/sqlite/db.ts';
import { openSqliteStore } from '../../server/store/sqlite/open-sqlite-store.ts';

const BEFORE = MIGRATIONS.findIndex((sql) => sql.includes("'waiver', 'lost-found'"));
const BOOK = 'a00000000000000000000001';
const LOAN = 'b00000000000000000000001';
const BARCODE = itemBarcode(1);

let dir = '';
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bookhaven-lost-found-migration-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A library at the version before the refund: a loan closed as lost, charged 400 + 100, and 500 paid. */
function oldLibrary(file: string): void {
  const old = openDatabaseAt(file, BEFORE);
  old.exec(`INSERT INTO books (id, title, author, genre, description, image, rating, quantity, copies, held, version,
    search_key, created_at, updated_at) VALUES ('${BOOK}', 'Old', 'A', 'Drama', 'd', '/x.svg', 4, 0, 0, 0, 1,
    'old a', 1000, 2000)`);
  old.exec(`INSERT INTO loans (id, book_id, user_id, user_name, user_email, borrow_date, return_date, returned_at,
    status, loss, book_title, book_author, book_image, book_category, item_barcode) VALUES ('${LOAN}', '${BOOK}',
    'u1', 'U', 'u@example.com', 10, 864000000, 4000, 'returned', 'lost', 'Old', 'A', '/x.svg', 'Drama', '${BARCODE}')`);
  old.exec(`UPDATE item_seq SET last = 1`);
  old.exec(`INSERT INTO item_seq (id, last) SELECT 1, 1 WHERE NOT EXISTS (SELECT 1 FROM item_seq)`);
  old.exec(
    `INSERT INTO items (book_id, seq, barcode, status, added_at) VALUES ('${BOOK}', 1, '${BARCODE}', 'LOST', 5)`,
  );
  const entry = old.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, book_title, note, recorded_by,
    created_at) VALUES (?, 'u1', ?, ?, ?, 'Old', 'n', 'staff', ?)`);
  entry.run('c00000000000000000000001', 'replacement', 400, LOAN, 4000);
  entry.run('c00000000000000000000002', 'processing-fee', 100, LOAN, 4000);
  entry.run('c00000000000000000000003', 'payment', 500, null, 5000);
  old.close();
}

it('keeps every ledger row and index through the rebuild, and then refunds a lost copy found', async () => {
  const file = join(dir, 'old.db');
  oldLibrary(file);
  const store = await openSqliteStore(file);
  try {
    expect((await store.ledger.list('u1')).map((entry) => [entry.kind, entry.amount])).toEqual([
      ['payment', 500],
      ['processing-fee', 100],
      ['replacement', 400],
    ]);
    expect(await store.ledger.balance('u1')).toBe(0);
    const found = await store.items.found(BARCODE, new Date(6000), 'staff', replacementRefund);
    expect(found).toMatchObject({ ok: true, refund: { kind: 'lost-found', amount: 400, loanId: LOAN } });
    expect(await store.ledger.balance('u1')).toBe(-400);
    expect((await store.ledger.credits(new Date(0), new Date(1e12))).map((entry) => entry.kind)).toEqual(['payment']);
    expect(await store.books.get(BOOK)).toMatchObject({ copies: 1, quantity: 1 });
  } finally {
    await store.close();
  }
  const db = new DatabaseSync(file);
  try {
    const indexes = db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('ledger', 'loans') AND sql IS NOT NULL",
      )
      .all()
      .map((row) => row['name']);
    expect(indexes).toEqual(
      expect.arrayContaining(['ledger_by_user', 'ledger_one_charge', 'ledger_credits_by_time', 'loans_by_item']),
    );
    // One charge of a kind per loan, as before.
    expect(() =>
      db.exec(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, note, created_at)
        VALUES ('c00000000000000000000009', 'u1', 'replacement', 1, '${LOAN}', 'n', 1)`),
    ).toThrow();
  } finally {
    db.close();
  }
});
