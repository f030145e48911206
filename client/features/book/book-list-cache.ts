import type { ApolloCache } from '@apollo/client';
import type { BookFormValues, FieldErrors } from './book-form.ts';
import { fieldErrorsOf } from './graphql-errors.ts';

/**
 * After a book is added or edited, the filtered catalogue pages, the category lists and the genre list may
 * no longer match; dropping just those fields makes each list fetch itself again the next time it is shown.
 * The book itself is already up to date through its normalised entry.
 */
export function dropBookLists(cache: ApolloCache, opts: { added?: boolean } = {}): void {
  cache.modify({
    fields: {
      books: (_existing, { DELETE }) => DELETE,
      booksByCategory: (_existing, { DELETE }) => DELETE,
      genres: (_existing, { DELETE }) => DELETE,
      bookCount: (count: number) => (opts.added ? count + 1 : count),
    },
  });
}

const FORM_FIELDS = new Set<string>(['title', 'author', 'genre', 'quantity', 'rating', 'image', 'description']);

/** The server's BAD_USER_INPUT messages for fields this form has (it may name them as `input.title`). */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const name = field.replace(/^input\./, '');
    if (FORM_FIELDS.has(name)) errors[name as keyof BookFormValues] = message;
  }
  return errors;
}
