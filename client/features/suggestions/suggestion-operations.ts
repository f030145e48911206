import { graphql } from '../../gql/index.ts';

// A member's purchase suggestions (issue 42): their list with staff's answers, and a new one.
export const MY_SUGGESTIONS_QUERY = graphql(`
  query MySuggestions {
    mySuggestions {
      id
      title
      author
      status
      reason
      createdAt
    }
  }
`);

export const SUGGEST_PURCHASE = graphql(`
  mutation SuggestPurchase($input: SuggestionInput!) {
    suggestPurchase(input: $input) {
      id
      title
      author
      status
      reason
      createdAt
    }
  }
`);
