// The books adapter's writes: books inserted with their copies as items, edits and changes of stock, each in one
// transaction with the search index's upkeep, the items moved and the members waiting served.
import { editedFields, type BookFields, type BookRecord, type BookStore } from '../port.ts';
import { newBookState, resolveEdit, sameBook } from '../../library/rules/book-edits.ts';
import { newId, parseId, searchKey } from '../ids.ts';
import { num, text, transaction } from './db.ts';
import type { Row } from './db.ts';
import { FIELD_COLUMNS, fieldValues, toBook, type BookSql } from './book-rows.ts';
import { searchIndex } from './search-index.ts';
import { fillHolds } from './holds.ts';
import { itemMoves } from './item-moves.ts';

/** catalogueWritten: called on each insert or rename, which a kept search count depends on (book-counts.ts). */
export function bookWrites(
  { db, prepare }: BookSql,
  catalogueWritten: () => void,
): Pick<BookStore, 'insert' | 'insertMany' | 'update' | 'changeStock'> {
  // No RETURNING: a statement that opens a savepoint makes FTS5 flush its pending rows, one segment per book.
  const columns = FIELD_COLUMNS.map(({ column }) => column);
  const insertSql = `INSERT INTO books (id, ${columns.join(', ')}, quantity, copies, version, search_key, created_at,
    updated_at) VALUES (?, ${columns.map(() => '?').join(', ')}, ?, ?, 0, ?, ?, ?)`;
  const updateSql = `UPDATE books SET ${columns.map((column) => `${column} = ?`).join(', ')}, copies = ?,
    quantity = ? - (copies - quantity), version = version + 1, search_key = ?, updated_at = ? WHERE id = ? RETURNING *`;
  const { indexNew, reindex } = searchIndex(prepare);
  /**
   * Inserts one book with its copies as items (numbered from firstSeq, or from the counter) and indexes it; the
   * caller holds the transaction.
   */
  const insertRow = (fields: BookFields, firstSeq?: number): BookRecord => {
    const now = Date.now();
    const id = newId();
    const book = newBookState(fields);
    const key = searchKey(book.title, book.author);
    prepare(insertSql).run(id, ...fieldValues(book), book.quantity, book.copies, key, now, now);
    const items = itemMoves(db);
    if (firstSeq === undefined) items.create(id, book.copies, new Date(now));
    else items.insert(id, firstSeq, book.copies, new Date(now));
    indexNew(id, key);
    catalogueWritten();
    return { id, ...book, createdAt: new Date(now), updatedAt: new Date(now) };
  };
  const getRow = (id: string): Row | undefined => prepare('SELECT * FROM books WHERE id = ?').get(id);

  return {
    async insert(fields) {
      return transaction(db, () => insertRow(fields));
    },

    async insertMany(list) {
      return transaction(db, () => {
        // One step of the barcode counter for the whole batch.
        const total = list.reduce((sum, fields) => sum + Math.max(0, newBookState(fields).copies), 0);
        let next = total > 0 ? itemMoves(db).allocate(total) : 0;
        for (const fields of list) next += Math.max(0, insertRow(fields, next).copies);
        return list.length;
      });
    },

    async update(id, edit, expectedVersion) {
      const key = parseId(id);
      if (!key) return null;
      return transaction(db, () => {
        const row = getRow(key);
        if (!row) return null;
        const current = toBook(row);
        if (expectedVersion != null && expectedVersion !== current.version)
          return { refused: 'version' as const, book: current, modified: false as const };
        const { copies, onLoan } = resolveEdit(current, edit);
        if (copies < onLoan) return { refused: 'copies-on-loan' as const, book: current, modified: false as const };
        if (sameBook(current, edit, copies)) return { book: current, modified: false };
        const fields = editedFields(current, edit);
        const newKey = searchKey(fields.title, fields.author);
        const updated = prepare(updateSql).get(...fieldValues(fields), copies, copies, newKey, Date.now(), key);
        if (!updated) return null;
        if (newKey !== text(row, 'search_key')) {
          reindex(key, text(row, 'search_key'), newKey);
          catalogueWritten();
        }
        // Copies added become items (and go to the members waiting first); copies removed leave the shelf.
        if (copies < current.copies) itemMoves(db).withdraw(key, current.copies - copies);
        if (copies > current.copies) {
          itemMoves(db).create(key, copies - current.copies, new Date());
          fillHolds(db, key, new Date());
          return { book: toBook(getRow(key) ?? updated), modified: true };
        }
        return { book: toBook(updated), modified: true };
      });
    },

    async changeStock(id, delta) {
      const key = parseId(id);
      if (!key) return null;
      return transaction(db, () => {
        const row = prepare(`UPDATE books SET quantity = quantity + ?, copies = copies + ?, version = version + 1,
          updated_at = ? WHERE id = ? AND quantity + ? >= 0 RETURNING quantity`).get(
          delta,
          delta,
          Date.now(),
          key,
          delta,
        );
        if (!row) return null;
        if (delta < 0) itemMoves(db).withdraw(key, -delta);
        if (delta > 0) {
          itemMoves(db).create(key, delta, new Date());
          fillHolds(db, key, new Date());
        }
        return num(getRow(key) ?? row, 'quantity');
      });
    },
  };
}
