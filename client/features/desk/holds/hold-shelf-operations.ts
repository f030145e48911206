import { graphql } from '../../../gql/index.ts';

// The hold shelf's three lists (decision 058) and its two moves. A move refetches all three lists by name: a
// copy put on the hold shelf leaves To pull for Awaiting pickup; one taken off leaves Expired.
export const HOLD_SHELF_PAGE_SIZE = 20;
export const HOLD_SHELF_LISTS = ['HoldShelfToPull', 'HoldShelfAwaiting', 'HoldShelfToClear'];

// The book and member columns of To pull and To clear.
export const HOLD_SHELF_BOOK = graphql(`
  fragment HoldShelfBook on Book {
    id
    title
    author
  }
`);

export const HOLD_SHELF_MEMBER = graphql(`
  fragment HoldShelfMember on User {
    uid
    name
    cardNumber
  }
`);

export const HOLDS_TO_PULL_QUERY = graphql(`
  query HoldShelfToPull($first: Int!, $after: String) {
    holdsToPull(first: $first, after: $after) {
      nodes {
        hold {
          id
          readyAt
          itemBarcode
          pickup
        }
        book {
          ...HoldShelfBook
        }
        member {
          ...HoldShelfMember
        }
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const HOLDS_AWAITING_QUERY = graphql(`
  query HoldShelfAwaiting($first: Int!, $after: String) {
    holdsReady(first: $first, after: $after) {
      nodes {
        id
        bookTitle
        userName
        itemBarcode
        readyUntil
        shelvedAt
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const HOLDS_TO_CLEAR_QUERY = graphql(`
  query HoldShelfToClear($first: Int!, $after: String) {
    holdsToClear(first: $first, after: $after) {
      nodes {
        hold {
          id
          status
          itemBarcode
        }
        book {
          ...HoldShelfBook
        }
        member {
          ...HoldShelfMember
        }
        nextHold {
          id
          userName
        }
        copyGoesTo
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const SHELVE_HOLD = graphql(`
  mutation ShelveHold($holdId: ID!) {
    shelveHold(holdId: $holdId) {
      id
      shelvedAt
    }
  }
`);

export const CLEAR_HOLD_SHELF = graphql(`
  mutation ClearHoldShelf($holdId: ID!) {
    clearHoldShelf(holdId: $holdId) {
      id
    }
  }
`);
