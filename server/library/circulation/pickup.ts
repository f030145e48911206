// Click and collect (BORROWING=collect, a staffed library's default; docs/decisions/075): a member's borrow in the
// app is a pickup request, a hold ready at once with a copy taken off the open shelf. Staff pull it (holdsToPull),
// shelve it (shelveHold: the member is told), and the loan starts when the desk checks that copy out to them.
import type { HoldRecord } from '../../store/port.ts';
import { LibraryError } from '../errors.ts';
import { dayToDate, daysBetween } from '../calendar.ts';
import type { Borrower } from './common.ts';
import type { Context } from './context.ts';
import type { Standing } from './standing.ts';
import { pickupFrom } from '../rules/pickup-wait.ts';

export type Pickup = ReturnType<typeof createPickup>;

export function createPickup(ctx: Context, reads: Standing) {
  const { store, policy, enforce, calendar } = ctx;

  /** The member's ready hold of the book: its copy is waiting at the desk, and no app action takes it out. */
  async function readyAtDesk(uid: string, bookId: string): Promise<HoldRecord | null> {
    return (await store.holds.queue(bookId)).find((h) => h.userId === uid && h.status === 'ready') ?? null;
  }

  /** The refusal of an app borrow of a book whose copy waits for the member at the desk. */
  async function waitingRefusal(hold: HoldRecord): Promise<LibraryError> {
    const day = await calendar.lastPickupDay(pickupFrom(hold) ?? ctx.now());
    return new LibraryError('ALREADY_ON_HOLD', 'pickupWaiting', { title: hold.bookTitle, day });
  }

  return {
    readyAtDesk,
    waitingRefusal,

    /** A member's borrow as a pickup request: the hold, and the book's copies left on the shelf. */
    async request(borrower: Borrower, bookId: string, returnDay: string, id: string) {
      const book = await store.books.get(bookId);
      if (!book) throw new LibraryError('NOT_FOUND', 'bookNotFound');
      // The refusals a borrow meets, in its order: a block, overdue loans, then what the store checks.
      const [first] = await reads.refusalsBeforeCheckout(borrower.uid);
      if (first) throw first;
      const waiting = await readyAtDesk(borrower.uid, bookId);
      if (waiting) throw await waitingRefusal(waiting);
      if (enforce) {
        const balance = await store.ledger.balance(borrower.uid);
        if (balance > 0) throw LibraryError.of('FEES_UNPAID', reads.feesRefusal(balance));
      }
      const result = await store.holds.request(
        {
          id,
          bookId,
          userId: borrower.uid,
          userName: borrower.name,
          userEmail: borrower.email,
          bookTitle: book.title,
          createdAt: ctx.now(),
          returnDate: dayToDate(returnDay),
        },
        { holdLimit: policy.holdLimit, loanLimit: enforce ? policy.loanLimit : Number.MAX_SAFE_INTEGER },
      );
      if (result.ok) return { hold: result.hold, quantity: (await store.books.get(bookId))?.quantity ?? 0 };
      switch (result.reason) {
        case 'already-borrowed':
          throw new LibraryError('ALREADY_BORROWED', 'alreadyBorrowed');
        case 'already-on-hold':
          throw new LibraryError('ALREADY_ON_HOLD', 'alreadyOnHold');
        case 'out-of-stock':
          throw new LibraryError('OUT_OF_STOCK', 'outOfStock');
        case 'loan-limit':
          throw LibraryError.of('LOAN_LIMIT', reads.loanLimitRefusal());
        case 'hold-limit':
          throw new LibraryError('HOLD_LIMIT', 'holdLimit', { limit: policy.holdLimit });
        default:
          throw new LibraryError('NOT_FOUND', 'bookNotFound');
      }
    },

    /**
     * The due day the desk's loan of a pickup request keeps: the member's chosen return date, when it is after the
     * pickup day (`from`) and within the loan period from it; null otherwise (the policy's loan days then).
     */
    async keptReturnDay(uid: string, bookId: string, from: string): Promise<string | null> {
      const hold = await readyAtDesk(uid, bookId);
      if (!hold?.returnDate) return null;
      const day = hold.returnDate.toISOString().slice(0, 10);
      const days = daysBetween(from, day);
      return days > 0 && days <= policy.loanDays ? day : null;
    },
  };
}
