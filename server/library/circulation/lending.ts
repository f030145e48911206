// The steps a member's own borrow, return and renewal share with the desk's: lending a book (or a scanned copy),
// closing an open loan, renewing one. The store makes each step atomic, checking the limits it is given.
import type { CheckoutResult, LoanRecord, NewAudit } from '../../store/port.ts';
import { LibraryError, badInput } from '../errors.ts';
import { addDays, dayToDate } from '../calendar.ts';
import { lendRefusal, noCopy } from '../item-refusals.ts';
import { dueDayOf, type Borrower, type DeskLend } from './common.ts';
import type { Context } from './context.ts';
import type { Standing } from './standing.ts';

export type Lending = ReturnType<typeof createLending>;

export function createLending(ctx: Context, reads: Standing) {
  const { store, policy, enforce, calendar } = ctx;

  /** A policy refusal: thrown, or with the desk's override passed and noted for the audit trail. */
  function refuse(error: LibraryError, desk?: DeskLend): void {
    if (desk && !desk.override) error.overridable = true;
    if (!desk?.override) throw error;
    desk.overridden.push(error);
  }

  async function refusalOf(
    result: Exclude<CheckoutResult, { ok: true }>,
    borrower: Borrower,
    desk?: DeskLend,
  ): Promise<LibraryError> {
    switch (result.reason) {
      case 'already-borrowed':
        return new LibraryError('ALREADY_BORROWED', 'alreadyBorrowed');
      case 'out-of-stock':
        return new LibraryError('OUT_OF_STOCK', 'outOfStock');
      case 'loan-limit':
        return LibraryError.of('LOAN_LIMIT', reads.loanLimitRefusal());
      case 'fees-unpaid':
        return LibraryError.of('FEES_UNPAID', reads.feesRefusal(result.balance));
      case 'item-unavailable': {
        // Another desk was quicker, or the copy changed since it was scanned: say what it is doing now.
        const barcode = result.item?.barcode ?? desk?.itemBarcode ?? '';
        const item = await store.items.get(barcode);
        if (!item) return noCopy(barcode);
        return (
          (await lendRefusal(store, item, borrower.uid)) ??
          new LibraryError('ITEM_UNAVAILABLE', 'deskScanAgain', { barcode })
        );
      }
      default:
        return new LibraryError('NOT_FOUND', 'bookNotFound');
    }
  }

  /** A member's borrow, or the desk's loan of a scanned copy to them (`desk`). */
  async function borrowNow(borrower: Borrower, bookId: string, returnDay: string, id: string, desk?: DeskLend) {
    const book = await store.books.get(bookId);
    if (!book) throw new LibraryError('NOT_FOUND', 'bookNotFound');
    // A block, then overdue loans (standing.ts, which the member's standing asks too). At the desk, staff's
    // override passes them (recorded with the reason).
    for (const refusal of await reads.refusalsBeforeCheckout(borrower.uid)) refuse(refusal, desk);
    // The day chosen, or the next day the library opens when it is closed then.
    const dueDay = (await calendar.days(returnDay, returnDay)).nextOpen(returnDay);
    const loan = {
      id,
      bookId,
      userId: borrower.uid,
      userName: borrower.name,
      userEmail: borrower.email,
      borrowDate: ctx.now(),
      returnDate: dayToDate(dueDay),
      bookTitle: book.title,
      bookAuthor: book.author,
      bookImage: book.image,
      bookCategory: book.genre,
      ...(desk ? { itemBarcode: desk.itemBarcode } : {}),
    };
    const limits = reads.checkoutLimits();
    // In the book's trail with the loan, as a desk check-out is (decision 040): who borrowed it, due when.
    const appEntries = () =>
      ctx.audit.entries({ uid: borrower.uid, name: borrower.name, api: borrower.api }, [
        { action: 'borrowed', field: 'dueDate', newValue: dueDay, bookId, uid: borrower.uid, loanId: id },
      ]);
    let result = await store.loans.checkout(loan, limits, desk ? desk.audit?.() : appEntries());
    // Staff's override passes the limits the store checks (loan limit, fees): the same step, without them.
    if (!result.ok && desk?.override && (result.reason === 'loan-limit' || result.reason === 'fees-unpaid')) {
      desk.overridden.push(await refusalOf(result, borrower, desk));
      // The store names the first limit it met; the audit trail records the other too when it also applied.
      if (result.reason === 'loan-limit') {
        const balance = await store.ledger.balance(borrower.uid);
        if (balance > 0) desk.overridden.push(LibraryError.of('FEES_UNPAID', reads.feesRefusal(balance)));
      } else if ((await store.loans.countActiveByUser(borrower.uid)) >= policy.loanLimit) {
        desk.overridden.push(LibraryError.of('LOAN_LIMIT', reads.loanLimitRefusal()));
      }
      result = await store.loans.checkout(loan, undefined, desk.audit?.());
    }
    if (result.ok) {
      await ctx.afterLoan?.(result.loan);
      return { loan: result.loan, quantity: result.quantity };
    }
    const refusal = await refusalOf(result, borrower, desk);
    // At the desk, the limits the store checks are the policy's too: staff may lend past them with a reason.
    if (desk && (result.reason === 'loan-limit' || result.reason === 'fees-unpaid')) refusal.overridable = true;
    throw refusal;
  }

  /**
   * Closes an open loan: in the app by its member (by null), or at the desk by a staff member. `desk`: the fee as
   * of the day the desk says it came back, none when forgiven, and the refusal when it is no longer open.
   */
  async function checkin(
    loan: LoanRecord,
    by: string | null,
    member?: string,
    desk?: { returnedOn: string | null; forgive: boolean; ended: () => LibraryError },
    entries?: NewAudit[],
  ): Promise<LoanRecord> {
    const ended = desk?.ended ?? (() => badInput('borrowId', 'alreadyReturned'));
    if (!ctx.isOpen(loan)) throw ended();
    const returned = { by, via: by === null ? 'APP' : 'DESK', returnedBy: by ?? member ?? null } as const;
    const fee = enforce && !desk?.forgive ? ctx.feeWith(await ctx.feeFacts(loan), desk?.returnedOn) : () => 0;
    const at = ctx.now();
    const year = ctx.yearOf(at);
    const result = await store.loans.checkin(loan.id, at, { lateFee: fee, ...returned, audit: entries, year });
    if (result.ok) {
      await ctx.afterReturn?.(loan.bookId);
      return result.loan;
    }
    if (result.reason === 'not-active') throw ended();
    throw new LibraryError('NOT_FOUND', 'loanNotFound');
  }

  async function renewNow(loan: LoanRecord): Promise<LoanRecord> {
    const { renewal } = await reads.standing(loan);
    if (!renewal.ok) throw LibraryError.of(renewal.code, renewal.said);
    // The new due day is the policy's days on from the due day as stored then, moved to a day the library opens.
    const from = dueDayOf(loan);
    const days = await calendar.days(from, addDays(from, policy.renewalDays));
    // Refused here (LIBRARY_CLOSED) when the library opens on no day near enough, before the store's step.
    days.nextOpen(addDays(from, policy.renewalDays));
    const result = await store.loans.renew(loan.id, {
      maxRenewals: policy.maxRenewals,
      dueDate: (current) => dayToDate(days.nextOpen(addDays(dueDayOf(current), policy.renewalDays))),
    });
    if (result.ok) {
      await ctx.afterLoan?.(result.loan);
      return result.loan;
    }
    // Another request renewed or returned it meanwhile: say why, as of now.
    const current = await reads.standing((await store.loans.get(loan.id)) ?? loan);
    if (!current.renewal.ok) throw LibraryError.of(current.renewal.code, current.renewal.said);
    throw new LibraryError('LOAN_NOT_ACTIVE', 'loanNotActive');
  }

  return { borrowNow, checkin, renewNow };
}
