import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, type CatalogFilters } from './catalog-filters.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The catalogue filters, kept in the URL. The search box has its own text state so typing stays instant;
 * it reaches the URL (and so the query) only after a pause in typing.
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [searchText, setSearchText] = useState(filters.search);

  const update = useCallback(
    (patch: Partial<CatalogFilters>) => {
      // Filter changes replace the history entry: Back should leave the page, not undo each keystroke.
      setParams((current) => filtersToParams({ ...filtersFromParams(current), ...patch }), { replace: true });
    },
    [setParams],
  );

  useEffect(() => {
    if (searchText === filters.search) return;
    const timer = setTimeout(() => update({ search: searchText }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchText, filters.search, update]);

  const clear = useCallback(() => {
    setSearchText('');
    update({ search: DEFAULT_FILTERS.search, genre: DEFAULT_FILTERS.genre, availableOnly: false });
  }, [update]);

  return { filters, searchText, setSearchText, update, clear };
}
