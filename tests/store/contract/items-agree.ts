// The items invariant, checked through the port only: a book's counters are its items' counts, and every
// active loan and ready hold of the book has exactly one item that says so (and nothing else claims one).
import { expect } from 'vitest';
import { isItemBarcode } from '../../../shared/barcodes.ts';
import type { ItemRecord, ItemStatus, LoanRecord, Store } from '../../../server/store/port.ts';

/** The statuses counted in copies owned (BookRecord.copies). */
export const OWNED: readonly ItemStatus[] = ['ON_SHELF', 'ON_LOAN', 'ON_HOLD_SHELF', 'RETURNING'];

// Every active loan is "due before" the end of time, so the overdue list reads them all, page by page.
const END_OF_TIME = new Date(8.64e15);

/** Every active loan in the library (borrowed or claimed returned). */
export async function activeLoans(store: Store): Promise<LoanRecord[]> {
  const out: LoanRecord[] = [];
  let after: string | null = null;
  for (;;) {
    const page = await store.loans.overdue(END_OF_TIME, { first: 100, after });
    out.push(...page.nodes);
    if (!page.hasNextPage || !page.endCursor) return out;
    after = page.endCursor;
  }
}

/**
 * Asserts the items invariant for one book: copies == items ON_SHELF/ON_LOAN/ON_HOLD_SHELF/RETURNING,
 * quantity == items ON_SHELF; each active loan of the book has exactly one item (its loanId, ON_LOAN or
 * RETURNING as the loan says, loan.itemBarcode naming it); each ready hold likewise (ON_HOLD_SHELF, holdId,
 * hold.itemBarcode); no item has both, and an item has a loan or hold exactly when its status says so;
 * barcodes are well formed, unique, in order of addition, and get() answers each item as listed.
 * Pass `loans` (activeLoans(store)) when checking many books, to read the active loans once.
 */
export async function expectItemsAgree(store: Store, bookId: string, loans?: LoanRecord[]): Promise<ItemRecord[]> {
  const book = await store.books.get(bookId);
  expect(book, `book ${bookId} exists`).not.toBeNull();
  const items = await store.items.listByBook(bookId);
  const where = (status: ItemStatus) => items.filter((item) => item.status === status);
  expect(items.filter((item) => OWNED.includes(item.status)).length, 'copies owned = items owned').toBe(book!.copies);
  expect(where('ON_SHELF').length, 'copies available = items on the shelf').toBe(book!.quantity);

  const barcodes = items.map((item) => item.barcode);
  expect(new Set(barcodes).size, 'barcodes unique').toBe(barcodes.length);
  expect(
    barcodes.filter((code) => !isItemBarcode(code)),
    'barcodes well formed',
  ).toEqual([]);
  expect([...barcodes].sort(), 'listed in order of addition').toEqual(barcodes);
  for (const item of items) {
    expect(item.bookId).toBe(bookId);
    const onLoan = item.status === 'ON_LOAN' || item.status === 'RETURNING';
    expect(item.loanId !== null, `${item.barcode} (${item.status}) has a loan exactly when on loan`).toBe(onLoan);
    expect(item.holdId !== null, `${item.barcode} (${item.status}) has a hold exactly when set aside`).toBe(
      item.status === 'ON_HOLD_SHELF',
    );
    expect(await store.items.get(item.barcode)).toEqual(item);
  }

  const active = (loans ?? (await activeLoans(store))).filter((loan) => loan.bookId === bookId);
  expect(items.filter((item) => item.loanId !== null).length, 'one item per active loan').toBe(active.length);
  for (const loan of active) {
    const mine = items.filter((item) => item.loanId === loan.id);
    expect(mine.length, `loan ${loan.id} has exactly one item`).toBe(1);
    expect(mine[0]!.status).toBe(loan.status === 'returning' ? 'RETURNING' : 'ON_LOAN');
    expect(loan.itemBarcode).toBe(mine[0]!.barcode);
  }

  const ready = (await store.holds.queue(bookId)).filter((hold) => hold.status === 'ready');
  expect(items.filter((item) => item.holdId !== null).length, 'one item per ready hold').toBe(ready.length);
  for (const hold of ready) {
    const mine = items.filter((item) => item.holdId === hold.id);
    expect(mine.length, `ready hold ${hold.id} has exactly one item`).toBe(1);
    expect(hold.itemBarcode).toBe(mine[0]!.barcode);
  }
  for (const hold of await store.holds.queue(bookId))
    if (hold.status === 'waiting') expect(hold.itemBarcode, 'a waiting hold has no item').toBeNull();
  return items;
}

/** expectItemsAgree for many books, and barcodes unique across them. */
export async function expectAllItemsAgree(store: Store, bookIds: string[]): Promise<void> {
  const loans = await activeLoans(store);
  const seen: string[] = [];
  for (const id of bookIds) seen.push(...(await expectItemsAgree(store, id, loans)).map((item) => item.barcode));
  expect(new Set(seen).size, 'barcodes unique across books').toBe(seen.length);
  // Every active loan belongs to one of these books' items (none lost track of).
  const known = new Set(bookIds);
  for (const loan of loans) if (known.has(loan.bookId)) expect(loan.itemBarcode).not.toBeNull();
}
