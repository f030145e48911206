import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_FILTERS, filtersFromParams, filtersToParams, type CatalogFilters } from './catalog-filters.ts';

export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The catalogue filters, kept in the URL. Typing goes into a draft so the box stays instant; the draft
 * reaches the URL (and so the query) after a pause, then gives way to the URL again. With no draft the box
 * shows the URL, so a link to a plain /all-books also empties it.
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFromParams(params), [params]);
  const [draft, setDraft] = useState<string | null>(null);

  const update = useCallback(
    (patch: Partial<CatalogFilters>) => {
      // Filter changes replace the history entry: Back should leave the page, not undo each keystroke.
      setParams((current) => filtersToParams({ ...filtersFromParams(current), ...patch }), { replace: true });
    },
    [setParams],
  );

  useEffect(() => {
    if (draft === null) return;
    const timer = setTimeout(() => {
      update({ search: draft });
      setDraft(null);
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, update]);

  const clear = useCallback(() => {
    setDraft(null);
    update({ search: DEFAULT_FILTERS.search, genre: DEFAULT_FILTERS.genre, availableOnly: false });
  }, [update]);

  return { filters, searchText: draft ?? filters.search, setSearchText: setDraft, update, clear };
}
