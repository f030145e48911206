import { useParams } from 'react-router-dom';
import { useApolloClient, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useCatalogueAccess } from '../../lib/use-can-edit-catalogue.ts';
import { useInventoryAccess } from '../../lib/use-inventory-access.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n } from '../../lib/i18n.ts';
import { UpdateBookForm } from './update-book-form.tsx';
import { StaffOnlyNotice, bookLoadFailure } from './book-load-states.tsx';

export const BOOK_FOR_UPDATE_QUERY = graphql(`
  query BookForUpdate($id: ID!) {
    book(id: $id) {
      id
      ...BookDetailsFields
      ...BookEditFields
    }
  }
`);

export default function UpdateBookPage() {
  const id = useParams()['id'] ?? '';
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'book.updateBook' }));
  const client = useApolloClient();
  // Always the book as the gateway has it now: the edit is sent with this version, and a cached copy may be
  // behind (its version moves with every borrow and return, which the cache does not see).
  const { data, loading, error } = useQuery(BOOK_FOR_UPDATE_QUERY, { variables: { id }, fetchPolicy: 'network-only' });
  const access = useCatalogueAccess();
  // Known before the form shows, so copies and cost start editable or read-only and never switch under a hand.
  const inventory = useInventoryAccess();
  // A reload after a conflict is its own request: should it fail, the form stays as it is, with the
  // offer to reload, instead of the page turning into the load-failure view.
  const reload = async () =>
    (await client.query({ query: BOOK_FOR_UPDATE_QUERY, variables: { id }, fetchPolicy: 'network-only' })).data?.book ??
    null;

  if (access === 'denied') return <StaffOnlyNotice title={t({ id: 'book.updateBook' })} />;
  if ((loading && !data) || inventory === 'checking') return <Spinner label={t({ id: 'book.loadingDetails' })} />;
  const failure = bookLoadFailure(data?.book, error);
  if (failure || !data?.book) return failure;
  // Keyed by id so moving to another book starts a fresh form instead of keeping the last one's edits.
  return (
    <UpdateBookForm key={data.book.id} book={data.book} onReload={reload} inventoryLocked={inventory === 'locked'} />
  );
}
