import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FILTERS,
  filtersFromParams,
  filtersToParams,
  hasActiveFilters,
  toBookFilter,
} from './catalog-filters.ts';

describe('catalogue filters in the URL', () => {
  it('reads every filter from the query string', () => {
    const params = new URLSearchParams('q=tolkien&genre=Fantasy&available=1&view=table');
    expect(filtersFromParams(params)).toEqual({
      search: 'tolkien',
      genre: 'Fantasy',
      availableOnly: true,
      view: 'table',
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    expect(filtersFromParams(new URLSearchParams(''))).toEqual(DEFAULT_FILTERS);
    expect(filtersFromParams(new URLSearchParams('available=yes&view=grid'))).toEqual(DEFAULT_FILTERS);
  });

  it('writes only non-default values and round-trips', () => {
    expect(filtersToParams(DEFAULT_FILTERS).toString()).toBe('');
    const filters = { search: 'war & peace', genre: 'Sci-Fi', availableOnly: true, view: 'table' as const };
    const params = filtersToParams(filters);
    expect(params.toString()).toBe('q=war+%26+peace&genre=Sci-Fi&available=1&view=table');
    expect(filtersFromParams(new URLSearchParams(params.toString()))).toEqual(filters);
  });
});

describe('hasActiveFilters', () => {
  it('ignores the view mode and blank search text', () => {
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, view: 'table', search: '   ' })).toBe(false);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, search: 'x' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, genre: 'Drama' })).toBe(true);
    expect(hasActiveFilters({ ...DEFAULT_FILTERS, availableOnly: true })).toBe(true);
  });
});

describe('toBookFilter', () => {
  it('sends only the set fields, with the search trimmed', () => {
    expect(toBookFilter(DEFAULT_FILTERS)).toEqual({});
    expect(toBookFilter({ search: '  dune ', genre: 'Sci-Fi', availableOnly: true, view: 'card' })).toEqual({
      search: 'dune',
      genre: 'Sci-Fi',
      availableOnly: true,
    });
  });
});
