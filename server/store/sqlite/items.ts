// Items (copies with barcodes) in SQLite: adding copies and staff's status changes move the book's counters
// in the same transaction, and a copy reaching the shelf goes to the first member waiting (fillHolds).
import type { DatabaseSync } from 'node:sqlite';
import { firstOfRun, isItemBarcode, itemBarcode } from '../../../shared/barcodes.ts';
import type { ItemShelfStatus, ItemStore } from '../port.ts';
import { parseId } from '../ids.ts';
import { num, transaction } from './db.ts';
import { fillHolds } from './holds.ts';
import { itemMoves } from './item-moves.ts';
import { sqliteFound } from './lost-found.ts';

const SHELF_STATUSES: readonly ItemShelfStatus[] = ['ON_SHELF', 'IN_REPAIR', 'LOST', 'WITHDRAWN'];

export function sqliteItems(db: DatabaseSync): ItemStore {
  // Copies owned and available move together: a copy joins or leaves the collection through the shelf.
  const addCopies = db.prepare(`UPDATE books SET copies = copies + ?, quantity = quantity + ?, version = version + 1,
    updated_at = ? WHERE id = ? RETURNING quantity`);
  const quantityOf = db.prepare('SELECT quantity FROM books WHERE id = ?');
  const setNote = db.prepare('UPDATE items SET note = ? WHERE barcode = ?');
  const items = itemMoves(db);
  const found = sqliteFound(db);
  return {
    found,

    async get(barcode) {
      return isItemBarcode(barcode) ? items.get(barcode) : null;
    },

    async listByBook(bookId) {
      const id = parseId(bookId);
      return id ? items.listByBook(id) : [];
    },

    async reserve(count) {
      if (!Number.isInteger(count) || count < 1 || count > 100) throw new RangeError(`Cannot add ${count} copies`);
      const first = transaction(db, () => items.allocate(count));
      return Array.from({ length: count }, (_, i) => itemBarcode(first + i));
    },

    async add(bookId, count, at, note = '', reserved) {
      if (!Number.isInteger(count) || count < 1 || count > 100) throw new RangeError(`Cannot add ${count} copies`);
      const first = reserved ? firstOfRun(reserved, count) : null;
      const id = parseId(bookId);
      if (!id) return null;
      return transaction(db, () => {
        if (!addCopies.get(count, count, Date.now(), id)) return null;
        const barcodes = first === null ? items.create(id, count, at, note) : items.insert(id, first, count, at, note);
        fillHolds(db, id, at);
        return barcodes.map((barcode) => items.get(barcode)!);
      });
    },

    async setStatus(barcode, status, note, at) {
      if (!SHELF_STATUSES.includes(status)) throw new RangeError(`Staff cannot set an item ${status}`);
      if (!isItemBarcode(barcode)) return { ok: false, reason: 'item-not-found' };
      return transaction(db, () => {
        const item = items.get(barcode);
        if (!item) return { ok: false, reason: 'item-not-found' } as const;
        if (item.loanId !== null || item.holdId !== null) return { ok: false, reason: 'item-busy' } as const;
        if (item.status === status) {
          if (note !== null) setNote.run(note, barcode);
        } else {
          items.leave(barcode, status, note);
          // Leaving the shelf takes the copy out of copies owned and available; coming back puts it in both.
          const delta = status === 'ON_SHELF' ? 1 : item.status === 'ON_SHELF' ? -1 : 0;
          if (delta !== 0) addCopies.run(delta, delta, Date.now(), item.bookId);
          if (delta > 0) fillHolds(db, item.bookId, at);
        }
        const quantity = num(quantityOf.get(item.bookId) ?? {}, 'quantity');
        return { ok: true, item: items.get(barcode)!, quantity } as const;
      });
    },
  };
}
