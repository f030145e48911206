import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';

// What the scan box sends: a card opens its member; an item barcode checks out to the open member, or checks in.
// Check-outs and check-ins move the member's loans, balance and the overdue list: the desk asks for them again.
const refresh = { refetchQueries: ['DeskMember', 'DeskOverdueLoans'], awaitRefetchQueries: true };

export const MEMBER_BY_CARD_QUERY = graphql(`
  query DeskMemberByCard($card: String!) {
    memberByCard(card: $card) {
      id
      uid
      name
      email
    }
  }
`);

export const CHECK_OUT_MUTATION = graphql(`
  mutation DeskCheckOut($card: String!, $barcode: String!, $override: String, $idempotencyKey: String!) {
    checkOut(card: $card, barcode: $barcode, override: $override, idempotencyKey: $idempotencyKey) {
      id
      bookId
      bookTitle
      dueDate
    }
  }
`);

export const CHECK_IN_ITEM_MUTATION = graphql(`
  mutation DeskCheckInItem($barcode: String!, $forgive: Boolean!, $returnedOn: String, $idempotencyKey: String!) {
    checkInItem(barcode: $barcode, forgive: $forgive, returnedOn: $returnedOn, idempotencyKey: $idempotencyKey) {
      fee
      daysLate
      forgiven
      itemStatus
      found
      refunded
      loan {
        id
        userId
        userName
        userEmail
        bookId
        bookTitle
        dueDate
      }
      holdFound {
        holdId
        readyUntil
        bookTitle
        barcode
        member {
          id
          name
          cardNumber
        }
      }
    }
  }
`);

export const useCheckOut = () => useMutation(CHECK_OUT_MUTATION, refresh);
export const useCheckInItem = () => useMutation(CHECK_IN_ITEM_MUTATION, refresh);
