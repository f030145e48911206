// The rules of a book's copies and edits, asked by both stores' adapters and by the catalogue service: what a new
// book is, how an edit's copies resolve against the stored book, and when an edit would change nothing.
import { BOOK_FIELD_NAMES, storedFields } from '../../store/port.ts';
import type { BookEdit, BookFields, BookRecord } from '../../store/port.ts';

/** A new book as both stores keep it: every copy owned on the shelf, at version 0. */
export function newBookState(fields: BookFields): Omit<BookRecord, 'id' | 'createdAt' | 'updatedAt'> {
  return { ...storedFields(fields), quantity: fields.quantity, copies: fields.quantity, version: 0 };
}

/** Copies owned after an edit (its `quantity` resolved against the stored book), and the copies on loan now. */
export function resolveEdit(stored: BookRecord, edit: BookEdit): { copies: number; onLoan: number } {
  const onLoan = stored.copies - stored.quantity;
  return { copies: edit.copies ?? (edit.quantity === undefined ? stored.copies : edit.quantity + onLoan), onLoan };
}

/** True when a stored book already holds what an edit writes: an update that would change nothing. */
export function sameBook(stored: BookRecord, edit: BookEdit, copies: number): boolean {
  return (
    BOOK_FIELD_NAMES.every((key) => edit[key] === undefined || stored[key] === edit[key]) && stored.copies === copies
  );
}
