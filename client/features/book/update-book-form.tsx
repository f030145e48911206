import { useState } from 'react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { getFragmentData, graphql, type FragmentType } from '../../gql/index.ts';
import type { BookDetailsFieldsFragment, BookEditFieldsFragment } from '../../gql/graphql.ts';
import { showError, showSuccess } from '../../components/ui/dialogs.ts';
import { Stars } from '../../components/ui/stars.tsx';
import { formatMoney } from '../../lib/money.ts';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';
import { parseUpdateBook, type BookFormValues, type FieldErrors } from './book-form.ts';
import { dropBookLists, serverFieldErrors } from './book-list-cache.ts';
import { BOOK_DETAILS_FRAGMENT } from './book-details-fields.ts';
import { BookFormFields } from './book-form-fields.tsx';
import { CoverPreview } from './cover-preview.tsx';
import { updateGenreOptions } from './genres.ts';
import { hasErrorCode } from './graphql-errors.ts';

/** What only the update form needs of a book: the copies owned, the version the edit starts from, the cost. */
export const BOOK_EDIT_FRAGMENT = graphql(`
  fragment BookEditFields on Book {
    id
    copies
    version
    replacementCost
  }
`);

export const UPDATE_BOOK_MUTATION = graphql(`
  mutation UpdateBook($id: ID!, $input: BookUpdateInput!) {
    updateBook(id: $id, input: $input) {
      title
      version
      ...BookDetailsFields
      ...BookEditFields
    }
  }
`);

type BookRef = FragmentType<typeof BOOK_DETAILS_FRAGMENT> & FragmentType<typeof BOOK_EDIT_FRAGMENT>;

function toFormValues(book: BookDetailsFieldsFragment, edit: BookEditFieldsFragment): BookFormValues {
  return {
    title: book.title,
    author: book.author,
    genre: book.genre,
    copies: String(edit.copies),
    rating: String(book.rating),
    image: book.image,
    description: book.description,
    replacementCost: String(edit.replacementCost),
  };
}

interface UpdateBookFormProps {
  book: BookRef;
  /** Fetches the book again from the gateway; null when it could not. */
  onReload: () => Promise<BookRef | null>;
  /** Copies owned and replacement cost are staff fields for this viewer: read-only, and not sent. */
  inventoryLocked?: boolean;
}

export function UpdateBookForm({ book: bookRef, onReload, inventoryLocked = false }: UpdateBookFormProps) {
  const book = getFragmentData(BOOK_DETAILS_FRAGMENT, bookRef);
  const edit = getFragmentData(BOOK_EDIT_FRAGMENT, bookRef);
  const intl = useI18n();
  const { formatMessage: t, formatNumber } = intl;
  const navigate = useNavigate();
  const [values, setValues] = useState(() => toFormValues(book, edit));
  // The version these values started from: the gateway refuses the edit if the book has changed since.
  const [version, setVersion] = useState(edit.version);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [conflict, setConflict] = useState<'stale' | 'reloading' | 'failed' | null>(null);
  const [genres] = useState(() => updateGenreOptions(book.genre));
  const [updateBook, { loading }] = useMutation(UPDATE_BOOK_MUTATION, { update: (cache) => dropBookLists(cache) });
  const onLoan = Math.max(0, edit.copies - book.quantity);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setMessage(null);
    const parsed = parseUpdateBook(values, onLoan);
    setErrors(parsed.errors);
    if (!parsed.input) return;
    // Locked fields are left out: the gateway keeps copies and cost as they are.
    const { copies, replacementCost, ...descriptive } = parsed.input;
    const input = inventoryLocked ? descriptive : { ...descriptive, copies, replacementCost };
    try {
      const { data } = await updateBook({ variables: { id: book.id, input: { ...input, version } } });
      if (data) setVersion(data.updateBook.version);
      const title = data?.updateBook.title ?? parsed.input.title;
      setMessage({ ok: true, text: t({ id: 'book.updated' }) });
      const viewAll = await showSuccess(t({ id: 'book.updatedTitle' }), t({ id: 'book.updatedText' }, { title }), {
        confirmText: t({ id: 'book.viewAllBooks' }),
      });
      if (viewAll) void navigate('/all-books');
    } catch (error) {
      if (hasErrorCode(error, 'CONFLICT')) {
        setConflict('stale');
        return;
      }
      setErrors(serverFieldErrors(error));
      const failed = t({ id: 'book.updateFailed' });
      setMessage({ ok: false, text: failed });
      await showError(t({ id: 'book.updateFailedTitle' }), failed);
    }
  };

  // Starts the edit again from the book as it is now: the member's unsaved changes give way to it.
  const reload = async () => {
    setConflict('reloading');
    const fresh = await onReload().catch(() => null);
    if (!fresh) {
      setConflict('failed');
      return;
    }
    const freshEdit = getFragmentData(BOOK_EDIT_FRAGMENT, fresh);
    setValues(toFormValues(getFragmentData(BOOK_DETAILS_FRAGMENT, fresh), freshEdit));
    setVersion(freshEdit.version);
    setErrors({});
    setConflict(null);
    setMessage({ ok: true, text: t({ id: 'book.reloaded' }) });
  };

  return (
    <section className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[1fr_2fr]">
      <aside aria-labelledby="current-details" className="rounded-xl bg-white p-6 shadow-sm">
        <h2 id="current-details" className="mb-4 text-lg font-semibold">
          {t({ id: 'book.currentDetails' })}
        </h2>
        <CoverPreview url={values.image} title={values.title} />
        <dl className="mt-4 space-y-1 text-sm">
          <Detail term={t({ id: 'book.field.title' })} value={book.title} />
          <Detail term={t({ id: 'book.field.author' })} value={book.author} />
          <Detail term={t({ id: 'book.field.genre' })} value={genreName(intl, book.genre)} />
          <Detail term={t({ id: 'book.detail.copiesOwned' })} value={formatNumber(edit.copies)} />
          <Detail term={t({ id: 'book.detail.onLoan' })} value={formatNumber(onLoan)} />
          <Detail term={t({ id: 'book.detail.available' })} value={formatNumber(book.quantity)} />
          <Detail term={t({ id: 'book.detail.replacementCost' })} value={formatMoney(edit.replacementCost)} />
          <div className="flex items-center gap-2">
            <dt className="font-medium">{t({ id: 'book.detailTerm' }, { term: t({ id: 'book.field.rating' }) })}</dt>
            <dd>
              <Stars rating={book.rating} />
            </dd>
          </div>
        </dl>
      </aside>
      <form onSubmit={(event) => void submit(event)} className="rounded-xl bg-white p-6 shadow-sm">
        <h1 className="mb-6 text-2xl font-bold text-gray-900">{t({ id: 'book.updateBook' })}</h1>
        {conflict && (
          <div role="alert" className="mb-4 flex flex-wrap items-center gap-3 rounded-lg bg-yellow-50 p-3 text-sm">
            <p className="font-medium text-yellow-900">{t({ id: 'book.conflict' })}</p>
            {conflict === 'failed' && <p className="text-red-700">{t({ id: 'book.reloadFailed' })}</p>}
            <button
              type="button"
              disabled={conflict === 'reloading'}
              onClick={() => void reload()}
              className="btn-secondary btn-sm"
            >
              {t({ id: conflict === 'reloading' ? 'book.reloading' : 'book.reload' })}
            </button>
          </div>
        )}
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
          onLoan={onLoan}
          inventoryLocked={inventoryLocked}
          onChange={(patch) => setValues((current) => ({ ...current, ...patch }))}
        />
        <button type="submit" disabled={loading} className="btn-primary mt-6 w-full py-3">
          {t({ id: loading ? 'book.updating' : 'book.updateBook' })}
        </button>
      </form>
    </section>
  );
}

function Detail({ term, value }: { term: string; value: string }) {
  const t = useI18n().formatMessage;
  return (
    <div>
      <dt className="inline font-medium">{t({ id: 'book.detailTerm' }, { term })} </dt>
      <dd className="inline">{value}</dd>
    </div>
  );
}
