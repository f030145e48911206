import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../lib/auth.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { BookDetailsView } from './book-details-view.tsx';
import { BorrowModal } from './borrow-modal.tsx';
import { hasErrorCode } from './graphql-errors.ts';

export const BOOK_DETAILS_QUERY = graphql(`
  query BookDetails($id: ID!) {
    book(id: $id) {
      id
      title
      author
      genre
      description
      image
      rating
      quantity
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
  const [borrowedHere, setBorrowedHere] = useState(false);
  const [modalOpen, setModalOpen] = useState(false);
  useDocumentTitle(data?.book?.title ?? 'Book Details');

  if (loading && !data) return <Spinner label="Loading book details..." />;
  // An id the server cannot even parse names no book, which is the same answer as an unknown id.
  const notFound = data?.book === null || hasErrorCode(error, 'NOT_FOUND') || hasErrorCode(error, 'BAD_USER_INPUT');
  if (notFound) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="mb-2 text-2xl font-bold">Book Not Found</h1>
        <p className="mb-6 text-gray-600">The book you're looking for doesn't exist or has been removed.</p>
        <Link to="/all-books" className="rounded-lg bg-blue-600 px-5 py-2 text-white">
          Back to Library
        </Link>
      </section>
    );
  }
  if (error || !data?.book) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="mb-6 text-red-700">Failed to fetch book details. Please try again.</p>
        <button type="button" className="rounded-lg bg-blue-600 px-5 py-2 text-white" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </section>
    );
  }

  const book = data.book;
  const alreadyBorrowed =
    borrowedHere || (loans.data?.borrowedBooks.some((loan) => loan.bookId === book.id && loan.status === 'BORROWED') ?? false);

  // Borrowing needs a signed-in user; a lapsed session goes to login and comes back here.
  const openBorrow = () => {
    if (user) setModalOpen(true);
    else void navigate('/login', { state: { from: location } });
  };

  return (
    <>
      <BookDetailsView book={book} alreadyBorrowed={alreadyBorrowed} onBorrow={openBorrow} />
      {modalOpen && user && (
        <BorrowModal book={book} user={user} onClose={() => setModalOpen(false)} onBorrowed={() => setBorrowedHere(true)} />
      )}
    </>
  );
}
