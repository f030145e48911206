import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

/** Whether the signed-in member may borrow now, and the refusal a borrow would meet if not (LOAN_OVERDUE, ...). */
export const MY_BORROWING_QUERY = graphql(`
  query MyBorrowing {
    me {
      id
      borrowing {
        allowed
        code
        message
      }
    }
  }
`);

/**
 * The member's standing for a borrow, asked before any form so a refusal is told up front. Null while unknown
 * (loading, failed, signed out): the Borrow button then stays, and the gateway still refuses at the borrow.
 */
export function useBorrowing(signedIn: boolean) {
  const { data, refetch } = useQuery(MY_BORROWING_QUERY, { skip: !signedIn, fetchPolicy: 'cache-and-network' });
  const borrowing = data?.me?.borrowing ?? null;
  return { refusal: borrowing && !borrowing.allowed ? borrowing : null, refetch };
}
