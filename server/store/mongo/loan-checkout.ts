// A borrow on MongoDB (loans.ts explains the ledgers): read what the rule needs and ask it which refusal applies
// (library/rules/checkout.ts), then write conditionally. The reads cost no write, which is most of a rush for the
// last copy; the pending loan's insert (one active loan per member and book), the copy's claim and the book's
// and account's conditional updates then decide for real.
import { ObjectId } from 'mongodb';
import type { CheckoutLimits, CheckoutResult, NewAudit, NewLoan } from '../port.ts';
import { balanceMatters, checkoutRefusal, NO_LIMITS } from '../../library/rules/checkout.ts';
import type { CheckoutState } from '../../library/rules/checkout.ts';
import { balanceOf } from '../../library/rules/ledger.ts';
import { parseId } from '../ids.ts';
import { activeKey, isDuplicateKey, toLoan } from './documents.ts';
import type { LoanDoc } from './documents.ts';
import { lendable, type ItemDoc } from './item-docs.ts';
import { itemSteps } from './items.ts';
import type { KeyLock } from './key-lock.ts';
import { carried, loanSteps, type LoanCollections } from './loan-steps.ts';

type Refusal = Extract<CheckoutResult, { ok: false }>;

export function loanCheckout(c: LoanCollections, lock: KeyLock) {
  const { loans, books } = c;
  const steps = loanSteps(c, lock);
  const goods = itemSteps(c, lock);

  async function unavailable(item: ItemDoc | null): Promise<Refusal> {
    return { ok: false, reason: 'item-unavailable', item: item ? ((await goods.records([item]))[0] ?? null) : null };
  }

  /** What the rule reads: the book's shelf, the member's loans, balance and place under the limit, the scan. */
  async function stateOf(
    doc: LoanDoc,
    limits: CheckoutLimits,
    readyId: string | undefined,
    scanned: ItemDoc | null | undefined,
  ): Promise<CheckoutState<ItemDoc | null>> {
    const shelf = await books.findOne({ _id: new ObjectId(doc.bookId) }, { projection: { quantity: 1 } });
    // What the member owes, summed from the ledger as written.
    const entries = balanceMatters(limits)
      ? await c.ledger.find({ userId: doc.userId }, { projection: { kind: 1, amount: 1 } }).toArray()
      : [];
    const account = await c.accounts.findOne({ _id: doc.userId }, { projection: { onLoan: 1 } });
    return {
      bookExists: shelf !== null,
      // Read only when the rule refuses (below): otherwise the insert's unique key answers it, at no extra read.
      alreadyBorrowed: false,
      balance: balanceOf(entries),
      onLoan: account?.onLoan ?? 0,
      limits,
      onShelf: shelf?.quantity ?? 0,
      holdReady: readyId !== undefined,
      // A scanned copy must be free on the shelf, or the one set aside for this member's ready hold.
      scan:
        scanned === undefined
          ? null
          : { item: scanned, lendable: scanned !== null && lendable(scanned, doc.bookId, readyId) },
    };
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
    const scan = loan.itemBarcode === undefined ? null : { barcode: String(loan.itemBarcode) };
    const scannedItem = scan ? await c.items.findOne({ _id: scan.barcode }) : null;
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
    const state = await stateOf(doc, limits, readyId, scan ? scannedItem : undefined);
    let refusal = checkoutRefusal(state);
    if (refusal) {
      const mine = await loans.countDocuments({ activeKey: doc.activeKey }, { limit: 1 });
      refusal = checkoutRefusal({ ...state, alreadyBorrowed: mine > 0 });
    }
    if (refusal) return refusal.reason === 'item-unavailable' ? unavailable(refusal.item) : refusal;
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
    const exists = await books.countDocuments({ _id: bookOid }, { limit: 1 });
    return { ok: false, reason: exists > 0 ? 'out-of-stock' : 'book-not-found' };
  };
}
