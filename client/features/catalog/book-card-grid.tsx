import { Link } from 'react-router-dom';
import { BookImage } from '../../components/ui/book-image.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { CardStockBadge } from '../../components/ui/stock-badge.tsx';
import { getFragmentData, type FragmentType } from '../../gql/index.ts';
import type { CatalogBookFragment } from '../../gql/graphql.ts';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';
import { CATALOG_BOOK_FRAGMENT } from './catalog-book.ts';

interface BookCardGridProps {
  books: readonly FragmentType<typeof CATALOG_BOOK_FRAGMENT>[];
  /** Whether this member may update books (the library's policy may keep that to staff). */
  canEdit: boolean;
}

export function BookCardGrid(props: BookCardGridProps) {
  const books = getFragmentData(CATALOG_BOOK_FRAGMENT, props.books);
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {books.map((book) => (
        <li key={book.id}>
          <BookCard book={book} canEdit={props.canEdit} />
        </li>
      ))}
    </ul>
  );
}

function BookCard({ book, canEdit }: { book: CatalogBookFragment; canEdit: boolean }) {
  const intl = useI18n();
  const t = intl.formatMessage;
  return (
    <article aria-label={book.title} className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm">
      <div className="relative h-64 bg-slate-100">
        <BookImage
          src={book.image}
          alt={t({ id: 'book.coverOf' }, { title: book.title })}
          className="h-full w-full object-contain"
        />
        <div className="absolute top-2 right-2">
          <CardStockBadge quantity={book.quantity} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Stars rating={book.rating} />
        <h2 className="text-lg font-semibold text-gray-900">{book.title}</h2>
        <p className="text-sm text-gray-600">{book.author}</p>
        <p className="text-xs tracking-wide text-indigo-700">{genreName(intl, book.genre)}</p>
        <p className="text-sm text-gray-700">{t({ id: 'catalog.copiesAvailable' }, { count: book.quantity })}</p>
        <div className="mt-auto flex gap-2 pt-3">
          <Link
            to={`/book-details/${book.id}`}
            aria-label={t({ id: 'catalog.detailsFor' }, { title: book.title })}
            className="btn-primary btn-sm flex-1"
          >
            {t({ id: 'catalog.details' })}
          </Link>
          {canEdit && (
            <Link
              to={`/update-book/${book.id}`}
              aria-label={t({ id: 'catalog.updateFor' }, { title: book.title })}
              className="btn-secondary btn-sm flex-1"
            >
              {t({ id: 'catalog.update' })}
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
