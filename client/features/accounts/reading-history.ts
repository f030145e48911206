import { graphql } from '../../gql/index.ts';

/** The member's returned loans still linked to them, a page at a time, and whether they keep them. */
export const READING_HISTORY_QUERY = graphql(`
  query ReadingHistory($first: Int!, $after: String) {
    me {
      id
      keepsReadingHistory
      readingHistory(first: $first, after: $after) {
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
        nodes {
          id
          bookId
          bookTitle
          bookAuthor
          borrowDate
          returnedAt
        }
      }
    }
  }
`);

/** The answer is the member, whose choice updates `me` in the cache by itself. */
export const SET_READING_HISTORY_MUTATION = graphql(`
  mutation SetReadingHistory($keep: Boolean!) {
    setReadingHistory(keep: $keep) {
      id
      keepsReadingHistory
    }
  }
`);

export const DELETE_READING_HISTORY_MUTATION = graphql(`
  mutation DeleteReadingHistory {
    deleteReadingHistory
  }
`);

export const HISTORY_PAGE_SIZE = 20;
