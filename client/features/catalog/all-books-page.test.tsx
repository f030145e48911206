import { describe, expect, it } from 'vitest';
import { render, screen, within, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { InMemoryCache } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import type { MockLink } from '@apollo/client/testing';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { catalogueEditorsMocks } from '../../lib/catalogue-editing-test-utils.ts';
import AllBooksPage, { ALL_BOOKS_QUERY } from './all-books-page.tsx';
import { PAGE_SIZE } from '../../components/ui/load-more.tsx';
import { applyCatalogue } from '../../lib/i18n.ts';
import bangla from '../../messages/bn.json' with { type: 'json' };

const book = (id: string, title: string, quantity: number, extra: Partial<Record<string, unknown>> = {}) => ({
  __typename: 'Book' as const,
  id,
  title,
  author: `Author of ${title}`,
  genre: 'Fantasy',
  image: `/assets/library/${id}.jpg`,
  rating: 4,
  quantity,
  ...extra,
});

function answer(
  filter: Record<string, unknown>,
  nodes: ReturnType<typeof book>[],
  opts: {
    totalCount?: number;
    bookCount?: number;
    after?: string;
    endCursor?: string | null;
    genreCounts?: { genre: string; count: number }[];
    availableCount?: number;
  } = {},
): MockLink.MockedResponse {
  const variables: Record<string, unknown> = { filter, first: PAGE_SIZE };
  if (opts.after) variables['after'] = opts.after;
  return {
    request: { query: ALL_BOOKS_QUERY, variables },
    result: {
      data: {
        books: {
          __typename: 'BookConnection',
          nodes,
          totalCount: opts.totalCount ?? nodes.length,
          pageInfo: { __typename: 'PageInfo', hasNextPage: Boolean(opts.endCursor), endCursor: opts.endCursor ?? null },
          genreCounts: (opts.genreCounts ?? []).map((entry) => ({ __typename: 'GenreCount', ...entry })),
          availableCount: opts.availableCount ?? nodes.filter((node) => node.quantity > 0).length,
        },
        bookCount: opts.bookCount ?? nodes.length,
        genres: ['Fantasy', 'Sci-Fi'],
      },
    },
  };
}

function LocationProbe() {
  return (
    <>
      <span aria-label="location">{useLocation().search}</span>
      <Link to="/all-books">Plain link</Link>
    </>
  );
}

function renderPage(
  mocks: MockLink.MockedResponse[],
  url = '/all-books',
  editing = catalogueEditorsMocks(),
  cache = new InMemoryCache(),
) {
  return render(
    <MockedProvider mocks={[...mocks, ...editing]} cache={cache}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route
            path="/all-books"
            element={
              <>
                <AllBooksPage />
                <LocationProbe />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </MockedProvider>,
  );
}

describe('All Books page', () => {
  it('shows the loading text, then the books with "Showing X of Y books"', async () => {
    renderPage([answer({}, [book('b1', 'The Hobbit', 5), book('b2', 'Dune', 2)], { bookCount: 2 })]);
    expect(screen.getByRole('status').textContent).toContain('Loading your library...');
    expect(await screen.findByRole('heading', { name: 'Book Collection' })).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 books')).toBeInTheDocument();
    const dune = screen.getByRole('article', { name: 'Dune' });
    expect(within(dune).getByText('Limited Stock')).toBeInTheDocument();
    expect(within(dune).getByText('2 copies available')).toBeInTheDocument();
    expect(within(dune).getByRole('link', { name: 'Details for Dune' }).getAttribute('href')).toBe('/book-details/b2');
    expect((await within(dune).findByRole('link', { name: 'Update Dune' })).getAttribute('href')).toBe(
      '/update-book/b2',
    );
    expect(within(screen.getByRole('article', { name: 'The Hobbit' })).queryByText(/Stock/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear Filters' })).toBeNull();
    // The title is set in an effect, which can run after the content it belongs to is on screen.
    await waitFor(() => expect(document.title).toBe('All Books | BookHaven'));
  });

  it('shows how many books each genre and the available toggle leave for the search', async () => {
    renderPage([
      answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 0)], {
        bookCount: 2,
        genreCounts: [{ genre: 'Fantasy', count: 1_204 }],
        availableCount: 1_187,
      }),
    ]);
    expect(await screen.findByText('Showing 2 of 2 books')).toBeInTheDocument();
    const options = within(screen.getByRole('combobox', { name: 'Genre' })).getAllByRole('option');
    // A genre the search leaves no book of shows 0.
    expect(options.map((option) => option.textContent)).toEqual(['All', 'Fantasy (1,204)', 'Sci-Fi (0)']);
    expect(screen.getByRole('button', { name: 'Show Available Books (1,187)' })).toBeInTheDocument();
  });

  it('shows the error state with Try Again', async () => {
    renderPage([
      { request: { query: ALL_BOOKS_QUERY, variables: { filter: {}, first: PAGE_SIZE } }, error: new Error('boom') },
    ]);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText('Failed to fetch books. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('keeps the page, its heading and its search box when a search is refused, with a sentence', async () => {
    const refused = (filter: Record<string, unknown>): MockLink.MockedResponse => ({
      request: { query: ALL_BOOKS_QUERY, variables: { filter, first: PAGE_SIZE } },
      result: {
        errors: [
          {
            message: 'Query Cost limit of 5000 exceeded, found 5062.75.',
            extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
          },
        ],
      },
    });
    renderPage([
      answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 1)], { bookCount: 2 }),
      refused({ search: 'a' }),
      answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 1)], { bookCount: 2 }),
    ]);
    await screen.findByText('Showing 2 of 2 books');
    const search = screen.getByRole('searchbox', { name: 'Search books' });
    await userEvent.type(search, 'a');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This search could not be run. Try other words, or clear the filters.',
    );
    expect(screen.getByRole('heading', { name: 'Book Collection' })).toBeInTheDocument();
    expect((screen.getByRole('searchbox', { name: 'Search books' }) as HTMLInputElement).value).toBe('a');
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
    expect(screen.queryByRole('article', { name: 'Emma' })).toBeNull();
    // The filters can still be cleared from the page.
    await userEvent.click(screen.getByRole('button', { name: 'Clear Filters' }));
    expect(await screen.findByText('Showing 2 of 2 books')).toBeInTheDocument();
  });

  it('keeps the search box when a search gets no answer, and tries it again on Try Again', async () => {
    renderPage(
      [
        {
          request: { query: ALL_BOOKS_QUERY, variables: { filter: { search: 'emma' }, first: PAGE_SIZE } },
          error: new TypeError('Failed to fetch'),
        },
        answer({ search: 'emma' }, [book('b1', 'Emma', 4)], { bookCount: 2 }),
      ],
      '/all-books?q=emma',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the library. Check your connection and try again.',
    );
    expect((screen.getByRole('searchbox', { name: 'Search books' }) as HTMLInputElement).value).toBe('emma');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('article', { name: 'Emma' })).toBeInstanceOf(HTMLElement);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the empty-library state when the catalogue has no books', async () => {
    renderPage([answer({}, [], { bookCount: 0 })]);
    expect(await screen.findByRole('heading', { name: 'Your Library is Empty' })).toBeInTheDocument();
    expect(screen.getByText('Start building your collection by adding your first book.')).toBeInTheDocument();
    expect((await screen.findByRole('link', { name: 'Add Your First Book' })).getAttribute('href')).toBe('/add-book');
  });

  it('filters on the server from the URL and clears all filters on zero matches', async () => {
    renderPage(
      [
        answer({ genre: 'Sci-Fi', availableOnly: true }, [], { bookCount: 7 }),
        answer({}, [book('b1', 'Emma', 4)], { bookCount: 7 }),
      ],
      '/all-books?genre=Sci-Fi&available=1&view=table',
    );
    expect(await screen.findByText('No books found matching your search criteria.')).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 7 books')).toBeInTheDocument();
    expect((screen.getByRole('combobox', { name: 'Genre' }) as HTMLSelectElement).value).toBe('Sci-Fi');
    expect(screen.getByRole('button', { name: 'Available Books (0)' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Clear Filters' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Clear All Filters' }));
    expect(await screen.findByRole('cell', { name: 'Emma' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 7 books')).toBeInTheDocument();
    // The view mode is not a filter: clearing keeps the table.
    expect(screen.getByLabelText('location').textContent).toContain('?view=table');
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Available' })).toBeInTheDocument();
  });

  it('debounces the search into the URL and the query', async () => {
    renderPage([
      answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 1)], { bookCount: 2 }),
      answer({ search: 'dun' }, [book('b2', 'Dune', 1)], { bookCount: 2 }),
    ]);
    await screen.findByText('Showing 2 of 2 books');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search books' }), 'dun');
    expect(await screen.findByText('Showing 1 of 2 books')).toBeInTheDocument();
    expect(screen.getByLabelText('location').textContent).toContain('?q=dun');
    expect(screen.queryByRole('article', { name: 'Emma' })).toBeNull();
  });

  it('dims the old list under a progress bar, aria-busy, while a new search is on its way', async () => {
    renderPage([
      answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 1)], { bookCount: 2 }),
      { ...answer({ search: 'dun' }, [book('b2', 'Dune', 1)], { bookCount: 2 }), delay: Infinity },
    ]);
    await screen.findByText('Showing 2 of 2 books');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search books' }), 'dun');
    const bar = await screen.findByRole('progressbar', { name: 'Loading books...' });
    const emma = screen.getByRole('article', { name: 'Emma' });
    expect(emma.closest('[aria-busy="true"]')).toBe(bar.closest('[aria-busy="true"]'));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says it could not reach the library when Load more gets no answer, and keeps the list', async () => {
    renderPage([
      answer({}, [book('b1', 'Emma', 4)], { bookCount: 2, totalCount: 2, endCursor: 'c1' }),
      { ...answer({}, [], { after: 'c1' }), result: undefined, error: new TypeError('Failed to fetch') },
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'We could not reach the library. Check your connection and try again.',
    );
    expect(screen.getByRole('article', { name: 'Emma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('formats large counts and says how many of them are on screen', async () => {
    renderPage([answer({}, [book('b1', 'Emma', 4)], { bookCount: 50_000, totalCount: 50_000, endCursor: 'c1' })]);
    expect(await screen.findByText('Showing 50,000 of 50,000 books')).toBeInTheDocument();
    expect(screen.getByText('1 of 50,000 shown')).toBeInTheDocument();
    // Under the page's h1, a card's title is an h2 (axe heading-order: no jump from h1 to h3).
    expect(
      within(screen.getByRole('article', { name: 'Emma' })).getByRole('heading', { level: 2, name: 'Emma' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
  });

  it('appends the next page with Load more', async () => {
    renderPage([
      answer({}, [book('b1', 'Emma', 4)], { bookCount: 2, totalCount: 2, endCursor: 'c1' }),
      answer({}, [book('b2', 'Dune', 4)], { bookCount: 2, totalCount: 2, after: 'c1' }),
    ]);
    await userEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('article', { name: 'Dune' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Emma' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('restores the search box from the URL and follows a plain link back to the full list', async () => {
    renderPage(
      [
        answer({ search: 'dune' }, [book('b2', 'Dune', 1)], { bookCount: 2 }),
        answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 1)], { bookCount: 2 }),
      ],
      '/all-books?q=dune',
    );
    expect(await screen.findByText('Showing 1 of 2 books')).toBeInTheDocument();
    const search = screen.getByRole('searchbox', { name: 'Search books' }) as HTMLInputElement;
    expect(search.value).toBe('dune');
    await userEvent.click(screen.getByRole('link', { name: 'Plain link' }));
    expect(await screen.findByText('Showing 2 of 2 books')).toBeInTheDocument();
    expect(search.value).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.getByLabelText('location').textContent).toBe('');
  });

  it('hides Update and Add Your First Book from members when only staff edit the catalogue', async () => {
    // The buttons stay hidden until the answer is known, so wait for the member's role to arrive first.
    const roleKnown = (cache: InMemoryCache) => () =>
      expect(cache.extract()['User:u1']).toMatchObject({ role: 'user' });
    let cache = new InMemoryCache();
    const { unmount } = renderPage(
      [answer({}, [book('b2', 'Dune', 2)], { bookCount: 1 })],
      '/all-books',
      catalogueEditorsMocks('STAFF', 'user'),
      cache,
    );
    const dune = await screen.findByRole('article', { name: 'Dune' });
    await waitFor(roleKnown(cache));
    expect(within(dune).getByRole('link', { name: 'Details for Dune' })).toBeInTheDocument();
    expect(within(dune).queryByRole('link', { name: 'Update Dune' })).toBeNull();
    await userEvent.selectOptions(screen.getByLabelText(/view/i), 'table');
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Update Dune' })).toBeNull();
    unmount();

    cache = new InMemoryCache();
    renderPage([answer({}, [], { bookCount: 0 })], '/all-books', catalogueEditorsMocks('STAFF', 'user'), cache);
    expect(await screen.findByRole('heading', { name: 'Your Library is Empty' })).toBeInTheDocument();
    await waitFor(roleKnown(cache));
    expect(screen.queryByRole('link', { name: 'Add Your First Book' })).toBeNull();
  });

  it('shows Update to staff when only staff edit the catalogue', async () => {
    renderPage(
      [answer({}, [book('b2', 'Dune', 2)], { bookCount: 1 })],
      '/all-books',
      catalogueEditorsMocks('STAFF', 'admin'),
    );
    const dune = await screen.findByRole('article', { name: 'Dune' });
    expect((await within(dune).findByRole('link', { name: 'Update Dune' })).getAttribute('href')).toBe(
      '/update-book/b2',
    );
  });
});

describe('All Books in Bangla', () => {
  it('speaks Bangla in the toolbar, the cards and the counts, with Bengali digits', async () => {
    applyCatalogue('bn', bangla);
    renderPage([
      answer({}, [book('b1', 'Emma', 4), book('b2', 'Dune', 2)], {
        bookCount: 1_204,
        genreCounts: [{ genre: 'Fantasy', count: 1_187 }],
        availableCount: 2,
      }),
    ]);
    expect(screen.getByRole('status').textContent).toContain('আপনার লাইব্রেরি লোড হচ্ছে...');
    expect(await screen.findByRole('heading', { name: 'বইয়ের সংগ্রহ' })).toBeInTheDocument();
    expect(screen.getByText('১,২০৪টি বইয়ের মধ্যে ২টি দেখানো হচ্ছে')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'বই খুঁজুন' }).getAttribute('placeholder')).toBe(
      'শিরোনাম বা লেখকের নাম দিয়ে খুঁজুন...',
    );
    const options = within(screen.getByRole('combobox', { name: 'ধরন' })).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['সব', 'ফ্যান্টাসি (১,১৮৭)', 'বিজ্ঞান কল্পকাহিনি (০)']);
    expect(screen.getByRole('button', { name: 'পাওয়া যায় এমন বই দেখান (২)' })).toBeInTheDocument();
    const dune = screen.getByRole('article', { name: 'Dune' });
    expect(within(dune).getByText('২টি কপি পাওয়া যাচ্ছে')).toBeInTheDocument();
    expect(within(dune).getByRole('link', { name: 'Dune: বিস্তারিত' })).toBeInTheDocument();
    expect(within(dune).getByRole('img', { name: 'Dune-এর প্রচ্ছদ' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('সব বই | BookHaven'));
  });

  it('says in Bangla that a search opened from a link was refused, keeping the search box', async () => {
    applyCatalogue('bn', bangla);
    renderPage(
      [
        {
          request: { query: ALL_BOOKS_QUERY, variables: { filter: { search: 'মা' }, first: PAGE_SIZE } },
          result: { errors: [{ message: 'Query Cost limit', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }] },
        },
      ],
      '/all-books?q=মা',
    );
    expect((await screen.findByRole('alert')).textContent).toBe(
      'এই খোঁজটি চালানো গেল না। অন্য শব্দ দিয়ে খুঁজুন, অথবা ফিল্টার মুছুন।',
    );
    expect(screen.getByRole('heading', { name: 'বইয়ের সংগ্রহ' })).toBeInTheDocument();
    expect((screen.getByRole('searchbox', { name: 'বই খুঁজুন' }) as HTMLInputElement).value).toBe('মা');
  });

  it('labels the table view in Bangla', async () => {
    applyCatalogue('bn', bangla);
    renderPage([answer({}, [book('b2', 'Dune', 2)])], '/all-books?view=table');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['প্রচ্ছদ', 'শিরোনাম', 'লেখক', 'ধরন', 'রেটিং', 'সংখ্যা', 'অবস্থা', 'কাজ']);
    expect(within(table).getByText('২')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Dune: বিস্তারিত' }).getAttribute('title')).toBe('বিস্তারিত');
  });
});
