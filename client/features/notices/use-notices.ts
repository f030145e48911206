import { useMutation, useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

// The newest notices; older ones are counted under the list (the gateway allows up to 100 a page).
export const NOTICES_PAGE_SIZE = 50;

export const MY_NOTICES_QUERY = graphql(`
  query MyNotices($first: Int!, $after: String) {
    me {
      id
      unreadNoticeCount
      emailNotices
      notices(first: $first, after: $after) {
        nodes {
          id
          kind
          message
          link
          read
          createdAt
        }
        totalCount
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

export const MARK_NOTICES_READ_MUTATION = graphql(`
  mutation MarkNoticesRead($ids: [ID!]) {
    markNoticesRead(ids: $ids)
  }
`);

export function useNotices() {
  return useQuery(MY_NOTICES_QUERY, {
    variables: { first: NOTICES_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
}

/**
 * The answer is only a count, so the gateway's view is asked for again: this list and the header's bell (by
 * name, as the bell's query lives in its own chunk).
 */
export function useMarkNoticesRead() {
  return useMutation(MARK_NOTICES_READ_MUTATION, {
    refetchQueries: ['MyNotices', 'UnreadNoticeCount'],
    awaitRefetchQueries: true,
  });
}

export const SET_EMAIL_NOTICES_MUTATION = graphql(`
  mutation SetEmailNotices($enabled: Boolean!) {
    setEmailNotices(enabled: $enabled) {
      id
      emailNotices
    }
  }
`);

/** The answer is the member (id and setting), which updates the list's `me` in the cache by itself. */
export function useSetEmailNotices() {
  return useMutation(SET_EMAIL_NOTICES_MUTATION);
}
