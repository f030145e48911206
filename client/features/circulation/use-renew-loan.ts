import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';

/**
 * The renewed loan comes back through BorrowedLoan, the fragment the list renders, so its card shows the new
 * due date, renewal count and whether it may be renewed again straight from the normalised cache.
 */
export const RENEW_LOAN_MUTATION = graphql(`
  mutation RenewLoan($loanId: ID!, $idempotencyKey: String) {
    renewLoan(loanId: $loanId, idempotencyKey: $idempotencyKey) {
      id
      dueDate
      ...BorrowedLoan
    }
  }
`);

/** The caller's loans' renewals as the gateway has them now: after a renewal whose answer never came. */
export const CHECK_MY_RENEWALS_QUERY = graphql(`
  query CheckMyRenewals {
    borrowedBooks {
      id
      renewals
      dueDate
      canRenew
      renewBlockedReason
      autoRenewsOn
    }
  }
`);

export function useRenewLoan() {
  return useMutation(RENEW_LOAN_MUTATION);
}
