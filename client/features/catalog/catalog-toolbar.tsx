import { Button } from '../../components/ui/button.tsx';
import { genreName } from '../../lib/genre-names.ts';
import { useI18n } from '../../lib/i18n.ts';
import type { CatalogFilters, ViewMode } from './catalog-filters.ts';

interface CatalogToolbarProps {
  filters: CatalogFilters;
  searchText: string;
  genres: string[];
  /** Books per genre for the search and stock filter (a genre missing: none); none given: no counts shown. */
  genreCounts?: ReadonlyMap<string, number>;
  /** Books with a copy available for the search and genre: what the toggle leaves. */
  availableCount?: number;
  active: boolean;
  onSearchText: (text: string) => void;
  onChange: (patch: Partial<CatalogFilters>) => void;
  onClear: () => void;
}

const control =
  'h-10 rounded-lg border border-gray-300 bg-white px-3 py-2 text-sm focus:outline-2 focus:outline-indigo-500';

export function CatalogToolbar({
  filters,
  searchText,
  genres,
  genreCounts,
  availableCount,
  active,
  onSearchText,
  onChange,
  onClear,
}: CatalogToolbarProps) {
  const intl = useI18n();
  const t = intl.formatMessage;
  const availableLabel = t({ id: filters.availableOnly ? 'catalog.availableOn' : 'catalog.availableOff' });
  // A genre from an old link may no longer exist; keep it listed so the select shows what is applied.
  const options = filters.genre && !genres.includes(filters.genre) ? [filters.genre, ...genres] : genres;
  return (
    // A grid whose last column is kept for Clear Filters, so the controls keep their places when it appears.
    <div className="mb-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_auto_15rem_auto_8rem] lg:items-center">
      <input
        type="search"
        aria-label={t({ id: 'catalog.searchLabel' })}
        placeholder={t({ id: 'catalog.searchPlaceholder' })}
        className={control}
        value={searchText}
        onChange={(event) => onSearchText(event.target.value)}
      />
      <select
        aria-label={t({ id: 'catalog.genre' })}
        className={control}
        value={filters.genre}
        onChange={(event) => onChange({ genre: event.target.value })}
      >
        <option value="">{t({ id: 'catalog.allGenres' })}</option>
        {options.map((genre) => (
          <option key={genre} value={genre}>
            {genreCounts
              ? t({ id: 'catalog.withCount' }, { label: genreName(intl, genre), count: genreCounts.get(genre) ?? 0 })
              : genreName(intl, genre)}
          </option>
        ))}
      </select>
      <Button
        variant={filters.availableOnly ? 'primary' : 'quiet'}
        small
        className="h-10 w-full"
        aria-pressed={filters.availableOnly}
        onClick={() => onChange({ availableOnly: !filters.availableOnly })}
      >
        {availableCount === undefined
          ? availableLabel
          : t({ id: 'catalog.withCount' }, { label: availableLabel, count: availableCount })}
      </Button>
      <select
        aria-label={t({ id: 'catalog.viewMode' })}
        className={control}
        value={filters.view}
        onChange={(event) => onChange({ view: event.target.value as ViewMode })}
      >
        <option value="card">{t({ id: 'catalog.cardView' })}</option>
        <option value="table">{t({ id: 'catalog.tableView' })}</option>
      </select>
      {active && (
        <Button variant="secondary" small className="h-10" onClick={onClear}>
          {t({ id: 'catalog.clearFilters' })}
        </Button>
      )}
    </div>
  );
}
