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
      noticeChannels
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
 * Marks notices read: `ids`, or every notice when null. The answer is only a count, so the notices on screen
 * (`shown`: the ids given, or every one loaded) are marked read in the cache, which keeps pages loaded with
 * Load more, and the unread count is asked for again (by name: the bell's query lives in its own chunk).
 */
export function useMarkNoticesRead() {
  const [mutate, state] = useMutation(MARK_NOTICES_READ_MUTATION, {
    refetchQueries: ['UnreadNoticeCount'],
    awaitRefetchQueries: true,
  });
  const markRead = (ids: string[] | null, shown: string[]) =>
    mutate({
      variables: { ids },
      update(cache) {
        for (const id of shown)
          cache.modify({ id: cache.identify({ __typename: 'Notice', id }), fields: { read: () => true } });
      },
    });
  return [markRead, state] as const;
}

/** The next page of notices, after the ones on screen. */
export function useMoreNotices(fetchMore: ReturnType<typeof useNotices>['fetchMore']) {
  return (after: string) =>
    fetchMore({
      variables: { after },
      updateQuery: (previous, { fetchMoreResult }) => {
        const [older, newer] = [previous.me?.notices, fetchMoreResult.me?.notices];
        if (!older || !newer || !fetchMoreResult.me) return previous;
        return { me: { ...fetchMoreResult.me, notices: { ...newer, nodes: [...older.nodes, ...newer.nodes] } } };
      },
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
