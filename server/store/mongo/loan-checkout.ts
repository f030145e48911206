// A borrow on MongoDB (loans.ts explains the ledgers): reads first, so a refusal they can already see costs no
// write, which is most of a rush for the last copy; then the pending loan's insert (one active loan per member
// and book), the copy's claim and the book's and account's conditional updates decide for real.
import { ObjectId } from 'mongodb';
import type { Collection } from 'mongodb';
import type { CheckoutLimits, CheckoutResult, NewAudit, NewLoan } from '../port.ts';
import { signedAmount } from '../../library/rules/ledger.ts';
import { parseId } from '../ids.ts';
import { activeKey, isDuplicateKey, toLoan } from './documents.ts';
import type { LedgerDoc, LoanDoc } from './documents.ts';
import { itemSteps, lendable, type ItemDoc } from './items.ts';
import type { KeyLock } from './key-lock.ts';
import { carried, loanSteps, type LoanCollections } from './loan-steps.ts';

const NO_LIMITS: CheckoutLimits = { loanLimit: Number.MAX_SAFE_INTEGER, maxBalance: Number.MAX_SAFE_INTEGER };

async function balanceOf(ledger: Collection<LedgerDoc>, userId: string): Promise<number> {
  let balance = 0;
  for await (const entry of ledger.find({ userId }, { projection: { kind: 1, amount: 1 } })) {
    balance += signedAmount(entry);
  }
  return balance;
}

export function loanCheckout(c: LoanCollections, lock: KeyLock) {
  const { loans, books } = c;
  const steps = loanSteps(c, lock);
  const goods = itemSteps(c, lock);

  /** The refusal reads can already see, in the order a member is told: fees, the loan limit, the shelf. */
  async function visibleRefusal(
    userId: string,
    bookId: string,
    holdReady: boolean,
    limits: CheckoutLimits,
    scan: { barcode: string; item: ItemDoc | null; ok: boolean } | null,
  ): Promise<Extract<CheckoutResult, { ok: false }> | null> {
    if (limits.maxBalance < Number.MAX_SAFE_INTEGER) {
      const balance = await balanceOf(c.ledger, userId);
      if (balance > limits.maxBalance) return { ok: false, reason: 'fees-unpaid', balance };
    }
    const account = await c.accounts.findOne({ _id: userId });
    if (account && account.onLoan >= limits.loanLimit) return { ok: false, reason: 'loan-limit' };
    const shelf = await books.findOne({ _id: new ObjectId(bookId) }, { projection: { quantity: 1 } });
    if (!shelf) return { ok: false, reason: 'book-not-found' };
    if (scan && !scan.ok) return unavailable(scan.item);
    if (shelf.quantity <= 0 && !holdReady && !scan) return { ok: false, reason: 'out-of-stock' };
    return null;
  }

  async function unavailable(item: ItemDoc | null): Promise<Extract<CheckoutResult, { ok: false }>> {
    return { ok: false, reason: 'item-unavailable', item: item ? ((await goods.records([item]))[0] ?? null) : null };
  }

  return async function checkout(
    loan: NewLoan,
    limits = NO_LIMITS,
    audit?: readonly NewAudit[],
  ): Promise<CheckoutResult> {
    const bookId = parseId(loan.bookId);
    if (!bookId) return { ok: false, reason: 'book-not-found' };
    // A copy set aside for this member's ready hold is theirs to take, whatever the shelf holds.
    const ready = await c.holds.findOne({ userId: loan.userId, bookId, status: 'ready' }, { projection: { _id: 1 } });
    const readyId = ready?._id.toHexString();
    // A scanned copy must be on the shelf, or the one set aside for this member's ready hold.
    const scannedItem =
      loan.itemBarcode === undefined ? null : await c.items.findOne({ _id: String(loan.itemBarcode) });
    const scan =
      loan.itemBarcode === undefined
        ? null
        : {
            barcode: String(loan.itemBarcode),
            item: scannedItem,
            ok: scannedItem !== null && lendable(scannedItem, bookId, readyId),
          };
    const doc: LoanDoc = {
      _id: loan.id ? ObjectId.createFromHexString(loan.id) : new ObjectId(),
      bookId,
      userId: loan.userId,
      userName: loan.userName,
      userEmail: loan.userEmail,
      borrowDate: loan.borrowDate,
      returnDate: loan.returnDate,
      returnedAt: null,
      status: 'pending',
      renewals: 0,
      ...(ready ? { holdId: ready._id.toHexString() } : {}),
      activeKey: activeKey(loan.userId, bookId),
      bookTitle: loan.bookTitle,
      bookAuthor: loan.bookAuthor,
      bookImage: loan.bookImage,
      bookCategory: loan.bookCategory,
      ...carried(audit),
    };
    // Reads first: a refusal they can already see costs no write, which is most of a rush for the last copy.
    // The writes below decide for real, atomically.
    const seen = await visibleRefusal(loan.userId, bookId, ready !== null, limits, scan);
    if (seen) {
      // Having the book already comes first, as the insert below would say.
      const mine = await loans.countDocuments({ activeKey: doc.activeKey }, { limit: 1 });
      return mine > 0 ? { ok: false, reason: 'already-borrowed' } : seen;
    }
    try {
      await loans.insertOne(doc);
    } catch (error) {
      if (isDuplicateKey(error)) return { ok: false, reason: 'already-borrowed' };
      throw error;
    }
    // A copy from the shelf is claimed before the ledger lends it: of two desks scanning one copy, one has it.
    // The copy set aside for the member's hold is theirs already; the ledger lends it first, then it follows.
    const bookOid = ObjectId.createFromHexString(bookId);
    if (!(readyId !== undefined && (scan === null || scannedItem?.holdId === readyId))) {
      const claimed = await goods.claimForLoan(bookId, doc._id.toHexString(), scan?.barcode);
      if (!claimed) {
        await steps.drop(doc, false);
        if (scan) return unavailable(await c.items.findOne({ _id: scan.barcode }));
        const exists = await books.countDocuments({ _id: bookOid }, { limit: 1 });
        return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
      }
    }
    let outcome: Awaited<ReturnType<typeof steps.finishBorrow>>;
    try {
      outcome = await steps.finishBorrow(doc, limits.loanLimit);
    } catch (error) {
      // The caller sees an error; the loan is settled now as recovery would settle it (kept if its copy was
      // taken, as when an answer is lost), and if even that fails, recovery settles it on the next start.
      await steps.settleBorrow(doc).catch(() => undefined);
      throw error;
    }
    if (typeof outcome !== 'string' && outcome !== null)
      return {
        ok: true,
        loan: toLoan({ ...doc, status: 'borrowed', itemBarcode: outcome.itemBarcode }),
        quantity: outcome.quantity,
      };
    if (outcome === 'loan-limit') return { ok: false, reason: 'loan-limit' };
    const exists = await books.countDocuments({ _id: new ObjectId(bookId) }, { limit: 1 });
    return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
  };
}
