import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { showError, showSuccess } from '../../components/ui/dialogs.ts';
import { useCatalogueAccess } from '../../lib/use-can-edit-catalogue.ts';
import { useInventoryAccess } from '../../lib/use-inventory-access.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useI18n } from '../../lib/i18n.ts';
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

const TIPS = [
  'book.tip.title',
  'book.tip.genre',
  'book.tip.quantity',
  'book.tip.rating',
  'book.tip.image',
  'book.tip.description',
] as const;

export default function AddBookPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'nav.addBook' }));
  const [values, setValues] = useState<BookFormValues>(EMPTY_BOOK_FORM);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [addBook, { loading }] = useMutation(ADD_BOOK_MUTATION, {
    update: (cache) => dropBookLists(cache, { added: true }),
  });

  // The form shows while the policy is checked: in most libraries every member may add books.
  const access = useCatalogueAccess();
  // Where staff keep the inventory, a member's new book starts with one copy at the library's default cost.
  const inventoryLocked = useInventoryAccess() === 'locked';
  const shown = inventoryLocked ? { ...values, copies: '1', replacementCost: '' } : values;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = parseAddBook(shown);
    setErrors(parsed.errors);
    if (!parsed.input) return;
    try {
      await addBook({ variables: { input: parsed.input } });
      setValues(EMPTY_BOOK_FORM);
      await showSuccess(t({ id: 'book.addSuccessTitle' }), t({ id: 'book.addSuccessText' }));
    } catch (error) {
      setErrors(serverFieldErrors(error));
      await showError(t({ id: 'book.addErrorTitle' }), t({ id: 'book.addFailed' }));
    }
  };

  if (access === 'denied') return <StaffOnlyNotice title={t({ id: 'book.addNewTitle' })} />;
  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[2fr_1fr]">
      <form onSubmit={(event) => void submit(event)} className="rounded-xl bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-2xl font-bold text-gray-900">{t({ id: 'book.addNewTitle' })}</h1>
        <BookFormFields
          mode="add"
          values={shown}
          inventoryLocked={inventoryLocked}
          errors={errors}
          genres={ADD_GENRES}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        />
        {/* The button stays in reach below the fields, however long the form is on the screen. */}
        <div className="sticky bottom-0 -mx-6 mt-6 -mb-6 rounded-b-xl border-t border-slate-200 bg-white px-6 py-4">
          <button type="submit" disabled={loading} className="btn-primary w-full py-3">
            {t({ id: loading ? 'book.adding' : 'book.addButton' })}
          </button>
        </div>
      </form>
      {/* Beside the form on wide screens, so the preview never pushes the button down. */}
      <div className="flex flex-col gap-6 lg:sticky lg:top-24 lg:self-start">
        {values.image.trim() && (
          <section
            aria-label={t({ id: 'book.coverPreview' })}
            className="flex justify-center rounded-xl bg-white p-6 shadow-sm"
          >
            <CoverPreview url={values.image} title={values.title} />
          </section>
        )}
        <aside aria-labelledby="about-books" className="rounded-xl bg-indigo-50 p-6">
          <h2 id="about-books" className="mb-4 text-xl font-semibold text-indigo-900">
            {t({ id: 'book.aboutTitle' })}
          </h2>
          <ul className="list-disc space-y-2 pl-5 text-sm text-indigo-900">
            {TIPS.map((tip) => (
              <li key={tip}>{t({ id: tip })}</li>
            ))}
          </ul>
        </aside>
      </div>
    </section>
  );
}
