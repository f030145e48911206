import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTypedText } from '../../lib/use-typed-text.ts';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, type CatalogFilters } from './catalog-filters.ts';

/**
 * The catalogue filters, kept in the URL. What is typed in the search box shows at once and reaches the URL (and
 * so the query) after a pause (useTypedText); a link to a plain /all-books empties the box.
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);

  const update = useCallback(
    (patch: Partial<CatalogFilters>) => {
      // Filter changes replace the history entry: Back should leave the page, not undo each keystroke.
      setParams((current) => filtersToParams({ ...filtersFromParams(current), ...patch }), { replace: true });
    },
    [setParams],
  );
  const writeSearch = useCallback((search: string) => update({ search }), [update]);
  const search = useTypedText(filters.search, writeSearch);

  const { reset } = search;
  const clear = useCallback(() => {
    reset();
    update({ search: DEFAULT_FILTERS.search, genre: DEFAULT_FILTERS.genre, availableOnly: false });
  }, [reset, update]);

  return { filters, searchText: search.text, setSearchText: search.setText, update, clear };
}
