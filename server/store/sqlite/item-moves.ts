// How copies (items) move in SQLite, inside the caller's transaction: every write that moves a book's counters
// (books, loans, holds, items) moves the items with them, so the counters always equal the items' counts.
// Statements are prepared once per connection: checkout and checkin run one of them each (bench S5).
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { itemBarcode } from '../../../shared/barcodes.ts';
import type { ItemRecord, ItemStatus } from '../port.ts';
import { date, num, text, textOrNull } from './db.ts';
import type { Row } from './db.ts';

const STATUSES: readonly ItemStatus[] = [
  'ON_SHELF',
  'ON_LOAN',
  'ON_HOLD_SHELF',
  'RETURNING',
  'IN_REPAIR',
  'LOST',
  'WITHDRAWN',
];

export function toItem(row: Row): ItemRecord {
  const status = text(row, 'status') as ItemStatus;
  if (!STATUSES.includes(status)) throw new TypeError(`Unknown item status ${status}`);
  return {
    barcode: text(row, 'barcode'),
    bookId: text(row, 'book_id'),
    status,
    addedAt: date(row, 'added_at'),
    note: text(row, 'note'),
    loanId: textOrNull(row, 'loan_id'),
    holdId: textOrNull(row, 'hold_id'),
  };
}

/** The copy a borrow or a hold takes from a book's shelf: the first added (one range of the key). */
const FIRST_ON_SHELF = `book_id = ?1 AND seq = (SELECT seq FROM items WHERE book_id = ?1 AND status = 'ON_SHELF'
  ORDER BY seq LIMIT 1)`;

function prepareMoves(db: DatabaseSync) {
  const statement = (sql: string): StatementSync => db.prepare(sql);
  return {
    byBarcode: statement('SELECT * FROM items WHERE barcode = ?'),
    byBook: statement('SELECT * FROM items WHERE book_id = ? ORDER BY seq'),
    allocate: statement('UPDATE item_seq SET last = last + ? WHERE id = 1 RETURNING last'),
    insert: statement(`INSERT INTO items (barcode, book_id, seq, status, added_at, note)
      VALUES (?, ?, ?, 'ON_SHELF', ?, ?)`),
    lendFromShelf: statement(
      `UPDATE items SET status = 'ON_LOAN', loan_id = ?2 WHERE ${FIRST_ON_SHELF} RETURNING barcode`,
    ),
    lend: statement("UPDATE items SET status = 'ON_LOAN', loan_id = ?, hold_id = NULL WHERE barcode = ?"),
    setAside: statement(
      `UPDATE items SET status = 'ON_HOLD_SHELF', hold_id = ?2 WHERE ${FIRST_ON_SHELF} RETURNING barcode`,
    ),
    shelve: statement("UPDATE items SET status = 'ON_SHELF', loan_id = NULL, hold_id = NULL WHERE barcode = ?"),
    claim: statement("UPDATE items SET status = 'RETURNING' WHERE barcode = ? AND status = 'ON_LOAN'"),
    leave: statement(`UPDATE items SET status = ?, loan_id = NULL, hold_id = NULL, note = COALESCE(?, note)
      WHERE barcode = ?`),
    // The most recently added copies on the shelf.
    withdraw: statement(`UPDATE items SET status = 'WITHDRAWN' WHERE book_id = ?1 AND seq IN (
      SELECT seq FROM items WHERE book_id = ?1 AND status = 'ON_SHELF' ORDER BY seq DESC LIMIT +?2)`),
  };
}

const moves = new WeakMap<DatabaseSync, ItemMoves>();

/** An item move that found the items disagreeing with the counters: the transaction is rolled back. */
function disagree(what: string): never {
  throw new Error(`Items disagree with the book's counters: ${what}`);
}

export type ItemMoves = ReturnType<typeof itemMovesOf>;

/** The item moves of a connection, prepared on first use. */
export function itemMoves(db: DatabaseSync): ItemMoves {
  let found = moves.get(db);
  if (!found) moves.set(db, (found = itemMovesOf(db)));
  return found;
}

function itemMovesOf(db: DatabaseSync) {
  const s = prepareMoves(db);
  const allocate = (count: number): number => {
    const row = s.allocate.get(count);
    if (!row) throw new Error('No item counter');
    return num(row, 'last') - count + 1;
  };
  const insert = (bookId: string, first: number, count: number, at: Date, note = ''): string[] => {
    const barcodes: string[] = [];
    for (let seq = first; seq < first + count; seq += 1) {
      const barcode = itemBarcode(seq);
      s.insert.run(barcode, bookId, seq, at.getTime(), note);
      barcodes.push(barcode);
    }
    return barcodes;
  };
  return {
    get(barcode: string): ItemRecord | null {
      const row = s.byBarcode.get(barcode);
      return row ? toItem(row) : null;
    },
    listByBook(bookId: string): ItemRecord[] {
      return s.byBook.all(bookId).map(toItem);
    },
    /** Hands out `count` barcodes' numbers in one step; answers the first. */
    allocate,
    /** Inserts `count` copies on the shelf numbered from `first` (allocate); the caller moved the counters. */
    insert,
    /** create = allocate + insert, for one book. */
    create(bookId: string, count: number, at: Date, note = ''): string[] {
      return count > 0 ? insert(bookId, allocate(count), count, at, note) : [];
    },
    /** Lends the book's first copy on the shelf to the loan; its barcode. */
    lendFromShelf(bookId: string, loanId: string): string {
      const row = s.lendFromShelf.get(bookId, loanId);
      return row ? text(row, 'barcode') : disagree(`no copy of ${bookId} on the shelf to lend`);
    },
    /** Lends a given copy (on the shelf, or set aside for the borrower's hold). */
    lend(barcode: string, loanId: string): void {
      if (Number(s.lend.run(loanId, barcode).changes) !== 1) disagree(`no copy ${barcode} to lend`);
    },
    /** Sets the book's first copy on the shelf aside for a ready hold; its barcode. */
    setAside(bookId: string, holdId: string): string {
      const row = s.setAside.get(bookId, holdId);
      return row ? text(row, 'barcode') : disagree(`no copy of ${bookId} on the shelf to set aside`);
    },
    /** Back on the shelf (a return, a hold passing its copy on). */
    shelve(barcode: string): void {
      if (Number(s.shelve.run(barcode).changes) !== 1) disagree(`no copy ${barcode} to shelve`);
    },
    claim(barcode: string): void {
      if (Number(s.claim.run(barcode).changes) !== 1) disagree(`no copy ${barcode} on loan`);
    },
    /** Out of the collection or into repair, with the note when given (null keeps it). */
    leave(barcode: string, status: ItemStatus, note: string | null): void {
      if (Number(s.leave.run(status, note, barcode).changes) !== 1) disagree(`no copy ${barcode}`);
    },
    /** Withdraws `count` copies from the shelf, the most recently added first. */
    withdraw(bookId: string, count: number): void {
      if (count > 0 && Number(s.withdraw.run(bookId, count).changes) !== count)
        disagree(`fewer than ${count} copies of ${bookId} on the shelf`);
    },
  };
}
