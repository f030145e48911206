import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { showError, showSuccess } from '../../components/ui/dialogs.ts';
import { useCatalogueAccess } from '../../lib/use-can-edit-catalogue.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { EMPTY_BOOK_FORM, parseAddBook, type BookFormValues, type FieldErrors } from './book-form.ts';
import { dropBookLists, serverFieldErrors } from './book-list-cache.ts';
import { BookFormFields } from './book-form-fields.tsx';
import { CoverPreview } from './cover-preview.tsx';
import { ADD_GENRES } from './genres.ts';
import { StaffOnlyNotice } from './book-load-states.tsx';

export const ADD_BOOK_MUTATION = graphql(`
  mutation AddBook($input: BookInput!) {
    addBook(input: $input) {
      ...BookDetailsFields
    }
  }
`);

export default function AddBookPage() {
  useDocumentTitle('Add Book');
  const [values, setValues] = useState<BookFormValues>(EMPTY_BOOK_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [addBook, { loading }] = useMutation(ADD_BOOK_MUTATION, {
    update: (cache) => dropBookLists(cache, { added: true }),
  });

  // The form shows while the policy is checked: in most libraries every member may add books.
  const access = useCatalogueAccess();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseAddBook(values);
    setErrors(parsed.errors);
    if (!parsed.input) return;
    try {
      await addBook({ variables: { input: parsed.input } });
      setValues(EMPTY_BOOK_FORM);
      await showSuccess('Success!', 'Book added successfully');
    } catch (error) {
      setErrors(serverFieldErrors(error));
      await showError('Error!', 'Failed to add book. Please try again.');
    }
  };

  if (access === 'denied') return <StaffOnlyNotice title="Add New Book" />;
  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[2fr_1fr]">
      <form onSubmit={(event) => void submit(event)} className="rounded-xl bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-2xl font-bold text-gray-900">Add New Book</h1>
        <BookFormFields
          mode="add"
          values={values}
          errors={errors}
          genres={ADD_GENRES}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        />
        <div className="mt-4">
          <CoverPreview url={values.image} title={values.title} />
        </div>
        <button
          type="submit"
          disabled={loading}
          className="mt-6 w-full rounded-lg bg-blue-600 px-4 py-3 font-medium text-white disabled:opacity-60"
        >
          {loading ? 'Adding Book...' : 'Add Book'}
        </button>
      </form>
      <aside aria-labelledby="about-books" className="rounded-xl bg-blue-50 p-6">
        <h2 id="about-books" className="mb-4 text-xl font-semibold text-blue-900">
          About Books
        </h2>
        <ul className="list-disc space-y-2 pl-5 text-sm text-blue-900">
          <li>Use the full title as printed on the cover.</li>
          <li>Pick the genre readers would browse for; it decides the book's category page.</li>
          <li>Quantity is the number of copies ready to lend.</li>
          <li>Ratings run from 1 to 5 and may use one decimal, such as 4.5.</li>
          <li>Paste a direct link to a cover image and check the preview before saving.</li>
          <li>A short description helps readers decide what to borrow.</li>
        </ul>
      </aside>
    </section>
  );
}
