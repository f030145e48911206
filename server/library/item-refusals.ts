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
  if (typeof value !== 'string' || value.trim() === '') throw badInput(field, 'fieldRequired', { field });
  const barcode = scannedItem(value);
  const code = normalScan(value);
  if (!barcode) throw badInput(field, 'deskBarcodeMalformed', { code: code.slice(0, 40) });
  return barcode;
}

export const noCopy = (barcode: string) => new LibraryError('NOT_FOUND', 'deskNoCopy', { barcode });

/** A copy on loan or set aside for a hold: staff must end that first. */
export const itemBusy = (barcode: string) => new LibraryError('ITEM_BUSY', 'deskItemBusy', { barcode });

export const notOnLoan = (barcode: string) => new LibraryError('NOT_ON_LOAN', 'deskNotOnLoan', { barcode });

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
      return new LibraryError('ITEM_UNAVAILABLE', 'deskHeldForAnother', { barcode });
    }
    case 'ON_LOAN':
    case 'RETURNING': {
      const loan = item.loanId ? await store.loans.get(item.loanId) : null;
      if (loan?.userId === uid)
        return new LibraryError('ALREADY_BORROWED', 'deskAlreadyHas', { name: loan.userName, barcode });
      // The copy is claimed before its loan is written (MongoDB's steps): another desk is lending it this moment.
      if (!loan) return new LibraryError('ITEM_ON_LOAN', 'deskBeingLent', { barcode });
      return new LibraryError('ITEM_ON_LOAN', 'deskOnLoanTo', { barcode, name: loan.userName });
    }
    case 'IN_REPAIR':
      return new LibraryError('ITEM_UNAVAILABLE', 'deskInRepair', { barcode });
    case 'LOST':
      return new LibraryError('ITEM_UNAVAILABLE', 'deskLost', { barcode });
    case 'WITHDRAWN':
      return new LibraryError('ITEM_UNAVAILABLE', 'deskWithdrawn', { barcode });
  }
}
