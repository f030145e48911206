// What the desk says about a scanned copy it cannot use: a misread barcode, a copy no one has, a copy lent to
// someone else (who has it, and to check it in first), or out of the collection. One place, so a scan refused
// before the store and one refused by it (another desk was quicker) read the same.
import type { ItemRecord, Store } from '../store/port.ts';
import { LibraryError, badInput } from './errors.ts';
import { normalScan, scannedItem } from '../../shared/barcodes.ts';

/**
 * A scanned or typed barcode, as the label prints it: spaces around it (a scanner's) are ignored, letters
 * read as capitals and eight bare digits as the label's number without its BH (barcodes.ts, scannedItem). A
 * misread (wrong shape or check digit) is refused, never taken for another copy.
 */
export function barcodeOf(value: unknown, field = 'barcode'): string {
  if (typeof value !== 'string' || value.trim() === '') throw badInput(field, `${field} is required`);
  const barcode = scannedItem(value);
  const code = normalScan(value);
  if (!barcode)
    throw badInput(
      field,
      `“${code.slice(0, 40)}” is not a copy's barcode: scan the label again, or type BH and the 8 digits under its bars.`,
    );
  return barcode;
}

export const noCopy = (barcode: string) => new LibraryError('NOT_FOUND', `No copy has the barcode ${barcode}.`);

/** A copy on loan or set aside for a hold: staff must end that first. */
export const itemBusy = (barcode: string) =>
  new LibraryError(
    'ITEM_BUSY',
    `${barcode} is on loan or set aside for a hold: check it in, or cancel the hold, before changing its status.`,
  );

export const notOnLoan = (barcode: string) => new LibraryError('NOT_ON_LOAN', `${barcode} is not on loan.`);

/**
 * Why a copy cannot be lent to the member `uid`, or null when it can: on the shelf, or set aside for this
 * member's own ready hold.
 */
export async function lendRefusal(store: Store, item: ItemRecord, uid: string): Promise<LibraryError | null> {
  const { barcode } = item;
  switch (item.status) {
    case 'ON_SHELF':
      return null;
    case 'ON_HOLD_SHELF': {
      const hold = item.holdId ? await store.holds.get(item.holdId) : null;
      if (hold?.userId === uid) return null;
      return new LibraryError(
        'ITEM_UNAVAILABLE',
        `${barcode} is set aside for another member's hold. Lend a copy from the shelf instead.`,
      );
    }
    case 'ON_LOAN':
    case 'RETURNING': {
      const loan = item.loanId ? await store.loans.get(item.loanId) : null;
      if (loan?.userId === uid)
        return new LibraryError('ALREADY_BORROWED', `${loan.userName} already has ${barcode} on loan.`);
      // The copy is claimed before its loan is written (MongoDB's steps): another desk is lending it this moment.
      if (!loan)
        return new LibraryError(
          'ITEM_ON_LOAN',
          `${barcode} is being lent at another desk right now. Scan it again in a moment to see who has it.`,
        );
      return new LibraryError(
        'ITEM_ON_LOAN',
        `${barcode} is on loan to ${loan.userName}. Check it in first, then lend it again.`,
      );
    }
    case 'IN_REPAIR':
      return new LibraryError(
        'ITEM_UNAVAILABLE',
        `${barcode} is in repair. Put it back on the shelf when it is mended, then lend it.`,
      );
    case 'LOST':
      return new LibraryError(
        'ITEM_UNAVAILABLE',
        `${barcode} is recorded as lost. Mark it found (back on the shelf) before lending it.`,
      );
    case 'WITHDRAWN':
      return new LibraryError(
        'ITEM_UNAVAILABLE',
        `${barcode} has been withdrawn from the collection and cannot be lent.`,
      );
  }
}
