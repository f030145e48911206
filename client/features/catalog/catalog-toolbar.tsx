import type { CatalogFilters, ViewMode } from './catalog-filters.ts';

interface CatalogToolbarProps {
  filters: CatalogFilters;
  searchText: string;
  genres: string[];
  active: boolean;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<CatalogFilters>) => void;
  onClear: () => void;
}

const control = 'rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-blue-500';

export function CatalogToolbar({
  filters,
  searchText,
  genres,
  active,
  onSearchText,
  onChange,
  onClear,
}: CatalogToolbarProps) {
  // A genre from an old link may no longer exist; keep it listed so the select shows what is applied.
  const options = filters.genre && !genres.includes(filters.genre) ? [filters.genre, ...genres] : genres;
  return (
    <div className="mb-6 flex flex-col gap-3 rounded-xl bg-white p-4 shadow-sm md:flex-row md:flex-wrap md:items-center">
      <input
        type="search"
        aria-label="Search books"
        placeholder="Search by title or author..."
        className={`${control} md:flex-1`}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
      />
      <select
        aria-label="Genre"
        className={control}
        value={filters.genre}
        onChange={(event) => onChange({ genre: event.target.value })}
      >
        <option value="">All</option>
        {options.map((genre) => (
          <option key={genre} value={genre}>
            {genre}
          </option>
        ))}
      </select>
      <button
        type="button"
        aria-pressed={filters.availableOnly}
        className={`rounded-lg px-4 py-2 text-sm font-medium ${
          filters.availableOnly ? 'bg-green-700 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'
        }`}
        onClick={() => onChange({ availableOnly: !filters.availableOnly })}
      >
        {filters.availableOnly ? 'Available Books' : 'Show Available Books'}
      </button>
      <select
        aria-label="View mode"
        className={control}
        value={filters.view}
        onChange={(event) => onChange({ view: event.target.value as ViewMode })}
      >
        <option value="card">Card View</option>
        <option value="table">Table View</option>
      </select>
      {active && (
        <button type="button" className="rounded-lg px-4 py-2 text-sm text-red-700 hover:bg-red-50" onClick={onClear}>
          Clear Filters
        </button>
      )}
    </div>
  );
}
