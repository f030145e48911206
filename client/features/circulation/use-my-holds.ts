import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { CANCEL_HOLD_MUTATION } from '../../lib/holds.ts';

/** What the Holds tab shows of a waiting hold's wait: its pause, the copies owned and the day expected. */
export const HOLD_WAIT_FIELDS = graphql(`
  fragment HoldWait on Hold {
    id
    pausedUntil
    copies
    expectedBy
  }
`);

const PAUSE_HOLD_MUTATION = graphql(`
  mutation PauseHold($holdId: ID!, $until: String!) {
    pauseHold(holdId: $holdId, until: $until) {
      ...HoldFields
      ...HoldWait
    }
  }
`);

const RESUME_HOLD_MUTATION = graphql(`
  mutation ResumeHold($holdId: ID!) {
    resumeHold(holdId: $holdId) {
      ...HoldFields
      ...HoldWait
    }
  }
`);

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
        ...HoldWait
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

/** Pausing or resuming moves who a copy goes to: the list is asked for again with the answer. */
export function usePauseMyHold() {
  return useMutation(PAUSE_HOLD_MUTATION, { refetchQueries: [{ query: MY_HOLDS_QUERY }], awaitRefetchQueries: true });
}

export function useResumeMyHold() {
  return useMutation(RESUME_HOLD_MUTATION, { refetchQueries: [{ query: MY_HOLDS_QUERY }], awaitRefetchQueries: true });
}
