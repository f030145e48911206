import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

export const MY_HOLDS_QUERY = graphql(`
  query MyHolds {
    me {
      id
      holds {
        id
        bookId
        bookTitle
        status
        position
        readyUntil
      }
    }
  }
`);

export const CANCEL_MY_HOLD_MUTATION = graphql(`
  mutation CancelMyHold($holdId: ID!) {
    cancelHold(holdId: $holdId) {
      id
      status
      position
      readyUntil
    }
  }
`);

// Holds move when others act (a copy comes back, someone ahead leaves), so the cached list is refreshed.
export function useMyHolds() {
  return useQuery(MY_HOLDS_QUERY, { fetchPolicy: 'cache-and-network' });
}

/** Cancelling moves everyone behind up a place: the gateway's list is asked for again with the answer. */
export function useCancelMyHold() {
  return useMutation(CANCEL_MY_HOLD_MUTATION, {
    refetchQueries: [{ query: MY_HOLDS_QUERY }],
    awaitRefetchQueries: true,
  });
}
