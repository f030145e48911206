// Copies as items in MongoDB: the item document and what is read off it (items.ts explains the design). An item
// says which copy is which: its barcode (_id), its shelf status as staff set it, and the loan or ready hold that
// has it (loanId, holdId). What a copy is doing is derived: a loan's copy is ON_LOAN (RETURNING once the member
// claims the return), a ready hold's ON_HOLD_SHELF, any other its shelf status.
import { ObjectId } from 'mongodb';
import type { Collection, Filter } from 'mongodb';
import type { ItemRecord, ItemShelfStatus, ItemStatus } from '../port.ts';
import type { BookDoc, HoldDoc, LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';

/** A copy in the middle of a staff change: NEW (being added) or a shelf status, to `to`. */
export interface ItemMove {
  from: ItemShelfStatus | 'NEW';
  to: ItemShelfStatus;
  note: string | null;
}

export interface ItemDoc {
  /** The barcode (barcodes.ts), from the counter: never given out twice. */
  _id: string;
  bookId: string;
  /** Unique: `${bookId}:${n}` for a book's n-th first copy (insert, migration), else the barcode. */
  birth: string;
  shelfStatus: ItemShelfStatus;
  addedAt: Date;
  note: string;
  /** The loan that has it (a pending borrow's claim, or an active loan); null otherwise. */
  loanId: string | null;
  /** The ready hold it is set aside for; null otherwise. */
  holdId: string | null;
  move?: ItemMove;
}

/** The barcode counter: seq is the last number given out. */
export interface CounterDoc {
  _id: string;
  seq: number;
}

export interface ItemCollections {
  books: Collection<BookDoc>;
  loans: Collection<LoanDoc>;
  holds: Collection<HoldDoc>;
  items: Collection<ItemDoc>;
  counters: Collection<CounterDoc>;
}

/** Item writes of one book are queued through the KeyLock on servers whose updates are not atomic. */
export const itemLockOf =
  (lock: KeyLock) =>
  <T>(bookId: string, work: () => Promise<T>): Promise<T> =>
    lock.run(`items:${bookId}`, work);

/** An item no loan or hold has, on the shelf and not moving: what a borrow or a hold may take. */
export function freeItems(bookId: string): Filter<ItemDoc> {
  return { bookId, shelfStatus: 'ON_SHELF', loanId: null, holdId: null, move: { $exists: false } };
}

/** True when the item may be lent (free, or set aside for `holdId`, the borrower's own ready hold). */
export function lendable(doc: ItemDoc, bookId: string, holdId: string | undefined): boolean {
  return (
    doc.bookId === bookId &&
    doc.shelfStatus === 'ON_SHELF' &&
    !doc.move &&
    doc.loanId === null &&
    (doc.holdId === null || doc.holdId === holdId)
  );
}

export function toItem(doc: ItemDoc, claimedAt: Date | null): ItemRecord {
  // A copy mid-move shows where it comes from until the move is done.
  const shelf = doc.move && doc.move.from !== 'NEW' ? doc.move.from : doc.shelfStatus;
  const status: ItemStatus = doc.loanId ? (claimedAt ? 'RETURNING' : 'ON_LOAN') : doc.holdId ? 'ON_HOLD_SHELF' : shelf;
  return {
    barcode: doc._id,
    bookId: doc.bookId,
    status,
    addedAt: doc.addedAt,
    note: doc.note,
    loanId: doc.loanId,
    holdId: doc.holdId,
  };
}

export const oid = (hex: string) => ObjectId.createFromHexString(hex);

/** One of a book's first copies (insert, migration), on the shelf since the book was added. */
export const shelfCopy = (barcode: string, book: Pick<BookDoc, '_id' | 'createdAt'>, birth: string): ItemDoc => ({
  _id: barcode,
  bookId: book._id.toHexString(),
  birth,
  shelfStatus: 'ON_SHELF',
  addedAt: book.createdAt,
  note: '',
  loanId: null,
  holdId: null,
});
