// A lost copy found, in SQLite (decision 059): in one transaction the copy comes back (to the shelf, or to the
// first member waiting) and, when its last loan was closed as lost, that loan's replacement charge is refunded
// as a 'lost-found' credit, of what the library's rule gives from the member's ledger read in that transaction
// (a waiver at the same moment waits for it). ledger_one_charge keeps it to one per loan; the transaction makes a
// second scan see the copy back already.
import type { DatabaseSync } from 'node:sqlite';
import { isItemBarcode } from '../../../shared/barcodes.ts';
import { newId } from '../ids.ts';
import { systemNote, type FoundResult, type RefundRule } from '../port.ts';
import { num, transaction } from './db.ts';
import { fillHolds } from './holds.ts';
import { itemMoves } from './item-moves.ts';
import { referenceTaker, toEntry } from './ledger.ts';
import { toLoan } from './loans.ts';

const REFUND_NOTE = systemNote('ledgerLostFound');

export function sqliteFound(db: DatabaseSync) {
  const lastLoan = db.prepare('SELECT * FROM loans WHERE item_barcode = ? ORDER BY borrow_date DESC, id DESC LIMIT 1');
  const entryOf = db.prepare('SELECT * FROM ledger WHERE loan_id = ? AND kind = ?');
  const ledgerOf = db.prepare('SELECT * FROM ledger WHERE user_id = ?');
  const refund = db.prepare(`INSERT INTO ledger (id, user_id, kind, amount, loan_id, book_title, note, recorded_by,
    created_at, reference) VALUES (?, ?, 'lost-found', ?, ?, ?, ?, ?, ?, ?) RETURNING *`);
  const nextReference = referenceTaker(db);
  const addCopy = db.prepare(`UPDATE books SET copies = copies + 1, quantity = quantity + 1, version = version + 1,
    updated_at = ? WHERE id = ?`);
  const quantityOf = db.prepare('SELECT quantity FROM books WHERE id = ?');
  const items = itemMoves(db);

  return async function found(
    barcode: string,
    at: Date,
    by: string,
    refundOf: RefundRule,
    year = at.getUTCFullYear(),
  ): Promise<FoundResult> {
    if (!isItemBarcode(barcode)) return { ok: false, reason: 'item-not-found' };
    return transaction(db, (): FoundResult => {
      const item = items.get(barcode);
      if (!item) return { ok: false, reason: 'item-not-found' };
      if (item.status !== 'LOST' || item.loanId !== null || item.holdId !== null)
        return { ok: false, reason: 'not-lost' };
      const row = lastLoan.get(barcode);
      const loan = row ? toLoan(row) : null;
      const lost = loan?.status === 'lost' ? loan : null;
      let entry = null;
      if (lost && !entryOf.get(lost.id, 'lost-found')) {
        const amount = refundOf(ledgerOf.all(lost.userId).map(toEntry), lost.id);
        const written =
          amount > 0 &&
          refund.get(
            newId(),
            lost.userId,
            amount,
            lost.id,
            lost.bookTitle,
            REFUND_NOTE,
            by,
            at.getTime(),
            nextReference(year),
          );
        entry = written ? toEntry(written) : null;
      }
      // Back on the shelf: into copies owned and available, then to the first member waiting.
      items.shelve(barcode);
      addCopy.run(Date.now(), item.bookId);
      fillHolds(db, item.bookId, at);
      const quantity = num(quantityOf.get(item.bookId) ?? {}, 'quantity');
      return { ok: true, item: items.get(barcode)!, quantity, loan: lost, refund: entry };
    });
  };
}
