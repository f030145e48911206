import { graphql } from '../../gql/index.ts';

/**
 * A whole book as this feature shows it: the details view, the borrow modal and the update form read it, and
 * adding or updating a book asks for it back, so the cached book is whole for every view afterwards.
 */
export const BOOK_DETAILS_FRAGMENT = graphql(`
  fragment BookDetailsFields on Book {
    id
    title
    author
    genre
    description
    image
    rating
    quantity
  }
`);
