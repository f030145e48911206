import { useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../gql/index.ts';
import { BOOK_DETAILS_FRAGMENT } from './book-details-fields.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { HOLD_FIELDS } from '../../lib/holds.ts';
import { usePolicy } from '../../lib/policy.ts';
import { useCanEditCatalogue } from '../../lib/use-can-edit-catalogue.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n } from '../../lib/i18n.ts';
import { BookDetailsView } from './book-details-view.tsx';
import { BorrowModal } from './borrow-modal.tsx';
import { bookLoadFailure } from './book-load-states.tsx';
import { HoldPanel } from './hold-panel.tsx';
import { useBookHold } from './use-book-hold.ts';
import { useBorrowing } from './use-borrowing.ts';
import { BorrowRefusal } from './borrow-refusal.tsx';

export const BOOK_DETAILS_QUERY = graphql(`
  query BookDetails($id: ID!) {
    book(id: $id) {
      id
      title
      copies
      ...BookDetailsFields
    }
  }
`);

// Separate from the book so a failure here only hides the "Already Borrowed" notice, not the page.
export const MY_LOANS_QUERY = graphql(`
  query MyLoanStatus {
    borrowedBooks {
      id
      bookId
      status
    }
  }
`);

export default function BookDetailsPage() {
  const id = useParams()['id'] ?? '';
  // Keyed by id: moving to another book must not carry over this one's "already borrowed" or open modal.
  return <BookDetails key={id} id={id} />;
}

function BookDetails({ id }: { id: string }) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, loading, error } = useQuery(BOOK_DETAILS_QUERY, { variables: { id } });
  const loans = useQuery(MY_LOANS_QUERY);
  // The queue matters only while no copy is on the shelf (a hold is refused otherwise).
  const outOfStock = (data?.book && getFragmentData(BOOK_DETAILS_FRAGMENT, data.book).quantity <= 0) ?? false;
  // A title the library owns no copy of takes no holds (NO_COPIES): nothing will come back to fill one.
  const noCopies = data?.book?.copies === 0;
  const { policy } = usePolicy();
  // Click and collect (a staffed library): a member's request is a hold with a copy set aside, shown in stock too.
  const collect = policy?.borrowing === 'COLLECT';
  const hold = useBookHold(id, !user || (!outOfStock && !collect));
  const staffed = policy?.inventoryEditors === 'STAFF';
  const canEdit = useCanEditCatalogue();
  const borrowing = useBorrowing(Boolean(user));
  const [borrowedHere, setBorrowedHere] = useState(false);
  const [requestedHere, setRequestedHere] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const t = useI18n().formatMessage;
  useDocumentTitle(data?.book?.title ?? t({ id: 'book.detailsTitle' }));

  if (loading && !data) return <Spinner label={t({ id: 'book.loadingDetails' })} />;
  const failure = bookLoadFailure(data?.book, error);
  if (failure || !data?.book) return failure;

  const book = data.book;
  const alreadyBorrowed =
    borrowedHere ||
    (loans.data?.borrowedBooks.some((loan) => loan.bookId === book.id && loan.status === 'BORROWED') ?? false);

  // Borrowing needs a signed-in user; a lapsed session goes to login and comes back here.
  const heldForMe = getFragmentData(HOLD_FIELDS, hold.data?.book?.myHold)?.status === 'READY';
  // With click and collect a copy set aside is handed over at the desk: no borrow from here.
  const atDesk = collect && !alreadyBorrowed && (requestedHere || heldForMe);
  const openBorrow = () => {
    if (user) setModalOpen(true);
    else void navigate('/login', { state: { from: location } });
  };

  return (
    <>
      <BookDetailsView
        book={book}
        alreadyBorrowed={alreadyBorrowed}
        onBorrow={openBorrow}
        canEdit={canEdit}
        noticeRef={noticeRef}
        heldForMe={heldForMe}
        atDesk={atDesk}
        noCopies={noCopies}
        staffed={staffed}
        refusal={
          borrowing.refusal && <BorrowRefusal code={borrowing.refusal.code} message={borrowing.refusal.message} />
        }
        holdPanel={
          user &&
          (outOfStock || (collect && Boolean(hold.data?.book?.myHold))) &&
          // With no copies, only to leave a queue joined before the last copy went.
          (!noCopies || Boolean(hold.data?.book?.myHold)) &&
          !alreadyBorrowed && (
            <HoldPanel
              bookId={book.id}
              hold={hold.data?.book ?? undefined}
              loading={hold.loading}
              error={hold.error}
              onRetry={() => void hold.refetch()}
            />
          )
        }
      />
      {modalOpen && user && (
        <BorrowModal
          book={book}
          user={user}
          onClose={() => setModalOpen(false)}
          heldForMe={heldForMe}
          onBorrowed={(requested) => {
            if (requested) setRequestedHere(true);
            else setBorrowedHere(true);
            // One more loan may reach the limit: the next book's page should say so up front.
            void borrowing.refetch().catch(() => undefined);
            // The hold is fulfilled by this loan; the gateway says so.
            if (heldForMe) void hold.refetch();
          }}
          // The Borrow button that opened the modal is gone; keyboard users continue from the notice instead.
          onSettled={() => noticeRef.current?.focus()}
        />
      )}
    </>
  );
}
