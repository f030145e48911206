// Low-level pieces of the SQLite adapter: opening the file, migrations, transactions and row decoding.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SQLInputValue, SQLOutputValue, StatementSync } from 'node:sqlite';
import { MIGRATIONS } from './schema.ts';
import { foldedKey, memberKey } from '../search-words.ts';
import { itemBarcode, memberCard } from '../../../shared/barcodes.ts';
import { searchShortGrams, searchWordStarts } from '../ids.ts';
import { romanKey } from '../../library/rules/banglish.ts';

export type Row = Record<string, SQLOutputValue>;

export function openDatabase(file: string): DatabaseSync {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new DatabaseSync(file, { enableForeignKeyConstraints: true, timeout: 5_000 });
  // WAL lets readers (health checks, other processes) proceed while a checkout holds the write lock.
  db.exec(
    'PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;',
  );
  addMigrationFunctions(db);
  migrate(db);
  keepPrepared(db);
  return db;
}

/** How many statements a connection keeps prepared: every fixed text the adapters use, with room to spare. */
const KEPT_STATEMENTS = 1_000;

/**
 * Statements are prepared once per connection and kept, by their text: node:sqlite compiles a statement anew at
 * every `prepare`, which the adapters call for each request (a member's page of loans and notices prepared six,
 * 17% of its CPU in one profile). A text built with a varying number of placeholders would make new entries
 * without end, so the oldest goes once KEPT_STATEMENTS are kept. Safe because nothing iterates a statement
 * across an await (no `iterate()` on this connection), and the one setting changed (rows as arrays, wholeRows)
 * is on statements whose text nothing else prepares.
 *
 * A bound LIMIT or OFFSET is written `+?`, never `?`: SQLite plans a bare `LIMIT ?` for the value bound, so it
 * compiles the statement again whenever that parameter is bound again, which node:sqlite does at every run (a page
 * of 21 books: 38 against 27 µs; S1's CPU a request 342 -> 288 µs; decision 095). The unary plus makes the
 * count an expression SQLite reads at run time. tests/store/sqlite-store.test.ts ("SQLite kept statements")
 * holds every statement of the adapters to it.
 */
function keepPrepared(db: DatabaseSync): void {
  const prepare = db.prepare.bind(db);
  const kept = new Map<string, StatementSync>();
  db.prepare = (sql: string) => {
    let statement = kept.get(sql);
    // On a closed database, preparing refuses as an outage (unavailable.ts); a kept statement would only say it
    // was finalized.
    if (!statement || !db.isOpen) {
      statement = prepare(sql);
      if (kept.size >= KEPT_STATEMENTS) kept.delete(kept.keys().next().value!);
      kept.set(sql, statement);
    }
    return statement;
  };
}

/** The SQL functions the migrations call (schema.ts). */
function addMigrationFunctions(db: DatabaseSync): void {
  // The folding of search keys, for migrations that refold stored text (schema.ts, 13).
  db.function('folded_key', { deterministic: true }, (first, second) => foldedKey(String(first), String(second)));
  // The barcode of the n-th copy, for the migration that gives existing copies their items (schema.ts, 16).
  db.function('item_barcode', { deterministic: true }, (seq) => itemBarcode(Number(seq)));
  // Card numbers and member search keys, for the migration that gives every member a card (schema.ts, 17).
  db.function('member_card', { deterministic: true }, (seq) => memberCard(Number(seq)));
  db.function('member_key', { deterministic: true }, (name, email, card, phone) =>
    memberKey(String(name), String(email), card === null ? null : String(card), phone === null ? null : String(phone)),
  );
  // The word-start grams of a search key as a JSON list, for the migration that adds them (schema.ts, 21).
  db.function('word_start_grams', { deterministic: true }, (key) => JSON.stringify(searchWordStarts(String(key))));
  // A search key's romanized key (Banglish) or NULL, for the migration that keeps it beside each doc (schema.ts, 32).
  db.function('roman_key', { deterministic: true }, (key) => romanKey(String(key)));
  // Every gram of a search key (book_grams: its 1-2 character substrings and word starts), for refolding (31).
  db.function('search_grams', { deterministic: true }, (key) =>
    JSON.stringify([...searchShortGrams(String(key)), ...searchWordStarts(String(key))]),
  );
}

/**
 * A file migrated from its own version to `version` and no further, as a library written before a later migration
 * left it: for the tests of that migration, which write their data into it and then open it with the store.
 */
export function openDatabaseAt(file: string, version: number): DatabaseSync {
  const db = new DatabaseSync(file);
  addMigrationFunctions(db);
  const current = Number(db.prepare('PRAGMA user_version').get()?.['user_version'] ?? 0);
  for (const sql of MIGRATIONS.slice(current, version)) db.exec(sql);
  db.exec(`PRAGMA user_version = ${version}`);
  return db;
}

/** Applies every migration newer than the file's user_version, each in its own transaction. */
function migrate(db: DatabaseSync): void {
  const current = Number(db.prepare('PRAGMA user_version').get()?.['user_version'] ?? 0);
  MIGRATIONS.forEach((sql, index) => {
    const version = index + 1;
    if (version <= current) return;
    transaction(db, () => {
      db.exec(sql);
      db.exec(`PRAGMA user_version = ${version}`);
    });
  });
}

/**
 * Runs fn inside BEGIN IMMEDIATE: the write lock is taken up front, so a read-then-write inside fn cannot be
 * overtaken by another connection. node:sqlite is synchronous, so nothing else in this process interleaves.
 * BEGIN and COMMIT are prepared statements, kept like any other (keepPrepared): `exec` would compile both again
 * for every write.
 */
export function transaction<T>(db: DatabaseSync, fn: () => T): T {
  db.prepare('BEGIN IMMEDIATE').run();
  try {
    const result = fn();
    db.prepare('COMMIT').run();
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

/** The columns of `table`, in the table's order (what `SELECT *` reads), as the schema has them now. */
export function columnsOf(db: DatabaseSync, table: string): string[] {
  return db
    .prepare('SELECT name FROM pragma_table_info(?)')
    .all(table)
    .map((column) => text(column, 'name'));
}

/**
 * A read of whole rows of `table` that node:sqlite returns as arrays, decoded one by one through a single object:
 * it then builds no object for each row, which was most of a hot read's cost (S1's page of 21 books: the gateway's
 * CPU a request 472 -> 438 µs; docs/performance.md). `to` gets the same row `SELECT *` would give and must not
 * keep it. The statement selects the table's columns by name, so its text is its own (the setting stays on it).
 */
export function wholeRows<T>(db: DatabaseSync, table: string, to: (row: Row) => T) {
  const columns = columnsOf(db, table);
  const list = columns.join(', ');
  const fill = rowFiller(columns);
  const decode = (rows: SQLOutputValue[][]): T[] => {
    const row: Row = {};
    return rows.map((values) => {
      fill(values, row);
      return to(row);
    });
  };
  const statement = (rest: string): StatementSync => {
    const prepared = db.prepare(`SELECT ${list} FROM ${table} ${rest}`);
    prepared.setReturnArrays(true);
    return prepared;
  };
  return {
    /** The rows of `SELECT * FROM table <rest>`, decoded. */
    all: (rest: string, ...params: SQLInputValue[]): T[] =>
      decode(statement(rest).all(...params) as unknown as SQLOutputValue[][]),
    /** The first row of `SELECT * FROM table <rest>`, decoded, or null. */
    get(rest: string, ...params: SQLInputValue[]): T | null {
      const values = statement(rest).get(...params) as unknown as SQLOutputValue[] | undefined;
      return values ? decode([values])[0]! : null;
    },
  };
}

/**
 * A function that copies a row read as an array onto `row` under its columns' names, made for one column list.
 * Each store in it names its property in the code: a loop over the names was a store V8 looks up by name every
 * time (its megamorphic keyed store, 2.1% of the gateway's samples on S1's pages of books; decision 096). The
 * names come from the schema (pragma_table_info), and each is written as a JSON string literal.
 */
export function rowFiller(columns: readonly string[]): (values: readonly SQLOutputValue[], row: Row) => void {
  const stores = columns.map((column, i) => `row[${JSON.stringify(column)}] = values[${i}];`);
  return new Function('values', 'row', stores.join('\n')) as (values: readonly SQLOutputValue[], row: Row) => void;
}

/** Moves with every commit of another connection to the file (a seed, another gateway). */
export const dataVersion = (prepare: (sql: string) => StatementSync): number =>
  num(prepare('PRAGMA data_version').get() ?? {}, 'data_version');

/** How many rows this connection has written since it opened (total_changes()): loans, holds, notices and all. */
export const rowsWritten = (prepare: (sql: string) => StatementSync): number =>
  num(prepare('SELECT total_changes() AS n').get() ?? {}, 'n');

export function text(row: Row, column: string): string {
  return textValue(row[column], column);
}

/** A value read from `column`, which must be text. */
export function textValue(value: SQLOutputValue | undefined, column: string): string {
  if (typeof value !== 'string') throw new TypeError(`Column ${column} is not text`);
  return value;
}

/** How a value read from a column is checked and made into what the record holds. */
export type ReadValue<T> = (value: SQLOutputValue | undefined, column: string) => T;

/** `read` for a nullable column: NULL (or a column the row does not have) reads as null. */
const orNull =
  <T>(read: ReadValue<T>): ReadValue<T | null> =>
  (value, column) =>
    value === null || value === undefined ? null : read(value, column);

const textValueOrNull = orNull(textValue);
export const numValueOrNull = orNull(numValue);
const dateValueOrNull = orNull(dateValue);

export function textOrNull(row: Row, column: string): string | null {
  return textValueOrNull(row[column], column);
}

export function num(row: Row, column: string): number {
  return numValue(row[column], column);
}

/** A value read from `column`, which must be a number (an integer column's bigint is read as a number). */
export function numValue(value: SQLOutputValue | undefined, column: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  throw new TypeError(`Column ${column} is not a number`);
}

export function numOrNull(row: Row, column: string): number | null {
  return numValueOrNull(row[column], column);
}

export function date(row: Row, column: string): Date {
  return dateValue(row[column], column);
}

/** Dates are stored as epoch milliseconds: exact, sortable, and the same precision as BSON dates. */
export function dateValue(value: SQLOutputValue | undefined, column: string): Date {
  return new Date(numValue(value, column));
}

export function dateOrNull(row: Row, column: string): Date | null {
  return dateValueOrNull(row[column], column);
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}
