import { useMutation } from '@apollo/client/react';
import { graphql } from '../../../gql/index.ts';

export const DESK_BOOK_QUERY = graphql(`
  query DeskBook($id: ID!) {
    book(id: $id) {
      id
      title
      author
      copies
      quantity
      items {
        barcode
        status
        dueDate
        note
        addedAt
      }
    }
  }
`);

export const ADD_ITEMS_MUTATION = graphql(`
  mutation DeskAddItems($bookId: ID!, $count: Int!, $idempotencyKey: String!) {
    addItems(bookId: $bookId, count: $count, idempotencyKey: $idempotencyKey) {
      barcode
    }
  }
`);

export const WITHDRAW_ITEM_MUTATION = graphql(`
  mutation DeskWithdrawItem($barcode: String!, $note: String, $idempotencyKey: String!) {
    withdrawItem(barcode: $barcode, note: $note, idempotencyKey: $idempotencyKey) {
      barcode
      status
    }
  }
`);

export const SET_ITEM_STATUS_MUTATION = graphql(`
  mutation DeskSetItemStatus($barcode: String!, $status: ItemShelfStatus!, $idempotencyKey: String!) {
    setItemStatus(barcode: $barcode, status: $status, idempotencyKey: $idempotencyKey) {
      barcode
      status
    }
  }
`);

// Every change of a copy changes the book's counts and its list of copies: the page asks for the book again.
const refresh = { refetchQueries: ['DeskBook'], awaitRefetchQueries: true };
export const useAddItems = () => useMutation(ADD_ITEMS_MUTATION, refresh);
export const useWithdrawItem = () => useMutation(WITHDRAW_ITEM_MUTATION, refresh);
export const useSetItemStatus = () => useMutation(SET_ITEM_STATUS_MUTATION, refresh);
