import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

/**
 * The renewed loan comes back through BorrowedLoan, the fragment the list renders, so its card shows the new
 * due date, renewal count and whether it may be renewed again straight from the normalised cache.
 */
export const RENEW_LOAN_MUTATION = graphql(`
  mutation RenewLoan($loanId: ID!) {
    renewLoan(loanId: $loanId) {
      id
      dueDate
      ...BorrowedLoan
    }
  }
`);

export function useRenewLoan() {
  return useMutation(RENEW_LOAN_MUTATION);
}
