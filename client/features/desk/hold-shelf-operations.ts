import { graphql } from '../../gql/index.ts';

// The hold shelf's three lists (decision 058) and its two moves. A move refetches all three lists by name: a
// copy put on the hold shelf leaves To pull for Awaiting pickup; one taken off leaves Expired.
export const HOLD_SHELF_PAGE_SIZE = 20;
export const HOLD_SHELF_LISTS = ['HoldShelfToPull', 'HoldShelfAwaiting', 'HoldShelfToClear'];

export const HOLDS_TO_PULL_QUERY = graphql(`
  query HoldShelfToPull($first: Int!, $after: String) {
    holdsToPull(first: $first, after: $after) {
      nodes {
        hold {
          id
          readyAt
          itemBarcode
        }
        book {
          id
          title
          author
        }
        member {
          uid
          name
          cardNumber
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
          id
          title
          author
        }
        member {
          uid
          name
          cardNumber
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
