// The catalogue's filters live in the URL (?q=&genre=&available=1&view=table) so a reload or a shared link
// shows the same list. Defaults are left out of the URL to keep it short.
export type ViewMode = 'card' | 'table';

export interface CatalogFilters {
  search: string;
  /** '' means All genres. */
  genre: string;
  availableOnly: boolean;
  view: ViewMode;
}

export const DEFAULT_FILTERS: CatalogFilters = { search: '', genre: '', availableOnly: false, view: 'card' };

export function filtersFromParams(params: URLSearchParams): CatalogFilters {
  return {
    search: params.get('q') ?? '',
    genre: params.get('genre') ?? '',
    availableOnly: params.get('available') === '1',
    view: params.get('view') === 'table' ? 'table' : 'card',
  };
}

export function filtersToParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.search) params.set('q', filters.search);
  if (filters.genre) params.set('genre', filters.genre);
  if (filters.availableOnly) params.set('available', '1');
  if (filters.view === 'table') params.set('view', 'table');
  return params;
}

/** The view mode is a presentation choice, not a filter, so it does not count here. */
export function hasActiveFilters(filters: CatalogFilters): boolean {
  return filters.search.trim() !== '' || filters.genre !== '' || filters.availableOnly;
}

export interface BookFilterVariables {
  search?: string;
  genre?: string;
  availableOnly?: boolean;
}

/** Only set fields go to the server, so an unfiltered list shares one cache entry. */
export function toBookFilter(filters: CatalogFilters): BookFilterVariables {
  const filter: BookFilterVariables = {};
  const search = filters.search.trim();
  if (search) filter.search = search;
  if (filters.genre) filter.genre = filters.genre;
  if (filters.availableOnly) filter.availableOnly = true;
  return filter;
}
