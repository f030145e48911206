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

const FORM_FIELDS = new Set<string>([
  'title',
  'author',
  'genre',
  'copies',
  'rating',
  'image',
  'description',
  'replacementCost',
]);

/**
 * The server's BAD_USER_INPUT messages for fields this form has (it may name them as `input.title`). Both
 * `quantity` (Add) and `copies` (Update) are the form's one copies field.
 */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(error))) {
    const raw = field.replace(/^input\./, '');
    const name = raw === 'quantity' ? 'copies' : raw;
    if (FORM_FIELDS.has(name)) errors[name as keyof BookFormValues] = message;
  }
  return errors;
}
