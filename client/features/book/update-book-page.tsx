import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { hasErrorCode } from './graphql-errors.ts';
import { UpdateBookForm } from './update-book-form.tsx';

export const BOOK_FOR_UPDATE_QUERY = graphql(`
  query BookForUpdate($id: ID!) {
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

export default function UpdateBookPage() {
  const id = useParams()['id'] ?? '';
  useDocumentTitle('Update Book');
  const { data, loading, error } = useQuery(BOOK_FOR_UPDATE_QUERY, { variables: { id } });

  if (loading && !data) return <Spinner label="Loading book details..." />;
  if (data?.book === null || hasErrorCode(error, 'NOT_FOUND') || hasErrorCode(error, 'BAD_USER_INPUT')) {
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
  // Keyed by id so moving to another book starts a fresh form instead of keeping the last one's edits.
  return <UpdateBookForm key={data.book.id} book={data.book} />;
}
