import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../gql/index.ts';
import type { BorrowedLoanFragment } from '../../gql/graphql.ts';
import { confirmAction, showError, showSuccess, showWarning } from '../../components/ui/dialogs.ts';
import { isNetworkFailure } from '../../lib/network-errors.ts';
import { askWhetherItHappened, CHECK_MY_LOANS_QUERY } from '../../lib/uncertain-write.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BORROWED_LOAN_FRAGMENT, BorrowedBookCard, returnClaimedText } from './borrowed-book-card.tsx';
import { BalanceNotice } from './balance-notice.tsx';
import { LoanTabs, type LoanTab } from './loan-tabs.tsx';
import { serverMessage, useReturnBook } from './use-return-book.ts';
import { HoldsList, openHolds } from './holds-list.tsx';
import { useMyHolds } from './use-my-holds.ts';
import { formatMoney } from '../../lib/money.ts';
import { FeesList } from './fees-list.tsx';
import { intl, useI18n } from '../../lib/i18n.ts';

export const MY_BORROWED_BOOKS_QUERY = graphql(`
  query MyBorrowedBooks {
    me {
      id
      balance
    }
    borrowedBooks {
      ...BorrowedLoan
    }
  }
`);

const link = 'btn-primary';

/** What a return says: the specification's thanks, or the late fee it charged, so the member is not surprised later. */
const returnedText = (fee: number) =>
  fee > 0
    ? intl().formatMessage({ id: 'circulation.returnedWithFee' }, { fee: formatMoney(fee) })
    : intl().formatMessage({ id: 'circulation.thanksForReturning' });

/** Orders loans by one of their dates (ISO or YYYY-MM-DD, both sort as text), oldest first (1) or newest first (-1). */
const byDate =
  (field: 'dueDate' | 'returnedAt', direction: 1 | -1) => (a: BorrowedLoanFragment, b: BorrowedLoanFragment) =>
    direction * ((a[field] ?? '') < (b[field] ?? '') ? -1 : (a[field] ?? '') > (b[field] ?? '') ? 1 : 0);

export default function BorrowedBooksPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'circulation.title' }));
  // Loans also change elsewhere (another tab, another device), so show the cached list and refresh it.
  const { data, loading, error, refetch } = useQuery(MY_BORROWED_BOOKS_QUERY, { fetchPolicy: 'cache-and-network' });
  const [tab, setTab] = useState<LoanTab>('pending');
  const [returningId, setReturningId] = useState<string | null>(null);
  const [returnBook] = useReturnBook();
  const client = useApolloClient();
  const myHolds = useMyHolds();
  const holds = myHolds.data?.me?.holds;
  const holdsCount = holds ? openHolds(holds).length : null;

  /** After a return whose answer never came, even on its retry: Check asks the library whether it happened. */
  const settleUnknownReturn = async (loanId: string) => {
    const happened = await askWhetherItHappened('return', async () => {
      const { data } = await client.query({ query: CHECK_MY_LOANS_QUERY, fetchPolicy: 'network-only' });
      return data?.borrowedBooks.some((loan) => loan.id === loanId && loan.status !== 'BORROWED') ?? false;
    });
    if (happened === null) return;
    void refetch().catch(() => undefined);
    if (happened) await showSuccess(t({ id: 'circulation.bookReturned' }), t({ id: 'circulation.thanksForReturning' }));
    else await showWarning(t({ id: 'circulation.notReturned' }), t({ id: 'circulation.notReturnedText' }));
  };

  const onReturn = async (loan: BorrowedLoanFragment) => {
    const confirmed = await confirmAction({
      title: t({ id: 'circulation.confirmReturnTitle' }),
      text: t({ id: 'circulation.confirmReturnText' }),
      confirmText: t({ id: 'circulation.confirmReturnButton' }),
    });
    if (!confirmed) return;
    setReturningId(loan.id);
    try {
      const { data: answer } = await returnBook({ variables: { borrowId: loan.id } });
      // RETURNS=desk: the return is a claim the desk completes; the member is told so, not "Book Returned!".
      if (answer?.returnBook.status === 'RETURNING')
        await showSuccess(t({ id: 'circulation.returnRecorded' }), returnClaimedText());
      else await showSuccess(t({ id: 'circulation.bookReturned' }), returnedText(answer?.returnBook.fee ?? 0));
    } catch (returnError) {
      if (isNetworkFailure(returnError)) {
        await settleUnknownReturn(loan.id);
        return;
      }
      // A refused return usually means this list is stale (returned in another tab): show the server's view.
      void refetch().catch(() => undefined);
      await showError(
        t({ id: 'circulation.returnFailed' }),
        serverMessage(returnError) ?? t({ id: 'circulation.somethingWrong' }),
      );
    } finally {
      setReturningId(null);
    }
  };

  let body: React.ReactNode;
  // The empty state has its own way on (Browse Books): a second link below it would only repeat it.
  // A member with no loans but a place in a queue (or whose holds failed to load) still sees the tabs, to reach
  // their holds or retry them.
  const empty = Boolean(
    data && data.borrowedBooks.length === 0 && (holdsCount === 0 || (holdsCount === null && !myHolds.error)),
  );
  if (loading && !data) {
    body = <Spinner label={t({ id: 'circulation.loading' })} />;
  } else if (error && !data) {
    body = (
      <div role="alert" className="py-12 text-center">
        <p className="mb-6 text-red-700">{t({ id: 'circulation.fetchFailed' })}</p>
        <button type="button" className={link} onClick={() => window.location.reload()}>
          {t({ id: 'error.tryAgain' })}
        </button>
      </div>
    );
  } else if (!data || empty) {
    body = (
      <div className="rounded-xl bg-white p-10 text-center shadow-sm">
        <h2 className="mb-4 text-xl font-semibold">{t({ id: 'circulation.noBooks' })}</h2>
        <Link to="/all-books" className={link}>
          {t({ id: 'circulation.browseBooks' })}
        </Link>
      </div>
    );
  } else {
    const now = new Date();
    const loans = getFragmentData(BORROWED_LOAN_FRAGMENT, data.borrowedBooks);
    // What needs doing first: overdue loans, then the rest by due date; returns newest first.
    // A claimed return (RETURNS=desk) stays pending, badged, until the desk checks the book in.
    const open = (loan: BorrowedLoanFragment) => loan.status === 'BORROWED' || loan.status === 'RETURNING';
    const pending = loans.filter(open).sort(byDate('dueDate', 1));
    // Past loans: returned, and those staff closed as lost or damaged (labelled on their cards).
    const returned = loans.filter((loan) => !open(loan)).sort(byDate('returnedAt', -1));
    const shown = tab === 'pending' ? pending : returned;
    body = (
      <LoanTabs
        tab={tab}
        onTab={setTab}
        pendingCount={pending.length}
        returnedCount={returned.length}
        holdsCount={holdsCount}
      >
        {tab === 'fees' ? (
          <FeesList />
        ) : tab === 'holds' ? (
          <HoldsList
            holds={holds}
            loading={myHolds.loading}
            failed={Boolean(myHolds.error)}
            cannotBorrow={myHolds.data?.me?.borrowing.allowed === false ? myHolds.data.me.borrowing.message : null}
            onRetry={() => void myHolds.refetch().catch(() => undefined)}
          />
        ) : shown.length === 0 ? (
          <div className="rounded-xl bg-white p-10 text-center shadow-sm">
            <h2 className="mb-4 text-xl font-semibold">
              {t({ id: tab === 'pending' ? 'circulation.noPending' : 'circulation.noReturned' })}
            </h2>
            <button type="button" className={link} onClick={() => setTab(tab === 'pending' ? 'returned' : 'pending')}>
              {t({ id: tab === 'pending' ? 'circulation.viewReturned' : 'circulation.viewPending' })}
            </button>
          </div>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((loan) => (
              <li key={loan.id}>
                <BorrowedBookCard
                  loan={loan}
                  now={now}
                  returning={returningId === loan.id}
                  onReturn={(returned) => void onReturn(returned)}
                  onStale={() => void refetch().catch(() => undefined)}
                />
              </li>
            ))}
          </ul>
        )}
      </LoanTabs>
    );
  }

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-gray-900">{t({ id: 'circulation.title' })}</h1>
      {data?.me && <BalanceNotice balance={data.me.balance} />}
      {body}
      {!empty && (
        <div className="mt-10 text-center">
          <Link to="/all-books" className="text-indigo-700 underline">
            {t({ id: 'circulation.backToLibrary' })}
          </Link>
        </div>
      )}
    </section>
  );
}
