// All Books' genre filter in Bangla (issue 41): each genre by its Bangla name with its count in Bengali digits,
// the option's value staying the genre's key; a genre without words is shown as entered.
import { beforeEach, describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import bangla from '../../messages/bn.json' with { type: 'json' };
import { applyCatalogue } from '../../lib/i18n.ts';
import { DEFAULT_FILTERS } from './catalog-filters.ts';
import { CatalogToolbar } from './catalog-toolbar.tsx';

beforeEach(() => {
  applyCatalogue('bn', bangla);
});

describe("All Books' genres in Bangla", () => {
  it("offers All Books' genres by their Bangla names with Bengali counts, whatever their case, keeping each key", () => {
    render(
      <CatalogToolbar
        filters={DEFAULT_FILTERS}
        searchText=""
        genres={['Biography', 'DRAMA', 'Poetry', 'Local Lore']}
        genreCounts={
          new Map([
            ['Biography', 4858],
            ['DRAMA', 12],
            ['Poetry', 301],
            ['Local Lore', 2],
          ])
        }
        availableCount={5000}
        active={false}
        onSearchText={() => {}}
        onChange={() => {}}
        onClear={() => {}}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'ধরন' });
    const options = within(select)
      .getAllByRole('option')
      .map((option) => [option.textContent, option.getAttribute('value')]);
    expect(options).toEqual([
      ['সব', ''],
      ['জীবনী (৪,৮৫৮)', 'Biography'],
      ['নাটক (১২)', 'DRAMA'],
      ['কবিতা (৩০১)', 'Poetry'],
      ['Local Lore (২)', 'Local Lore'],
    ]);
  });
});
