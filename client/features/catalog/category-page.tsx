import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { getFragmentData, graphql } from '../../gql/index.ts';
import { BookImage } from '../../components/ui/book-image.tsx';
import { LoadMore, PAGE_SIZE } from '../../components/ui/load-more.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Stars } from '../../components/ui/stars.tsx';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { CATALOG_BOOK_FRAGMENT } from './catalog-book.ts';

// A page of the genre at a time: a large category (Romance: 9,100 of 50,000 books) is never sent whole.
export const CATEGORY_BOOKS_QUERY = graphql(`
  query CategoryBooks($genre: String!, $first: Int!, $after: String) {
    books(filter: { genre: $genre }, first: $first, after: $after) {
      nodes {
        ...CatalogBook
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

export default function CategoryPage() {
  const category = useParams()['category'] ?? '';
  const intl = useI18n();
  const t = intl.formatMessage;
  const name = genreName(intl, category);
  useDocumentTitle(t({ id: 'catalog.categoryTitle' }, { category: name }));
  const { data, loading, error, fetchMore } = useQuery(CATEGORY_BOOKS_QUERY, {
    variables: { genre: category, first: PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
  });

  if (loading && !data) return <Spinner label={t({ id: 'catalog.loadingBooks' })} />;
  if (error) {
    return (
      <p role="alert" className="mx-auto max-w-xl px-4 py-16 text-center text-red-700">
        {t({ id: 'catalog.errorMessage' }, { message: error.message || t({ id: 'catalog.fetchBooksFailed' }) })}
      </p>
    );
  }
  const page = data?.books;
  const books = getFragmentData(CATALOG_BOOK_FRAGMENT, page?.nodes ?? []);
  const totalCount = page?.totalCount ?? 0;
  const loadMore = () =>
    fetchMore({
      variables: { after: page?.pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        books: { ...fetchMoreResult.books, nodes: [...previous.books.nodes, ...fetchMoreResult.books.nodes] },
      }),
    });

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold text-gray-900">
        {t({ id: 'catalog.categoryTitle' }, { category: name })}
      </h1>
      <p className="mb-4 text-gray-600">{t({ id: 'catalog.categoryIntro' }, { category: name })}</p>
      {books.length > 0 && (
        <p className="mb-6 text-sm text-gray-600" aria-live="polite">
          {t({ id: 'catalog.categoryCount' }, { count: totalCount })}
        </p>
      )}
      {books.length === 0 ? (
        <div className="rounded-xl bg-white p-10 text-center shadow-sm">
          <p className="mb-4 text-gray-700">{t({ id: 'catalog.categoryEmpty' })}</p>
          <Link to="/" className="btn-primary">
            {t({ id: 'catalog.backToCategories' })}
          </Link>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {books.map((book) => (
            <li key={book.id}>
              <article
                aria-label={book.title}
                className="flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm"
              >
                <BookImage
                  src={book.image}
                  alt={t({ id: 'book.coverOf' }, { title: book.title })}
                  className="h-64 w-full bg-slate-100 object-contain"
                />
                <div className="flex flex-1 flex-col gap-1 p-4">
                  <h2 className="text-lg font-semibold">{book.title}</h2>
                  <p className="text-sm text-gray-600">{t({ id: 'book.byAuthor' }, { author: book.author })}</p>
                  <p className="text-xs tracking-wide text-indigo-700">{genreName(intl, book.genre)}</p>
                  <p className="text-sm text-gray-700">{t({ id: 'catalog.quantity' }, { count: book.quantity })}</p>
                  <Stars rating={book.rating} />
                  <Link
                    to={`/book-details/${book.id}`}
                    aria-label={t({ id: 'catalog.detailsFor' }, { title: book.title })}
                    className="btn-primary btn-sm mt-auto"
                  >
                    {t({ id: 'catalog.details' })}
                  </Link>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {page?.pageInfo.hasNextPage && books.length > 0 && (
        <LoadMore shown={books.length} total={totalCount} onLoadMore={loadMore} />
      )}
    </section>
  );
}
