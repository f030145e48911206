import { graphql } from '../../../gql/index.ts';

// Staff's list of purchase suggestions (issue 42) and their answer to one; an answer refetches the list by name.
export const SUGGESTIONS_PAGE_SIZE = 20;

export const PURCHASE_SUGGESTIONS_QUERY = graphql(`
  query DeskSuggestions($status: SuggestionStatus, $first: Int!, $after: String) {
    purchaseSuggestions(status: $status, first: $first, after: $after) {
      nodes {
        id
        title
        author
        note
        status
        reason
        createdAt
        memberName
        memberCard
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export const DECIDE_SUGGESTION = graphql(`
  mutation DecideSuggestion($id: ID!, $accept: Boolean!, $reason: String) {
    decideSuggestion(id: $id, accept: $accept, reason: $reason) {
      id
      status
      reason
    }
  }
`);
