import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { CANCEL_HOLD_MUTATION } from '../../lib/holds.ts';

export const MY_HOLDS_QUERY = graphql(`
  query MyHolds {
    me {
      id
      borrowing {
        allowed
        message
      }
      holds {
        id
        bookId
        bookTitle
        ...HoldFields
      }
    }
  }
`);

// Holds move when others act (a copy comes back, someone ahead leaves), so the cached list is refreshed.
export function useMyHolds() {
  return useQuery(MY_HOLDS_QUERY, { fetchPolicy: 'cache-and-network' });
}

/** Cancelling moves everyone behind up a place: the gateway's list is asked for again with the answer. */
export function useCancelMyHold() {
  return useMutation(CANCEL_HOLD_MUTATION, {
    refetchQueries: [{ query: MY_HOLDS_QUERY }],
    awaitRefetchQueries: true,
  });
}
