import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.ts';
import type { BookDetailsFieldsFragment } from '../../gql/graphql.ts';
import { showError, showSuccess } from '../../components/ui/dialogs.ts';
import { Stars } from '../../components/ui/stars.tsx';
import { parseUpdateBook, type BookFormValues, type FieldErrors } from './book-form.ts';
import { dropBookLists, serverFieldErrors } from './book-list-cache.ts';
import { BOOK_DETAILS_FRAGMENT } from './book-details-fields.ts';
import { BookFormFields } from './book-form-fields.tsx';
import { CoverPreview } from './cover-preview.tsx';
import { updateGenreOptions } from './genres.ts';

export const UPDATE_BOOK_MUTATION = graphql(`
  mutation UpdateBook($id: ID!, $input: BookUpdateInput!) {
    updateBook(id: $id, input: $input) {
      title
      ...BookDetailsFields
    }
  }
`);

const FAILED = 'Failed to update book. Please try again.';

function toFormValues(book: BookDetailsFieldsFragment): BookFormValues {
  return {
    title: book.title,
    author: book.author,
    genre: book.genre,
    quantity: String(book.quantity),
    rating: String(book.rating),
    image: book.image,
    description: book.description,
  };
}

export function UpdateBookForm({ book: bookRef }: { book: FragmentType<typeof BOOK_DETAILS_FRAGMENT> }) {
  const book = getFragmentData(BOOK_DETAILS_FRAGMENT, bookRef);
  const navigate = useNavigate();
  const [values, setValues] = useState(() => toFormValues(book));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [genres] = useState(() => updateGenreOptions(book.genre));
  const [updateBook, { loading }] = useMutation(UPDATE_BOOK_MUTATION, { update: (cache) => dropBookLists(cache) });

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const parsed = parseUpdateBook(values);
    setErrors(parsed.errors);
    if (!parsed.input) return;
    try {
      const { data } = await updateBook({ variables: { id: book.id, input: parsed.input } });
      const title = data?.updateBook.title ?? parsed.input.title;
      setMessage({ ok: true, text: 'Book updated successfully!' });
      const viewAll = await showSuccess('Book Updated!', `"${title}" has been updated.`, {
        confirmText: 'View All Books',
      });
      if (viewAll) void navigate('/all-books');
    } catch (error) {
      setErrors(serverFieldErrors(error));
      setMessage({ ok: false, text: FAILED });
      await showError('Update Failed', FAILED);
    }
  };

  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_2fr]">
      <aside aria-labelledby="current-details" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="current-details" className="mb-4 text-lg font-semibold">
          Current Details
        </h2>
        <CoverPreview url={values.image} title={values.title} />
        <dl className="mt-4 space-y-1 text-sm">
          <div>
            <dt className="inline font-medium">Title: </dt>
            <dd className="inline">{book.title}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Author: </dt>
            <dd className="inline">{book.author}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Genre: </dt>
            <dd className="inline">{book.genre}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Quantity: </dt>
            <dd className="inline">{book.quantity}</dd>
          </div>
          <div className="flex items-center gap-2">
            <dt className="font-medium">Rating:</dt>
            <dd>
              <Stars rating={book.rating} />
            </dd>
          </div>
        </dl>
      </aside>
      <form onSubmit={(event) => void submit(event)} className="rounded-xl bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-2xl font-bold text-gray-900">Update Book</h1>
        {message && (
          <p
            role={message.ok ? 'status' : 'alert'}
            className={`mb-4 rounded-lg p-3 text-sm ${message.ok ? 'bg-green-50 text-green-800' : 'bg-red-50 text-red-700'}`}
          >
            {message.text}
          </p>
        )}
        <BookFormFields
          mode="update"
          values={values}
          errors={errors}
          genres={genres}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        />
        <button
          type="submit"
          disabled={loading}
          className="mt-6 w-full rounded-lg bg-green-700 px-4 py-3 font-medium text-white disabled:opacity-60"
        >
          {loading ? 'Updating...' : 'Update Book'}
        </button>
      </form>
    </section>
  );
}
