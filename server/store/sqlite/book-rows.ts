// The books table's rows: its descriptive columns (book-fields.ts) read into a BookRecord and written from one,
// and what the books adapter's parts share (the connection, its statements, where long reads run).
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { bookFieldEntries, type BookFieldKind, type BookFieldValues, type BookRecord } from '../port.ts';
import { date, num, text } from './db.ts';
import type { Row } from './db.ts';
import type { Reader } from './reader.ts';

/** What the books adapter's parts (books.ts, books-search.ts, books-tiered.ts, books-write.ts) share. */
export interface BookSql {
  db: DatabaseSync;
  /** A statement of this connection, prepared once. */
  prepare: (sql: string) => StatementSync;
  /** Where the statements that may walk the whole catalogue run (reader.ts). */
  scans: Reader;
  searches: Reader;
  /** How many books hold a gram (1-2 characters, or a word start), from the kept counts (schema.ts, 8 and 21). */
  gramCount: (gram: string) => number;
  /** RANK_ALL_UP_TO and WALK_ROWS_PER_MATCH (books.ts), or what a test set. */
  rankAllUpTo: number;
  walkRowsPerMatch: number;
}

/** The descriptive fields' columns (book-fields.ts), in table order: the column lists of INSERT and UPDATE. */
export const FIELD_COLUMNS = bookFieldEntries().map(([name, spec]) => ({ name, column: spec.column, kind: spec.kind }));

const READ: Record<BookFieldKind, (row: Row, column: string) => string | number | null> = {
  line: text,
  text,
  url: text,
  rating: num,
  money: (row, column) => (row[column] == null ? null : num(row, column)),
};

/** The values of the descriptive fields in FIELD_COLUMNS order, as SQL parameters. */
export const fieldValues = (fields: BookFieldValues): SQLInputValue[] => FIELD_COLUMNS.map(({ name }) => fields[name]);

export function toBook(row: Row): BookRecord {
  const fields: Record<string, unknown> = {};
  for (const { name, column, kind } of FIELD_COLUMNS) fields[name] = READ[kind](row, column);
  return {
    id: text(row, 'id'),
    ...(fields as BookFieldValues),
    quantity: num(row, 'quantity'),
    copies: num(row, 'copies'),
    version: num(row, 'version'),
    createdAt: date(row, 'created_at'),
    updatedAt: date(row, 'updated_at'),
  };
}
