import { CombinedGraphQLErrors } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

export const RETURN_BOOK_MUTATION = graphql(`
  mutation ReturnBook($borrowId: ID!, $idempotencyKey: String) {
    returnBook(borrowId: $borrowId, idempotencyKey: $idempotencyKey) {
      id
      bookId
      status
      fee
      ...BorrowedLoan
    }
  }
`);

/** The caller's balance alone, fetched again when a return charged a late fee. */
export const MY_BALANCE_QUERY = graphql(`
  query MyBalance {
    me {
      id
      balance
    }
  }
`);

/**
 * The returned loan comes back whole (status, return day, late fee), which moves it between tabs through the
 * cache. The answer carries no quantity, so a cached copy of the book gets its copy back here; a late return
 * charged a fee, so the caller's balance is fetched again.
 */
export function useReturnBook() {
  return useMutation(RETURN_BOOK_MUTATION, {
    update(cache, { data }) {
      // A claimed return (RETURNS=desk) keeps the copy out until the desk checks it in.
      if (!data || data.returnBook.status !== 'RETURNED') return;
      cache.modify({
        id: cache.identify({ __typename: 'Book', id: data.returnBook.bookId }),
        fields: { quantity: (quantity: number) => quantity + 1 },
      });
    },
    refetchQueries: ({ data }) =>
      data && data.returnBook.status === 'RETURNED' && data.returnBook.fee > 0 ? [{ query: MY_BALANCE_QUERY }] : [],
  });
}

/** The gateway's messages are written for people; transport errors are not, so callers use their own text. */
export function serverMessage(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  return error.errors.find((e) => e.message)?.message ?? null;
}
