import { Link } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { graphql } from '../../gql/index.ts';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { hasActiveFilters, toBookFilter } from './catalog-filters.ts';
import { useCatalogFilters } from './use-catalog-filters.ts';
import { CatalogToolbar } from './catalog-toolbar.tsx';
import { BookCardGrid } from './book-card-grid.tsx';
import { BookTable } from './book-table.tsx';
import { useI18n } from '../../lib/i18n.ts';
import { useCanEditCatalogue } from '../../lib/use-can-edit-catalogue.ts';
import { LoadMore, PAGE_SIZE } from '../../components/ui/load-more.tsx';
import { BusyRegion } from '../../components/ui/busy-region.tsx';
import { isNetworkFailure, networkMessage } from '../../lib/network-errors.ts';

export const ALL_BOOKS_QUERY = graphql(`
  query AllBooks($filter: BookFilter, $first: Int!, $after: String) {
    books(filter: $filter, first: $first, after: $after) {
      nodes {
        ...CatalogBook
      }
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      genreCounts {
        genre
        count
      }
      availableCount
    }
    bookCount
    genres
  }
`);

export default function AllBooksPage() {
  const t = useI18n().formatMessage;
  useDocumentTitle(t({ id: 'nav.allBooks' }));
  const { filters, searchText, setSearchText, update, clear } = useCatalogFilters();
  const { data, previousData, loading, error, fetchMore, refetch } = useQuery(ALL_BOOKS_QUERY, {
    variables: { filter: toBookFilter(filters), first: PAGE_SIZE },
    notifyOnNetworkStatusChange: false,
  });
  const canEdit = useCanEditCatalogue();
  // While a new filter loads, keep showing the last list rather than blanking the page on every keystroke.
  const shown = data ?? (loading ? previousData : undefined);
  // The list on screen answers an earlier search or filter while this one's answer is on its way.
  const refreshing = loading && !data && shown !== undefined;
  // A search or filter the gateway refuses (or cannot answer) keeps the page and its search box, with a
  // sentence where the list was; only the catalogue itself failing replaces the page.
  const filtered = hasActiveFilters(filters);

  if (error && !filtered) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center" role="alert">
        <h1 className="mb-2 text-2xl font-bold text-red-700">{t({ id: 'error.title' })}</h1>
        <p className="mb-6 text-gray-700">{t({ id: 'catalog.fetchFailed' })}</p>
        <button type="button" className="btn-primary" onClick={() => window.location.reload()}>
          {t({ id: 'error.tryAgain' })}
        </button>
      </section>
    );
  }
  if (!shown && !error) {
    return (
      <div className="py-24">
        <Spinner label={t({ id: 'catalog.loadingLibrary' })} />
      </div>
    );
  }
  if (shown && !error && shown.bookCount === 0) {
    return (
      <section className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="mb-2 text-2xl font-bold">{t({ id: 'catalog.emptyTitle' })}</h1>
        <p className="mb-6 text-gray-600">{t({ id: 'catalog.emptyText' })}</p>
        {canEdit && (
          <Link to="/add-book" className="btn-primary">
            {t({ id: 'catalog.addFirst' })}
          </Link>
        )}
      </section>
    );
  }

  const toolbar = (
    <CatalogToolbar
      filters={filters}
      searchText={searchText}
      genres={(shown ?? previousData)?.genres ?? []}
      genreCounts={shown && new Map(shown.books.genreCounts.map(({ genre, count }) => [genre, count]))}
      availableCount={shown?.books.availableCount}
      active={filtered}
      onSearchText={setSearchText}
      onChange={update}
      onClear={clear}
    />
  );
  if (error || !shown) {
    return (
      <section className="mx-auto max-w-7xl px-4 py-10">
        <h1 className="mb-6 text-3xl font-bold text-gray-900">{t({ id: 'catalog.heading' })}</h1>
        {toolbar}
        <div className="rounded-xl bg-white p-10 text-center text-gray-700 shadow-sm">
          <p role="alert">{isNetworkFailure(error) ? networkMessage() : t({ id: 'catalog.searchFailed' })}</p>
          {/* No answer may come next time; a refused search would be refused again. */}
          {isNetworkFailure(error) && (
            <button type="button" className="btn-primary mt-6" onClick={() => void refetch().catch(() => undefined)}>
              {t({ id: 'error.tryAgain' })}
            </button>
          )}
        </div>
      </section>
    );
  }

  const { nodes, totalCount, pageInfo } = shown.books;
  const loadMore = () =>
    fetchMore({
      variables: { after: pageInfo.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        ...fetchMoreResult,
        books: { ...fetchMoreResult.books, nodes: [...previous.books.nodes, ...fetchMoreResult.books.nodes] },
      }),
    });

  return (
    <section className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="mb-6 text-3xl font-bold text-gray-900">{t({ id: 'catalog.heading' })}</h1>
      {toolbar}
      <p className="mb-4 text-sm text-gray-600" aria-live="polite">
        {t({ id: 'catalog.showing' }, { shown: totalCount, total: shown.bookCount })}
      </p>
      <BusyRegion busy={refreshing} label={t({ id: 'catalog.loadingBooks' })}>
        {nodes.length === 0 ? (
          <div className="rounded-xl bg-white p-10 text-center shadow-sm">
            <p className="mb-4 text-gray-700">{t({ id: 'catalog.noMatches' })}</p>
            <button type="button" className="btn-primary" onClick={clear}>
              {t({ id: 'catalog.clearAll' })}
            </button>
          </div>
        ) : filters.view === 'table' ? (
          <BookTable books={nodes} canEdit={canEdit} />
        ) : (
          <BookCardGrid books={nodes} canEdit={canEdit} />
        )}
      </BusyRegion>
      {pageInfo.hasNextPage && nodes.length > 0 && !refreshing && (
        <LoadMore shown={nodes.length} total={totalCount} onLoadMore={loadMore} />
      )}
    </section>
  );
}
