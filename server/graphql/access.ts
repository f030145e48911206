// Who may call each Query and Mutation field: the one place this is declared. buildResolvers refuses to
// start when a field of the schema has no rule here (tests/api/access.test.ts checks it too).
export type AccessRule = 'public' | 'signedIn';

export const ACCESS = {
  Query: {
    books: 'public',
    book: 'public',
    booksByCategory: 'public',
    bookCount: 'public',
    categories: 'public',
    genres: 'public',
    me: 'public',
    borrowWindow: 'public',
    borrowedBooks: 'signedIn',
    users: 'signedIn',
  },
  Mutation: {
    // Exchanging a verified Firebase ID token is how one becomes signed in.
    issueToken: 'public',
    addBook: 'signedIn',
    updateBook: 'signedIn',
    borrow: 'signedIn',
    returnBook: 'signedIn',
  },
} as const satisfies Record<'Query' | 'Mutation', Record<string, AccessRule>>;

export type AccessMap = Record<'Query' | 'Mutation', Record<string, AccessRule>>;
