// The books table's rows: its descriptive columns (book-fields.ts) read into a BookRecord and written from one,
// and what the books adapter's parts share (the connection, its statements, where long reads run).
import type { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import { bookFieldEntries, type BookFieldKind, type BookFieldValues, type BookRecord } from '../port.ts';
import { dateValue, numValue, numValueOrNull, textValue } from './db.ts';
import type { ReadValue, Row } from './db.ts';
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

/** How a descriptive field's value is read from its column, by the field's kind. */
type ReadField = ReadValue<string | number | null>;

const READ: Record<BookFieldKind, ReadField> = {
  line: textValue,
  text: textValue,
  url: textValue,
  rating: numValue,
  money: numValueOrNull,
};

/** The values of the descriptive fields in FIELD_COLUMNS order, as SQL parameters. */
export const fieldValues = (fields: BookFieldValues): SQLInputValue[] => FIELD_COLUMNS.map(({ name }) => fields[name]);

/**
 * A books row as a BookRecord: { id, the descriptive fields in FIELD_COLUMNS order, quantity, copies, version,
 * createdAt, updatedAt }. Made once from FIELD_COLUMNS, so each property is read and written by a name in the
 * code, where a loop over the fields read and stored every one by a name looked up at run time (decision 096). The
 * names come from FIELD_COLUMNS, each written as a JSON string literal.
 */
export const toBook: (row: Row) => BookRecord = (() => {
  const quoted = JSON.stringify;
  const read = (column: string, how: string) => `${how}(row[${quoted(column)}], ${quoted(column)})`;
  const properties = [
    `id: ${read('id', 'text')}`,
    ...FIELD_COLUMNS.map(({ name, column }, i) => `${quoted(name)}: ${read(column, `field[${i}]`)}`),
    `quantity: ${read('quantity', 'num')}`,
    `copies: ${read('copies', 'num')}`,
    `version: ${read('version', 'num')}`,
    `createdAt: ${read('created_at', 'date')}`,
    `updatedAt: ${read('updated_at', 'date')}`,
  ];
  const make = new Function('field', 'text', 'num', 'date', `return (row) => ({ ${properties.join(', ')} });`) as (
    field: ReadField[],
    text: typeof textValue,
    num: typeof numValue,
    date: typeof dateValue,
  ) => (row: Row) => BookRecord;
  return make(
    FIELD_COLUMNS.map(({ kind }) => READ[kind]),
    textValue,
    numValue,
    dateValue,
  );
})();
