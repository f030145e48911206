import { useId, useState } from 'react';
import { useApolloClient, useQuery } from '@apollo/client/react';
import type { FormEvent } from 'react';
import { BookImage } from '../../components/ui/book-image.tsx';
import { Modal } from '../../components/ui/modal.tsx';
import { showError, showSuccess, showWarning } from '../../components/ui/dialogs.ts';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.ts';
import type { AuthUser } from '../../lib/auth.tsx';
import { BOOK_DETAILS_FRAGMENT } from './book-details-fields.ts';
import { HOLD_FIELDS } from '../../lib/holds.ts';
import { hasErrorCode, serverMessage } from './graphql-errors.ts';
import { addDays, formatDay, toDateInputValue } from '../../lib/dates.ts';
import { usePolicy } from '../../lib/policy.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useBorrowBook } from './use-borrow-book.ts';
import { BOOK_HOLD_QUERY } from './use-book-hold.ts';
import { isNetworkFailure } from '../../lib/network-errors.ts';
import { newRequestKey } from '../../lib/request-key.ts';
import { askWhetherItHappened, CHECK_MY_LOANS_QUERY } from '../../lib/uncertain-write.ts';

interface BorrowModalProps {
  book: FragmentType<typeof BOOK_DETAILS_FRAGMENT>;
  user: AuthUser;
  onClose: () => void;
  /**
   * Called when the caller now holds a loan of this book, whether just made or found by the server; `requested`: a
   * pickup request instead (click and collect), which the desk turns into the loan.
   */
  onBorrowed: (requested?: boolean) => void;
  /** Called once the alert that follows a borrow is dismissed, after the modal itself has gone. */
  onSettled?: () => void;
  /** A copy is set aside for this member's hold, so the borrow may go ahead with none on the shelf. */
  heldForMe?: boolean;
}

const field = 'w-full rounded-lg border border-gray-300 px-3 py-2 text-sm';

/** The return dates the gateway accepts today, in the library's calendar (a browser's "today" may differ). */
export const BORROW_WINDOW_QUERY = graphql(`
  query BorrowWindow {
    borrowWindow {
      today
      latestReturnDate
      closures {
        date
        reason
      }
    }
  }
`);

export function BorrowModal({
  book: bookRef,
  user,
  onClose,
  onBorrowed,
  onSettled,
  heldForMe = false,
}: BorrowModalProps) {
  const book = getFragmentData(BOOK_DETAILS_FRAGMENT, bookRef);
  const t = useI18n().formatMessage;
  const titleId = useId();
  const { data: windowData, loading: windowLoading } = useQuery(BORROW_WINDOW_QUERY, { fetchPolicy: 'network-only' });
  const { policy, error: policyError } = usePolicy();
  // Until the gateway answers (or if it cannot), the browser's own calendar stands in.
  const today = windowData?.borrowWindow.today ?? toDateInputValue(new Date());
  const latest = windowData?.borrowWindow.latestReturnDate;
  const [chosenDate, setReturnDate] = useState<string | null>(null);
  // The full loan period (the policy's) unless the library's window ends sooner (YYYY-MM-DD compare as text);
  // no guessed period while the policy is unknown.
  const full = policy ? addDays(today, policy.loanDays) : (latest ?? '');
  const returnDate = chosenDate ?? (latest && latest < full ? latest : full);
  // No default yet because the policy and the window are still on their way: Confirm waits for them rather than
  // asking for a date the member was about to be given.
  const defaultComing = returnDate === '' && ((!policy && !policyError) || windowLoading);
  const [borrow, { loading }] = useBorrowBook();
  const closedThen = windowData?.borrowWindow.closures.find((c) => c.date === returnDate) ?? null;
  const client = useApolloClient();
  // A staffed library's click and collect (decision 075): the borrow asks staff to set a copy aside at the desk.
  const collect = policy?.borrowing === 'COLLECT';

  /** After a borrow whose answer never came: the member's loans as the library has them now. */
  const onLoanNow = async () => {
    if (collect) {
      const variables = { id: book.id };
      const { data } = await client.query({ query: BOOK_HOLD_QUERY, variables, fetchPolicy: 'network-only' });
      return Boolean(data?.book?.myHold);
    }
    const { data } = await client.query({ query: CHECK_MY_LOANS_QUERY, fetchPolicy: 'network-only' });
    return data?.borrowedBooks.some((loan) => loan.bookId === book.id && loan.status === 'BORROWED') ?? false;
  };

  const settleUnknown = async () => {
    onClose();
    const happened = await askWhetherItHappened('borrow', onLoanNow);
    if (happened === true && collect) {
      onBorrowed(true);
      await showSuccess(t({ id: 'book.requestedTitle' }), t({ id: 'book.requestSuccessNoDay' }, { title: book.title }));
    } else if (happened === true) {
      onBorrowed();
      await showSuccess(t({ id: 'book.borrowedTitle' }), t({ id: 'book.borrowWentThrough' }, { title: book.title }));
    } else if (happened === false) {
      await showWarning(t({ id: 'book.notBorrowedTitle' }), t({ id: 'book.notBorrowedText' }));
    }
    onSettled?.();
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!returnDate) {
      await showWarning(t({ id: 'book.returnDateRequiredTitle' }), t({ id: 'book.returnDateRequired' }));
      return;
    }
    try {
      // One key per press of Confirm: a retry of this press (lib/apollo.ts) answers the first borrow.
      const { data: answer } = await borrow({
        variables: { input: { bookId: book.id, returnDate }, idempotencyKey: newRequestKey() },
      });
      const pickup = answer?.borrow.pickup;
      if (pickup) {
        onBorrowed(true);
        onClose();
        const until = getFragmentData(HOLD_FIELDS, pickup).readyUntil;
        await showSuccess(
          t({ id: 'book.requestedTitle' }),
          until
            ? t({ id: 'book.requestSuccess' }, { title: book.title, date: formatDay(until) })
            : t({ id: 'book.requestSuccessNoDay' }, { title: book.title }),
        );
        onSettled?.();
        return;
      }
      onBorrowed();
      onClose();
      // The loan's due date as the library set it: the next open day when the chosen one is closed.
      const due = answer?.borrow.record?.dueDate ?? returnDate;
      await showSuccess(
        t({ id: 'book.borrowedTitle' }),
        t({ id: 'book.borrowSuccess' }, { title: book.title, date: formatDay(due) }),
      );
      onSettled?.();
    } catch (error) {
      if (hasErrorCode(error, 'ALREADY_BORROWED')) {
        onBorrowed();
        onClose();
        await showWarning(t({ id: 'book.alreadyBorrowed' }), t({ id: 'book.alreadyBorrowedText' }));
        onSettled?.();
        return;
      }
      if (isNetworkFailure(error)) {
        await settleUnknown();
        return;
      }
      // The gateway's refusals (loan limit, unpaid fees, no copies left, a date outside the window) are
      // sentences for the member: show them as they are.
      await showError(t({ id: 'book.borrowFailedTitle' }), serverMessage(error) ?? t({ id: 'book.somethingWrong' }));
    }
  };

  return (
    <Modal labelledBy={titleId} onClose={onClose}>
      <h2 id={titleId} className="mb-4 text-xl font-bold">
        {t({ id: 'book.borrowBook' })}
      </h2>
      <div className="mb-4 flex gap-4">
        <BookImage
          src={book.image}
          alt={t({ id: 'book.coverOf' }, { title: book.title })}
          className="h-30 w-20 rounded object-cover"
        />
        <div>
          <p className="font-semibold">{book.title}</p>
          <p className="text-sm text-gray-600">{t({ id: 'book.byAuthor' }, { author: book.author })}</p>
          <p className="text-sm text-gray-700">{t({ id: 'catalog.copiesAvailable' }, { count: book.quantity })}</p>
        </div>
      </div>
      {/* noValidate: a missing date gets the app's own alert rather than the browser's bubble. */}
      <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3">
        <label htmlFor={`${titleId}-name`} className="text-sm font-medium">
          {t({ id: 'book.name' })}
        </label>
        <input id={`${titleId}-name`} className={`${field} bg-gray-100`} readOnly value={user.displayName ?? ''} />
        <label htmlFor={`${titleId}-email`} className="text-sm font-medium">
          {t({ id: 'book.email' })}
        </label>
        <input
          id={`${titleId}-email`}
          type="email"
          className={`${field} bg-gray-100`}
          readOnly
          value={user.email ?? ''}
        />
        <label htmlFor={`${titleId}-date`} className="text-sm font-medium">
          {t({ id: 'book.returnDate' })}
        </label>
        <input
          id={`${titleId}-date`}
          type="date"
          required
          className={field}
          data-autofocus
          min={today}
          max={latest}
          value={returnDate}
          onChange={(event) => setReturnDate(event.target.value)}
          aria-describedby={closedThen ? `${titleId}-closed` : undefined}
        />
        {closedThen && (
          <p id={`${titleId}-closed`} className="text-sm text-amber-900">
            {t({ id: 'book.closedThen' }, { date: formatDay(closedThen.date), reason: closedThen.reason })}
          </p>
        )}
        <p className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-800">
          {t({ id: collect ? 'book.collectAgreement' : 'book.borrowAgreement' })}
        </p>
        <div className="mt-2 flex justify-end gap-3">
          <button type="button" className="rounded-lg bg-gray-100 px-4 py-2" onClick={onClose}>
            {t({ id: 'common.cancel' })}
          </button>
          <button
            type="submit"
            disabled={loading || defaultComing || (book.quantity <= 0 && !heldForMe)}
            className="btn-primary"
          >
            {t({ id: loading ? 'book.processing' : collect ? 'book.confirmRequest' : 'book.confirmBorrow' })}
          </button>
        </div>
      </form>
    </Modal>
  );
}
