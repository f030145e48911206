// What the book pages show instead of a book or a form: not found, failed to load, or staff only.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { intl, useI18n } from '../../lib/i18n.ts';
import { hasErrorCode } from './graphql-errors.ts';

/** The not-found or error view for a book query, or null when the book is there to show. */
export function bookLoadFailure(book: unknown, error: unknown): ReactNode | null {
  // Called while a page renders, under the provider: intl() holds the same catalogue.
  const t = intl().formatMessage;
  // An id the server cannot even parse names no book, which is the same answer as an unknown id.
  if (book === null || hasErrorCode(error, 'NOT_FOUND') || hasErrorCode(error, 'BAD_USER_INPUT')) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="mb-2 text-2xl font-bold">{t({ id: 'book.notFoundTitle' })}</h1>
        <p className="mb-6 text-gray-600">{t({ id: 'book.notFoundText' })}</p>
        <Link to="/all-books" className="btn-primary">
          {t({ id: 'book.backToLibrary' })}
        </Link>
      </section>
    );
  }
  if (error || !book) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="mb-6 text-red-700">{t({ id: 'book.fetchFailed' })}</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t({ id: 'error.tryAgain' })}
        </button>
      </section>
    );
  }
  return null;
}

/** Add Book and Update Book for a member when the library keeps catalogue editing to its staff. */
export function StaffOnlyNotice({ title }: { title: string }) {
  const t = useI18n().formatMessage;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-gray-700">{t({ id: 'book.staffOnly' })}</p>
      <Link to="/all-books" className="btn-primary">
        {t({ id: 'book.backToLibrary' })}
      </Link>
    </section>
  );
}
