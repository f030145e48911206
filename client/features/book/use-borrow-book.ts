import { useMutation } from '@apollo/client/react';
import type { Reference } from '@apollo/client';
import { graphql } from '../../gql/index.ts';

export const BORROW_BOOK_MUTATION = graphql(`
  mutation BorrowBook($input: BorrowInput!, $idempotencyKey: String) {
    borrow(input: $input, idempotencyKey: $idempotencyKey) {
      currentQuantity
      status
      pickup {
        id
        bookId
        ...HoldFields
      }
      record {
        id
        bookId
        dueDate
        ...BorrowedLoan
      }
    }
  }
`);

/**
 * Borrowing changes two things others show: the book's copies left (from the answer, not a guess) and the
 * caller's loan list, where the new loan goes first as the server orders loans newest first. The loan is
 * asked for through BorrowedLoan, the fragment that list selects, so the entry added to it is always whole.
 * A pickup request (click and collect) makes no loan: the book's own hold and the member's holds are asked again.
 */
export function useBorrowBook() {
  return useMutation(BORROW_BOOK_MUTATION, {
    // The book's hold state and the caller's holds (the Holds tab) gain the pickup request, when shown.
    refetchQueries: ({ data }) => (data && !data.borrow.record ? ['BookHold', 'MyHolds'] : []),
    update(cache, { data }) {
      if (!data) return;
      const { record, currentQuantity, pickup } = data.borrow;
      const bookId = record?.bookId ?? pickup?.bookId;
      if (bookId)
        cache.modify({
          id: cache.identify({ __typename: 'Book', id: bookId }),
          fields: { quantity: () => currentQuantity },
        });
      if (!record) return;
      const ref = cache.identify(record);
      cache.modify<{ borrowedBooks: Reference[] }>({
        fields: {
          borrowedBooks(existing, { storeFieldName, toReference }) {
            // Only the caller's own list (no userId argument) gains the loan.
            if (storeFieldName !== 'borrowedBooks' || !ref) return existing;
            if (existing.some((item) => item.__ref === ref)) return existing;
            const added = toReference(record);
            return added ? [added, ...existing] : existing;
          },
        },
      });
    },
  });
}
