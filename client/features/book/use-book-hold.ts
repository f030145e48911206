import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { CANCEL_HOLD_MUTATION } from '../../lib/holds.ts';

/** The caller's place in a book's queue; asked only while no copy is on the shelf. */
export const BOOK_HOLD_QUERY = graphql(`
  query BookHold($id: ID!) {
    book(id: $id) {
      id
      holdQueueLength
      myHold {
        ...HoldFields
      }
    }
  }
`);

export const PLACE_HOLD_MUTATION = graphql(`
  mutation PlaceHold($bookId: ID!, $idempotencyKey: String) {
    placeHold(bookId: $bookId, idempotencyKey: $idempotencyKey) {
      ...HoldFields
    }
  }
`);

export function useBookHold(bookId: string, skip: boolean) {
  return useQuery(BOOK_HOLD_QUERY, { variables: { id: bookId }, skip, fetchPolicy: 'cache-and-network' });
}

/**
 * Placing or cancelling changes the queue length and whether the caller holds a place, which only the
 * gateway knows (others may have joined), so the book's hold state is asked for again with the answer.
 */
export function useHoldActions(bookId: string) {
  const refetchQueries = [{ query: BOOK_HOLD_QUERY, variables: { id: bookId } }];
  const [place, placing] = useMutation(PLACE_HOLD_MUTATION, { refetchQueries, awaitRefetchQueries: true });
  const [cancel, cancelling] = useMutation(CANCEL_HOLD_MUTATION, { refetchQueries, awaitRefetchQueries: true });
  return { place, cancel, busy: placing.loading || cancelling.loading };
}
