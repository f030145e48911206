import { useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { UpdateBookForm } from './update-book-form.tsx';
import { bookLoadFailure } from './book-load-states.tsx';

export const BOOK_FOR_UPDATE_QUERY = graphql(`
  query BookForUpdate($id: ID!) {
    book(id: $id) {
      id
      ...BookDetailsFields
    }
  }
`);

export default function UpdateBookPage() {
  const id = useParams()['id'] ?? '';
  useDocumentTitle('Update Book');
  const { data, loading, error } = useQuery(BOOK_FOR_UPDATE_QUERY, { variables: { id } });

  if (loading && !data) return <Spinner label="Loading book details..." />;
  const failure = bookLoadFailure(data?.book, error);
  if (failure || !data?.book) return failure;
  // Keyed by id so moving to another book starts a fresh form instead of keeping the last one's edits.
  return <UpdateBookForm key={data.book.id} book={data.book} />;
}
