import { Link } from 'react-router-dom';
import { BookImage } from '../../components/ui/book-image.tsx';
import { Icon } from '../../components/ui/icons.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { StockStatus } from '../../components/ui/stock-badge.tsx';
import { getFragmentData, type FragmentType } from '../../gql/index.ts';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';
import { CATALOG_BOOK_FRAGMENT } from './catalog-book.ts';

const COLUMNS = ['cover', 'title', 'author', 'genre', 'rating', 'quantity', 'status', 'actions'] as const;

const head = 'px-4 py-3 text-left text-xs font-semibold tracking-wide text-gray-600 uppercase';
// Below md each row stacks (cover beside its fields, each field labelled from data-label), so a phone reads
// Status and Actions without scrolling sideways; from md on it is an ordinary table.
const cell =
  'px-4 py-3 text-sm text-gray-800 max-md:col-start-2 max-md:flex max-md:items-center max-md:gap-2 max-md:p-0 max-md:before:w-20 max-md:before:shrink-0 max-md:before:text-xs max-md:before:font-semibold max-md:before:text-gray-600 max-md:before:uppercase max-md:before:content-[attr(data-label)]';

export function BookTable(props: { books: readonly FragmentType<typeof CATALOG_BOOK_FRAGMENT>[]; canEdit: boolean }) {
  const books = getFragmentData(CATALOG_BOOK_FRAGMENT, props.books);
  const intl = useI18n();
  const { formatMessage: t, formatNumber } = intl;
  const column = (name: (typeof COLUMNS)[number]) => t({ id: `catalog.column.${name}` as const });
  return (
    <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
      <table className="min-w-full divide-y divide-gray-200 max-md:block">
        <thead className="bg-gray-50 max-md:sr-only">
          <tr>
            {COLUMNS.map((name) => (
              <th key={name} scope="col" className={head}>
                {column(name)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 max-md:block">
          {books.map((book) => (
            <tr
              key={book.id}
              className="max-md:grid max-md:grid-cols-[3rem_1fr] max-md:gap-x-4 max-md:gap-y-1.5 max-md:px-4 max-md:py-4"
            >
              <td className="px-4 py-3 max-md:row-span-7 max-md:p-0">
                <BookImage
                  src={book.image}
                  alt={t({ id: 'book.coverOf' }, { title: book.title })}
                  className="h-18 w-12 rounded object-cover"
                />
              </td>
              <td className={`${cell} font-medium max-md:text-base max-md:before:hidden`}>{book.title}</td>
              <td className={cell} data-label={column('author')}>
                {book.author}
              </td>
              <td className={cell} data-label={column('genre')}>
                {genreName(intl, book.genre)}
              </td>
              <td className={cell} data-label={column('rating')}>
                <Stars rating={book.rating} />
              </td>
              <td className={cell} data-label={column('quantity')}>
                {formatNumber(book.quantity)}
              </td>
              <td className={cell} data-label={column('status')}>
                <StockStatus quantity={book.quantity} />
              </td>
              <td className={cell} data-label={column('actions')}>
                <div className="flex gap-3">
                  <Link
                    to={`/book-details/${book.id}`}
                    aria-label={t({ id: 'catalog.detailsFor' }, { title: book.title })}
                    title={t({ id: 'catalog.details' })}
                  >
                    <EyeIcon />
                  </Link>
                  {props.canEdit && (
                    <Link
                      to={`/update-book/${book.id}`}
                      aria-label={t({ id: 'catalog.updateFor' }, { title: book.title })}
                      title={t({ id: 'catalog.update' })}
                    >
                      <PencilIcon />
                    </Link>
                  )}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const EyeIcon = () => <Icon name="eye" className="h-5 w-5 text-indigo-600" />;
const PencilIcon = () => <Icon name="pencil" className="h-5 w-5 text-slate-700" />;
