import type { LoanRecord, Store } from '../../server/store/port.ts';

/** The member's active loan of a book, if any: what tests check after a borrow or a return. */
export async function activeLoan(store: Store, userId: string, bookId: string): Promise<LoanRecord | null> {
  const loans = await store.loans.listByUser(userId);
  return loans.find((loan) => loan.bookId === bookId && loan.status === 'borrowed') ?? null;
}
