// Loan recovery on MongoDB: what a stopped gateway left half done is finished when the store opens, by the same
// conditional steps as the live path (loan-steps.ts), so running it beside a live gateway changes nothing twice.
import type { Collection } from 'mongodb';
import type { LoanDoc } from './documents.ts';
import type { KeyLock } from './key-lock.ts';
import { loanSteps, type LoanCollections } from './loan-steps.ts';

/**
 * Runs when the store opens. Books written before the ledger existed get one (their active loans); borrows,
 * returns and losses that a stopped gateway left half done are finished (a pending borrow holding its copy and
 * its place is completed, as if its answer was lost; any other is undone and dropped); then data from before the
 * circulation policy gains copies owned, book versions and member accounts.
 */
export async function recoverLoans(c: LoanCollections, lock: KeyLock): Promise<{ finished: number }> {
  const { loans, books, accounts } = c;
  if ((await books.countDocuments({ loansOut: { $exists: false } }, { limit: 1 })) > 0) {
    const out = await activeLoansBy(loans, 'bookId');
    for await (const book of books.find({ loansOut: { $exists: false } }, { projection: { _id: 1 } })) {
      await books.updateOne(
        { _id: book._id, loansOut: { $exists: false } },
        { $set: { loansOut: out.get(book._id.toHexString()) ?? [] } },
      );
    }
  }
  const steps = loanSteps(c, lock);
  let finished = 0;
  for await (const doc of loans.find({ status: { $in: ['pending', 'returning', 'closing'] } })) {
    if (doc.status === 'pending') await steps.settleBorrow(doc);
    else if (doc.status === 'returning') await steps.finishReturn(doc);
    else await steps.finishClose(doc);
    finished += 1;
  }
  // Copies owned are what is on the shelf plus what is out, read and written together.
  for await (const book of books.find({ copies: { $exists: false } }, { projection: { _id: 1 } })) {
    for (;;) {
      const doc = await books.findOne({ _id: book._id }, { projection: { quantity: 1, loansOut: 1, copies: 1 } });
      if (!doc || doc.copies !== undefined) break;
      const done = await books.updateOne(
        { _id: book._id, copies: { $exists: false }, quantity: doc.quantity },
        { $set: { copies: doc.quantity + (doc.loansOut?.length ?? 0), version: 0 } },
      );
      if (done.matchedCount === 1) break;
    }
  }
  if ((await accounts.countDocuments({ _id: ACCOUNTS_BUILT }, { limit: 1 })) === 0) {
    for (const [userId, ids] of await activeLoansBy(loans, 'userId')) {
      await accounts.updateOne({ _id: userId }, { $set: { onLoan: ids.length, loansOut: ids } }, { upsert: true });
    }
    await accounts.updateOne({ _id: ACCOUNTS_BUILT }, { $set: { onLoan: 0, loansOut: [] } }, { upsert: true });
  }
  return { finished };
}

/** Marks that member accounts have been built from the loans (data from before the loan limit). */
const ACCOUNTS_BUILT = '\u0000accounts-built';

async function activeLoansBy(loans: Collection<LoanDoc>, key: 'bookId' | 'userId'): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for await (const loan of loans.find(
    { status: { $in: ['borrowed', 'returning'] } },
    { projection: { _id: 1, bookId: 1, userId: 1 } },
  )) {
    out.set(loan[key], [...(out.get(loan[key]) ?? []), loan._id.toHexString()]);
  }
  return out;
}
