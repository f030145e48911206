import { graphql } from '../../gql/index.ts';

/** What the catalogue shows of a book, in its cards and table rows, on the all-books and category pages alike. */
export const CATALOG_BOOK_FRAGMENT = graphql(`
  fragment CatalogBook on Book {
    id
    title
    author
    genre
    image
    rating
    quantity
  }
`);
