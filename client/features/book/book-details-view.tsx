import type { ReactNode, Ref } from 'react';
import { Link } from 'react-router-dom';
import { BookImage } from '../../components/ui/book-image.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { DetailsStockBadge } from '../../components/ui/stock-badge.tsx';
import { getFragmentData, type FragmentType } from '../../gql/index.ts';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';
import { BOOK_DETAILS_FRAGMENT } from './book-details-fields.ts';

interface BookDetailsViewProps {
  book: FragmentType<typeof BOOK_DETAILS_FRAGMENT>;
  alreadyBorrowed: boolean;
  onBorrow: () => void;
  /** Whether this member may update books (the library's policy may keep that to staff). */
  canEdit: boolean;
  /** The "Already Borrowed" notice, focusable so focus can land there when it replaces the Borrow button. */
  noticeRef?: Ref<HTMLParagraphElement>;
  /** A copy is set aside for this member's hold: they may borrow it though none is on the shelf. */
  heldForMe?: boolean;
  /** Click and collect: a copy is (being) set aside for this member at the desk; no borrow from the app. */
  atDesk?: boolean;
  /** The library owns no copy of this book (copies 0): nothing to borrow, no queue to join. */
  noCopies?: boolean;
  /** A library with staff (the counter is the truth): a title with no copies is not called out of stock. */
  staffed?: boolean;
  /** The queue controls, shown while no copy is on the shelf. */
  holdPanel?: ReactNode;
  /** Why the member cannot borrow now (me.borrowing): shown in place of the Borrow button. */
  refusal?: ReactNode;
}

const action = 'rounded-lg px-4 py-2 text-center text-sm font-medium';

export function BookDetailsView({
  book: bookRef,
  alreadyBorrowed,
  onBorrow,
  canEdit,
  noticeRef,
  heldForMe = false,
  atDesk = false,
  noCopies = false,
  staffed = false,
  holdPanel,
  refusal,
}: BookDetailsViewProps) {
  const book = getFragmentData(BOOK_DETAILS_FRAGMENT, bookRef);
  const intl = useI18n();
  const { formatMessage: t, formatNumber } = intl;
  const description = book.description.trim() || t({ id: 'book.noDescription' });
  return (
    <article className="mx-auto max-w-6xl px-4 py-10">
      <div className="grid gap-8 rounded-xl bg-white p-6 shadow-sm md:grid-cols-[1fr_2fr]">
        <BookImage
          src={book.image}
          alt={t({ id: 'book.coverOf' }, { title: book.title })}
          className="w-full self-start rounded-lg object-contain"
        />
        <div className="flex flex-col gap-4">
          <header>
            <h1 className="text-3xl font-bold text-gray-900">{book.title}</h1>
            <p className="text-lg text-gray-600">{t({ id: 'book.byAuthor' }, { author: book.author })}</p>
          </header>
          <div className="flex flex-wrap items-center gap-3">
            <Stars rating={book.rating} />
            <span className="text-sm text-gray-700">{t({ id: 'book.outOfFive' }, { rating: book.rating })}</span>
            <span className="rounded-full bg-indigo-100 px-3 py-1 text-xs font-semibold text-indigo-800">
              {genreName(intl, book.genre)}
            </span>
            {/* Without staff the spec's badge stays ("Out of Stock" at quantity 0); the note below says why. */}
            {noCopies && staffed ? (
              <span className="rounded-full bg-gray-200 px-3 py-1 text-xs font-semibold text-gray-800">
                {t({ id: 'stock.noCopies' })}
              </span>
            ) : (
              <DetailsStockBadge quantity={book.quantity} />
            )}
          </div>
          <section>
            <h2 className="mb-1 text-lg font-semibold">{t({ id: 'book.description' })}</h2>
            <p className="text-gray-700">{description}</p>
          </section>
          <dl className="grid grid-cols-3 gap-4 rounded-lg bg-gray-50 p-4 text-center">
            <div>
              <dt className="text-xs text-gray-500 uppercase">{t({ id: 'book.genre' })}</dt>
              <dd className="font-semibold">{genreName(intl, book.genre)}</dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500 uppercase">{t({ id: 'book.rating' })}</dt>
              <dd className="font-semibold">{t({ id: 'book.ratingOfFive' }, { rating: book.rating })}</dd>
            </div>
            <div>
              <dt className="text-xs text-gray-500 uppercase">{t({ id: 'book.availableCopies' })}</dt>
              <dd className="font-semibold">{formatNumber(book.quantity)}</dd>
            </div>
          </dl>
          <div className="flex flex-wrap gap-3">
            <Link to="/all-books" className="btn-quiet btn-sm">
              {t({ id: 'book.backToLibrary' })}
            </Link>
            {canEdit && (
              <Link to={`/update-book/${book.id}`} className="btn-secondary btn-sm">
                {t({ id: 'book.updateBook' })}
              </Link>
            )}
            {alreadyBorrowed ? (
              <p ref={noticeRef} role="status" tabIndex={-1} className={`${action} bg-yellow-100 text-yellow-800`}>
                {t({ id: 'book.alreadyBorrowed' })}
              </p>
            ) : atDesk ? (
              <p ref={noticeRef} role="status" tabIndex={-1} className={`${action} bg-green-100 text-green-800`}>
                {t({ id: 'book.atDesk' })}
              </p>
            ) : refusal ? null : (
              <button
                type="button"
                disabled={book.quantity <= 0 && !heldForMe}
                onClick={onBorrow}
                className="btn-primary btn-sm"
              >
                {t({ id: 'book.borrowBook' })}
              </button>
            )}
            <Link to="/borrowed-books" className="btn-secondary btn-sm">
              {t({ id: 'book.myBorrowedBooks' })}
            </Link>
          </div>
          {!alreadyBorrowed && !atDesk && refusal}
          {noCopies && !alreadyBorrowed && (
            <p role="status" className="rounded-lg bg-gray-100 p-4 text-sm text-gray-800">
              {t({ id: 'book.noCopies' })}
              <Link
                to={`/suggest?${new URLSearchParams({ title: book.title, author: book.author }).toString()}`}
                className="ml-1 font-medium text-indigo-700 underline"
              >
                {t({ id: 'book.suggestPurchase' })}
              </Link>
            </p>
          )}
          {holdPanel}
        </div>
      </div>
    </article>
  );
}
