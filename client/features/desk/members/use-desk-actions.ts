import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';

// Every desk action moves the member's balance and ledger, and may take a loan off the overdue list: the hooks
// refetch what the desk shows (by operation name, so every page of a list) before they report success. Each
// carries an idempotency key (client/lib/request-key.ts), one per submission, so a repeat records nothing.
const refresh = { refetchQueries: ['DeskMember', 'DeskOverdueLoans'], awaitRefetchQueries: true };

export const CHECK_IN_MUTATION = graphql(`
  mutation DeskCheckIn($loanId: ID!, $idempotencyKey: String!) {
    checkIn(loanId: $loanId, idempotencyKey: $idempotencyKey) {
      id
      status
      returnedAt
      overdueDays
      fee
    }
  }
`);

export const RECORD_PAYMENT_MUTATION = graphql(`
  mutation DeskRecordPayment($uid: String!, $amount: Int!, $note: String, $idempotencyKey: String!) {
    recordPayment(uid: $uid, amount: $amount, note: $note, idempotencyKey: $idempotencyKey) {
      id
      amount
      note
      recordedBy
      createdAt
      balanceAfter
      reference
    }
  }
`);

export const WAIVE_FEE_MUTATION = graphql(`
  mutation DeskWaiveFee($uid: String!, $amount: Int!, $note: String, $idempotencyKey: String!) {
    waiveFee(uid: $uid, amount: $amount, note: $note, idempotencyKey: $idempotencyKey) {
      id
      amount
    }
  }
`);

export const MARK_LOST_MUTATION = graphql(`
  mutation DeskMarkLost($loanId: ID!, $damaged: Boolean!, $idempotencyKey: String!) {
    markLost(loanId: $loanId, damaged: $damaged, idempotencyKey: $idempotencyKey) {
      id
      status
      returnedAt
    }
  }
`);

/** What a lost or damaged copy of the book costs; asked when staff are about to charge it. */
export const BOOK_COST_QUERY = graphql(`
  query DeskBookCost($id: ID!) {
    book(id: $id) {
      id
      replacementCost
    }
  }
`);

export const RENEW_FOR_MUTATION = graphql(`
  mutation DeskRenewFor($loanId: ID!, $idempotencyKey: String!) {
    renewFor(loanId: $loanId, idempotencyKey: $idempotencyKey) {
      id
      dueDate
    }
  }
`);

export const RENEW_ALL_FOR_MUTATION = graphql(`
  mutation DeskRenewAllFor($uid: ID!) {
    renewAllFor(uid: $uid) {
      renewed
      message
      loan {
        id
        bookTitle
        dueDate
      }
    }
  }
`);

export const useCheckIn = () => useMutation(CHECK_IN_MUTATION, refresh);
export const useRecordPayment = () => useMutation(RECORD_PAYMENT_MUTATION, refresh);
export const useWaiveFee = () => useMutation(WAIVE_FEE_MUTATION, refresh);
export const useMarkLost = () => useMutation(MARK_LOST_MUTATION, refresh);
export const useRenewFor = () => useMutation(RENEW_FOR_MUTATION, refresh);
export const useRenewAllFor = () => useMutation(RENEW_ALL_FOR_MUTATION, refresh);

/** The member says they returned it and the library cannot find it: set aside, fee stopped, while staff look. */
export const CLAIMS_RETURNED_MUTATION = graphql(`
  mutation DeskClaimsReturned($loanId: ID!) {
    markClaimsReturned(loanId: $loanId) {
      id
      status
      claimedAt
    }
  }
`);
export const useMarkClaimsReturned = () => useMutation(CLAIMS_RETURNED_MUTATION, refresh);
