// What the book pages show instead of a book or a form: not found, failed to load, or staff only.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { hasErrorCode } from './graphql-errors.ts';

/** The not-found or error view for a book query, or null when the book is there to show. */
export function bookLoadFailure(book: unknown, error: unknown): ReactNode | null {
  // An id the server cannot even parse names no book, which is the same answer as an unknown id.
  if (book === null || hasErrorCode(error, 'NOT_FOUND') || hasErrorCode(error, 'BAD_USER_INPUT')) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="mb-2 text-2xl font-bold">Book Not Found</h1>
        <p className="mb-6 text-gray-600">The book you're looking for doesn't exist or has been removed.</p>
        <Link to="/all-books" className="btn-primary">
          Back to Library
        </Link>
      </section>
    );
  }
  if (error || !book) {
    return (
      <section role="alert" className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="mb-6 text-red-700">Failed to fetch book details. Please try again.</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          Try Again
        </button>
      </section>
    );
  }
  return null;
}

/** Add Book and Update Book for a member when the library keeps catalogue editing to its staff. */
export function StaffOnlyNotice({ title }: { title: string }) {
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="mb-2 text-2xl font-bold">{title}</h1>
      <p className="mb-6 text-gray-700">Only library staff can add and update books. Please ask at the desk.</p>
      <Link to="/all-books" className="btn-primary">
        Back to Library
      </Link>
    </section>
  );
}
