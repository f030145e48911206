import { graphql } from '../gql/index.ts';

// A hold's own fields, written once: the book page's "my place in the queue", the Holds tab's list and every
// hold mutation select them through this fragment, so the cache entry they share always has the same shape.
export const HOLD_FIELDS = graphql(`
  fragment HoldFields on Hold {
    id
    status
    position
    readyUntil
    pickup
    shelvedAt
    readyUntilHours {
      opens
      closes
    }
  }
`);

/** Leaves a queue, or gives up a copy set aside; the callers ask again for the lists that move with it. */
export const CANCEL_HOLD_MUTATION = graphql(`
  mutation CancelHold($holdId: ID!, $idempotencyKey: String) {
    cancelHold(holdId: $holdId, idempotencyKey: $idempotencyKey) {
      ...HoldFields
    }
  }
`);
